// Constant folding of every elementwise op (TolkFolds.cpp), one concern per
// case: wrap-around, NaN payloads, signed zeros, 8-bit float saturation,
// fnuz zeros, comparisons with NaN, undefined divisions left unfolded,
// invalid, exact weak integers, promotion, and shaped splats. The
// generated fold-table.mlir covers the primitive ops dtype by dtype.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s

// Integers wrap at their width.
// CHECK-LABEL: func.func @add_si8_wrap
// CHECK-NEXT: %[[R:.*]] = tolk.const -128 : si8
// CHECK-NEXT: return %[[R]]
func.func @add_si8_wrap() -> si8 {
  %c0 = tolk.const 127 : si8
  %c1 = tolk.const 1 : si8
  %r = tolk.add %c0, %c1 : si8
  return %r : si8
}

// -----

// sub x y = x + neg y; neg wraps in an unsigned type.
// CHECK-LABEL: func.func @sub_ui8_wrap
// CHECK-NEXT: %[[R:.*]] = tolk.const 255 : ui8
// CHECK-NEXT: return %[[R]]
func.func @sub_ui8_wrap() -> ui8 {
  %c0 = tolk.const 0 : ui8
  %c1 = tolk.const 1 : ui8
  %r = tolk.sub %c0, %c1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func.func @mul_si16_wrap
// CHECK-NEXT: %[[R:.*]] = tolk.const 24464 : si16
// CHECK-NEXT: return %[[R]]
func.func @mul_si16_wrap() -> si16 {
  %c0 = tolk.const 300 : si16
  %c1 = tolk.const 300 : si16
  %r = tolk.mul %c0, %c1 : si16
  return %r : si16
}

// -----

// si8 + ui8 promotes to si16 before adding.
// CHECK-LABEL: func.func @add_mixed
// CHECK-NEXT: %[[R:.*]] = tolk.const 382 : si16
// CHECK-NEXT: return %[[R]]
func.func @add_mixed() -> si16 {
  %c0 = tolk.const 127 : si8
  %c1 = tolk.const 255 : ui8
  %r = tolk.add %c0, %c1 : (si8, ui8) -> si16
  return %r : si16
}

// -----

// Promotion comes first: 0 - 1 in si16, not neg 1 wrapped in ui8.
// CHECK-LABEL: func.func @sub_mixed
// CHECK-NEXT: %[[R:.*]] = tolk.const -1 : si16
// CHECK-NEXT: return %[[R]]
func.func @sub_mixed() -> si16 {
  %c0 = tolk.const 0 : si8
  %c1 = tolk.const 1 : ui8
  %r = tolk.sub %c0, %c1 : (si8, ui8) -> si16
  return %r : si16
}

// -----

// Weak integers stay exact.
// CHECK-LABEL: func.func @add_weak_int
// CHECK-NEXT: %[[R:.*]] = tolk.const 123456789012345678901234567891 : !tolk.weakint
// CHECK-NEXT: return %[[R]]
func.func @add_weak_int() -> !tolk.weakint {
  %c0 = tolk.const 123456789012345678901234567890 : !tolk.weakint
  %c1 = tolk.const 1 : !tolk.weakint
  %r = tolk.add %c0, %c1 : !tolk.weakint
  return %r : !tolk.weakint
}

// -----

// CHECK-LABEL: func.func @mul_weak_int
// CHECK-NEXT: %[[R:.*]] = tolk.const -18446744073709551616 : !tolk.weakint
// CHECK-NEXT: return %[[R]]
func.func @mul_weak_int() -> !tolk.weakint {
  %c0 = tolk.const -4294967296 : !tolk.weakint
  %c1 = tolk.const 4294967296 : !tolk.weakint
  %r = tolk.mul %c0, %c1 : !tolk.weakint
  return %r : !tolk.weakint
}

// -----

// A weak integer takes the strong type and wraps there.
// CHECK-LABEL: func.func @add_weak_into_si8
// CHECK-NEXT: %[[R:.*]] = tolk.const -128 : si8
// CHECK-NEXT: return %[[R]]
func.func @add_weak_into_si8() -> si8 {
  %c0 = tolk.const 127 : si8
  %c1 = tolk.const 1 : !tolk.weakint
  %r = tolk.add %c0, %c1 : (si8, !tolk.weakint) -> si8
  return %r : si8
}

// -----

// CHECK-LABEL: func.func @add_weak_float
// CHECK-NEXT: %[[R:.*]] = tolk.const 1.5 : !tolk.weakfloat
// CHECK-NEXT: return %[[R]]
func.func @add_weak_float() -> !tolk.weakfloat {
  %c0 = tolk.const 0.5 : !tolk.weakfloat
  %c1 = tolk.const 1 : !tolk.weakint
  %r = tolk.add %c0, %c1 : (!tolk.weakfloat, !tolk.weakint) -> !tolk.weakfloat
  return %r : !tolk.weakfloat
}

// -----

// add on Bool is or.
// CHECK-LABEL: func.func @add_bool
// CHECK-NEXT: %[[R:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @add_bool() -> i1 {
  %c0 = tolk.const true : i1
  %c1 = tolk.const true : i1
  %r = tolk.add %c0, %c1 : i1
  return %r : i1
}

// -----

// mul on Bool is and.
// CHECK-LABEL: func.func @mul_bool
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @mul_bool() -> i1 {
  %c0 = tolk.const true : i1
  %c1 = tolk.const false : i1
  %r = tolk.mul %c0, %c1 : i1
  return %r : i1
}

// -----

