#!/usr/bin/env bash
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# The ctest entry `install`: uses Tolk the way its users do. It installs the
# build into a fresh prefix, checks that every tool of tools/ and the
# documentation are there, builds examples/consumer against that prefix
# with find_package(Tolk), runs it and its tests (which run the installed
# tolk-opt, tolk-translate and tolk-run by their imported targets), and runs
# the installed TolkPlugin.so in the MLIR's own mlir-opt; FileCheck checks
# the outputs.
#
#   test-install.sh BUILD WORK CMAKE GENERATOR CXX LLVM_TOOLS_DIR VERSION PLUGIN
#
# VERSION is the project version tolk-opt must print; PLUGIN is 1 where the
# plugin can be loaded into LLVM_TOOLS_DIR/mlir-opt (it links libMLIR.so).
# TOLK_BUILD_TYPE, TOLK_CXX_FLAGS and TOLK_EXE_LINKER_FLAGS, from the
# environment, configure the consumer as Tolk was configured.
#
# WORK keeps the consumer's build between runs: `cmake --install` keeps the
# files' modification times, so a second run with nothing changed compiles
# nothing, while the prefix itself is made afresh each time (no file left
# over from an earlier install can make the test pass).
set -euo pipefail
if [[ $# -ne 8 ]]; then
  echo "usage: $0 BUILD WORK CMAKE GENERATOR CXX LLVM_TOOLS_DIR VERSION PLUGIN" >&2
  exit 2
fi
build=$1 work=$2 cmake=$3 generator=$4 cxx=$5 llvm_tools=$6 version=$7
plugin=$8
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
inputs="$src/test/Install/Inputs"
prefix="$work/prefix"
consumer="$work/consumer"
filecheck="$llvm_tools/FileCheck"

step() { echo "== $*"; }

step "install into $prefix"
rm -rf "$prefix"
mkdir -p "$work"
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log"

step "the installed package names no path of the build or source tree"
if grep -rlF -e "$build" -e "$src" "$prefix/lib/cmake"; then
  echo "error: the installed CMake package refers to the build tree" >&2
  exit 1
fi

step "every tool of tools/ is installed and runs from the prefix"
for dir in "$src"/tools/*/; do
  tool=$(basename "$dir")
  [[ $tool == tolk-plugin ]] && continue # TolkPlugin.so, checked below.
  if [[ ! -x "$prefix/bin/$tool" ]]; then
    echo "error: $tool is not installed in $prefix/bin" >&2
    exit 1
  fi
  # Each is an LLVM tool: --version names the LLVM it runs on, which the
  # run path must find.
  "$prefix/bin/$tool" --version | "$filecheck" "$inputs/version.txt" \
    --check-prefix=LLVM
done
"$prefix/bin/tolk-opt" --version |
  "$filecheck" "$inputs/version.txt" -DVERSION="$version"
"$prefix/bin/tolk-reduce" --version |
  "$filecheck" "$inputs/version.txt" -DVERSION="$version"

step "the documentation is installed"
for doc in README.md CHANGELOG.md Semantics.md GettingStarted.md Linking.md; do
  if [[ ! -f "$prefix/share/doc/tolk/$doc" ]]; then
    echo "error: $doc is not installed in $prefix/share/doc/tolk" >&2
    exit 1
  fi
done
if [[ -f "$build/docs/Dialects/TolkDialect.md" &&
      ! -f "$prefix/share/doc/tolk/reference/Dialects/TolkDialect.md" ]]; then
  echo "error: the generated reference is not installed" >&2
  exit 1
fi

step "configure and build examples/consumer against the prefix"
# Configured once, and again only when its settings change.
settings="$generator|$cxx|${TOLK_BUILD_TYPE:-}|${TOLK_CXX_FLAGS:-}|${TOLK_EXE_LINKER_FLAGS:-}"
if [[ ! -f "$consumer/CMakeCache.txt" ||
      "$(cat "$work/consumer.settings" 2>/dev/null)" != "$settings" ]]; then
  rm -rf "$consumer"
  # Only the prefix: Tolk's package must find MLIR and GMP by itself.
  "$cmake" -G "$generator" -S "$src/examples/consumer" -B "$consumer" \
    -DCMAKE_BUILD_TYPE="${TOLK_BUILD_TYPE:-Release}" \
    -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_CXX_FLAGS="${TOLK_CXX_FLAGS:-}" \
    -DCMAKE_EXE_LINKER_FLAGS="${TOLK_EXE_LINKER_FLAGS:-}" \
    -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" ||
    { cat "$work/configure.log"; exit 1; }
  echo "$settings" >"$work/consumer.settings"
fi
"$cmake" --build "$consumer"

step "run the consumer"
"$consumer/tolk-consumer" "$inputs/consumer.mlir" int16 |
  "$filecheck" "$inputs/consumer.mlir" --check-prefixes=CHECK,CONSUMER

step "run the consumer's tests: the installed tools by their targets"
rm -f "$consumer/iota.npy"
"$(dirname "$cmake")/ctest" --test-dir "$consumer" --output-on-failure
python3 "$src/test/tolk-run/Inputs/npy.py" print "$consumer/iota.npy" |
  "$filecheck" "$inputs/iota.txt"

if [[ $plugin == 1 ]]; then
  step "load the installed TolkPlugin.so into mlir-opt"
  "$llvm_tools/mlir-opt" \
    --load-dialect-plugin="$prefix/lib/TolkPlugin.so" \
    --load-pass-plugin="$prefix/lib/TolkPlugin.so" \
    --pass-pipeline="builtin.module(canonicalize,tolk-commit-weak{default-int=int16})" \
    "$inputs/consumer.mlir" | "$filecheck" "$inputs/consumer.mlir"
fi
echo "== install test passed"
