// Constant folding on complex<f32>, complex<f64>, complex<f128> and f128
// (TolkFolds.cpp through lib/Dtype): each part rounded once, complex
// multiplication and division as complex-to-standard computes them (Smith's
// division with C's recoveries: no overflow for 1e300 / 1e300, a zero
// divisor gives infinities), negation per part, ordered cmpeq and
// unordered ne, isfinite, the conversions (real -> (x, +0), complex -> real
// keeps the real part, -> integer through it, -> i1 either part nonzero),
// bitcasts by storage (real part in the low half), and f128's exp2 and log2,
// which are not folded.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @add_c64(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (1.75, 0x7F800000) : complex<f32>
// CHECK-NEXT: return %[[V0]] : complex<f32>
func.func @add_c64() -> complex<f32> {
  %a = tolk.const (1.5, -2.0) : complex<f32>
  %b = tolk.const (0.25, 0x7F800000) : complex<f32>
  %r = tolk.add %a, %b : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @add_real_promotes(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (1.6, 0.0) : complex<f64>
// CHECK-NEXT: return %[[V0]] : complex<f64>
func.func @add_real_promotes() -> complex<f64> {
  %a = tolk.const (1.5, -0.0) : complex<f32>
  %b = tolk.const 0.1 : f64
  %r = tolk.add %a, %b : (complex<f32>, f64) -> complex<f64>
  return %r : complex<f64>
}

// -----

// CHECK-LABEL: func.func @add_weakfloat(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (1.100000023841858, 2.0) : complex<f32>
// CHECK-NEXT: return %[[V0]] : complex<f32>
func.func @add_weakfloat() -> complex<f32> {
  %a = tolk.const (1.0, 2.0) : complex<f32>
  %b = tolk.const 0.1 : !tolk.weakfloat
  %r = tolk.add %a, %b : (complex<f32>, !tolk.weakfloat) -> complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @sub_c128(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (1.0, 0.0) : complex<f64>
// CHECK-NEXT: return %[[V0]] : complex<f64>
func.func @sub_c128() -> complex<f64> {
  %a = tolk.const (1.0, 0.0) : complex<f64>
  %b = tolk.const (0.0, 0.0) : complex<f64>
  %r = tolk.sub %a, %b : complex<f64>
  return %r : complex<f64>
}

// -----

// CHECK-LABEL: func.func @neg_zero(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (-0.0, -0.0) : complex<f32>
// CHECK-NEXT: return %[[V0]] : complex<f32>
func.func @neg_zero() -> complex<f32> {
  %a = tolk.const (0.0, 0.0) : complex<f32>
  %r = tolk.neg %a : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @mul_c64(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (11.0, 2.0) : complex<f32>
// CHECK-NEXT: return %[[V0]] : complex<f32>
func.func @mul_c64() -> complex<f32> {
  %a = tolk.const (1.0, 2.0) : complex<f32>
  %b = tolk.const (3.0, -4.0) : complex<f32>
  %r = tolk.mul %a, %b : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @mul_inf_by_one(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (0x7FC00000, 0x7F800000) : complex<f32>
// CHECK-NEXT: return %[[V0]] : complex<f32>
func.func @mul_inf_by_one() -> complex<f32> {
  %a = tolk.const (1.0, 0x7F800000) : complex<f32>
  %b = tolk.const (1.0, 0.0) : complex<f32>
  %r = tolk.mul %a, %b : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @div_c64(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (-0.20000000298023224, 0.4000000059604645) : complex<f32>
// CHECK-NEXT: return %[[V0]] : complex<f32>
func.func @div_c64() -> complex<f32> {
  %a = tolk.const (1.0, 2.0) : complex<f32>
  %b = tolk.const (3.0, -4.0) : complex<f32>
  %r = tolk.div %a, %b : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @div_by_zero(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (0x7FF0000000000000, 0xFFF0000000000000) : complex<f64>
// CHECK-NEXT: return %[[V0]] : complex<f64>
func.func @div_by_zero() -> complex<f64> {
  %a = tolk.const (1.0, -1.0) : complex<f64>
  %b = tolk.const (0.0, 0.0) : complex<f64>
  %r = tolk.div %a, %b : complex<f64>
  return %r : complex<f64>
}

// -----

// CHECK-LABEL: func.func @div_no_overflow(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (1.0, 0.0) : complex<f64>
// CHECK-NEXT: return %[[V0]] : complex<f64>
func.func @div_no_overflow() -> complex<f64> {
  %a = tolk.const (1.0e300, 1.0e300) : complex<f64>
  %b = tolk.const (1.0e300, 1.0e300) : complex<f64>
  %r = tolk.div %a, %b : complex<f64>
  return %r : complex<f64>
}

// -----

// CHECK-LABEL: func.func @reciprocal_c64(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (0.0, -0.5) : complex<f32>
// CHECK-NEXT: return %[[V0]] : complex<f32>
func.func @reciprocal_c64() -> complex<f32> {
  %a = tolk.const (0.0, 2.0) : complex<f32>
  %r = tolk.reciprocal %a : complex<f32>
  return %r : complex<f32>
}

// -----

// CHECK-LABEL: func.func @cmpeq_c64(
// CHECK-NEXT: %[[V0:.*]] = tolk.const true : i1
// CHECK-NEXT: %[[V1:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[V0]], %[[V1]], %[[V1]] : i1, i1, i1
func.func @cmpeq_c64() -> (i1, i1, i1) {
  %a = tolk.const (1.0, 0.0) : complex<f32>
  %b = tolk.const (1.0, -0.0) : complex<f32>
  %n = tolk.const (1.0, 0x7FC00000) : complex<f32>
  %r = tolk.cmpeq %a, %b : (complex<f32>, complex<f32>) -> i1
  %s = tolk.cmpeq %n, %n : (complex<f32>, complex<f32>) -> i1
  %t = tolk.cmpeq %a, %n : (complex<f32>, complex<f32>) -> i1
  return %r, %s, %t : i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @ne_c64(
// CHECK-NEXT: %[[V0:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V1:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[V0]], %[[V1]] : i1, i1
func.func @ne_c64() -> (i1, i1) {
  %a = tolk.const (1.0, 0.0) : complex<f32>
  %n = tolk.const (1.0, 0x7FC00000) : complex<f32>
  %r = tolk.ne %a, %a : (complex<f32>, complex<f32>) -> i1
  %s = tolk.ne %n, %n : (complex<f32>, complex<f32>) -> i1
  return %r, %s : i1, i1
}

// -----

// CHECK-LABEL: func.func @where_c128(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (1.0, 2.0) : complex<f64>
// CHECK-NEXT: return %[[V0]] : complex<f64>
func.func @where_c128(%c: i1) -> complex<f64> {
  %t = tolk.const true : i1
  %a = tolk.const (1.0, 2.0) : complex<f64>
  %b = tolk.const 3.0 : f32
  %r = tolk.where %t, %a, %b : (i1, complex<f64>, f32) -> complex<f64>
  return %r : complex<f64>
}

// -----

// CHECK-LABEL: func.func @logical_not_c64(
// CHECK-NEXT: %[[V0:.*]] = tolk.const true : i1
// CHECK-NEXT: %[[V1:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[V0]], %[[V1]] : i1, i1
func.func @logical_not_c64() -> (i1, i1) {
  %a = tolk.const (0.0, -0.0) : complex<f32>
  %b = tolk.const (0.0, 1.0) : complex<f32>
  %r = tolk.logical_not %a : (complex<f32>) -> i1
  %s = tolk.logical_not %b : (complex<f32>) -> i1
  return %r, %s : i1, i1
}

// -----

// CHECK-LABEL: func.func @isfinite_all(
// CHECK-NEXT: %[[V0:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V1:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[V0]], %[[V1]], %[[V0]], %[[V1]], %[[V0]], %[[V1]], %[[V1]] : i1, i1, i1, i1, i1, i1, i1
func.func @isfinite_all() -> (i1, i1, i1, i1, i1, i1, i1) {
  %a = tolk.const (1.0, 0x7F800000) : complex<f32>
  %b = tolk.const (1.0, 2.0) : complex<f64>
  %c = tolk.const 0x7FFF0000000000000000000000000000 : f128
  %d = tolk.const 1.0e4000 : f128
  %e = tolk.const 0x7E00 : f16
  %f = tolk.const -7 : si8
  %g = tolk.const true : i1
  %ra = tolk.isfinite %a : (complex<f32>) -> i1
  %rb = tolk.isfinite %b : (complex<f64>) -> i1
  %rc = tolk.isfinite %c : (f128) -> i1
  %rd = tolk.isfinite %d : (f128) -> i1
  %re = tolk.isfinite %e : (f16) -> i1
  %rf = tolk.isfinite %f : (si8) -> i1
  %rg = tolk.isfinite %g : (i1) -> i1
  return %ra, %rb, %rc, %rd, %re, %rf, %rg : i1, i1, i1, i1, i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (300.5, 0.0) : complex<f32>
// CHECK-NEXT: %[[V1:.*]] = tolk.const -1.5 : f32
// CHECK-NEXT: %[[V2:.*]] = tolk.const -1 : si8
// CHECK-NEXT: %[[V3:.*]] = tolk.const true : i1
// CHECK-NEXT: %[[V4:.*]] = tolk.const (-1.5, 2.0) : complex<f32>
// CHECK-NEXT: %[[V5:.*]] = tolk.const 300.5 : f128
// CHECK-NEXT: %[[V6:.*]] = tolk.const (-3.0, 0.0) : complex<f64>
// CHECK-NEXT: return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]], %[[V5]], %[[V6]] : complex<f32>, f32, si8, i1, complex<f32>, f128, complex<f64>
func.func @casts() -> (complex<f32>, f32, si8, i1, complex<f32>, f128, complex<f64>) {
  %x = tolk.const 300.5 : f64
  %z = tolk.const (-1.5, 2.0) : complex<f64>
  %zi = tolk.const (0.0, 2.0) : complex<f64>
  %r0 = tolk.cast %x : f64 to complex<f32>
  %r1 = tolk.cast %z : complex<f64> to f32
  %r2 = tolk.cast %z : complex<f64> to si8
  %r3 = tolk.cast %zi : complex<f64> to i1
  %r4 = tolk.cast %z : complex<f64> to complex<f32>
  %r5 = tolk.cast %x : f64 to f128
  %i = tolk.const -3 : si32
  %r6 = tolk.cast %i : si32 to complex<f64>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : complex<f32>, f32, si8, i1, complex<f32>, f128, complex<f64>
}

// -----

// CHECK-LABEL: func.func @bitcast(
// CHECK-NEXT: %[[V0:.*]] = tolk.const -4611686017362034688 : si64
// CHECK-NEXT: %[[V1:.*]] = tolk.const (0.0, 1.9375) : complex<f64>
// CHECK-NEXT: return %[[V0]], %[[V1]] : si64, complex<f64>
func.func @bitcast() -> (si64, complex<f64>) {
  %z = tolk.const (1.0, -2.0) : complex<f32>
  %q = tolk.const 1.0 : f128
  %r = tolk.bitcast %z : complex<f32> to si64
  %s = tolk.bitcast %q : f128 to complex<f64>
  return %r, %s : si64, complex<f64>
}

// -----

// CHECK-LABEL: func.func @f128_ops(
// CHECK-NEXT: %[[V0:.*]] = tolk.const 3.1 : f128
// CHECK-NEXT: %[[V1:.*]] = tolk.const 0.30000000000000000000000000000000004 : f128
// CHECK-NEXT: %[[V2:.*]] = tolk.const 0.03333333333333333333333333333333333 : f128
// CHECK-NEXT: %[[V3:.*]] = tolk.const 1.7320508075688772935274463415058723 : f128
// CHECK-NEXT: %[[V4:.*]] = tolk.const true : i1
// CHECK-NEXT: %[[V5:.*]] = tolk.const -3.0 : f128
// CHECK-NEXT: %[[V6:.*]] = tolk.const 0.1 : f128
// CHECK-NEXT: %[[V7:.*]] = tolk.const 0.0 : f128
// CHECK-NEXT: return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]], %[[V5]], %[[V6]], %[[V7]] : f128, f128, f128, f128, i1, f128, f128, f128
func.func @f128_ops() -> (f128, f128, f128, f128, i1, f128, f128, f128) {
  %a = tolk.const 0.1 : f128
  %b = tolk.const 3.0 : f128
  %m = tolk.const -2.5 : f128
  %r0 = tolk.add %a, %b : f128
  %r1 = tolk.mul %a, %b : f128
  %r2 = tolk.div %a, %b : f128
  %r3 = tolk.sqrt %b : f128
  %r4 = tolk.cmplt %a, %b : (f128, f128) -> i1
  %r5 = tolk.floor %m : f128
  %r6 = tolk.max %a, %m : f128
  %r7 = tolk.sub %a, %a : f128
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f128, f128, f128, f128, i1, f128, f128, f128
}

// -----

// CHECK-LABEL: func.func @f128_unfolded(
// CHECK-NEXT: %[[V0:.*]] = tolk.const 3.0 : f128
// CHECK-NEXT: %[[V1:.*]] = tolk.exp2 %[[V0]] : f128
// CHECK-NEXT: %[[V2:.*]] = tolk.log2 %[[V0]] : f128
// CHECK-NEXT: return %[[V1]], %[[V2]] : f128, f128
func.func @f128_unfolded() -> (f128, f128) {
  %b = tolk.const 3.0 : f128
  %r0 = tolk.exp2 %b : f128
  %r1 = tolk.log2 %b : f128
  return %r0, %r1 : f128, f128
}

// -----

// CHECK-LABEL: func.func @c256(
// CHECK-NEXT: %[[V0:.*]] = tolk.const (0.03333333333333333333333333333333333, 0.3333333333333333333333333333333333) : complex<f128>
// CHECK-NEXT: return %[[V0]] : complex<f128>
func.func @c256() -> complex<f128> {
  %a = tolk.const (0.1, 1.0) : complex<f128>
  %b = tolk.const (3.0, 0.0) : complex<f128>
  %r = tolk.div %a, %b : complex<f128>
  return %r : complex<f128>
}
