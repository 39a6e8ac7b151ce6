// A max or minimum selected by the compare of its own operands
// (TolkCanonicalization.td, docs/Rationale.md "Algebraic identities"):
// where(p < q, max(p, q), y) is where(p < q, q, y) and where(p < q,
// minimum(p, q), y) is where(p < q, p, y) for every type, either operand
// order of the max; in the false arm only for integers and Bool. Each
// positive case is followed by the cases that must not fire. A second run
// changes nothing.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tolk-opt %s -split-input-file --canonicalize | tolk-opt -split-input-file --canonicalize | FileCheck %s
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-decompose --canonicalize | FileCheck %s --check-prefix=DECOMP

// bench/kernel-quality.py's where_max, in f32: the max goes, its compare stays.
// CHECK-LABEL: func.func @where_lt_max_f32(
// CHECK-SAME: %[[A:.*]]: f32, %[[B:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT: %[[C:.*]] = tolk.cmplt %[[A]], %[[B]] : (f32, f32) -> i1
// CHECK-NEXT: %[[R0:.*]] = tolk.where %[[C]], %[[B]], %[[Y]] : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[R1:.*]] = tolk.where %[[C]], %[[B]], %[[Y]] : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[R2:.*]] = tolk.where %[[C]], %[[A]], %[[Y]] : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[R3:.*]] = tolk.where %[[C]], %[[A]], %[[Y]] : (i1, f32, f32) -> f32
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]] :
func.func @where_lt_max_f32(%a: f32, %b: f32, %y: f32) -> (f32, f32, f32, f32) {
  %c = tolk.cmplt %a, %b : (f32, f32) -> i1
  %m0 = tolk.max %a, %b : f32
  %m1 = tolk.max %b, %a : f32
  %n0 = tolk.minimum %a, %b : f32
  %n1 = tolk.minimum %b, %a : f32
  %0 = tolk.where %c, %m0, %y : (i1, f32, f32) -> f32
  %1 = tolk.where %c, %m1, %y : (i1, f32, f32) -> f32
  %2 = tolk.where %c, %n0, %y : (i1, f32, f32) -> f32
  %3 = tolk.where %c, %n1, %y : (i1, f32, f32) -> f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// -----

// The same for the other data types, lanes and tensors, and with the compare
// the other way round (b < a selects a).
// CHECK-LABEL: func.func @where_lt_max_types(
// CHECK-SAME: %[[A:[^:]*]]: si8, %[[B:[^:]*]]: si8, %[[U:[^:]*]]: ui8, %[[V:[^:]*]]: ui8, %[[P:[^:]*]]: i1, %[[Q:[^:]*]]: i1, %[[H:[^:]*]]: f16, %[[G:[^:]*]]: f16, %[[E:[^:]*]]: f8E4M3FN, %[[F:[^:]*]]: f8E4M3FN, %[[X:[^:]*]]: vector<4xbf16>, %[[Z:[^:]*]]: vector<4xbf16>, %[[T:[^:]*]]: tensor<2x3xsi32>, %[[S:[^:]*]]: tensor<2x3xsi32>, %[[W:[^:]*]]: !tolk.weakint, %[[K:[^:]*]]: !tolk.weakint)
// CHECK-DAG: %[[C0:.*]] = tolk.cmplt %[[B]], %[[A]] : (si8, si8) -> i1
// CHECK-DAG: %[[C1:.*]] = tolk.cmplt %[[U]], %[[V]] : (ui8, ui8) -> i1
// CHECK-DAG: %[[C2:.*]] = tolk.cmplt %[[P]], %[[Q]] : i1
// CHECK-DAG: %[[C3:.*]] = tolk.cmplt %[[H]], %[[G]] : (f16, f16) -> i1
// CHECK-DAG: %[[C4:.*]] = tolk.cmplt %[[E]], %[[F]] : (f8E4M3FN, f8E4M3FN) -> i1
// CHECK-DAG: %[[C5:.*]] = tolk.cmplt %[[X]], %[[Z]] : (vector<4xbf16>, vector<4xbf16>) -> vector<4xi1>
// CHECK-DAG: %[[C6:.*]] = tolk.cmplt %[[T]], %[[S]] : (tensor<2x3xsi32>, tensor<2x3xsi32>) -> tensor<2x3xi1>
// CHECK-DAG: %[[C7:.*]] = tolk.cmplt %[[W]], %[[K]] : (!tolk.weakint, !tolk.weakint) -> i1
// CHECK-DAG: %[[R0:.*]] = tolk.where %[[C0]], %[[A]], %[[B]] : (i1, si8, si8) -> si8
// CHECK-DAG: %[[R1:.*]] = tolk.where %[[C1]], %[[V]], %[[U]] : (i1, ui8, ui8) -> ui8
// CHECK-DAG: %[[R2:.*]] = tolk.where %[[C2]], %[[Q]], %[[P]] : i1
// CHECK-DAG: %[[R3:.*]] = tolk.where %[[C3]], %[[G]], %[[H]] : (i1, f16, f16) -> f16
// CHECK-DAG: %[[R4:.*]] = tolk.where %[[C4]], %[[F]], %[[E]] : (i1, f8E4M3FN, f8E4M3FN) -> f8E4M3FN
// CHECK-DAG: %[[R5:.*]] = tolk.where %[[C5]], %[[X]], %[[Z]] : (vector<4xi1>, vector<4xbf16>, vector<4xbf16>) -> vector<4xbf16>
// CHECK-DAG: %[[R6:.*]] = tolk.where %[[C6]], %[[S]], %[[T]] : (tensor<2x3xi1>, tensor<2x3xsi32>, tensor<2x3xsi32>) -> tensor<2x3xsi32>
// CHECK-DAG: %[[R7:.*]] = tolk.where %[[C7]], %[[K]], %[[W]] : (i1, !tolk.weakint, !tolk.weakint) -> !tolk.weakint
// CHECK-NOT: tolk.max
// CHECK-NOT: tolk.minimum
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]] :
func.func @where_lt_max_types(%a: si8, %b: si8, %u: ui8, %v: ui8, %p: i1,
                              %q: i1, %h: f16, %g: f16, %e: f8E4M3FN,
                              %f: f8E4M3FN, %x: vector<4xbf16>,
                              %z: vector<4xbf16>, %t: tensor<2x3xsi32>,
                              %s: tensor<2x3xsi32>, %w: !tolk.weakint,
                              %k: !tolk.weakint)
    -> (si8, ui8, i1, f16, f8E4M3FN, vector<4xbf16>, tensor<2x3xsi32>,
        !tolk.weakint) {
  %c0 = tolk.cmplt %b, %a : (si8, si8) -> i1
  %m0 = tolk.max %a, %b : si8
  %0 = tolk.where %c0, %m0, %b : (i1, si8, si8) -> si8
  %c1 = tolk.cmplt %u, %v : (ui8, ui8) -> i1
  %m1 = tolk.max %u, %v : ui8
  %1 = tolk.where %c1, %m1, %u : (i1, ui8, ui8) -> ui8
  %c2 = tolk.cmplt %p, %q : (i1, i1) -> i1
  %m2 = tolk.max %q, %p : i1
  %2 = tolk.where %c2, %m2, %p : (i1, i1, i1) -> i1
  %c3 = tolk.cmplt %h, %g : (f16, f16) -> i1
  %m3 = tolk.max %h, %g : f16
  %3 = tolk.where %c3, %m3, %h : (i1, f16, f16) -> f16
  %c4 = tolk.cmplt %e, %f : (f8E4M3FN, f8E4M3FN) -> i1
  %m4 = tolk.max %e, %f : f8E4M3FN
  %4 = tolk.where %c4, %m4, %e : (i1, f8E4M3FN, f8E4M3FN) -> f8E4M3FN
  %c5 = tolk.cmplt %x, %z : (vector<4xbf16>, vector<4xbf16>) -> vector<4xi1>
  %m5 = tolk.minimum %z, %x : vector<4xbf16>
  %5 = tolk.where %c5, %m5, %z : (vector<4xi1>, vector<4xbf16>, vector<4xbf16>) -> vector<4xbf16>
  %c6 = tolk.cmplt %t, %s : (tensor<2x3xsi32>, tensor<2x3xsi32>) -> tensor<2x3xi1>
  %m6 = tolk.max %t, %s : tensor<2x3xsi32>
  %6 = tolk.where %c6, %m6, %t : (tensor<2x3xi1>, tensor<2x3xsi32>, tensor<2x3xsi32>) -> tensor<2x3xsi32>
  %c7 = tolk.cmplt %w, %k : (!tolk.weakint, !tolk.weakint) -> i1
  %m7 = tolk.max %k, %w : !tolk.weakint
  %7 = tolk.where %c7, %m7, %w : (i1, !tolk.weakint, !tolk.weakint) -> !tolk.weakint
  return %0, %1, %2, %3, %4, %5, %6, %7
      : si8, ui8, i1, f16, f8E4M3FN, vector<4xbf16>, tensor<2x3xsi32>,
        !tolk.weakint
}

