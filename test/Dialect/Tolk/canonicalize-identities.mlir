// --canonicalize applies the algebraic identities that hold for every value
// of the operands' types (docs/Rationale.md, "Algebraic identities"), and
// only where the value that replaces an op has the op's result type. Each
// positive case is followed by the cases that must not fire: float zeros of
// the wrong sign, NaN, broadcasts, promotion, lossy casts. A second run
// changes nothing.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tolk-opt %s -split-input-file --canonicalize | tolk-opt -split-input-file --canonicalize | FileCheck %s

// x + 0 is x: 0 for integers (a weak 0 takes x's type, on either side),
// false for Bool (add is or), -0.0 for floats. A weak float that rounds to
// -0.0 in f16 is f16's -0.0; fnuz's only zero is the identity.
// CHECK-LABEL: func.func @add_zero(
// CHECK-NEXT: return %arg0, %arg0, %arg1, %arg2, %arg3, %arg4, %arg5 :
func.func @add_zero(%x: si8, %b: i1, %y: f32, %h: f16, %q: f8E4M3FNUZ,
                    %w: !tolk.weakfloat)
    -> (si8, si8, i1, f32, f16, f8E4M3FNUZ, !tolk.weakfloat) {
  %c0 = tolk.const 0 : si8
  %w0 = tolk.const 0 : !tolk.weakint
  %f = tolk.const false : i1
  %nz = tolk.const -0.0 : f32
  %tiny = tolk.const -1.0e-30 : !tolk.weakfloat
  %z8 = tolk.const 0.0 : f8E4M3FNUZ
  %nzw = tolk.const -0.0 : !tolk.weakfloat
  %0 = tolk.add %x, %c0 : si8
  %1 = tolk.add %w0, %x : (!tolk.weakint, si8) -> si8
  %2 = tolk.add %b, %f : i1
  %3 = tolk.add %y, %nz : f32
  %4 = tolk.add %h, %tiny : (f16, !tolk.weakfloat) -> f16
  %5 = tolk.add %q, %z8 : f8E4M3FNUZ
  %6 = tolk.add %nzw, %w : !tolk.weakfloat
  return %0, %1, %2, %3, %4, %5, %6
      : si8, si8, i1, f32, f16, f8E4M3FNUZ, !tolk.weakfloat
}

// -----

// Lanes and tensors: x + 0 is x when x already has the result's shape.
// CHECK-LABEL: func.func @add_zero_shaped(
// CHECK-NEXT: return %arg0, %arg1 :
func.func @add_zero_shaped(%v: vector<4xf16>, %t: tensor<4x8xsi32>)
    -> (vector<4xf16>, tensor<4x8xsi32>) {
  %nz = tolk.const -0.0 : f16
  %z = tolk.const 0 : tensor<1x8xsi32>
  %0 = tolk.add %v, %nz : (vector<4xf16>, f16) -> vector<4xf16>
  %1 = tolk.add %z, %t : (tensor<1x8xsi32>, tensor<4x8xsi32>) -> tensor<4x8xsi32>
  return %0, %1 : vector<4xf16>, tensor<4x8xsi32>
}

// -----

// Not identities: x + +0.0 turns -0.0 into +0.0 (f32 and the weak float);
// a bigger 0 broadcasts x; an invalid constant is no 0.
// CHECK-LABEL: func.func @add_zero_not(
// CHECK-DAG: %[[PZ:.*]] = tolk.const 0.0 : f32
// CHECK-DAG: %[[PZW:.*]] = tolk.const 0.0 : !tolk.weakfloat
// CHECK-DAG: %[[T:.*]] = tolk.const 0 : tensor<4xsi8>
// CHECK-DAG: %[[I:.*]] = tolk.const invalid : si8
// CHECK: %[[R0:.*]] = tolk.add %arg0, %[[PZ]] : f32
// CHECK-NEXT: %[[R1:.*]] = tolk.add %arg2, %[[PZW]] : !tolk.weakfloat
// CHECK-NEXT: %[[R2:.*]] = tolk.add %arg1, %[[T]] : (si8, tensor<4xsi8>) -> tensor<4xsi8>
// CHECK-NEXT: %[[R3:.*]] = tolk.add %arg1, %[[I]] : si8
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]] :
func.func @add_zero_not(%y: f32, %x: si8, %w: !tolk.weakfloat)
    -> (f32, !tolk.weakfloat, tensor<4xsi8>, si8) {
  %pz = tolk.const 0.0 : f32
  %pzw = tolk.const 0.0 : !tolk.weakfloat
  %t = tolk.const 0 : tensor<4xsi8>
  %i = tolk.const invalid : si8
  %0 = tolk.add %y, %pz : f32
  %1 = tolk.add %w, %pzw : !tolk.weakfloat
  %2 = tolk.add %x, %t : (si8, tensor<4xsi8>) -> tensor<4xsi8>
  %3 = tolk.add %x, %i : si8
  return %0, %1, %2, %3 : f32, !tolk.weakfloat, tensor<4xsi8>, si8
}

