// Findings of scripts/fuzz.sh, reduced: each case once crashed or exhausted
// memory in --canonicalize.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s

// A weak shl whose count is near ULONG_MAX: count + bit length wrapped in the
// size check, and GMP aborted. The shift is too large to fold.
// CHECK-LABEL: func.func @shl_weak_huge_count
// CHECK: %[[R:.*]] = tolk.shl %{{.*}}, %{{.*}} : !tolk.weakint
// CHECK: return %[[R]]
func.func @shl_weak_huge_count() -> !tolk.weakint {
  %x = tolk.const -18446744073709551616 : !tolk.weakint
  %n = tolk.const 18446744073709551615 : !tolk.weakint
  %r = tolk.shl %x, %n : !tolk.weakint
  return %r : !tolk.weakint
}

// -----

// The largest weak shl that folds (2^13 bits) still folds; its square does
// not: a chain of weak products doubles in size at each step, and a folded
// constant must read back in reasonable time (the parser is quadratic in the
// length of an integer literal).
// CHECK-LABEL: func.func @mul_weak_too_large
// CHECK: %[[B:.*]] = tolk.const 5{{[0-9]+}} : !tolk.weakint
// CHECK: %[[R:.*]] = tolk.mul %[[B]], %[[B]] : !tolk.weakint
// CHECK: return %[[R]]
func.func @mul_weak_too_large() -> !tolk.weakint {
  %one = tolk.const 1 : !tolk.weakint
  %n = tolk.const 8191 : !tolk.weakint
  %b = tolk.shl %one, %n : !tolk.weakint
  %r = tolk.mul %b, %b : !tolk.weakint
  return %r : !tolk.weakint
}