// -----

// The false arm, integers and Bool: p < q false is p >= q, so max(p, q) is p
// and minimum(p, q) is q.
// CHECK-LABEL: func.func @where_not_lt_max_int(
// CHECK-SAME: %[[A:[^:]*]]: si16, %[[B:[^:]*]]: si16, %[[X:[^:]*]]: si16, %[[P:[^:]*]]: i1, %[[Q:[^:]*]]: i1, %[[U:[^:]*]]: vector<2xui32>, %[[V:[^:]*]]: vector<2xui32>)
// CHECK-DAG: %[[C0:.*]] = tolk.cmplt %[[A]], %[[B]] : (si16, si16) -> i1
// CHECK-DAG: %[[C1:.*]] = tolk.cmplt %[[P]], %[[Q]] : i1
// CHECK-DAG: %[[C2:.*]] = tolk.cmplt %[[U]], %[[V]] : (vector<2xui32>, vector<2xui32>) -> vector<2xi1>
// CHECK-DAG: %[[R0:.*]] = tolk.where %[[C0]], %[[X]], %[[A]] : (i1, si16, si16) -> si16
// CHECK-DAG: %[[R1:.*]] = tolk.where %[[C0]], %[[X]], %[[A]] : (i1, si16, si16) -> si16
// CHECK-DAG: %[[R2:.*]] = tolk.where %[[C0]], %[[X]], %[[B]] : (i1, si16, si16) -> si16
// CHECK-DAG: %[[R3:.*]] = tolk.where %[[C1]], %[[Q]], %[[P]] : i1
// CHECK-DAG: %[[R4:.*]] = tolk.where %[[C2]], %[[U]], %[[V]] : (vector<2xi1>, vector<2xui32>, vector<2xui32>) -> vector<2xui32>
// CHECK-NOT: tolk.max
// CHECK-NOT: tolk.minimum
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]] :
func.func @where_not_lt_max_int(%a: si16, %b: si16, %x: si16, %p: i1, %q: i1,
                                %u: vector<2xui32>, %v: vector<2xui32>)
    -> (si16, si16, si16, i1, vector<2xui32>) {
  %c0 = tolk.cmplt %a, %b : (si16, si16) -> i1
  %m0 = tolk.max %a, %b : si16
  %m1 = tolk.max %b, %a : si16
  %n0 = tolk.minimum %a, %b : si16
  %0 = tolk.where %c0, %x, %m0 : (i1, si16, si16) -> si16
  %1 = tolk.where %c0, %x, %m1 : (i1, si16, si16) -> si16
  %2 = tolk.where %c0, %x, %n0 : (i1, si16, si16) -> si16
  %c1 = tolk.cmplt %p, %q : (i1, i1) -> i1
  %m2 = tolk.max %p, %q : i1
  %3 = tolk.where %c1, %q, %m2 : (i1, i1, i1) -> i1
  %c2 = tolk.cmplt %u, %v : (vector<2xui32>, vector<2xui32>) -> vector<2xi1>
  %m3 = tolk.minimum %v, %u : vector<2xui32>
  %4 = tolk.where %c2, %u, %m3 : (vector<2xi1>, vector<2xui32>, vector<2xui32>) -> vector<2xui32>
  return %0, %1, %2, %3, %4 : si16, si16, si16, i1, vector<2xui32>
}