// -----

// Promotion comes first: si8 + si16 0 is an si16, so x becomes cast x, and
// a weak integer x added to an si8 0 is cast to si8; neither is x itself.
// CHECK-LABEL: func.func @add_zero_promoted(
// CHECK-NEXT: %[[A:.*]] = tolk.cast %arg0 : si8 to si16
// CHECK-NEXT: %[[B:.*]] = tolk.cast %arg1 : !tolk.weakint to si8
// CHECK-NEXT: return %[[A]], %[[B]] : si16, si8
func.func @add_zero_promoted(%x: si8, %k: !tolk.weakint) -> (si16, si8) {
  %c16 = tolk.const 0 : si16
  %c8 = tolk.const 0 : si8
  %0 = tolk.add %x, %c16 : (si8, si16) -> si16
  %1 = tolk.add %k, %c8 : (!tolk.weakint, si8) -> si8
  return %0, %1 : si16, si8
}

// -----

// x - c is x + neg c: x when neg c is add's identity. Integers: c = 0;
// floats: c = +0.0 (neg +0.0 = +0.0 * -1 = -0.0); Bool: c = true (neg is
// logical_not).
// CHECK-LABEL: func.func @sub_zero(
// CHECK-NEXT: return %arg0, %arg1, %arg2, %arg3 :
func.func @sub_zero(%x: ui8, %y: f32, %b: i1, %k: !tolk.weakint)
    -> (ui8, f32, i1, !tolk.weakint) {
  %c0 = tolk.const 0 : !tolk.weakint
  %pz = tolk.const 0.0 : f32
  %t = tolk.const true : i1
  %0 = tolk.sub %x, %c0 : (ui8, !tolk.weakint) -> ui8
  %1 = tolk.sub %y, %pz : f32
  %2 = tolk.sub %b, %t : i1
  %3 = tolk.sub %k, %c0 : !tolk.weakint
  return %0, %1, %2, %3 : ui8, f32, i1, !tolk.weakint
}

// -----

// Not identities: x - -0.0 is x + +0.0; Bool x - false is x or true; 0 - x
// is neg x.
// CHECK-LABEL: func.func @sub_zero_not(
// CHECK-DAG: %[[NZ:.*]] = tolk.const -0.0 : f32
// CHECK-DAG: %[[F:.*]] = tolk.const false : i1
// CHECK-DAG: %[[Z:.*]] = tolk.const 0 : si8
// CHECK: %[[R0:.*]] = tolk.sub %arg0, %[[NZ]] : f32
// CHECK-NEXT: %[[R1:.*]] = tolk.sub %arg1, %[[F]] : i1
// CHECK-NEXT: %[[R2:.*]] = tolk.sub %[[Z]], %arg2 : si8
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]] :
func.func @sub_zero_not(%y: f32, %b: i1, %x: si8) -> (f32, i1, si8) {
  %nz = tolk.const -0.0 : f32
  %f = tolk.const false : i1
  %z = tolk.const 0 : si8
  %0 = tolk.sub %y, %nz : f32
  %1 = tolk.sub %b, %f : i1
  %2 = tolk.sub %z, %x : si8
  return %0, %1, %2 : f32, i1, si8
}

// -----

// x - x is 0 for integers (wrapping), and x or (not x) = true for Bool.
// CHECK-LABEL: func.func @sub_self(
// CHECK-DAG: %[[Z:.*]] = tolk.const 0 : si32
// CHECK-DAG: %[[ZT:.*]] = tolk.const 0 : tensor<2x3xui16>
// CHECK-DAG: %[[T:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[Z]], %[[ZT]], %[[T]] :
func.func @sub_self(%x: si32, %t: tensor<2x3xui16>, %b: i1)
    -> (si32, tensor<2x3xui16>, i1) {
  %0 = tolk.sub %x, %x : si32
  %1 = tolk.sub %t, %t : tensor<2x3xui16>
  %2 = tolk.sub %b, %b : i1
  return %0, %1, %2 : si32, tensor<2x3xui16>, i1
}