// +0.0 + -0.0 is +0.0.
// CHECK-LABEL: func.func @add_f32_neg_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const 0.0 : f32
// CHECK-NEXT: return %[[R]]
func.func @add_f32_neg_zero() -> f32 {
  %c0 = tolk.const 0.0 : f32
  %c1 = tolk.const -0.0 : f32
  %r = tolk.add %c0, %c1 : f32
  return %r : f32
}

// -----

// -0.0 + -0.0 is -0.0.
// CHECK-LABEL: func.func @add_f32_neg_zeros
// CHECK-NEXT: %[[R:.*]] = tolk.const -0.0 : f32
// CHECK-NEXT: return %[[R]]
func.func @add_f32_neg_zeros() -> f32 {
  %c0 = tolk.const -0.0 : f32
  %c1 = tolk.const -0.0 : f32
  %r = tolk.add %c0, %c1 : f32
  return %r : f32
}

// -----

// A NaN operand keeps its payload.
// CHECK-LABEL: func.func @add_f16_nan_payload
// CHECK-NEXT: %[[R:.*]] = tolk.const 0x7E01 : f16
// CHECK-NEXT: return %[[R]]
func.func @add_f16_nan_payload() -> f16 {
  %c0 = tolk.const 0x7E01 : f16
  %c1 = tolk.const 1.0 : f16
  %r = tolk.add %c0, %c1 : f16
  return %r : f16
}

// -----

// f16 overflows to inf.
// CHECK-LABEL: func.func @add_f16_overflow
// CHECK-NEXT: %[[R:.*]] = tolk.const 0x7C00 : f16
// CHECK-NEXT: return %[[R]]
func.func @add_f16_overflow() -> f16 {
  %c0 = tolk.const 65504.0 : f16
  %c1 = tolk.const 65504.0 : f16
  %r = tolk.add %c0, %c1 : f16
  return %r : f16
}

// -----

// Rounded once to f32.
// CHECK-LABEL: func.func @mul_f32_rounds
// CHECK-NEXT: %[[R:.*]] = tolk.const 9.999999439624929e-11 : f32
// CHECK-NEXT: return %[[R]]
func.func @mul_f32_rounds() -> f32 {
  %c0 = tolk.const 1.0e-05 : f32
  %c1 = tolk.const 1.0e-05 : f32
  %r = tolk.mul %c0, %c1 : f32
  return %r : f32
}

// -----

// 8-bit floats saturate: 448 + 64 is 448.
// CHECK-LABEL: func.func @add_f8e4m3_saturates
// CHECK-NEXT: %[[R:.*]] = tolk.const 448.0 : f8E4M3FN
// CHECK-NEXT: return %[[R]]
func.func @add_f8e4m3_saturates() -> f8E4M3FN {
  %c0 = tolk.const 448.0 : f8E4M3FN
  %c1 = tolk.const 64.0 : f8E4M3FN
  %r = tolk.add %c0, %c1 : f8E4M3FN
  return %r : f8E4M3FN
}

// -----

// CHECK-LABEL: func.func @mul_f8e5m2_saturates
// CHECK-NEXT: %[[R:.*]] = tolk.const 57344.0 : f8E5M2
// CHECK-NEXT: return %[[R]]
func.func @mul_f8e5m2_saturates() -> f8E5M2 {
  %c0 = tolk.const 57344.0 : f8E5M2
  %c1 = tolk.const 2.0 : f8E5M2
  %r = tolk.mul %c0, %c1 : f8E5M2
  return %r : f8E5M2
}

// -----

// CHECK-LABEL: func.func @add_bf16
// CHECK-NEXT: %[[R:.*]] = tolk.const 1.0 : bf16
// CHECK-NEXT: return %[[R]]
func.func @add_bf16() -> bf16 {
  %c0 = tolk.const 1.0 : bf16
  %c1 = tolk.const 0.00390625 : bf16
  %r = tolk.add %c0, %c1 : bf16
  return %r : bf16
}

// -----

// fnuz formats have no -0.0: neg 0.0 is +0.0.
// CHECK-LABEL: func.func @neg_fnuz_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const 0.0 : f8E4M3FNUZ
// CHECK-NEXT: return %[[R]]
func.func @neg_fnuz_zero() -> f8E4M3FNUZ {
  %c0 = tolk.const 0.0 : f8E4M3FNUZ
  %r = tolk.neg %c0 : f8E4M3FNUZ
  return %r : f8E4M3FNUZ
}

// -----

// CHECK-LABEL: func.func @neg_f64_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const -0.0 : f64
// CHECK-NEXT: return %[[R]]
func.func @neg_f64_zero() -> f64 {
  %c0 = tolk.const 0.0 : f64
  %r = tolk.neg %c0 : f64
  return %r : f64
}

// -----

// neg INT_MIN wraps to INT_MIN.
// CHECK-LABEL: func.func @neg_si8_min
// CHECK-NEXT: %[[R:.*]] = tolk.const -128 : si8
// CHECK-NEXT: return %[[R]]
func.func @neg_si8_min() -> si8 {
  %c0 = tolk.const -128 : si8
  %r = tolk.neg %c0 : si8
  return %r : si8
}

// -----

// CHECK-LABEL: func.func @neg_ui8
// CHECK-NEXT: %[[R:.*]] = tolk.const 255 : ui8
// CHECK-NEXT: return %[[R]]
func.func @neg_ui8() -> ui8 {
  %c0 = tolk.const 1 : ui8
  %r = tolk.neg %c0 : ui8
  return %r : ui8
}

// -----

// neg on Bool is logical_not.
// CHECK-LABEL: func.func @neg_bool
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @neg_bool() -> i1 {
  %c0 = tolk.const true : i1
  %r = tolk.neg %c0 : i1
  return %r : i1
}

// -----

