#!/usr/bin/env bash
# The main job: runs tolk-opt on every example in examples/ and prints the
# result. Later pipelines make this emit GPU code.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TOLK_BUILD_DIR:-$ROOT/build}"
TOLK_OPT="$BUILD/bin/tolk-opt"

for example in "$ROOT"/examples/*.mlir; do
  echo "== tolk-opt --canonicalize ${example#"$ROOT"/}"
  "$TOLK_OPT" --canonicalize "$example"
done