// -----

// Not for floats: inf - inf and NaN - NaN are NaN.
// CHECK-LABEL: func.func @sub_self_float(
// CHECK-NEXT: %[[R:.*]] = tolk.sub %arg0, %arg0 : f32
// CHECK-NEXT: return %[[R]]
func.func @sub_self_float(%y: f32) -> f32 {
  %0 = tolk.sub %y, %y : f32
  return %0 : f32
}

// -----

// x * 1 is x for every type (and on Bool: x and true).
// CHECK-LABEL: func.func @mul_one(
// CHECK-NEXT: return %arg0, %arg1, %arg2, %arg3, %arg4 :
func.func @mul_one(%x: si8, %y: f32, %b: i1, %g: bf16, %e: f8E5M2)
    -> (si8, f32, i1, bf16, f8E5M2) {
  %one = tolk.const 1 : !tolk.weakint
  %t = tolk.const true : i1
  %g1 = tolk.const 1.0 : bf16
  %0 = tolk.mul %x, %one : (si8, !tolk.weakint) -> si8
  %1 = tolk.mul %one, %y : (!tolk.weakint, f32) -> f32
  %2 = tolk.mul %b, %t : i1
  %3 = tolk.mul %g, %g1 : bf16
  %4 = tolk.mul %e, %one : (f8E5M2, !tolk.weakint) -> f8E5M2
  return %0, %1, %2, %3, %4 : si8, f32, i1, bf16, f8E5M2
}

// -----

// Integer and Bool x * 0 is 0, splat over the broadcast shape.
// CHECK-LABEL: func.func @mul_zero(
// CHECK-DAG: %[[Z:.*]] = tolk.const 0 : si16
// CHECK-DAG: %[[F:.*]] = tolk.const false : i1
// CHECK-DAG: %[[ZT:.*]] = tolk.const 0 : tensor<4x8xsi8>
// CHECK-NEXT: return %[[Z]], %[[F]], %[[ZT]] :
func.func @mul_zero(%x: si16, %b: i1, %t: tensor<4x1xsi8>)
    -> (si16, i1, tensor<4x8xsi8>) {
  %c0 = tolk.const 0 : !tolk.weakint
  %f = tolk.const false : i1
  %z = tolk.const 0 : tensor<1x8xsi8>
  %0 = tolk.mul %c0, %x : (!tolk.weakint, si16) -> si16
  %1 = tolk.mul %b, %f : i1
  %2 = tolk.mul %t, %z : (tensor<4x1xsi8>, tensor<1x8xsi8>) -> tensor<4x8xsi8>
  return %0, %1, %2 : si16, i1, tensor<4x8xsi8>
}

// -----

// Not identities: float x * 0 (NaN, inf, -0.0); si64 * ui64 promotes to the
// weak float (whose ui64 0 converts at the commit, docs/Semantics.md#weak-types);
// a dynamic shape has no constant.
// CHECK-LABEL: func.func @mul_zero_not(
// CHECK-DAG: %[[PZ:.*]] = tolk.const 0.0 : f32
// CHECK-DAG: %[[U0:.*]] = tolk.const 0 : ui64
// CHECK-DAG: %[[Z:.*]] = tolk.const 0 : si8
// CHECK: %[[R0:.*]] = tolk.mul %arg0, %[[PZ]] : f32
// CHECK-NEXT: %[[C:.*]] = tolk.cast %arg1 : si64 to !tolk.weakfloat
// CHECK-NEXT: %[[ZW:.*]] = tolk.cast %[[U0]] : ui64 to !tolk.weakfloat
// CHECK-NEXT: %[[R1:.*]] = tolk.mul %[[C]], %[[ZW]] : !tolk.weakfloat
// CHECK-NEXT: %[[R2:.*]] = tolk.mul %arg2, %[[Z]] : (tensor<?xsi8>, si8) -> tensor<?xsi8>
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]] :
func.func @mul_zero_not(%y: f32, %l: si64, %d: tensor<?xsi8>)
    -> (f32, !tolk.weakfloat, tensor<?xsi8>) {
  %pz = tolk.const 0.0 : f32
  %u0 = tolk.const 0 : ui64
  %z = tolk.const 0 : si8
  %0 = tolk.mul %y, %pz : f32
  %1 = tolk.mul %l, %u0 : (si64, ui64) -> !tolk.weakfloat
  %2 = tolk.mul %d, %z : (tensor<?xsi8>, si8) -> tensor<?xsi8>
  return %0, %1, %2 : f32, !tolk.weakfloat, tensor<?xsi8>
}

