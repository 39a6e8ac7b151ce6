#!/usr/bin/env bash
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# The runtime under sustained load, long: test/Unit/Runtime/RuntimeSoakTest
# with many launches, on the host and on Vulkan. One process per backend
# compiles KERNELS distinct kernels and launches them LAUNCHES times,
# allocating, writing, reading and freeing buffers of 64 bytes to 8 KiB
# around each launch and recompiling a program every 50 launches; it prints
# what the process holds at 1k, 10k, 100k, ... launches (resident memory,
# open file descriptors, threads, live handles, compiled modules, the host
# JIT's engines, the Vulkan objects) and fails when, after the warm-up,
# a count moved or the resident memory grew by more than its slack
# (docs/Runtime.md, "Under load").
#
#   scripts/soak.sh [LAUNCHES [KERNELS]]      (default 100000 and 16)
#
# TOLK_BUILD_DIR chooses the build (default build). Set
# TOLK_VULKAN_VALIDATION=1 to run Vulkan under the validation layer (much
# slower). Exit status: non-zero when either backend failed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TOLK_BUILD_DIR:-$ROOT/build}"
TEST="$BUILD/test/Unit/Runtime/TolkRuntimeSoakTests"
if [[ ! -x "$TEST" ]]; then
  echo "soak.sh: no $TEST (build TolkRuntimeSoakTests first)" >&2
  exit 2
fi
export TOLK_SOAK_LAUNCHES="${1:-100000}"
export TOLK_SOAK_KERNELS="${2:-16}"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
status=0
for backend in Host Vulkan; do
  start=$SECONDS
  rc=0
  "$TEST" --gtest_filter="RuntimeSoakTest.$backend" >"$LOG" 2>&1 || rc=$?
  # The figures, and what went wrong if anything did.
  grep -E '^soak |Failure|Expected|Which is|Skipped|SKIPPED|FAILED' "$LOG" ||
    true
  ((rc == 0)) || status=1
  echo "soak $backend: $((SECONDS - start)) s, exit status $rc"
done
exit $status
