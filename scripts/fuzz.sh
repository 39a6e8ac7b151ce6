#!/usr/bin/env bash
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Runs the random Tolk graphs of scripts/gen-random-graph.py, one module per
# seed of FIRST..LAST, through tolk-opt, and prints every failing seed with
# the command that replays it. A module is valid IR by construction, so every
# non-zero exit (a crash, an assertion, a sanitizer report, a verifier failure
# after a pass, a diagnostic) is a finding. The checks, in order:
#
#   parse     tolk-opt reads the module (else the generator and the verifier
#             disagree about a type rule);
#   canon     --canonicalize converges (test-convergence) and every op still
#             verifies;
#   print     the canonical module prints, in the custom and the generic
#             form, to text that reads back to the same module;
#   commit    --tolk-commit-weak then --canonicalize verify, and no weak
#             type is left (skipped with --weak-pow);
#   decompose where tolk-opt has --tolk-decompose: it and --canonicalize
#             verify, leave no derived op, and the result commits as above;
#   fold-vs-decompose  the input decomposed before any folding folds every
#             returned value that --canonicalize folds to the same constant.
#
# With the generator's --constants-only, every graph folds, which makes the
# last check a differential test of the folder.
#
#   scripts/fuzz.sh FIRST LAST [generator options, e.g. --ops-per-function 40]
#
# TOLK_OPT names the tool (default: build/bin/tolk-opt, or TOLK_BUILD_DIR's);
# FUZZ_KEEP a directory where the inputs of failing seeds are kept. The exit
# status is the number of failing seeds (at most 255); 0 when all pass.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TOLK_BUILD_DIR:-$ROOT/build}"
TOLK_OPT="${TOLK_OPT:-$BUILD/bin/tolk-opt}"
GEN="$ROOT/scripts/gen-random-graph.py"

