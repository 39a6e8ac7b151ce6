#!/usr/bin/env bash
# The main job: canonicalizes every example in examples/ (constants fold to
# the seed's bits, promotion becomes explicit), then compiles the
# tensor-level ones to PTX with --tolk-to-nvvm (kernelization, lowering) and
# prints the PTX, and every example to a SPIR-V binary with --tolk-to-spirv
# (printing where each went).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TOLK_BUILD_DIR:-$ROOT/build}"
TOLK_OPT="$BUILD/bin/tolk-opt"
TOLK_TRANSLATE="$BUILD/bin/tolk-translate"

for example in "$ROOT"/examples/*.mlir; do
  echo "== tolk-opt --canonicalize ${example#"$ROOT"/}"
  "$TOLK_OPT" --canonicalize "$example"
done

example="$ROOT/examples/elementwise.mlir"
echo "== tolk-opt --tolk-to-nvvm ${example#"$ROOT"/} | tolk-translate --gpu-binary-to-isa"
"$TOLK_OPT" --tolk-to-nvvm "$example" | "$TOLK_TRANSLATE" --gpu-binary-to-isa

# SPIR-V (Vulkan): every example, one binary each, validated where spirv-val
# is installed.
SPIRV_DIR="$BUILD/examples/spirv"
mkdir -p "$SPIRV_DIR"
for example in "$ROOT"/examples/*.mlir; do
  spv="$SPIRV_DIR/$(basename "$example" .mlir).spv"
  echo "== tolk-opt --tolk-to-spirv ${example#"$ROOT"/} | tolk-translate --serialize-spirv"
  "$TOLK_OPT" --tolk-to-spirv "$example" \
    | "$TOLK_TRANSLATE" --serialize-spirv -o "$spv"
  if command -v spirv-val >/dev/null; then
    spirv-val --target-env vulkan1.3 "$spv"
  fi
  echo "SPIR-V binary: $spv"
done