// Comparisons with a NaN are false.
// CHECK-LABEL: func.func @cmplt_nan
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @cmplt_nan() -> i1 {
  %c0 = tolk.const 0x7FC00000 : f32
  %c1 = tolk.const 1.0 : f32
  %r = tolk.cmplt %c0, %c1 : (f32, f32) -> i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @cmpeq_nan
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @cmpeq_nan() -> i1 {
  %c0 = tolk.const 0x7FC00000 : f32
  %c1 = tolk.const 0x7FC00000 : f32
  %r = tolk.cmpeq %c0, %c1 : (f32, f32) -> i1
  return %r : i1
}

// -----

// -0.0 == +0.0.
// CHECK-LABEL: func.func @cmpeq_zeros
// CHECK-NEXT: %[[R:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmpeq_zeros() -> i1 {
  %c0 = tolk.const -0.0 : f64
  %c1 = tolk.const 0.0 : f64
  %r = tolk.cmpeq %c0, %c1 : (f64, f64) -> i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @cmplt_zeros
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @cmplt_zeros() -> i1 {
  %c0 = tolk.const -0.0 : f64
  %c1 = tolk.const 0.0 : f64
  %r = tolk.cmplt %c0, %c1 : (f64, f64) -> i1
  return %r : i1
}

// -----

// ne is unordered: true with a NaN.
// CHECK-LABEL: func.func @ne_nan
// CHECK-NEXT: %[[R:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @ne_nan() -> i1 {
  %c0 = tolk.const 0x7E00 : f16
  %c1 = tolk.const 0x7E00 : f16
  %r = tolk.ne %c0, %c1 : (f16, f16) -> i1
  return %r : i1
}

// -----

// le = logical_not (gt x y), so it is true with a NaN.
// CHECK-LABEL: func.func @le_nan
// CHECK-NEXT: %[[R:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @le_nan() -> i1 {
  %c0 = tolk.const 0x7E00 : f16
  %c1 = tolk.const 1.0 : f16
  %r = tolk.le %c0, %c1 : (f16, f16) -> i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @ge_nan
// CHECK-NEXT: %[[R:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @ge_nan() -> i1 {
  %c0 = tolk.const 1.0 : f16
  %c1 = tolk.const 0x7E00 : f16
  %r = tolk.ge %c0, %c1 : (f16, f16) -> i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @gt_nan
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @gt_nan() -> i1 {
  %c0 = tolk.const 0x7E00 : f16
  %c1 = tolk.const 1.0 : f16
  %r = tolk.gt %c0, %c1 : (f16, f16) -> i1
  return %r : i1
}

// -----

// si8 -1 < ui8 255 after promotion to si16.
// CHECK-LABEL: func.func @cmplt_mixed
// CHECK-NEXT: %[[R:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @cmplt_mixed() -> i1 {
  %c0 = tolk.const -1 : si8
  %c1 = tolk.const 255 : ui8
  %r = tolk.cmplt %c0, %c1 : (si8, ui8) -> i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @gt_ui
// CHECK-NEXT: %[[R:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @gt_ui() -> i1 {
  %c0 = tolk.const 200 : ui8
  %c1 = tolk.const 100 : ui8
  %r = tolk.gt %c0, %c1 : (ui8, ui8) -> i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @le_eq
// CHECK-NEXT: %[[R:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @le_eq() -> i1 {
  %c0 = tolk.const -5 : si32
  %c1 = tolk.const -5 : si32
  %r = tolk.le %c0, %c1 : (si32, si32) -> i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @ge_lt
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @ge_lt() -> i1 {
  %c0 = tolk.const -6 : si32
  %c1 = tolk.const -5 : si32
  %r = tolk.ge %c0, %c1 : (si32, si32) -> i1
  return %r : i1
}

// -----

// max returns the non-NaN operand.
// CHECK-LABEL: func.func @max_nan
// CHECK-NEXT: %[[R:.*]] = tolk.const -3.0 : f64
// CHECK-NEXT: return %[[R]]
func.func @max_nan() -> f64 {
  %c0 = tolk.const 0x7FF8000000000000 : f64
  %c1 = tolk.const -3.0 : f64
  %r = tolk.max %c0, %c1 : f64
  return %r : f64
}

// -----

// -0.0 counts as less than +0.0.
// CHECK-LABEL: func.func @max_zeros
// CHECK-NEXT: %[[R:.*]] = tolk.const 0.0 : f32
// CHECK-NEXT: return %[[R]]
func.func @max_zeros() -> f32 {
  %c0 = tolk.const -0.0 : f32
  %c1 = tolk.const 0.0 : f32
  %r = tolk.max %c0, %c1 : f32
  return %r : f32
}

// -----

