#!/usr/bin/env bash
# README command 2: builds and runs every test (GoogleTest and lit, through
# ctest), ending with ctest's summary line.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TOLK_BUILD_DIR:-$ROOT/build}"
# Cheap when everything is installed (one dpkg query); makes a fresh machine
# or CI work from this command alone.
"$ROOT/scripts/install-deps.sh"
# The C and C++ sources are clang-format clean (LLVM style); checked first
# because it takes seconds. Skipped with a message where clang-format-22 is
# missing.
"$ROOT/scripts/format.sh" --check
"$ROOT/scripts/build.sh"
# lit runs as one ctest entry; its own report (which tests were skipped, and
# why) is printed on failure, and in full with TOLK_LIT_VERBOSE=1.
ctest --test-dir "$BUILD" --output-on-failure -j "$(nproc)"
