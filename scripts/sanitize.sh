#!/usr/bin/env bash
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Builds Tolk-MLIR with AddressSanitizer and UndefinedBehaviorSanitizer in its
# own build directory and runs the whole ctest suite (GoogleTest and lit) and
# a range of fuzz seeds (scripts/fuzz.sh) and a seeded run of the tools'
# fuzzing campaign (scripts/fuzz-tools.py) under them. Not part of CI: on two
# shared, loaded cores the instrumented build alone took about 100 minutes
# (ccache makes a rebuild of unchanged files free), and the 300 fuzz seeds
# about 20.
#
#   scripts/sanitize.sh [-jN] [FIRST_SEED LAST_SEED]
#   scripts/sanitize.sh --runtime [-jN]
#   scripts/sanitize.sh --tsan [-jN]
#
# TOLK_BUILD_DIR chooses the build directory (default build-asan). The fuzz
# range defaults to seeds 1..300, the campaign to 300 runs (TOLK_FUZZ_RUNS).
# Exit status is non-zero on any finding.
#
# --runtime builds, with ASan and UBSan in build-asan-runtime (or
# TOLK_BUILD_DIR), only the runtime's library, tools and unit tests, and runs
# those tests (the C API's threads, the soak, the faults, the C++ API's
# threads) and the Python package's tests and the runtime fuzzer under them
# (the interpreter is not instrumented: the sanitizer's runtime is preloaded
# into it). --tsan does the same with ThreadSanitizer, in build-tsan. Races
# inside the uninstrumented libraries (MLIR, LLVM, the Vulkan driver) are
# not seen; a race between the runtime's own accesses is, and so is one of
# the runtime's accesses against a free, a memcpy or a lock taken anywhere.
#
# Only Tolk's own code is instrumented: Debian's libMLIR.so, libLLVM.so, GMP
# and GoogleTest are not, which is enough to check our code (the sanitizers'
# runtime intercepts malloc/free for every library in the process).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TOLK_BUILD_DIR:-$ROOT/build-asan}"

# Configures $BUILD, once, with the sanitizer flags $1 on every compile and
# link. Benchmarks are not tests; they only lengthen the instrumented build.
configure() {
  [[ -f "$BUILD/build.ninja" ]] && return
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DTOLK_ENABLE_BENCHMARKS=OFF \
    -DCMAKE_C_FLAGS="$1" -DCMAKE_CXX_FLAGS="$1" \
    -DCMAKE_EXE_LINKER_FLAGS="$1" -DCMAKE_SHARED_LINKER_FLAGS="$1" \
    -DCMAKE_MODULE_LINKER_FLAGS="$1"
}

