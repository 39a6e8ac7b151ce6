// The identities on Bool selects, negated conditions and subtraction that
// build an op
// (TolkCanonicalization.td, docs/Rationale.md "Algebraic identities"). Each
// positive case is followed by the cases that must not fire. A second run
// changes nothing, and after --tolk-decompose the rewritten selects stay
// primitives.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tolk-opt %s -split-input-file --canonicalize | tolk-opt -split-input-file --canonicalize | FileCheck %s
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-decompose --canonicalize | FileCheck %s --check-prefix=DECOMP

// A negated Bool condition swaps the arms, written as logical_not or as its
// decomposition c == false.
// CHECK-LABEL: func.func @where_not_swaps(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32, %[[L:[^:]*]]: vector<4xi1>, %[[U:[^:]*]]: vector<4xsi8>, %[[V:[^:]*]]: vector<4xsi8>)
// CHECK-NEXT: %[[R0:.*]] = tolk.where %[[C]], %[[Y]], %[[X]] : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[R1:.*]] = tolk.where %[[C]], %[[Y]], %[[X]] : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[R2:.*]] = tolk.where %[[L]], %[[V]], %[[U]] : (vector<4xi1>, vector<4xsi8>, vector<4xsi8>) -> vector<4xsi8>
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]] :
// DECOMP-LABEL: func.func @where_not_swaps(
// DECOMP-NEXT: tolk.where
// DECOMP-NEXT: tolk.where
// DECOMP-NEXT: tolk.where
// DECOMP-NEXT: return
func.func @where_not_swaps(%c: i1, %x: f32, %y: f32, %l: vector<4xi1>,
                           %u: vector<4xsi8>, %v: vector<4xsi8>)
    -> (f32, f32, vector<4xsi8>) {
  %n = tolk.logical_not %c : i1
  %0 = tolk.where %n, %x, %y : (i1, f32, f32) -> f32
  %f = tolk.const false : i1
  %e = tolk.cmpeq %c, %f : i1
  %1 = tolk.where %e, %x, %y : (i1, f32, f32) -> f32
  %nl = tolk.logical_not %l : vector<4xi1>
  %2 = tolk.where %nl, %u, %v : (vector<4xi1>, vector<4xsi8>, vector<4xsi8>) -> vector<4xsi8>
  return %0, %1, %2 : f32, f32, vector<4xsi8>
}

// -----

// Not: a logical_not of a float is no Bool condition to swap on (where takes
// an i1 condition, so it stays as written); c == false with a tensor false
// broadcasts c, which the swap would lose.
// CHECK-LABEL: func.func @where_not_stays(
// CHECK: tolk.logical_not
// CHECK: tolk.where
// CHECK: tolk.cmpeq
// CHECK: tolk.where
// CHECK: return
func.func @where_not_stays(%a: f32, %x: f32, %y: f32, %c: i1,
                           %t: tensor<2xf32>, %s: tensor<2xf32>)
    -> (f32, tensor<2xf32>) {
  %n = tolk.logical_not %a : (f32) -> i1
  %0 = tolk.where %n, %x, %y : (i1, f32, f32) -> f32
  %f = tolk.const false : tensor<2xi1>
  %e = tolk.cmpeq %c, %f : (i1, tensor<2xi1>) -> tensor<2xi1>
  %1 = tolk.where %e, %t, %s : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1 : f32, tensor<2xf32>
}

// -----

// A Bool select with a constant arm is and (false in the false arm) or or
// (true in the true arm).
// CHECK-LABEL: func.func @where_bool_arm(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[X:[^:]*]]: i1, %[[L:[^:]*]]: vector<4xi1>, %[[M:[^:]*]]: vector<4xi1>)
// CHECK-NEXT: %[[R0:.*]] = tolk.and %[[C]], %[[X]] : i1
// CHECK-NEXT: %[[R1:.*]] = tolk.or %[[C]], %[[X]] : i1
// CHECK-NEXT: %[[R2:.*]] = tolk.and %[[L]], %[[M]] : vector<4xi1>
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]] :
func.func @where_bool_arm(%c: i1, %x: i1, %l: vector<4xi1>, %m: vector<4xi1>)
    -> (i1, i1, vector<4xi1>) {
  %f = tolk.const false : i1
  %t = tolk.const true : i1
  %0 = tolk.where %c, %x, %f : (i1, i1, i1) -> i1
  %1 = tolk.where %c, %t, %x : (i1, i1, i1) -> i1
  %fl = tolk.const false : vector<4xi1>
  %2 = tolk.where %l, %m, %fl : (vector<4xi1>, vector<4xi1>, vector<4xi1>) -> vector<4xi1>
  return %0, %1, %2 : i1, i1, vector<4xi1>
}

// -----

// Not: a non-Bool arm (false promotes to si8 0, and si8 has no and with a
// Bool condition), a condition that broadcasts the arm, and a false arm that
// promotes a Bool arm to si8.
// CHECK-LABEL: func.func @where_bool_arm_stays(
// CHECK-NOT: tolk.and
// CHECK-NOT: tolk.or
// CHECK: return
func.func @where_bool_arm_stays(%c: i1, %s: si8, %l: vector<4xi1>, %x: i1)
    -> (si8, vector<4xi1>, si8) {
  %f = tolk.const false : i1
  %0 = tolk.where %c, %s, %f : (i1, si8, i1) -> si8
  %1 = tolk.where %l, %x, %f : (vector<4xi1>, i1, i1) -> vector<4xi1>
  %z = tolk.const 0 : si8
  %2 = tolk.where %c, %x, %z : (i1, i1, si8) -> si8
  return %0, %1, %2 : si8, vector<4xi1>, si8
}

