// RUN: tolk-opt %s -split-input-file --canonicalize --convert-tolk-to-arith | FileCheck %s

// Upstream folders make arith.constant from tolk.const: here
// vector.from_elements of two si8 constants. The constant keeps its bits on
// the signless type, and no cast is left behind.

// CHECK-LABEL: func.func @from_elements() -> vector<2xi8>
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<[1, -2]> : vector<2xi8>
// CHECK-NEXT: return %[[C]] : vector<2xi8>
func.func @from_elements() -> vector<2xsi8> {
  %a = tolk.const 1 : si8
  %b = tolk.const -2 : si8
  %v = vector.from_elements %a, %b : vector<2xsi8>
  return %v : vector<2xsi8>
}

// -----

// An unsigned splat keeps its bits too (255, printed as -1 in i8).

// CHECK-LABEL: func.func @splat() -> vector<4xi8>
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<-1> : vector<4xi8>
// CHECK-NEXT: return %[[C]] : vector<4xi8>
func.func @splat() -> vector<4xui8> {
  %a = tolk.const 255 : ui8
  %v = vector.broadcast %a : ui8 to vector<4xui8>
  return %v : vector<4xui8>
}

// -----

// Ops of vector and tensor on Tolk's integers that do not fold: the same
// ops on signless integers.

// CHECK-LABEL: func.func @lanes(
// CHECK-SAME: %[[X:.*]]: vector<4xi16>, %[[Y:.*]]: i16, %[[T:.*]]: tensor<3xi32>
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[E:.*]] = vector.extract %[[X]][2] : i16 from vector<4xi16>
// CHECK: %[[V:.*]] = vector.from_elements %[[E]], %[[Y]] : vector<2xi16>
// CHECK: %[[TE:.*]] = tensor.extract %[[T]][%[[C1]]] : tensor<3xi32>
// CHECK-NOT: unrealized_conversion_cast
// CHECK: return %[[V]], %[[TE]] : vector<2xi16>, i32
func.func @lanes(%x: vector<4xsi16>, %y: si16, %t: tensor<3xui32>)
    -> (vector<2xsi16>, ui32) {
  %e = vector.extract %x[2] : si16 from vector<4xsi16>
  %v = vector.from_elements %e, %y : vector<2xsi16>
  %c1 = arith.constant 1 : index
  %te = tensor.extract %t[%c1] : tensor<3xui32>
  return %v, %te : vector<2xsi16>, ui32
}
