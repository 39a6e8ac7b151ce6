// RUN: tolk-opt %s --tolk-expand-ipowi --split-input-file | FileCheck %s

// x^n: square-and-multiply over the w - 1 bits of a non-negative exponent
// (a negative one loops on 0), then selects for a negative exponent.
// CHECK-LABEL: func.func @scalar(
// CHECK-SAME: %[[X:.*]]: i32, %[[N:.*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[N]], %[[ZERO]]
// CHECK: %[[E:.*]] = arith.select %[[NEG]], %[[ZERO]], %[[N]]
// CHECK: %[[BITS:.*]] = arith.constant 31 : index
// CHECK: %[[LOOP:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[BITS]] step %{{.*}} iter_args(%[[R:.*]] = %[[ONE]], %[[B:.*]] = %[[X]], %[[K:.*]] = %[[E]])
// CHECK:   %[[LOW:.*]] = arith.andi %[[K]], %[[ONE]]
// CHECK:   %[[SET:.*]] = arith.cmpi ne, %[[LOW]], %[[ZERO]]
// CHECK:   %[[P:.*]] = arith.muli %[[R]], %[[B]]
// CHECK:   %[[NEXT:.*]] = arith.select %[[SET]], %[[P]], %[[R]]
// CHECK:   %[[SQ:.*]] = arith.muli %[[B]], %[[B]]
// CHECK:   %[[SH:.*]] = arith.shrui %[[K]], %[[ONE]]
// CHECK:   scf.yield %[[NEXT]], %[[SQ]], %[[SH]]
// CHECK: %[[MINUS:.*]] = arith.constant -1 : i32
// CHECK: %[[XONE:.*]] = arith.cmpi eq, %[[X]], %[[ONE]]
// CHECK: %[[XMINUS:.*]] = arith.cmpi eq, %[[X]], %[[MINUS]]
// CHECK: %[[RECIP:.*]] = arith.select %[[XONE]], %[[ONE]], %{{.*}}
// CHECK: %[[RES:.*]] = arith.select %[[NEG]], %[[RECIP]], %[[LOOP]]#0
// CHECK: return %[[RES]]
// CHECK-NOT: math.ipowi
func.func @scalar(%x: i32, %n: i32) -> i32 {
  %r = math.ipowi %x, %n : i32
  return %r : i32
}

// -----

// Vectors: the same loop on every lane at once (7 bits of an i8).
// CHECK-LABEL: func.func @vector(
// CHECK: arith.constant 7 : index
// CHECK: scf.for {{.*}} -> (vector<4xi8>, vector<4xi8>, vector<4xi8>)
// CHECK:   arith.muli {{.*}} : vector<4xi8>
// CHECK-NOT: math.ipowi
func.func @vector(%x: vector<4xi8>, %n: vector<4xi8>) -> vector<4xi8> {
  %r = math.ipowi %x, %n : vector<4xi8>
  return %r : vector<4xi8>
}

// -----

// i1 (signed: 0 or -1): x for n = -1, 1 for n = 0.
// CHECK-LABEL: func.func @bool(
// CHECK-SAME: %[[X:.*]]: i1, %[[N:.*]]: i1)
// CHECK: %[[Z:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : i1
// CHECK: %[[R:.*]] = arith.ori %[[X]], %[[Z]] : i1
// CHECK: return %[[R]]
func.func @bool(%x: i1, %n: i1) -> i1 {
  %r = math.ipowi %x, %n : i1
  return %r : i1
}