// -----

// Bitwise identities on integers and Bool. All ones is -1 in a signed type
// and a weak integer, max in an unsigned one, true in Bool.
// CHECK-LABEL: func.func @bitwise(
// CHECK-DAG: %[[Z:.*]] = tolk.const 0 : si8
// CHECK-DAG: %[[ZU:.*]] = tolk.const 0 : ui8
// CHECK-DAG: %[[M:.*]] = tolk.const 65535 : ui16
// CHECK-DAG: %[[T:.*]] = tolk.const true : i1
// CHECK-DAG: %[[F:.*]] = tolk.const false : i1
// CHECK-NEXT: return %arg0, %arg0, %[[Z]], %arg0, %arg0, %[[ZU]], %arg1, %arg2, %[[M]], %arg4, %[[T]], %[[F]] :
func.func @bitwise(%x: si8, %u: ui8, %k: !tolk.weakint, %h: ui16, %b: i1)
    -> (si8, si8, si8, si8, si8, ui8, ui8, !tolk.weakint, ui16, i1, i1, i1) {
  %z = tolk.const 0 : !tolk.weakint
  %m1 = tolk.const -1 : !tolk.weakint
  %u255 = tolk.const 255 : ui8
  %t = tolk.const true : i1
  %0 = tolk.and %x, %x : si8
  %1 = tolk.or %x, %x : si8
  %2 = tolk.xor %x, %x : si8
  %3 = tolk.xor %z, %x : (!tolk.weakint, si8) -> si8
  %4 = tolk.or %x, %z : (si8, !tolk.weakint) -> si8
  %5 = tolk.and %u, %z : (ui8, !tolk.weakint) -> ui8
  %6 = tolk.and %u, %u255 : ui8
  %7 = tolk.and %m1, %k : !tolk.weakint
  %8 = tolk.or %h, %m1 : (ui16, !tolk.weakint) -> ui16
  %9 = tolk.and %b, %t : i1
  %10 = tolk.or %t, %b : i1
  %11 = tolk.xor %b, %b : i1
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11
      : si8, si8, si8, si8, si8, ui8, ui8, !tolk.weakint, ui16, i1, i1, i1
}

// -----

// -1 is not all ones of ui8 before promotion: ui8 & si8 -1 is an si16.
// CHECK-LABEL: func.func @bitwise_promoted(
// CHECK-NEXT: %[[C:.*]] = tolk.cast %arg0 : ui8 to si16
// CHECK-NEXT: return %[[C]] : si16
func.func @bitwise_promoted(%u: ui8) -> si16 {
  %m1 = tolk.const -1 : si8
  %0 = tolk.and %u, %m1 : (ui8, si8) -> si16
  return %0 : si16
}

// -----

// Shifts by 0.
// CHECK-LABEL: func.func @shift_zero(
// CHECK-NEXT: return %arg0, %arg1 :
func.func @shift_zero(%x: si8, %u: vector<4xui32>) -> (si8, vector<4xui32>) {
  %z = tolk.const 0 : !tolk.weakint
  %0 = tolk.shl %x, %z : (si8, !tolk.weakint) -> si8
  %1 = tolk.shr %u, %z : (vector<4xui32>, !tolk.weakint) -> vector<4xui32>
  return %0, %1 : si8, vector<4xui32>
}

// -----

// 0 shifted by x is not x.
// CHECK-LABEL: func.func @shift_zero_not(
// CHECK: tolk.shl %{{.*}}, %arg0 : si8
func.func @shift_zero_not(%x: si8) -> si8 {
  %z = tolk.const 0 : si8
  %0 = tolk.shl %z, %x : si8
  return %0 : si8
}

// -----

