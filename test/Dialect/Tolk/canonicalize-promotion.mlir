// --canonicalize materializes promotion: every operand that takes part in an
// op's promotion ends up with the promoted data type, a constant through
// Dtype.const and any other value through tolk.cast. A second run changes
// nothing.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tolk-opt %s -split-input-file --canonicalize | tolk-opt -split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @mixed_ints
// CHECK-DAG: %[[A:.*]] = tolk.cast %arg0 : si8 to si16
// CHECK-DAG: %[[B:.*]] = tolk.cast %arg1 : ui8 to si16
// CHECK: tolk.add %[[A]], %[[B]] : si16
func.func @mixed_ints(%a: si8, %b: ui8) -> si16 {
  %0 = tolk.add %a, %b : (si8, ui8) -> si16
  return %0 : si16
}

// -----

// A weak float constant takes the strong operand's type.
// CHECK-LABEL: func.func @weak_float_const
// CHECK-DAG: %[[C:.*]] = tolk.const 1.5 : f16
// CHECK: tolk.mul %arg0, %[[C]] : f16
func.func @weak_float_const(%a: f16) -> f16 {
  %c = tolk.const 1.5 : !tolk.weakfloat
  %0 = tolk.mul %a, %c : (f16, !tolk.weakfloat) -> f16
  return %0 : f16
}

// -----

// 300 does not fit si8: Dtype.const wraps it to 44.
// CHECK-LABEL: func.func @weak_int_wraps
// CHECK-DAG: %[[C:.*]] = tolk.const 44 : si8
// CHECK: tolk.add %arg0, %[[C]] : si8
func.func @weak_int_wraps(%a: si8) -> si8 {
  %c = tolk.const 300 : !tolk.weakint
  %0 = tolk.add %a, %c : (si8, !tolk.weakint) -> si8
  return %0 : si8
}

// -----

// si64 and ui64 meet at the weak float: the promoted type is itself weak.
// CHECK-LABEL: func.func @to_weak_float
// CHECK-DAG: %[[A:.*]] = tolk.cast %arg0 : si64 to !tolk.weakfloat
// CHECK-DAG: %[[B:.*]] = tolk.cast %arg1 : ui64 to !tolk.weakfloat
// CHECK: tolk.add %[[A]], %[[B]] : !tolk.weakfloat
func.func @to_weak_float(%a: si64, %b: ui64) -> !tolk.weakfloat {
  %0 = tolk.add %a, %b : (si64, ui64) -> !tolk.weakfloat
  return %0 : !tolk.weakfloat
}

// -----

// Comparisons promote their operands; the result stays i1.
// CHECK-LABEL: func.func @compare
// CHECK-DAG: %[[A:.*]] = tolk.cast %arg0 : f16 to f32
// CHECK-DAG: %[[C:.*]] = tolk.const 2 : ui16
// CHECK: tolk.cmplt %[[A]], %arg1 : (f32, f32) -> i1
// CHECK: tolk.ne %arg2, %[[C]] : (ui16, ui16) -> i1
func.func @compare(%a: f16, %b: f32, %u: ui16) -> (i1, i1) {
  %0 = tolk.cmplt %a, %b : (f16, f32) -> i1
  %c = tolk.const 2 : !tolk.weakint
  %1 = tolk.ne %u, %c : (ui16, !tolk.weakint) -> i1
  return %0, %1 : i1, i1
}

// -----

// where: the condition stays i1, the arms promote.
// CHECK-LABEL: func.func @where
// CHECK-DAG: %[[C:.*]] = tolk.const 0.5 : f16
// CHECK: tolk.where %arg0, %arg1, %[[C]] : (i1, f16, f16) -> f16
func.func @where(%c: i1, %x: f16) -> f16 {
  %h = tolk.const 0.5 : !tolk.weakfloat
  %0 = tolk.where %c, %x, %h : (i1, f16, !tolk.weakfloat) -> f16
  return %0 : f16
}

// -----

