#!/usr/bin/env bash
# The main job: canonicalizes every example in examples/ (constants fold to
# their exact bits, promotion becomes explicit), then compiles every example
# (a tensor-level elementwise function of mixed dtypes, and a kernel with
# workgroup memory, a barrier and by-value scalars) to the three targets:
# PTX (--tolk-to-nvvm), AMDGCN (--tolk-to-rocdl) and SPIR-V (--tolk-to-spirv),
# validating each artifact with the target's own tool where the machine has
# it, and prints where each went. Last, it runs both examples with tolk-run
# on the CPU, on Vulkan (lavapipe without a GPU) and on CUDA where a driver
# exists, on generated inputs, prints a few elements of each output, and
# says whether every element has the bits the folder computes for the same
# values (scripts/run-examples-check.py).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TOLK_BUILD_DIR:-$ROOT/build}"
TOLK_OPT="$BUILD/bin/tolk-opt"
TOLK_TRANSLATE="$BUILD/bin/tolk-translate"
OUT="${TOLK_EXAMPLES_OUT:-$BUILD/examples}"
PTXAS="${PTXAS:-/usr/local/cuda/bin/ptxas}"
LLVM_MC="${LLVM_MC:-/usr/lib/llvm-22/bin/llvm-mc}"

for example in "$ROOT"/examples/*.mlir; do
  echo "== tolk-opt --canonicalize ${example#"$ROOT"/}"
  "$TOLK_OPT" --canonicalize "$example"
done

# The PTX of the tensor-level example, printed: what a first kernel gives.
example="$ROOT/examples/elementwise.mlir"
echo "== tolk-opt --tolk-to-nvvm ${example#"$ROOT"/} | tolk-translate --gpu-binary-to-isa"
"$TOLK_OPT" --tolk-to-nvvm "$example" | "$TOLK_TRANSLATE" --gpu-binary-to-isa

mkdir -p "$OUT/nvvm" "$OUT/rocdl" "$OUT/spirv"
artifacts=()
for example in "$ROOT"/examples/*.mlir; do
  name="$(basename "$example" .mlir)"
  rel="${example#"$ROOT"/}"

  ptx="$OUT/nvvm/$name.ptx"
  echo "== tolk-opt --tolk-to-nvvm $rel | tolk-translate --gpu-binary-to-isa"
  "$TOLK_OPT" --tolk-to-nvvm "$example" | "$TOLK_TRANSLATE" --gpu-binary-to-isa -o "$ptx"
  if [[ -x "$PTXAS" ]]; then
    "$PTXAS" -arch=sm_90 "$ptx" -o /dev/null
    ptx+=" (ptxas -arch=sm_90: ok)"
  fi
  artifacts+=("PTX:     $ptx")

  amdgcn="$OUT/rocdl/$name.s"
  echo "== tolk-opt --tolk-to-rocdl $rel | tolk-translate --gpu-binary-to-isa"
  "$TOLK_OPT" --tolk-to-rocdl "$example" | "$TOLK_TRANSLATE" --gpu-binary-to-isa -o "$amdgcn"
  if [[ -x "$LLVM_MC" ]]; then
    "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj "$amdgcn" -o /dev/null
    amdgcn+=" (llvm-mc -mcpu=gfx942: ok)"
  fi
  artifacts+=("AMDGCN:  $amdgcn")

  spv="$OUT/spirv/$name.spv"
  echo "== tolk-opt --tolk-to-spirv $rel | tolk-translate --serialize-spirv"
  "$TOLK_OPT" --tolk-to-spirv "$example" | "$TOLK_TRANSLATE" --serialize-spirv -o "$spv"
  if command -v spirv-val >/dev/null; then
    spirv-val --target-env vulkan1.3 "$spv"
    spv+=" (spirv-val --target-env vulkan1.3: ok)"
  fi
  artifacts+=("SPIR-V:  $spv")
done

echo "== artifacts"
printf '%s\n' "${artifacts[@]}"

echo "== tolk-run: the examples on each backend, against the folder"
python3 "$ROOT/scripts/run-examples-check.py" --bin "$BUILD/bin" \
  --work "$OUT/run"
