// RUN: tolk-opt --convert-tolk-to-arith --split-input-file %s | FileCheck %s

// Comparisons, max and where.

// Max and comparisons pick the signed or unsigned form.
// CHECK-LABEL: func.func @int_compare
// CHECK-SAME: (%[[A:.*]]: i16, %[[B:.*]]: i16, %[[C:.*]]: i16, %[[D:.*]]: i16)
// CHECK: arith.maxsi %[[A]], %[[B]] : i16
// CHECK: arith.maxui %[[C]], %[[D]] : i16
// CHECK: arith.cmpi slt, %[[A]], %[[B]] : i16
// CHECK: arith.cmpi ult, %[[C]], %[[D]] : i16
// CHECK: arith.cmpi eq, %[[C]], %[[D]] : i16
func.func @int_compare(%a: si16, %b: si16, %c: ui16, %d: ui16) -> (si16, ui16, i1, i1, i1) {
  %0 = tolk.max %a, %b : si16
  %1 = tolk.max %c, %d : ui16
  %2 = tolk.cmplt %a, %b : (si16, si16) -> i1
  %3 = tolk.cmplt %c, %d : (ui16, ui16) -> i1
  %4 = tolk.cmpeq %c, %d : (ui16, ui16) -> i1
  return %0, %1, %2, %3, %4 : si16, ui16, i1, i1, i1
}

// -----

// Float comparisons are ordered: false with a NaN.
// CHECK-LABEL: func.func @float_compare
// CHECK-SAME: (%[[A:.*]]: f64, %[[B:.*]]: f64)
// CHECK: arith.cmpf olt, %[[A]], %[[B]] : f64
// CHECK: arith.cmpf oeq, %[[A]], %[[B]] : f64
func.func @float_compare(%a: f64, %b: f64) -> (i1, i1) {
  %0 = tolk.cmplt %a, %b : (f64, f64) -> i1
  %1 = tolk.cmpeq %a, %b : (f64, f64) -> i1
  return %0, %1 : i1, i1
}

// -----

// Float max: x where x > y, y is NaN (so two NaNs give the first), or x == y
// with y negative (max(+0.0, -0.0) = +0.0 whatever the order); else y.
// CHECK-LABEL: func.func @float_max
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[Y]] : f32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[Y]], %[[Y]] : f32
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[X]], %[[Y]] : f32
// CHECK: %[[BITS:.*]] = arith.bitcast %[[Y]] : f32 to i32
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[BITS]], %[[ZERO]] : i32
// CHECK: %[[ZEROS:.*]] = arith.andi %[[EQ]], %[[NEG]] : i1
// CHECK: %[[K1:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK: %[[K2:.*]] = arith.ori %[[K1]], %[[ZEROS]] : i1
// CHECK: %[[R:.*]] = arith.select %[[K2]], %[[X]], %[[Y]] : f32
// CHECK: return %[[R]] : f32
func.func @float_max(%x: f32, %y: f32) -> f32 {
  %0 = tolk.max %x, %y : f32
  return %0 : f32
}

// -----

// A scalar condition selects whole lanes; scalar arms are splat.
// CHECK-LABEL: func.func @where_lanes
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: vector<4xi8>, %[[Y:.*]]: i8, %[[V:.*]]: vector<4xi1>)
// CHECK: %[[S:.*]] = vector.broadcast %[[Y]] : i8 to vector<4xi8>
// CHECK: arith.select %[[C]], %[[X]], %[[S]] : vector<4xi8>
// CHECK: %[[S2:.*]] = vector.broadcast %[[Y]] : i8 to vector<4xi8>
// CHECK: arith.select %[[V]], %[[S2]], %[[X]] : vector<4xi1>, vector<4xi8>
func.func @where_lanes(%c: i1, %x: vector<4xui8>, %y: ui8, %v: vector<4xi1>) -> (vector<4xui8>, vector<4xui8>) {
  %0 = tolk.where %c, %x, %y : (i1, vector<4xui8>, ui8) -> vector<4xui8>
  %1 = tolk.where %v, %y, %x : (vector<4xi1>, ui8, vector<4xui8>) -> vector<4xui8>
  return %0, %1 : vector<4xui8>, vector<4xui8>
}

// -----

// Tensors of the result's shape stay tensors; a scalar operand is splat.
// CHECK-LABEL: func.func @tensor_splat
// CHECK-SAME: (%[[T:.*]]: tensor<2x3xi32>, %[[S:.*]]: i32, %[[D:.*]]: tensor<?xf32>, %[[F:.*]]: f32)
// CHECK: %[[SP:.*]] = tensor.splat %[[S]] : tensor<2x3xi32>
// CHECK: arith.maxsi %[[T]], %[[SP]] : tensor<2x3xi32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[DIM:.*]] = tensor.dim %[[D]], %[[C0]] : tensor<?xf32>
// CHECK: %[[FS:.*]] = tensor.splat %[[F]][%[[DIM]]] : tensor<?xf32>
// CHECK: arith.cmpf olt, %[[FS]], %[[D]] : tensor<?xf32>
func.func @tensor_splat(%t: tensor<2x3xsi32>, %s: si32, %d: tensor<?xf32>, %f: f32) -> (tensor<2x3xsi32>, tensor<?xi1>) {
  %0 = tolk.max %t, %s : (tensor<2x3xsi32>, si32) -> tensor<2x3xsi32>
  %1 = tolk.cmplt %f, %d : (f32, tensor<?xf32>) -> tensor<?xi1>
  return %0, %1 : tensor<2x3xsi32>, tensor<?xi1>
}