// docs/Semantics.md#operand-promotion: an integer base keeps a weak-integer
// exponent as it is; any other pow promotes both operands.
// CHECK-LABEL: func.func @pow
// CHECK-DAG: %[[E:.*]] = tolk.const 3 : !tolk.weakint
// CHECK-DAG: %[[F:.*]] = tolk.const 3.0 : f32
// CHECK: tolk.pow %arg0, %[[E]] : (si8, !tolk.weakint) -> si8
// CHECK-DAG: %[[B:.*]] = tolk.cast %arg1 : f16 to f32
// CHECK: tolk.pow %[[B]], %arg2 : f32
// CHECK: tolk.pow %arg2, %[[F]] : f32
func.func @pow(%a: si8, %x: f16, %y: f32) -> (si8, f32, f32) {
  %e = tolk.const 3 : !tolk.weakint
  %0 = tolk.pow %a, %e : (si8, !tolk.weakint) -> si8
  %1 = tolk.pow %x, %y : (f16, f32) -> f32
  %2 = tolk.pow %y, %e : (f32, !tolk.weakint) -> f32
  return %0, %1, %2 : si8, f32, f32
}

// -----

// div without rounding computes in its float result type; with rounding it
// promotes like any other op.
// CHECK-LABEL: func.func @div
// CHECK-DAG: %[[A:.*]] = tolk.cast %arg0 : si8 to f32
// CHECK-DAG: %[[B:.*]] = tolk.cast %arg1 : ui8 to f32
// CHECK: tolk.div %[[A]], %[[B]] : f32
// CHECK-DAG: %[[C:.*]] = tolk.cast %arg0 : si8 to si16
// CHECK-DAG: %[[D:.*]] = tolk.cast %arg1 : ui8 to si16
// CHECK: tolk.div %[[C]], %[[D]] {rounding = #tolk.rounding<floor>} : si16
func.func @div(%a: si8, %b: ui8) -> (f32, si16) {
  %0 = tolk.div %a, %b : (si8, ui8) -> f32
  %1 = tolk.div %a, %b {rounding = #tolk.rounding<floor>} : (si8, ui8) -> si16
  return %0, %1 : f32, si16
}

// -----

// Each operand keeps its own shape: broadcasting stays the op's business.
// CHECK-LABEL: func.func @tensors
// CHECK: %[[C:.*]] = tolk.const 1.0 : tensor<4x1xf32>
// CHECK: %[[Q:.*]] = tolk.cast %arg1 : tensor<1x8xsi8> to tensor<1x8xf32>
// CHECK: %[[S:.*]] = tolk.add %arg0, %[[Q]] : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
// CHECK: %[[D:.*]] = tolk.cast %arg2 : si8 to f32
// CHECK: tolk.add %[[S]], %[[D]] : (tensor<4x8xf32>, f32) -> tensor<4x8xf32>
// CHECK: %[[Q2:.*]] = tolk.cast %arg1 : tensor<1x8xsi8> to tensor<1x8xf32>
// CHECK: tolk.add %[[Q2]], %[[C]] : (tensor<1x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
func.func @tensors(%p: tensor<4x1xf32>, %q: tensor<1x8xsi8>, %d: si8)
    -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = tolk.add %p, %q : (tensor<4x1xf32>, tensor<1x8xsi8>) -> tensor<4x8xf32>
  %1 = tolk.add %0, %d : (tensor<4x8xf32>, si8) -> tensor<4x8xf32>
  %c = tolk.const 1 : tensor<4x1x!tolk.weakint>
  %qf = tolk.cast %q : tensor<1x8xsi8> to tensor<1x8xf32>
  %2 = tolk.add %c, %qf : (tensor<4x1x!tolk.weakint>, tensor<1x8xf32>) -> tensor<4x8xf32>
  return %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Lanes of a weak type do not exist: a weak scalar broadcasts to lanes and
// stays a scalar.
// CHECK-LABEL: func.func @vectors
// CHECK-DAG: %[[V:.*]] = tolk.cast %arg0 : vector<4xsi16> to vector<4xf16>
// CHECK-DAG: %[[C:.*]] = tolk.const 2.0 : f16
// CHECK: tolk.add %[[V]], %arg1 : vector<4xf16>
// CHECK: tolk.mul %arg1, %[[C]] : (vector<4xf16>, f16) -> vector<4xf16>
func.func @vectors(%v: vector<4xsi16>, %h: vector<4xf16>) -> (vector<4xf16>, vector<4xf16>) {
  %0 = tolk.add %v, %h : (vector<4xsi16>, vector<4xf16>) -> vector<4xf16>
  %c = tolk.const 2 : !tolk.weakint
  %1 = tolk.mul %h, %c : (vector<4xf16>, !tolk.weakint) -> vector<4xf16>
  return %0, %1 : vector<4xf16>, vector<4xf16>
}