MODE=all
if [[ $# -gt 0 && ( $1 == --tsan || $1 == --runtime ) ]]; then
  MODE="${1#--}"
  shift
fi
JOBS=()
if [[ $# -gt 0 && $1 == -j* ]]; then
  JOBS=("$1")
  shift
fi

ASAN_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"

# Builds the runtime's library, tools and tests in $BUILD, with the
# sanitizer flags $1, and runs them, the Python package's tests and the
# runtime fuzzer; the sanitizer's runtime library is $2, preloaded into the
# uninstrumented interpreter.
runtime_only() {
  configure "$1"
  # tolk-translate serializes the runner tests' SPIR-V kernels.
  ninja -C "$BUILD" "${JOBS[@]}" TolkRuntimeC TolkRuntimeLibraryTests \
    TolkRuntimeCAPITests TolkRuntimeSoakTests TolkRunnerTests tolk-translate
  status=0
  ctest --test-dir "$BUILD" --output-on-failure "${JOBS[@]}" \
    -R '^(RuntimeTest|RuntimeCAPI|RuntimeSoakTest|VulkanRunner|Backends/)' ||
    status=1
  # The interpreter is not instrumented: the sanitizer's runtime must be
  # the first library loaded.
  export LD_PRELOAD="$(${CXX:-c++} -print-file-name="$2")"
  export PYTHONPATH="$ROOT/python"
  export TOLK_RUNTIME_LIBRARY="$BUILD/lib/libTolkRuntimeC.so"
  # CPython leaves its objects alive at exit on purpose: LeakSanitizer would
  # report the interpreter's, not ours (the C API's tests check the
  # runtime's own leaks, in processes of their own).
  if [[ -n ${ASAN_OPTIONS:-} ]]; then
    export ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
  fi
  /usr/bin/python3 -m pytest -q -p no:cacheprovider "$ROOT/test/Python" ||
    status=1
  /usr/bin/python3 "$ROOT/scripts/fuzz-runtime.py" --seed 1 --calls 3000 ||
    status=1
  exit $status
}

if [[ $MODE == tsan ]]; then
  BUILD="${TOLK_BUILD_DIR:-$ROOT/build-tsan}"
  # halt_on_error: the first report fails the test that made it.
  # second_deadlock_stack: a lock-order report shows both acquisitions.
  # allocator_may_return_null: an allocation too large is the runtime's
  # TolkRtErrorOutOfMemory, which the tests check, not the sanitizer's abort.
  # suppressions: lavapipe's own races (scripts/tsan.supp says which).
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:history_size=4:allocator_may_return_null=1:suppressions=$ROOT/scripts/tsan.supp"
  runtime_only "-fsanitize=thread -fno-omit-frame-pointer" libtsan.so
fi
FIRST="${1:-1}"
LAST="${2:-300}"

# The options come before the build: it runs the instrumented
# tolk-translate to serialize the runner tests' SPIR-V kernels.
#
# LeakSanitizer stays on: MLIR's static state (registered options, the
# context's uniqued storage) is reachable at exit, so tolk-opt reports no
# leak of its own; a report is a finding. libMLIR.so is not instrumented,
# but LeakSanitizer intercepts every allocation in the process anyway.
# The Vulkan loader unloads its drivers at vkDestroyInstance, and what a
# driver holds in its static state (lavapipe holds a block) would then be
# reported from an "<unknown module>" that no suppression can name; an
# instrumented Vulkan runner keeps the drivers loaded instead
# (lib/Runtime/VulkanRunner.cpp), so that what they hold stays a root. The
# one suppression (scripts/lsan.supp) is the validation layer's own.
#
# allow_user_poisoning=0: LLVM's BumpPtrAllocator, inlined into our
# instrumented code, poisons each new slab and unpoisons what it hands out;
# MLIR's uninstrumented copy of the same allocator (the context's uniquer
# shares it) then hands out memory from such a slab without unpoisoning it,
# and ASan reports the library's own writes as use-after-poison. Manual
# poisoning is only ever LLVM's, so turning it off loses no check of ours.
#
# allocator_may_return_null=1: a huge allocation fails as the runtime's
# out-of-memory error, which its tests check, instead of a report.
#
# abort_on_error=1: a report ends the process with SIGABRT rather than exit
# status 1, so that a test which runs a tool under `not` (any non-zero exit
# passes) still fails on a report.
#
# use_sigaltstack=0: Debian's uninstrumented libLLVM.so installs its own
# alternate signal stack (malloc'd) on the thread that first registers its
# signal handlers (e.g. for a tool's -o file, on the tools' large-stack
# thread); at that thread's exit ASan then munmaps the stack it believes is
# its own and dies with "unable to unmap" (tolk-translate --serialize-spirv,
# run by the build itself, every time). An LLVM built with ASan leaves the
# alternate stack to the sanitizer for this reason; here ASan leaves it to
# LLVM.
export ASAN_OPTIONS="allocator_may_return_null=1:detect_leaks=1:allow_user_poisoning=0:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:abort_on_error=1:use_sigaltstack=0"
export LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"

if [[ $MODE == runtime ]]; then
  BUILD="${TOLK_BUILD_DIR:-$ROOT/build-asan-runtime}"
  runtime_only "$ASAN_FLAGS" libasan.so
fi
configure "$ASAN_FLAGS"
ninja -C "$BUILD" "${JOBS[@]}"

status=0
# ctest's lit entry runs every lit test with the instrumented tolk-opt; a
# sanitizer report makes tolk-opt exit non-zero, so the test fails.
# The install test builds a consumer against the installed static libraries
# with plain flags, which cannot link instrumented objects: it is skipped.
ctest --test-dir "$BUILD" --output-on-failure -E '^install$' "${JOBS[@]}" ||
  status=1
TOLK_OPT="$BUILD/bin/tolk-opt" "$ROOT/scripts/fuzz.sh" "$FIRST" "$LAST" ||
  status=1
# A sanitizer report counts as a crash in the campaign.
python3 "$ROOT/scripts/fuzz-tools.py" --tools-dir "$BUILD/bin" --seed 1 \
  --runs "${TOLK_FUZZ_RUNS:-300}" --timeout 300 --out "$BUILD/fuzz-crashes" ||
  status=1
exit $status
