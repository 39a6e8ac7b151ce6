// The order every lowering runs: --canonicalize materializes promotion,
// --tolk-decompose leaves primitives only, --canonicalize folds the
// definitions' constants, and --tolk-commit-weak then meets no weak type
// that an op absorbed (pow's weak exponent was expanded).
// RUN: tolk-opt %s --canonicalize --tolk-decompose --canonicalize --tolk-commit-weak --verify-each | FileCheck %s

// CHECK-LABEL: func.func @mixed
// CHECK-NOT: weak
// CHECK-NOT: tolk.sub
// CHECK-NOT: tolk.le
// CHECK-NOT: tolk.minimum
// CHECK-NOT: tolk.pow
// CHECK: %[[SQUARE:.*]] = tolk.mul %arg0, %arg0 : si8
// CHECK: tolk.max
// CHECK: return
func.func @mixed(%a: si8, %b: f16, %n: ui16) -> (f16, i1, si8) {
  %two = tolk.const 2 : !tolk.weakint
  %half = tolk.const 0.5 : !tolk.weakfloat
  %0 = tolk.sub %a, %b : (si8, f16) -> f16
  %1 = tolk.mul %0, %half : (f16, !tolk.weakfloat) -> f16
  %2 = tolk.le %1, %n : (f16, ui16) -> i1
  %3 = tolk.pow %a, %two : (si8, !tolk.weakint) -> si8
  %4 = tolk.minimum %3, %two : (si8, !tolk.weakint) -> si8
  return %1, %2, %4 : f16, i1, si8
}