// max and minimum of x with itself are x, NaN included (max of two NaNs is
// the first).
// CHECK-LABEL: func.func @max_min_self(
// CHECK-NEXT: return %arg0, %arg0, %arg1, %arg1 :
func.func @max_min_self(%y: f32, %x: si8) -> (f32, f32, si8, si8) {
  %0 = tolk.max %y, %y : f32
  %1 = tolk.minimum %y, %y : f32
  %2 = tolk.max %x, %x : si8
  %3 = tolk.minimum %x, %x : si8
  return %0, %1, %2, %3 : f32, f32, si8, si8
}

// -----

// Involutions: neg (x * -1, wrapping; logical_not for Bool), bitwise_not,
// and logical_not of a Bool.
// CHECK-LABEL: func.func @involutions(
// CHECK-NEXT: return %arg0, %arg1, %arg2, %arg3, %arg2 :
func.func @involutions(%h: f16, %u: ui8, %b: i1, %x: si32)
    -> (f16, ui8, i1, si32, i1) {
  %0 = tolk.neg %h : f16
  %1 = tolk.neg %0 : f16
  %2 = tolk.neg %u : ui8
  %3 = tolk.neg %2 : ui8
  %4 = tolk.neg %b : i1
  %5 = tolk.neg %4 : i1
  %6 = tolk.bitwise_not %x : si32
  %7 = tolk.bitwise_not %6 : si32
  %8 = tolk.logical_not %b : i1
  %9 = tolk.logical_not %8 : i1
  return %1, %3, %5, %7, %9 : f16, ui8, i1, si32, i1
}

// -----

// logical_not (logical_not x) of an integer is x != 0, an i1: not x.
// CHECK-LABEL: func.func @logical_not_not_int(
// CHECK-NEXT: %[[A:.*]] = tolk.logical_not %arg0 : (si8) -> i1
// CHECK-NEXT: %[[B:.*]] = tolk.logical_not %[[A]] : i1
// CHECK-NEXT: return %[[B]] : i1
func.func @logical_not_not_int(%x: si8) -> i1 {
  %0 = tolk.logical_not %x : (si8) -> i1
  %1 = tolk.logical_not %0 : i1
  return %1 : i1
}

// -----

// A value compared with itself. Integers and Bool: == and <= and >= hold,
// < and > and != do not. Floats: < and > are false and <= and >= true even
// for NaN (ordered lt is false, le and ge negate it).
// CHECK-LABEL: func.func @compare_self(
// CHECK-DAG: %[[T:.*]] = tolk.const true : i1
// CHECK-DAG: %[[F:.*]] = tolk.const false : i1
// CHECK-DAG: %[[TV:.*]] = tolk.const true : vector<4xi1>
// CHECK-NEXT: return %[[T]], %[[F]], %[[F]], %[[F]], %[[F]], %[[T]], %[[T]], %[[TV]] :
func.func @compare_self(%x: si8, %u: ui32, %y: f32, %h: f16, %v: vector<4xsi8>)
    -> (i1, i1, i1, i1, i1, i1, i1, vector<4xi1>) {
  %0 = tolk.cmpeq %x, %x : (si8, si8) -> i1
  %1 = tolk.ne %u, %u : (ui32, ui32) -> i1
  %2 = tolk.cmplt %x, %x : (si8, si8) -> i1
  %3 = tolk.cmplt %y, %y : (f32, f32) -> i1
  %4 = tolk.gt %y, %y : (f32, f32) -> i1
  %5 = tolk.le %y, %y : (f32, f32) -> i1
  %6 = tolk.ge %h, %h : (f16, f16) -> i1
  %7 = tolk.cmpeq %v, %v : (vector<4xsi8>, vector<4xsi8>) -> vector<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : i1, i1, i1, i1, i1, i1, i1, vector<4xi1>
}

// -----

// Not for floats: NaN == NaN is false and NaN != NaN true.
// CHECK-LABEL: func.func @compare_self_float(
// CHECK-NEXT: %[[A:.*]] = tolk.cmpeq %arg0, %arg0 : (f32, f32) -> i1
// CHECK-NEXT: %[[B:.*]] = tolk.ne %arg0, %arg0 : (f32, f32) -> i1
// CHECK-NEXT: return %[[A]], %[[B]] :
func.func @compare_self_float(%y: f32) -> (i1, i1) {
  %0 = tolk.cmpeq %y, %y : (f32, f32) -> i1
  %1 = tolk.ne %y, %y : (f32, f32) -> i1
  return %0, %1 : i1, i1
}