// -----

// A select under the same condition keeps the arm it selects.
// CHECK-LABEL: func.func @where_same_condition(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32, %[[Z:[^:]*]]: f32)
// CHECK-NEXT: %[[R0:.*]] = tolk.where %[[C]], %[[X]], %[[Z]] : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[R1:.*]] = tolk.where %[[C]], %[[X]], %[[Z]] : (i1, f32, f32) -> f32
// CHECK-NEXT: return %[[R0]], %[[R1]] :
func.func @where_same_condition(%c: i1, %x: f32, %y: f32, %z: f32) -> (f32, f32) {
  %i = tolk.where %c, %x, %y : (i1, f32, f32) -> f32
  %0 = tolk.where %c, %i, %z : (i1, f32, f32) -> f32
  %j = tolk.where %c, %y, %z : (i1, f32, f32) -> f32
  %1 = tolk.where %c, %x, %j : (i1, f32, f32) -> f32
  return %0, %1 : f32, f32
}

// -----

// Not: another condition, and a kept arm that the inner select broadcasts
// (a scalar beside a tensor).
// CHECK-LABEL: func.func @where_same_condition_stays(
// CHECK-COUNT-4: tolk.where
// CHECK: return
func.func @where_same_condition_stays(%c: i1, %d: i1, %x: f32, %y: f32,
                                      %z: f32, %t: tensor<2xf32>)
    -> (f32, tensor<2xf32>) {
  %i = tolk.where %d, %x, %y : (i1, f32, f32) -> f32
  %0 = tolk.where %c, %i, %z : (i1, f32, f32) -> f32
  %j = tolk.where %c, %x, %t : (i1, f32, tensor<2xf32>) -> tensor<2xf32>
  %1 = tolk.where %c, %j, %t : (i1, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1 : f32, tensor<2xf32>
}

// -----

// x - neg y is x + y on integers and Bool of one type.
// CHECK-LABEL: func.func @sub_of_neg(
// CHECK-SAME: %[[A:[^:]*]]: si8, %[[B:[^:]*]]: si8, %[[P:[^:]*]]: i1, %[[Q:[^:]*]]: i1, %[[U:[^:]*]]: vector<4xui16>, %[[V:[^:]*]]: vector<4xui16>)
// CHECK-NEXT: %[[R0:.*]] = tolk.add %[[A]], %[[B]] : si8
// CHECK-NEXT: %[[R1:.*]] = tolk.add %[[P]], %[[Q]] : i1
// CHECK-NEXT: %[[R2:.*]] = tolk.add %[[U]], %[[V]] : vector<4xui16>
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]] :
func.func @sub_of_neg(%a: si8, %b: si8, %p: i1, %q: i1, %u: vector<4xui16>,
                      %v: vector<4xui16>) -> (si8, i1, vector<4xui16>) {
  %nb = tolk.neg %b : si8
  %0 = tolk.sub %a, %nb : si8
  %nq = tolk.neg %q : i1
  %1 = tolk.sub %p, %nq : i1
  %nv = tolk.neg %v : vector<4xui16>
  %2 = tolk.sub %u, %nv : vector<4xui16>
  return %0, %1, %2 : si8, i1, vector<4xui16>
}

// -----

// Not: floats, and a neg that wraps in a narrower type than the sub
// computes in (neg of si8 -128 is -128, then promoted to si16).
// CHECK-LABEL: func.func @sub_of_neg_stays(
// CHECK: tolk.neg
// CHECK: tolk.sub
// CHECK: tolk.neg
// CHECK: tolk.sub
// CHECK: return
func.func @sub_of_neg_stays(%x: f32, %y: f32, %a: si16, %b: si8) -> (f32, si16) {
  %ny = tolk.neg %y : f32
  %0 = tolk.sub %x, %ny : f32
  %nb = tolk.neg %b : si8
  %1 = tolk.sub %a, %nb : (si16, si8) -> si16
  return %0, %1 : f32, si16
}

// -----

// The identities agree with the folder on every Bool and on si8's corners:
// with constant operands both sides fold to the same constants.
// CHECK-LABEL: func.func @agree_on_constants(
// CHECK-DAG: %[[T:.*]] = tolk.const true : i1
// CHECK-DAG: %[[F:.*]] = tolk.const false : i1
// CHECK-DAG: %[[M:.*]] = tolk.const -128 : si8
// CHECK-DAG: %[[S:.*]] = tolk.const 126 : si8
// CHECK: return %[[F]], %[[T]], %[[M]], %[[S]] :
func.func @agree_on_constants() -> (i1, i1, si8, si8) {
  %t = tolk.const true : i1
  %f = tolk.const false : i1
  %0 = tolk.where %t, %f, %f : (i1, i1, i1) -> i1
  %1 = tolk.where %f, %t, %t : (i1, i1, i1) -> i1
  %min = tolk.const -128 : si8
  %zero = tolk.const 0 : si8
  %nmin = tolk.neg %min : si8
  %2 = tolk.sub %zero, %nmin : si8
  %max = tolk.const 127 : si8
  %m1 = tolk.const -1 : si8
  %nm1 = tolk.neg %m1 : si8
  %3 = tolk.sub %max, %nm1 : si8
  return %0, %1, %2, %3 : i1, i1, si8, si8
}