if [[ $# -lt 2 ]]; then
  echo "usage: $0 FIRST LAST [gen-random-graph.py options]" >&2
  exit 2
fi
FIRST="$1"
LAST="$2"
shift 2
GEN_ARGS=("$@")
if [[ ! -x "$TOLK_OPT" ]]; then
  echo "fuzz.sh: no tolk-opt at $TOLK_OPT (build first, or set TOLK_OPT)" >&2
  exit 2
fi
# The generator assumes the default settings (weak floats commit to f32).
unset DEFAULT_FLOAT DEFAULT_INT

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
# A hung pass counts as a failure, not as a stuck fuzz run.
LIMIT="${FUZZ_TIMEOUT:-60}"
run() { timeout "$LIMIT" "$TOLK_OPT" "$@"; }

# One generator process for the whole range: Python's start-up would
# otherwise cost more than tolk-opt.
mkdir -p "$TMP/in"
if ! python3 "$GEN" --seed "$FIRST" --count $((LAST - FIRST + 1)) \
    --output-dir "$TMP/in" "${GEN_ARGS[@]}"; then
  echo "fuzz.sh: the generator failed" >&2
  exit 2
fi

# --tolk-decompose, where this tolk-opt has it, is checked too: no derived op
# is left, and the decomposed module commits. With the generator's
# --weak-pow, only the decomposed module can commit (see the pass).
DECOMPOSE=0
if "$TOLK_OPT" --help 2> /dev/null | grep -q -- '--tolk-decompose'; then
  DECOMPOSE=1
fi
DERIVED="sub|div|mod|fmod|gt|le|ge|ne|minimum|neg|floor|logical_not|bitwise_not"
WEAK_POW=0
for arg in "${GEN_ARGS[@]}"; do
  [[ $arg == --weak-pow ]] && WEAK_POW=1
done

# Each returned value of each function, one a line: its constant, or "?".
RETURNED='
/^ *func\.func @/ { fn = $2; sub(/\(.*/, "", fn); delete c }
/^ *%[0-9a-z_]+ = tolk\.const / {
  line = $0; sub(/^ *%[0-9a-z_]+ = /, "", line); c[$1] = line
}
/^ *return / {
  line = $0; sub(/^ *return /, "", line); sub(/ : .*/, "", line)
  n = split(line, ops, /, /)
  for (i = 1; i <= n; ++i)
    print fn " #" i ": " ((ops[i] in c) ? c[ops[i]] : "?")
}'
# The folder evaluates a derived op by its definition
# (docs/Semantics.md#derived-operations) on promoted operands, so folding it
# must give the constant that decomposing it first and folding the primitives
# gives (where both fold). An `invalid` (masked-out)
# result on one side may be any value on the other: an identity such as
# x & 0 = 0 refines it (docs/Rationale.md, "Algebraic identities").
compare_folds() {
  paste <(awk "$RETURNED" "$1") <(awk "$RETURNED" "$2") | awk -F'\t' '
    { split($1, a, ": "); split($2, b, ": ")
      if (a[2] ~ /^tolk\.const invalid / || b[2] ~ /^tolk\.const invalid /)
        next
      if (a[2] != "?" && b[2] != "?" && a[2] != b[2]) {
        print "folded: " $1; print "decomposed first: " $2; bad = 1 } }
    END { exit bad }'
}

failed=0
for ((seed = FIRST; seed <= LAST; ++seed)); do
  in="$TMP/in/seed-$seed.mlir"
  stage=""
  if ! run "$in" --verify-each \
      --canonicalize="test-convergence=true" -o "$TMP/canon.mlir" \
      2> "$TMP/err"; then
    stage=canon
    run "$in" -o /dev/null 2> /dev/null || stage=parse
  elif ! run "$TMP/canon.mlir" --mlir-print-op-generic 2> "$TMP/err" |
      run -o "$TMP/reread.mlir" 2>> "$TMP/err" ||
      ! cmp -s "$TMP/canon.mlir" "$TMP/reread.mlir"; then
    stage=print
    diff "$TMP/canon.mlir" "$TMP/reread.mlir" >> "$TMP/err" 2>&1
  elif [[ $WEAK_POW == 0 ]] &&
      ! run "$TMP/canon.mlir" --tolk-commit-weak --canonicalize \
      --verify-each -o "$TMP/commit.mlir" 2> "$TMP/err"; then
    stage=commit
  elif [[ $WEAK_POW == 0 ]] &&
      grep -n 'weak' "$TMP/commit.mlir" > "$TMP/err"; then
    stage=commit
  elif [[ $DECOMPOSE == 1 ]] &&
      ! run "$TMP/canon.mlir" --tolk-decompose --canonicalize \
      --verify-each -o "$TMP/decomposed.mlir" 2> "$TMP/err"; then
    stage=decompose
  elif [[ $DECOMPOSE == 1 ]] &&
      grep -nE "tolk\.($DERIVED) " "$TMP/decomposed.mlir" > "$TMP/err"; then
    stage=decompose
  elif [[ $DECOMPOSE == 1 ]] &&
      ! run "$in" --tolk-decompose --canonicalize -o "$TMP/early.mlir" \
      2> "$TMP/err"; then
    stage=fold-vs-decompose
  elif [[ $DECOMPOSE == 1 ]] &&
      ! compare_folds "$TMP/canon.mlir" "$TMP/early.mlir" > "$TMP/err"; then
    stage=fold-vs-decompose
  elif [[ $DECOMPOSE == 1 ]] &&
      ! run "$TMP/decomposed.mlir" --tolk-commit-weak --canonicalize \
      --verify-each -o "$TMP/commit.mlir" 2> "$TMP/err"; then
    stage=decompose-commit
  elif [[ $DECOMPOSE == 1 ]] &&
      grep -n 'weak' "$TMP/commit.mlir" > "$TMP/err"; then
    stage=decompose-commit
  fi
  if [[ -n "$stage" ]]; then
    failed=$((failed + 1))
    echo "seed $seed: $stage failed"
    sed -n '1,6s/^/  | /p' "$TMP/err"
    echo "  replay: scripts/fuzz.sh $seed $seed ${GEN_ARGS[*]}"
    echo "  input:  scripts/gen-random-graph.py --seed $seed ${GEN_ARGS[*]}"
    if [[ -n "${FUZZ_KEEP:-}" ]]; then
      mkdir -p "$FUZZ_KEEP"
      cp "$in" "$FUZZ_KEEP/seed-$seed.mlir"
    fi
  fi
done
total=$((LAST - FIRST + 1))
echo "fuzz: $failed of $total seeds failed ($FIRST..$LAST, tolk-opt $TOLK_OPT)"
exit $((failed > 255 ? 255 : failed))