// -----

// Not rewritten. Floats in the false arm: max(NaN, q) is q and max(-0.0,
// +0.0) is +0.0, so a < b false does not make max(a, b) a. le and ge are
// unordered (true with a NaN); eq holds for -0.0 == +0.0, where max is +0.0
// whichever operand is -0.0. A max of other operands (a and y), or whose
// operands promote to another type than theirs (si8 and si16: the compare
// and the max each get their own cast of a).
// CHECK-LABEL: func.func @where_max_not(
// CHECK-NEXT: %[[LT:.*]] = tolk.cmplt %arg0, %arg1 : (f32, f32) -> i1
// CHECK-NEXT: %[[M:.*]] = tolk.max %arg0, %arg1 : f32
// CHECK-NEXT: %[[R0:.*]] = tolk.where %[[LT]], %arg2, %[[M]] : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[LE:.*]] = tolk.le %arg0, %arg1 : (f32, f32) -> i1
// CHECK-NEXT: %[[R1:.*]] = tolk.where %[[LE]], %[[M]], %arg2 : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[GE:.*]] = tolk.ge %arg1, %arg0 : (f32, f32) -> i1
// CHECK-NEXT: %[[R2:.*]] = tolk.where %[[GE]], %[[M]], %arg2 : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[EQ:.*]] = tolk.cmpeq %arg0, %arg1 : (f32, f32) -> i1
// CHECK-NEXT: %[[R3:.*]] = tolk.where %[[EQ]], %[[M]], %arg2 : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[MAY:.*]] = tolk.max %arg0, %arg2 : f32
// CHECK-NEXT: %[[R4:.*]] = tolk.where %[[LT]], %[[MAY]], %arg2 : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[NE:.*]] = tolk.ne %arg0, %arg1 : (f32, f32) -> i1
// CHECK-NEXT: %[[R5:.*]] = tolk.where %[[NE]], %[[M]], %arg2 : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[I0:.*]] = tolk.cast %arg3 : si8 to si16
// CHECK-NEXT: %[[LT2:.*]] = tolk.cmplt %[[I0]], %arg4 : (si16, si16) -> i1
// CHECK-NEXT: %[[I1:.*]] = tolk.cast %arg3 : si8 to si16
// CHECK-NEXT: %[[M2:.*]] = tolk.max %[[I1]], %arg4 : si16
// CHECK-NEXT: %[[R6:.*]] = tolk.where %[[LT2]], %[[M2]], %arg4 : (i1, si16, si16) -> si16
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]] :
func.func @where_max_not(%a: f32, %b: f32, %y: f32, %i: si8, %j: si16)
    -> (f32, f32, f32, f32, f32, f32, si16) {
  %lt = tolk.cmplt %a, %b : (f32, f32) -> i1
  %m = tolk.max %a, %b : f32
  %0 = tolk.where %lt, %y, %m : (i1, f32, f32) -> f32
  %le = tolk.le %a, %b : (f32, f32) -> i1
  %1 = tolk.where %le, %m, %y : (i1, f32, f32) -> f32
  %ge = tolk.ge %b, %a : (f32, f32) -> i1
  %2 = tolk.where %ge, %m, %y : (i1, f32, f32) -> f32
  %eq = tolk.cmpeq %a, %b : (f32, f32) -> i1
  %3 = tolk.where %eq, %m, %y : (i1, f32, f32) -> f32
  %may = tolk.max %a, %y : f32
  %4 = tolk.where %lt, %may, %y : (i1, f32, f32) -> f32
  %ne = tolk.ne %a, %b : (f32, f32) -> i1
  %5 = tolk.where %ne, %m, %y : (i1, f32, f32) -> f32
  %lt2 = tolk.cmplt %i, %j : (si8, si16) -> i1
  %m2 = tolk.max %i, %j : (si8, si16) -> si16
  %6 = tolk.where %lt2, %m2, %j : (i1, si16, si16) -> si16
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f32, f32, f32, f32, si16
}