// -----

// where with equal arms is that arm; where(c, true, false) is c and
// where(c, false, true) is logical_not c, when c has the result's shape.
// CHECK-LABEL: func.func @where(
// CHECK-NEXT: %[[N:.*]] = tolk.logical_not %arg0 : i1
// CHECK-NEXT: %[[NV:.*]] = tolk.logical_not %arg2 : tensor<4xi1>
// CHECK-NEXT: return %arg1, %arg0, %[[N]], %arg2, %[[NV]] :
func.func @where(%c: i1, %x: f32, %v: tensor<4xi1>)
    -> (f32, i1, i1, tensor<4xi1>, tensor<4xi1>) {
  %t = tolk.const true : i1
  %f = tolk.const false : i1
  %0 = tolk.where %c, %x, %x : (i1, f32, f32) -> f32
  %1 = tolk.where %c, %t, %f : (i1, i1, i1) -> i1
  %2 = tolk.where %c, %f, %t : (i1, i1, i1) -> i1
  %3 = tolk.where %v, %t, %f : (tensor<4xi1>, i1, i1) -> tensor<4xi1>
  %4 = tolk.where %v, %f, %t : (tensor<4xi1>, i1, i1) -> tensor<4xi1>
  return %0, %1, %2, %3, %4 : f32, i1, i1, tensor<4xi1>, tensor<4xi1>
}

// -----