// minimum = neg (max (neg x) (neg y)).
// CHECK-LABEL: func.func @minimum_zeros
// CHECK-NEXT: %[[R:.*]] = tolk.const -0.0 : f32
// CHECK-NEXT: return %[[R]]
func.func @minimum_zeros() -> f32 {
  %c0 = tolk.const -0.0 : f32
  %c1 = tolk.const 0.0 : f32
  %r = tolk.minimum %c0, %c1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @minimum_nan
// CHECK-NEXT: %[[R:.*]] = tolk.const 2.0 : f32
// CHECK-NEXT: return %[[R]]
func.func @minimum_nan() -> f32 {
  %c0 = tolk.const 0x7FC00000 : f32
  %c1 = tolk.const 2.0 : f32
  %r = tolk.minimum %c0, %c1 : f32
  return %r : f32
}

// -----

// Integers through x xor -1: INT_MIN does not overflow.
// CHECK-LABEL: func.func @minimum_si8
// CHECK-NEXT: %[[R:.*]] = tolk.const -128 : si8
// CHECK-NEXT: return %[[R]]
func.func @minimum_si8() -> si8 {
  %c0 = tolk.const -128 : si8
  %c1 = tolk.const 127 : si8
  %r = tolk.minimum %c0, %c1 : si8
  return %r : si8
}

// -----

// Unsigned through x xor max.
// CHECK-LABEL: func.func @minimum_ui8
// CHECK-NEXT: %[[R:.*]] = tolk.const 0 : ui8
// CHECK-NEXT: return %[[R]]
func.func @minimum_ui8() -> ui8 {
  %c0 = tolk.const 0 : ui8
  %c1 = tolk.const 255 : ui8
  %r = tolk.minimum %c0, %c1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func.func @minimum_bool
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @minimum_bool() -> i1 {
  %c0 = tolk.const true : i1
  %c1 = tolk.const false : i1
  %r = tolk.minimum %c0, %c1 : i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @minimum_weak
// CHECK-NEXT: %[[R:.*]] = tolk.const -100000000000000000000 : !tolk.weakint
// CHECK-NEXT: return %[[R]]
func.func @minimum_weak() -> !tolk.weakint {
  %c0 = tolk.const -100000000000000000000 : !tolk.weakint
  %c1 = tolk.const 3 : !tolk.weakint
  %r = tolk.minimum %c0, %c1 : !tolk.weakint
  return %r : !tolk.weakint
}

// -----

// CHECK-LABEL: func.func @and_si8
// CHECK-NEXT: %[[R:.*]] = tolk.const 85 : si8
// CHECK-NEXT: return %[[R]]
func.func @and_si8() -> si8 {
  %c0 = tolk.const -1 : si8
  %c1 = tolk.const 85 : si8
  %r = tolk.and %c0, %c1 : si8
  return %r : si8
}

// -----

// CHECK-LABEL: func.func @or_ui16
// CHECK-NEXT: %[[R:.*]] = tolk.const 65535 : ui16
// CHECK-NEXT: return %[[R]]
func.func @or_ui16() -> ui16 {
  %c0 = tolk.const 65280 : ui16
  %c1 = tolk.const 255 : ui16
  %r = tolk.or %c0, %c1 : ui16
  return %r : ui16
}

// -----

// CHECK-LABEL: func.func @xor_bool
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @xor_bool() -> i1 {
  %c0 = tolk.const true : i1
  %c1 = tolk.const true : i1
  %r = tolk.xor %c0, %c1 : i1
  return %r : i1
}

// -----

// Weak integers are infinite two's complement.
// CHECK-LABEL: func.func @xor_weak_negative
// CHECK-NEXT: %[[R:.*]] = tolk.const -6 : !tolk.weakint
// CHECK-NEXT: return %[[R]]
func.func @xor_weak_negative() -> !tolk.weakint {
  %c0 = tolk.const -1 : !tolk.weakint
  %c1 = tolk.const 5 : !tolk.weakint
  %r = tolk.xor %c0, %c1 : !tolk.weakint
  return %r : !tolk.weakint
}

// -----

// CHECK-LABEL: func.func @shl_wrap
// CHECK-NEXT: %[[R:.*]] = tolk.const -128 : si8
// CHECK-NEXT: return %[[R]]
func.func @shl_wrap() -> si8 {
  %c0 = tolk.const 1 : si8
  %c1 = tolk.const 7 : si8
  %r = tolk.shl %c0, %c1 : si8
  return %r : si8
}

// -----

// A shift count at or past the width gives 0.
// CHECK-LABEL: func.func @shl_width
// CHECK-NEXT: %[[R:.*]] = tolk.const 0 : si32
// CHECK-NEXT: return %[[R]]
func.func @shl_width() -> si32 {
  %c0 = tolk.const 1 : si32
  %c1 = tolk.const 32 : si32
  %r = tolk.shl %c0, %c1 : si32
  return %r : si32
}

// -----

// The count is read unsigned: -1 is past the width.
// CHECK-LABEL: func.func @shl_negative_count
// CHECK-NEXT: %[[R:.*]] = tolk.const 0 : si32
// CHECK-NEXT: return %[[R]]
func.func @shl_negative_count() -> si32 {
  %c0 = tolk.const 1 : si32
  %c1 = tolk.const -1 : si32
  %r = tolk.shl %c0, %c1 : si32
  return %r : si32
}

// -----

// Signed shr is arithmetic.
// CHECK-LABEL: func.func @shr_arith
// CHECK-NEXT: %[[R:.*]] = tolk.const -16 : si8
// CHECK-NEXT: return %[[R]]
func.func @shr_arith() -> si8 {
  %c0 = tolk.const -128 : si8
  %c1 = tolk.const 3 : si8
  %r = tolk.shr %c0, %c1 : si8
  return %r : si8
}

// -----

// Past the width: -1 for a negative signed operand.
// CHECK-LABEL: func.func @shr_past_width
// CHECK-NEXT: %[[R:.*]] = tolk.const -1 : si16
// CHECK-NEXT: return %[[R]]
func.func @shr_past_width() -> si16 {
  %c0 = tolk.const -5 : si16
  %c1 = tolk.const 100 : si16
  %r = tolk.shr %c0, %c1 : si16
  return %r : si16
}

// -----

// CHECK-LABEL: func.func @shr_logical
// CHECK-NEXT: %[[R:.*]] = tolk.const 1 : ui8
// CHECK-NEXT: return %[[R]]
func.func @shr_logical() -> ui8 {
  %c0 = tolk.const 128 : ui8
  %c1 = tolk.const 7 : ui8
  %r = tolk.shr %c0, %c1 : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func.func @shl_weak
// CHECK-NEXT: %[[R:.*]] = tolk.const 1267650600228229401496703205376 : !tolk.weakint
// CHECK-NEXT: return %[[R]]
func.func @shl_weak() -> !tolk.weakint {
  %c0 = tolk.const 1 : !tolk.weakint
  %c1 = tolk.const 100 : !tolk.weakint
  %r = tolk.shl %c0, %c1 : !tolk.weakint
  return %r : !tolk.weakint
}

// -----

// INT_MIN / -1 wraps to INT_MIN.
// CHECK-LABEL: func.func @truncdiv_int_min
// CHECK-NEXT: %[[R:.*]] = tolk.const -2147483648 : si32
// CHECK-NEXT: return %[[R]]
func.func @truncdiv_int_min() -> si32 {
  %c0 = tolk.const -2147483648 : si32
  %c1 = tolk.const -1 : si32
  %r = tolk.truncdiv %c0, %c1 : si32
  return %r : si32
}

// -----

// CHECK-LABEL: func.func @truncdiv_neg
// CHECK-NEXT: %[[R:.*]] = tolk.const -3 : si32
// CHECK-NEXT: return %[[R]]
func.func @truncdiv_neg() -> si32 {
  %c0 = tolk.const -7 : si32
  %c1 = tolk.const 2 : si32
  %r = tolk.truncdiv %c0, %c1 : si32
  return %r : si32
}

// -----

// Division by zero is not folded.
// CHECK-LABEL: func.func @truncdiv_zero
// CHECK: tolk.truncdiv
func.func @truncdiv_zero() -> si32 {
  %c0 = tolk.const 7 : si32
  %c1 = tolk.const 0 : si32
  %r = tolk.truncdiv %c0, %c1 : si32
  return %r : si32
}

// -----

// Floor division adjusts towards -inf.
// CHECK-LABEL: func.func @div_floor_neg
// CHECK-NEXT: %[[R:.*]] = tolk.const -4 : si32
// CHECK-NEXT: return %[[R]]
func.func @div_floor_neg() -> si32 {
  %c0 = tolk.const -7 : si32
  %c1 = tolk.const 2 : si32
  %r = tolk.div %c0, %c1 {rounding = #tolk.rounding<floor>} : si32
  return %r : si32
}

// -----

// CHECK-LABEL: func.func @div_floor_exact
// CHECK-NEXT: %[[R:.*]] = tolk.const -4 : si32
// CHECK-NEXT: return %[[R]]
func.func @div_floor_exact() -> si32 {
  %c0 = tolk.const -8 : si32
  %c1 = tolk.const 2 : si32
  %r = tolk.div %c0, %c1 {rounding = #tolk.rounding<floor>} : si32
  return %r : si32
}

// -----

// CHECK-LABEL: func.func @div_floor_int_min
// CHECK-NEXT: %[[R:.*]] = tolk.const -128 : si8
// CHECK-NEXT: return %[[R]]
func.func @div_floor_int_min() -> si8 {
  %c0 = tolk.const -128 : si8
  %c1 = tolk.const -1 : si8
  %r = tolk.div %c0, %c1 {rounding = #tolk.rounding<floor>} : si8
  return %r : si8
}

// -----

// CHECK-LABEL: func.func @div_floor_zero
// CHECK: tolk.div
func.func @div_floor_zero() -> ui8 {
  %c0 = tolk.const 1 : ui8
  %c1 = tolk.const 0 : ui8
  %r = tolk.div %c0, %c1 {rounding = #tolk.rounding<floor>} : ui8
  return %r : ui8
}

// -----

// CHECK-LABEL: func.func @div_trunc_int
// CHECK-NEXT: %[[R:.*]] = tolk.const -3 : si8
// CHECK-NEXT: return %[[R]]
func.func @div_trunc_int() -> si8 {
  %c0 = tolk.const -7 : si8
  %c1 = tolk.const 2 : si8
  %r = tolk.div %c0, %c1 {rounding = #tolk.rounding<trunc>} : si8
  return %r : si8
}

// -----

// Floats: trunc of x * reciprocal y.
// CHECK-LABEL: func.func @div_trunc_float
// CHECK-NEXT: %[[R:.*]] = tolk.const -3.0 : f32
// CHECK-NEXT: return %[[R]]
func.func @div_trunc_float() -> f32 {
  %c0 = tolk.const -7.0 : f32
  %c1 = tolk.const 2.0 : f32
  %r = tolk.div %c0, %c1 {rounding = #tolk.rounding<trunc>} : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @div_floor_float
// CHECK-NEXT: %[[R:.*]] = tolk.const -4.0 : f64
// CHECK-NEXT: return %[[R]]
func.func @div_floor_float() -> f64 {
  %c0 = tolk.const -7.0 : f64
  %c1 = tolk.const 2.0 : f64
  %r = tolk.div %c0, %c1 {rounding = #tolk.rounding<floor>} : f64
  return %r : f64
}

// -----

// Without rounding, integers divide as floats (default f32).
// CHECK-LABEL: func.func @div_int_to_float
// CHECK-NEXT: %[[R:.*]] = tolk.const 0.25 : f32
// CHECK-NEXT: return %[[R]]
func.func @div_int_to_float() -> f32 {
  %c0 = tolk.const 1 : si32
  %c1 = tolk.const 4 : si32
  %r = tolk.div %c0, %c1 : (si32, si32) -> f32
  return %r : f32
}

// -----

// 1.0 / -0.0 is -inf.
// CHECK-LABEL: func.func @div_float_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const 0xFFF0000000000000 : f64
// CHECK-NEXT: return %[[R]]
func.func @div_float_zero() -> f64 {
  %c0 = tolk.const 1.0 : f64
  %c1 = tolk.const -0.0 : f64
  %r = tolk.div %c0, %c1 : f64
  return %r : f64
}

// -----

// An integer divided as a float by zero is inf.
// CHECK-LABEL: func.func @div_int_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const 0x7F800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @div_int_zero() -> f32 {
  %c0 = tolk.const 1 : si16
  %c1 = tolk.const 0 : si16
  %r = tolk.div %c0, %c1 : (si16, si16) -> f32
  return %r : f32
}

// -----

// mod is the remainder of floor division (the sign of rhs).
// CHECK-LABEL: func.func @mod_floor
// CHECK-NEXT: %[[R:.*]] = tolk.const 1 : si32
// CHECK-NEXT: return %[[R]]
func.func @mod_floor() -> si32 {
  %c0 = tolk.const -7 : si32
  %c1 = tolk.const 2 : si32
  %r = tolk.mod %c0, %c1 : si32
  return %r : si32
}

// -----

// CHECK-LABEL: func.func @mod_floor_neg_divisor
// CHECK-NEXT: %[[R:.*]] = tolk.const -1 : si32
// CHECK-NEXT: return %[[R]]
func.func @mod_floor_neg_divisor() -> si32 {
  %c0 = tolk.const 7 : si32
  %c1 = tolk.const -2 : si32
  %r = tolk.mod %c0, %c1 : si32
  return %r : si32
}

// -----

// CHECK-LABEL: func.func @mod_zero
// CHECK: tolk.mod
func.func @mod_zero() -> si32 {
  %c0 = tolk.const 7 : si32
  %c1 = tolk.const 0 : si32
  %r = tolk.mod %c0, %c1 : si32
  return %r : si32
}

// -----

// CHECK-LABEL: func.func @mod_float
// CHECK-NEXT: %[[R:.*]] = tolk.const 0.5 : f64
// CHECK-NEXT: return %[[R]]
func.func @mod_float() -> f64 {
  %c0 = tolk.const -5.5 : f64
  %c1 = tolk.const 2.0 : f64
  %r = tolk.mod %c0, %c1 : f64
  return %r : f64
}

// -----

// fmod is the remainder of truncating division (the sign of lhs).
// CHECK-LABEL: func.func @fmod_trunc
// CHECK-NEXT: %[[R:.*]] = tolk.const -1 : si32
// CHECK-NEXT: return %[[R]]
func.func @fmod_trunc() -> si32 {
  %c0 = tolk.const -7 : si32
  %c1 = tolk.const 2 : si32
  %r = tolk.fmod %c0, %c1 : si32
  return %r : si32
}

// -----

// CHECK-LABEL: func.func @fmod_int_min
// CHECK-NEXT: %[[R:.*]] = tolk.const 0 : si8
// CHECK-NEXT: return %[[R]]
func.func @fmod_int_min() -> si8 {
  %c0 = tolk.const -128 : si8
  %c1 = tolk.const -1 : si8
  %r = tolk.fmod %c0, %c1 : si8
  return %r : si8
}

// -----

// CHECK-LABEL: func.func @fmod_float
// CHECK-NEXT: %[[R:.*]] = tolk.const -1.5 : f64
// CHECK-NEXT: return %[[R]]
func.func @fmod_float() -> f64 {
  %c0 = tolk.const -5.5 : f64
  %c1 = tolk.const 2.0 : f64
  %r = tolk.fmod %c0, %c1 : f64
  return %r : f64
}

// -----

// pow wraps.
// CHECK-LABEL: func.func @pow_int
// CHECK-NEXT: %[[R:.*]] = tolk.const -13 : si8
// CHECK-NEXT: return %[[R]]
func.func @pow_int() -> si8 {
  %c0 = tolk.const 3 : si8
  %c1 = tolk.const 5 : si8
  %r = tolk.pow %c0, %c1 : si8
  return %r : si8
}

// -----

// An integer base keeps its type with a weak exponent.
// CHECK-LABEL: func.func @pow_weak_exponent
// CHECK-NEXT: %[[R:.*]] = tolk.const 0 : ui8
// CHECK-NEXT: return %[[R]]
func.func @pow_weak_exponent() -> ui8 {
  %c0 = tolk.const 2 : ui8
  %c1 = tolk.const 9 : !tolk.weakint
  %r = tolk.pow %c0, %c1 : (ui8, !tolk.weakint) -> ui8
  return %r : ui8
}

// -----

// A negative integer exponent is not folded.
// CHECK-LABEL: func.func @pow_negative_int
// CHECK: tolk.pow
func.func @pow_negative_int() -> si32 {
  %c0 = tolk.const 2 : si32
  %c1 = tolk.const -1 : si32
  %r = tolk.pow %c0, %c1 : si32
  return %r : si32
}

// -----

// pow(NaN, 0) is 1.
// CHECK-LABEL: func.func @pow_float_nan_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const 1.0 : f32
// CHECK-NEXT: return %[[R]]
func.func @pow_float_nan_zero() -> f32 {
  %c0 = tolk.const 0x7FC00000 : f32
  %c1 = tolk.const 0.0 : f32
  %r = tolk.pow %c0, %c1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @pow_float_negative
// CHECK-NEXT: %[[R:.*]] = tolk.const 0.25 : f32
// CHECK-NEXT: return %[[R]]
func.func @pow_float_negative() -> f32 {
  %c0 = tolk.const 2.0 : f32
  %c1 = tolk.const -2.0 : f32
  %r = tolk.pow %c0, %c1 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @reciprocal_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const 0xFC00 : f16
// CHECK-NEXT: return %[[R]]
func.func @reciprocal_zero() -> f16 {
  %c0 = tolk.const -0.0 : f16
  %r = tolk.reciprocal %c0 : f16
  return %r : f16
}

// -----

// 1 / 0 in a format without infinities is its NaN.
// CHECK-LABEL: func.func @reciprocal_fnuz_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const 0x80 : f8E4M3FNUZ
// CHECK-NEXT: return %[[R]]
func.func @reciprocal_fnuz_zero() -> f8E4M3FNUZ {
  %c0 = tolk.const 0.0 : f8E4M3FNUZ
  %r = tolk.reciprocal %c0 : f8E4M3FNUZ
  return %r : f8E4M3FNUZ
}

// -----

// CHECK-LABEL: func.func @sqrt_neg_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const -0.0 : f64
// CHECK-NEXT: return %[[R]]
func.func @sqrt_neg_zero() -> f64 {
  %c0 = tolk.const -0.0 : f64
  %r = tolk.sqrt %c0 : f64
  return %r : f64
}

// -----

// CHECK-LABEL: func.func @sqrt_negative
// CHECK-NEXT: %[[R:.*]] = tolk.const 0x7FC00000 : f32
// CHECK-NEXT: return %[[R]]
func.func @sqrt_negative() -> f32 {
  %c0 = tolk.const -4.0 : f32
  %r = tolk.sqrt %c0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @sqrt_f32
// CHECK-NEXT: %[[R:.*]] = tolk.const 1.4142135381698608 : f32
// CHECK-NEXT: return %[[R]]
func.func @sqrt_f32() -> f32 {
  %c0 = tolk.const 2.0 : f32
  %r = tolk.sqrt %c0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @exp2_f16_overflow
// CHECK-NEXT: %[[R:.*]] = tolk.const 0x7C00 : f16
// CHECK-NEXT: return %[[R]]
func.func @exp2_f16_overflow() -> f16 {
  %c0 = tolk.const 16.0 : f16
  %r = tolk.exp2 %c0 : f16
  return %r : f16
}

// -----

// CHECK-LABEL: func.func @exp2_f8_saturates
// CHECK-NEXT: %[[R:.*]] = tolk.const 448.0 : f8E4M3FN
// CHECK-NEXT: return %[[R]]
func.func @exp2_f8_saturates() -> f8E4M3FN {
  %c0 = tolk.const 10.0 : f8E4M3FN
  %r = tolk.exp2 %c0 : f8E4M3FN
  return %r : f8E4M3FN
}

// -----

// CHECK-LABEL: func.func @log2_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const 0xFF800000 : f32
// CHECK-NEXT: return %[[R]]
func.func @log2_zero() -> f32 {
  %c0 = tolk.const 0.0 : f32
  %r = tolk.log2 %c0 : f32
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @log2_f64
// CHECK-NEXT: %[[R:.*]] = tolk.const 3.0 : f64
// CHECK-NEXT: return %[[R]]
func.func @log2_f64() -> f64 {
  %c0 = tolk.const 8.0 : f64
  %r = tolk.log2 %c0 : f64
  return %r : f64
}

// -----

// CHECK-LABEL: func.func @trunc_neg
// CHECK-NEXT: %[[R:.*]] = tolk.const -2.0 : f32
// CHECK-NEXT: return %[[R]]
func.func @trunc_neg() -> f32 {
  %c0 = tolk.const -2.5 : f32
  %r = tolk.trunc %c0 : f32
  return %r : f32
}

// -----

// trunc -0.5 is -0.0.
// CHECK-LABEL: func.func @trunc_small_neg
// CHECK-NEXT: %[[R:.*]] = tolk.const -0.0 : f64
// CHECK-NEXT: return %[[R]]
func.func @trunc_small_neg() -> f64 {
  %c0 = tolk.const -0.5 : f64
  %r = tolk.trunc %c0 : f64
  return %r : f64
}

// -----

// floor: trunc x, less one where that is above x.
// CHECK-LABEL: func.func @floor_small_neg
// CHECK-NEXT: %[[R:.*]] = tolk.const -1.0 : f64
// CHECK-NEXT: return %[[R]]
func.func @floor_small_neg() -> f64 {
  %c0 = tolk.const -0.5 : f64
  %r = tolk.floor %c0 : f64
  return %r : f64
}

// -----

// CHECK-LABEL: func.func @floor_neg_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const -0.0 : f64
// CHECK-NEXT: return %[[R]]
func.func @floor_neg_zero() -> f64 {
  %c0 = tolk.const -0.0 : f64
  %r = tolk.floor %c0 : f64
  return %r : f64
}

// -----

// CHECK-LABEL: func.func @floor_nan
// CHECK-NEXT: %[[R:.*]] = tolk.const 0x7E00 : f16
// CHECK-NEXT: return %[[R]]
func.func @floor_nan() -> f16 {
  %c0 = tolk.const 0x7E00 : f16
  %r = tolk.floor %c0 : f16
  return %r : f16
}

// -----

// CHECK-LABEL: func.func @floor_bf16
// CHECK-NEXT: %[[R:.*]] = tolk.const 2.0 : bf16
// CHECK-NEXT: return %[[R]]
func.func @floor_bf16() -> bf16 {
  %c0 = tolk.const 2.5 : bf16
  %r = tolk.floor %c0 : bf16
  return %r : bf16
}

// -----

// logical_not = cmpeq (cast x Bool) false; a NaN is nonzero.
// CHECK-LABEL: func.func @logical_not_nan
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @logical_not_nan() -> i1 {
  %c0 = tolk.const 0x7FC00000 : f32
  %r = tolk.logical_not %c0 : (f32) -> i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @logical_not_neg_zero
// CHECK-NEXT: %[[R:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @logical_not_neg_zero() -> i1 {
  %c0 = tolk.const -0.0 : f32
  %r = tolk.logical_not %c0 : (f32) -> i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @logical_not_int
// CHECK-NEXT: %[[R:.*]] = tolk.const false : i1
// CHECK-NEXT: return %[[R]]
func.func @logical_not_int() -> i1 {
  %c0 = tolk.const 256 : si32
  %r = tolk.logical_not %c0 : (si32) -> i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @bitwise_not_si8
// CHECK-NEXT: %[[R:.*]] = tolk.const -1 : si8
// CHECK-NEXT: return %[[R]]
func.func @bitwise_not_si8() -> si8 {
  %c0 = tolk.const 0 : si8
  %r = tolk.bitwise_not %c0 : si8
  return %r : si8
}

// -----

// CHECK-LABEL: func.func @bitwise_not_ui16
// CHECK-NEXT: %[[R:.*]] = tolk.const 65534 : ui16
// CHECK-NEXT: return %[[R]]
func.func @bitwise_not_ui16() -> ui16 {
  %c0 = tolk.const 1 : ui16
  %r = tolk.bitwise_not %c0 : ui16
  return %r : ui16
}

// -----

// CHECK-LABEL: func.func @bitwise_not_bool
// CHECK-NEXT: %[[R:.*]] = tolk.const true : i1
// CHECK-NEXT: return %[[R]]
func.func @bitwise_not_bool() -> i1 {
  %c0 = tolk.const false : i1
  %r = tolk.bitwise_not %c0 : i1
  return %r : i1
}

// -----

// CHECK-LABEL: func.func @bitwise_not_weak
// CHECK-NEXT: %[[R:.*]] = tolk.const -6 : !tolk.weakint
// CHECK-NEXT: return %[[R]]
func.func @bitwise_not_weak() -> !tolk.weakint {
  %c0 = tolk.const 5 : !tolk.weakint
  %r = tolk.bitwise_not %c0 : !tolk.weakint
  return %r : !tolk.weakint
}

// -----

// invalid propagates.
// CHECK-LABEL: func.func @add_invalid
// CHECK-NEXT: %[[R:.*]] = tolk.const invalid : si8
// CHECK-NEXT: return %[[R]]
func.func @add_invalid() -> si8 {
  %c0 = tolk.const invalid : si8
  %c1 = tolk.const 1 : si8
  %r = tolk.add %c0, %c1 : si8
  return %r : si8
}

// -----

// invalid wins over an undefined division.
// CHECK-LABEL: func.func @div_zero_invalid
// CHECK-NEXT: %[[R:.*]] = tolk.const invalid : si8
// CHECK-NEXT: return %[[R]]
func.func @div_zero_invalid() -> si8 {
  %c0 = tolk.const invalid : si8
  %c1 = tolk.const 0 : si8
  %r = tolk.truncdiv %c0, %c1 : si8
  return %r : si8
}

// -----

// where on constants promotes the arms.
// CHECK-LABEL: func.func @where_const
// CHECK-NEXT: %[[R:.*]] = tolk.const 1 : si16
// CHECK-NEXT: return %[[R]]
func.func @where_const() -> si16 {
  %c0 = tolk.const true : i1
  %c1 = tolk.const 1 : si8
  %c2 = tolk.const 300 : si16
  %r = tolk.where %c0, %c1, %c2 : (i1, si8, si16) -> si16
  return %r : si16
}

// -----

// CHECK-LABEL: func.func @where_invalid_cond
// CHECK-NEXT: %[[R:.*]] = tolk.const invalid : f32
// CHECK-NEXT: return %[[R]]
func.func @where_invalid_cond() -> f32 {
  %c0 = tolk.const invalid : i1
  %c1 = tolk.const 1.0 : f32
  %c2 = tolk.const 2.0 : f32
  %r = tolk.where %c0, %c1, %c2 : (i1, f32, f32) -> f32
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @where_invalid_arm
// CHECK-NEXT: %[[R:.*]] = tolk.const 2.0 : f32
// CHECK-NEXT: return %[[R]]
func.func @where_invalid_arm() -> f32 {
  %c0 = tolk.const false : i1
  %c1 = tolk.const invalid : f32
  %c2 = tolk.const 2.0 : f32
  %r = tolk.where %c0, %c1, %c2 : (i1, f32, f32) -> f32
  return %r : f32
}

// -----

// Splat tensors fold to a splat.
// CHECK-LABEL: func.func @add_tensor
// CHECK-NEXT: %[[R:.*]] = tolk.const 3.5 : tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @add_tensor() -> tensor<2x3xf32> {
  %c0 = tolk.const 1.5 : tensor<2x3xf32>
  %c1 = tolk.const 2.0 : tensor<2x3xf32>
  %r = tolk.add %c0, %c1 : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @add_vector_broadcast
// CHECK-NEXT: %[[R:.*]] = tolk.const 1 : vector<4xsi8>
// CHECK-NEXT: return %[[R]]
func.func @add_vector_broadcast() -> vector<4xsi8> {
  %c0 = tolk.const -1 : si8
  %c1 = tolk.const 2 : vector<4xsi8>
  %r = tolk.add %c0, %c1 : (si8, vector<4xsi8>) -> vector<4xsi8>
  return %r : vector<4xsi8>
}

// -----

// CHECK-LABEL: func.func @cmplt_tensor
// CHECK-NEXT: %[[R:.*]] = tolk.const true : tensor<4xi1>
// CHECK-NEXT: return %[[R]]
func.func @cmplt_tensor() -> tensor<4xi1> {
  %c0 = tolk.const 1 : tensor<4xui32>
  %c1 = tolk.const 2 : tensor<4xui32>
  %r = tolk.cmplt %c0, %c1 : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}