// -----

// The false arm of a minimum is not q for floats either: minimum(NaN, q) is
// q, minimum(p, NaN) is p. Under b < a, the minimum of a and b is b: the
// compare's order picks the operand, not the minimum's.
// CHECK-LABEL: func.func @where_minimum_not(
// CHECK-NEXT: %[[C:.*]] = tolk.cmplt %arg0, %arg1 : (f32, f32) -> i1
// CHECK-NEXT: %[[N:.*]] = tolk.minimum %arg0, %arg1 : f32
// CHECK-NEXT: %[[R0:.*]] = tolk.where %[[C]], %arg2, %[[N]] : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[D:.*]] = tolk.cmplt %arg1, %arg0 : (f32, f32) -> i1
// CHECK-NEXT: %[[R1:.*]] = tolk.where %[[D]], %arg1, %arg2 : (i1, f32, f32) -> f32
// CHECK-NEXT: return %[[R0]], %[[R1]] :
func.func @where_minimum_not(%a: f32, %b: f32, %y: f32) -> (f32, f32) {
  %c = tolk.cmplt %a, %b : (f32, f32) -> i1
  %n = tolk.minimum %a, %b : f32
  %0 = tolk.where %c, %y, %n : (i1, f32, f32) -> f32
  %d = tolk.cmplt %b, %a : (f32, f32) -> i1
  %1 = tolk.where %d, %n, %y : (i1, f32, f32) -> f32
  return %0, %1 : f32, f32
}

// -----

// gt is cmplt with its operands swapped: --tolk-decompose makes it one, and
// the next --canonicalize drops the max under it.
// DECOMP-LABEL: func.func @where_gt_max(
// DECOMP-NEXT: %[[C:.*]] = tolk.cmplt %arg1, %arg0 : (f32, f32) -> i1
// DECOMP-NEXT: %[[R:.*]] = tolk.where %[[C]], %arg0, %arg2 : (i1, f32, f32) -> f32
// DECOMP-NEXT: return %[[R]] : f32
func.func @where_gt_max(%a: f32, %b: f32, %y: f32) -> f32 {
  %c = tolk.gt %a, %b : (f32, f32) -> i1
  %m = tolk.max %a, %b : f32
  %0 = tolk.where %c, %m, %y : (i1, f32, f32) -> f32
  return %0 : f32
}