// Not when the arms broadcast c, or are not Bool (weak integers give a weak
// integer).
// CHECK-LABEL: func.func @where_not(
// CHECK-DAG: %[[T:.*]] = tolk.const true : tensor<4xi1>
// CHECK-DAG: %[[F:.*]] = tolk.const false : tensor<4xi1>
// CHECK-DAG: %[[ONE:.*]] = tolk.const 1 : !tolk.weakint
// CHECK-DAG: %[[ZERO:.*]] = tolk.const 0 : !tolk.weakint
// CHECK: %[[A:.*]] = tolk.where %arg0, %[[T]], %[[F]] : (i1, tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT: %[[B:.*]] = tolk.where %arg0, %[[F]], %[[T]] : (i1, tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT: %[[C:.*]] = tolk.where %arg0, %[[ONE]], %[[ZERO]] : (i1, !tolk.weakint, !tolk.weakint) -> !tolk.weakint
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]] :
func.func @where_not(%c: i1) -> (tensor<4xi1>, tensor<4xi1>, !tolk.weakint) {
  %t = tolk.const true : tensor<4xi1>
  %f = tolk.const false : tensor<4xi1>
  %one = tolk.const 1 : !tolk.weakint
  %zero = tolk.const 0 : !tolk.weakint
  %0 = tolk.where %c, %t, %f : (i1, tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = tolk.where %c, %f, %t : (i1, tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %2 = tolk.where %c, %one, %zero : (i1, !tolk.weakint, !tolk.weakint) -> !tolk.weakint
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, !tolk.weakint
}

// -----

// A cast of a lossless cast converts x directly: f16 -> f32 -> f64, a
// round trip f16 -> f32 -> f16, si8 -> si32 -> f32, i1 -> ui8 -> f32, and
// si16 -> f32 -> si8 (the float holds the integer exactly, so truncating it
// is wrapping it). A scalar cast to lanes and back is the scalar.
// CHECK-LABEL: func.func @cast_chain(
// CHECK-NEXT: %[[A:.*]] = tolk.cast %arg0 : f16 to f64
// CHECK-NEXT: %[[B:.*]] = tolk.cast %arg1 : si8 to f32
// CHECK-NEXT: %[[C:.*]] = tolk.cast %arg2 : i1 to f32
// CHECK-NEXT: %[[D:.*]] = tolk.cast %arg3 : si16 to si8
// CHECK-NEXT: %[[E:.*]] = tolk.cast %arg1 : si8 to si64
// CHECK-NEXT: return %[[A]], %arg0, %[[B]], %[[C]], %[[D]], %[[E]] :
func.func @cast_chain(%h: f16, %x: si8, %b: i1, %s: si16)
    -> (f64, f16, f32, f32, si8, si64) {
  %0 = tolk.cast %h : f16 to f32
  %1 = tolk.cast %0 : f32 to f64
  %2 = tolk.cast %0 : f32 to f16
  %3 = tolk.cast %x : si8 to si32
  %4 = tolk.cast %3 : si32 to f32
  %5 = tolk.cast %b : i1 to ui8
  %6 = tolk.cast %5 : ui8 to f32
  %7 = tolk.cast %s : si16 to f32
  %8 = tolk.cast %7 : f32 to si8
  %9 = tolk.cast %x : si8 to vector<4xsi16>
  %10 = tolk.cast %9 : vector<4xsi16> to si64
  return %1, %2, %4, %6, %8, %10 : f64, f16, f32, f32, si8, si64
}

// -----

// Lossy first casts stay: f32 -> f16 rounds, si32 -> si8 wraps, f16 -> bf16 has
// fewer mantissa bits, e4m3 -> e4m3fnuz are the same widths (not lossless:
// docs/Semantics.md#lossless-casts). Lanes cast to a scalar keep lane 0, which
// a cast to lanes broadcasts: no direct cast does that.
// CHECK-LABEL: func.func @cast_chain_not(
// CHECK-NEXT: %[[A0:.*]] = tolk.cast %arg0 : f32 to f16
// CHECK-NEXT: %[[A1:.*]] = tolk.cast %[[A0]] : f16 to f32
// CHECK-NEXT: %[[B0:.*]] = tolk.cast %arg1 : si32 to si8
// CHECK-NEXT: %[[B1:.*]] = tolk.cast %[[B0]] : si8 to si32
// CHECK-NEXT: %[[C0:.*]] = tolk.cast %arg2 : f16 to bf16
// CHECK-NEXT: %[[C1:.*]] = tolk.cast %[[C0]] : bf16 to f32
// CHECK-NEXT: %[[D0:.*]] = tolk.cast %arg3 : f8E4M3FN to f8E4M3FNUZ
// CHECK-NEXT: %[[D1:.*]] = tolk.cast %[[D0]] : f8E4M3FNUZ to f32
// CHECK-NEXT: %[[E0:.*]] = tolk.cast %arg4 : vector<4xsi8> to si16
// CHECK-NEXT: %[[E1:.*]] = tolk.cast %[[E0]] : si16 to vector<4xsi32>
// CHECK-NEXT: return %[[A1]], %[[B1]], %[[C1]], %[[D1]], %[[E1]] :
func.func @cast_chain_not(%y: f32, %i: si32, %h: f16, %e: f8E4M3FN,
                          %v: vector<4xsi8>)
    -> (f32, si32, f32, f32, vector<4xsi32>) {
  %0 = tolk.cast %y : f32 to f16
  %1 = tolk.cast %0 : f16 to f32
  %2 = tolk.cast %i : si32 to si8
  %3 = tolk.cast %2 : si8 to si32
  %4 = tolk.cast %h : f16 to bf16
  %5 = tolk.cast %4 : bf16 to f32
  %6 = tolk.cast %e : f8E4M3FN to f8E4M3FNUZ
  %7 = tolk.cast %6 : f8E4M3FNUZ to f32
  %8 = tolk.cast %v : vector<4xsi8> to si16
  %9 = tolk.cast %8 : si16 to vector<4xsi32>
  return %1, %3, %5, %7, %9 : f32, si32, f32, f32, vector<4xsi32>
}

// -----

// trunc and floor leave whole numbers as they are: integers, and what trunc
// or floor gave.
// CHECK-LABEL: func.func @whole(
// CHECK-NEXT: %[[T:.*]] = tolk.trunc %arg0 : f32
// CHECK-NEXT: %[[F:.*]] = tolk.floor %arg0 : f32
// CHECK-NEXT: return %[[T]], %[[F]], %[[F]], %[[T]], %arg1, %arg1 :
func.func @whole(%y: f32, %x: si8) -> (f32, f32, f32, f32, si8, si8) {
  %t = tolk.trunc %y : f32
  %0 = tolk.trunc %t : f32
  %f = tolk.floor %y : f32
  %1 = tolk.floor %f : f32
  %2 = tolk.trunc %f : f32
  %3 = tolk.floor %t : f32
  %4 = tolk.trunc %x : si8
  %5 = tolk.floor %x : si8
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, si8, si8
}
