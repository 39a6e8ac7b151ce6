// A case of scripts/fuzz.sh's comparison of folding with decomposition. An
// unrounded tolk.div converts its operands to the promoted type, then to
// that type's float (docs/Semantics.md#div; a weak constant takes the
// promoted type through `const`, docs/Semantics.md#operand-promotion).
// 65537 as si16 wraps to 1, so the quotient is 1.0, which --tolk-decompose
// computes. Converting straight to f32 would give 65537.0; the folder and
// MaterializePromotion both go through convertOperand (OperandPromotion.h).
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tolk-opt %s -split-input-file --tolk-decompose --canonicalize | FileCheck %s --check-prefix=DEC

// CHECK-LABEL: func.func @fold
// CHECK-NEXT: %[[R:.*]] = tolk.const 1.0 : f32
// CHECK-NEXT: return %[[R]]
// DEC-LABEL: func.func @fold
// DEC-NEXT: %[[R:.*]] = tolk.const 1.0 : f32
// DEC-NEXT: return %[[R]]
func.func @fold() -> f32 {
  %x = tolk.const 65537 : !tolk.weakint
  %y = tolk.const 1 : si16
  %r = tolk.div %x, %y : (!tolk.weakint, si16) -> f32
  return %r : f32
}

// -----

// The weak constant becomes si16's 1 before it becomes a float.
// CHECK-LABEL: func.func @materialize
// CHECK-DAG: %[[X:.*]] = tolk.const 1.0 : f32
// CHECK-DAG: %[[Y:.*]] = tolk.cast %arg0 : si16 to f32
// CHECK: tolk.div %[[X]], %[[Y]] : f32
func.func @materialize(%y: si16) -> f32 {
  %x = tolk.const 65537 : !tolk.weakint
  %r = tolk.div %x, %y : (!tolk.weakint, si16) -> f32
  return %r : f32
}

// -----

// A weak value that is not a constant goes through si16 too.
// CHECK-LABEL: func.func @materialize_value
// CHECK: %[[A:.*]] = tolk.cast %arg0 : !tolk.weakint to si16
// CHECK: %[[B:.*]] = tolk.cast %[[A]] : si16 to f32
// CHECK: tolk.div %[[B]], %{{.*}} : f32
func.func @materialize_value(%x: !tolk.weakint, %y: si16) -> f32 {
  %r = tolk.div %x, %y : (!tolk.weakint, si16) -> f32
  return %r : f32
}
