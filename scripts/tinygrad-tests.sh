#!/usr/bin/env bash
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Runs tinygrad's own test files with the Tolk device on the host and on
# Vulkan, beside tinygrad's CPU device on the same machine, and prints
# passed / failed / skipped per file and device, then every test whose
# outcome on a Tolk device differs from the CPU device's (docs/Tinygrad.md,
# "tinygrad's tests").
#
#   TINYGRAD_PATH=~/tinygrad scripts/tinygrad-tests.sh [TEST_FILE...]
#
# The files default to test/backend/test_dtype.py and test_dtype_alu.py
# (paths inside the tinygrad checkout). DEVICES overrides the devices
# ("CPU TOLK TOLK:VULKAN"); the JUnit reports go to $OUT (default
# build/tinygrad-tests). Debian's pytest is older than tinygrad's
# conftest.py expects, so it is not loaded (--noconftest); the Tolk device is
# registered by loading the tolk.tinygrad module as a pytest plugin
# (-p tolk.tinygrad). tinygrad's CPU device compiles with clang-22 (CC).
set -euo pipefail

: "${TINYGRAD_PATH:?set TINYGRAD_PATH to a tinygrad checkout}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TOLK_BUILD_DIR:-$ROOT/build}"
PYTHON="${PYTHON:-/usr/bin/python3}"
OUT="${OUT:-$BUILD/tinygrad-tests}"
read -r -a devices <<< "${DEVICES:-CPU TOLK TOLK:VULKAN}"
files=("$@")
if ((${#files[@]} == 0)); then
  files=(test/backend/test_dtype.py test/backend/test_dtype_alu.py)
fi

mkdir -p "$OUT"
export PYTHONPATH="$TINYGRAD_PATH:$ROOT/python${PYTHONPATH:+:$PYTHONPATH}"
export TOLK_RUNTIME_LIBRARY="${TOLK_RUNTIME_LIBRARY:-$BUILD/lib/libTolkRuntimeC.so}"
export CC="${CC:-clang-22}"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$OUT}"
# The host device's bounds check, which it leaves off for speed: a test that
# reads out of a buffer fails rather than reading another buffer's bytes.
export TOLK_BOUNDS_CHECK="${TOLK_BOUNDS_CHECK:-1}"

for dev in "${devices[@]}"; do
  for f in "${files[@]}"; do
    report="$OUT/${dev//:/_}--$(basename "$f" .py).xml"
    echo "tinygrad-tests: $f on $dev" >&2
    (cd "$TINYGRAD_PATH" && DEV="$dev" "$PYTHON" -m pytest --noconftest -p tolk.tinygrad \
      -p no:cacheprovider -q -o junit_family=xunit1 --junitxml="$report" "$f" > "$report.log" 2>&1) || true
  done
done

"$PYTHON" "$ROOT/scripts/tinygrad-test-summary.py" "$OUT" --devices "${devices[@]}"
