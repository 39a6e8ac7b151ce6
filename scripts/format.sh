#!/usr/bin/env bash
# Formats Tolk's C and C++ sources and headers (include/, lib/, tools/,
# test/Unit/, bench/) with clang-format-22 in LLVM style (.clang-format).
#
#   scripts/format.sh           rewrite the files in place
#   scripts/format.sh --check   list the files that differ; exit 1 if any do
#
# Where clang-format-22 is missing (scripts/install-deps.sh installs it), it
# says so and exits 0: the check is skipped, not failed. TableGen (.td) is
# not formatted: clang-format's TableGen mode rewraps the code and
# description blocks of ODS records, which MLIR's own .td files keep as
# written. Generated tables (.inc) are left as their generators write them.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLANG_FORMAT="${CLANG_FORMAT:-clang-format-22}"

check=0
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *) echo "usage: scripts/format.sh [--check]" >&2; exit 2 ;;
esac

if ! command -v "$CLANG_FORMAT" >/dev/null 2>&1; then
  echo "format: $CLANG_FORMAT not found; format check skipped" \
       "(scripts/install-deps.sh installs it)"
  exit 0
fi

cd "$ROOT"
mapfile -t files < <(git ls-files -- \
  'include/*.h' 'include/*.c' 'lib/*.h' 'lib/*.cpp' 'lib/*.c' \
  'tools/*.h' 'tools/*.cpp' 'tools/*.c' \
  'test/Unit/*.h' 'test/Unit/*.cpp' 'test/Unit/*.c' \
  'bench/*.h' 'bench/*.cpp' 'bench/*.c')

if ((check == 0)); then
  "$CLANG_FORMAT" -i -- "${files[@]}"
  exit 0
fi

differ=()
for f in "${files[@]}"; do
  if ! "$CLANG_FORMAT" --dry-run --Werror -- "$f" >/dev/null 2>&1; then
    differ+=("$f")
  fi
done
if ((${#differ[@]} > 0)); then
  echo "format: ${#differ[@]} of ${#files[@]} files differ from clang-format" \
       "(run scripts/format.sh):"
  printf '  %s\n' "${differ[@]}"
  exit 1
fi
echo "format: all ${#files[@]} files formatted"
