// --tolk-decompose replaces each derived op by its definition
// (docs/Semantics.md#derived-operations) in primitives, promoting operands
// first (tolk.cast), so that every step computes in the promoted type.
// RUN: tolk-opt %s -split-input-file --tolk-decompose | FileCheck %s
// The decomposed IR is valid, and decomposing again changes nothing.
// RUN: tolk-opt %s -split-input-file --tolk-decompose --verify-each | tolk-opt -split-input-file --tolk-decompose | FileCheck %s

// sub x y is x + neg y, in the promoted type: neg of a ui8 operand would
// wrap in ui8 where the definition negates in si16.
// CHECK-LABEL: func.func @sub_mixed(
// CHECK-NEXT: %[[V0:.*]] = tolk.cast %arg0 : si8 to si16
// CHECK-NEXT: %[[V1:.*]] = tolk.cast %arg1 : ui8 to si16
// CHECK-NEXT: %[[V2:.*]] = tolk.const -1 : si16
// CHECK-NEXT: %[[V3:.*]] = tolk.mul %[[V1]], %[[V2]] : si16
// CHECK-NEXT: %[[V4:.*]] = tolk.add %[[V0]], %[[V3]] : si16
// CHECK-NEXT: return %[[V4]] : si16
func.func @sub_mixed(%a: si8, %b: ui8) -> si16 {
  %0 = tolk.sub %a, %b : (si8, ui8) -> si16
  return %0 : si16
}

// -----

// CHECK-LABEL: func.func @sub_vector(
// CHECK-NEXT: %[[V0:.*]] = tolk.cast %arg0 : vector<4xf16> to vector<4xf32>
// CHECK-NEXT: %[[V1:.*]] = tolk.const -1.0 : f32
// CHECK-NEXT: %[[V2:.*]] = tolk.mul %arg1, %[[V1]] : f32
// CHECK-NEXT: %[[V3:.*]] = tolk.add %[[V0]], %[[V2]] : (vector<4xf32>, f32) -> vector<4xf32>
// CHECK-NEXT: return %[[V3]] : vector<4xf32>
func.func @sub_vector(%a: vector<4xf16>, %b: f32) -> vector<4xf32> {
  %0 = tolk.sub %a, %b : (vector<4xf16>, f32) -> vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

// neg is x * -1, -1 in x's own type (all ones in an unsigned type), and
// logical_not for Bool. On a weak argument it waits for the commit, which
// gives the argument its type (decompose-weak.mlir).
// CHECK-LABEL: func.func @neg(
// CHECK-NEXT: %[[V0:.*]] = tolk.const 255 : ui8
// CHECK-NEXT: %[[V1:.*]] = tolk.mul %arg0, %[[V0]] : ui8
// CHECK-NEXT: %[[V2:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V3:.*]] = tolk.cmpeq %arg1, %[[V2]] : i1
// CHECK-NEXT: %[[V5:.*]] = tolk.neg %arg2 : !tolk.weakint
// CHECK-NEXT: %[[V6:.*]] = tolk.const -1.0 : bf16
// CHECK-NEXT: %[[V7:.*]] = tolk.mul %arg3, %[[V6]] : (tensor<2xbf16>, bf16) -> tensor<2xbf16>
// CHECK-NEXT: return %[[V1]], %[[V3]], %[[V5]], %[[V7]] : ui8, i1, !tolk.weakint, tensor<2xbf16>
func.func @neg(%a: ui8, %b: i1, %c: !tolk.weakint, %d: tensor<2xbf16>) -> (ui8, i1, !tolk.weakint, tensor<2xbf16>) {
  %0 = tolk.neg %a : ui8
  %1 = tolk.neg %b : i1
  %2 = tolk.neg %c : !tolk.weakint
  %3 = tolk.neg %d : tensor<2xbf16>
  return %0, %1, %2, %3 : ui8, i1, !tolk.weakint, tensor<2xbf16>
}

// -----

// Comparisons: gt x y is lt y x; le, ge and ne are logical_not of an ordered
// comparison (true when an operand is a NaN).
// CHECK-LABEL: func.func @comparisons(
// CHECK-NEXT: %[[V0:.*]] = tolk.cmplt %arg1, %arg0 : (f32, f16) -> i1
// CHECK-NEXT: %[[V1:.*]] = tolk.cmplt %arg1, %arg0 : (f32, f16) -> i1
// CHECK-NEXT: %[[V2:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V3:.*]] = tolk.cmpeq %[[V1]], %[[V2]] : i1
// CHECK-NEXT: %[[V4:.*]] = tolk.cmplt %arg0, %arg1 : (f16, f32) -> i1
// CHECK-NEXT: %[[V5:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V6:.*]] = tolk.cmpeq %[[V4]], %[[V5]] : i1
// CHECK-NEXT: %[[V7:.*]] = tolk.cmpeq %arg0, %arg1 : (f16, f32) -> i1
// CHECK-NEXT: %[[V8:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V9:.*]] = tolk.cmpeq %[[V7]], %[[V8]] : i1
// CHECK-NEXT: return %[[V0]], %[[V3]], %[[V6]], %[[V9]] : i1, i1, i1, i1
func.func @comparisons(%x: f16, %y: f32) -> (i1, i1, i1, i1) {
  %0 = tolk.gt %x, %y : (f16, f32) -> i1
  %1 = tolk.le %x, %y : (f16, f32) -> i1
  %2 = tolk.ge %x, %y : (f16, f32) -> i1
  %3 = tolk.ne %x, %y : (f16, f32) -> i1
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// -----

// logical_not x is eq (cast x Bool) false.
// CHECK-LABEL: func.func @logical_not(
// CHECK-NEXT: %[[V0:.*]] = tolk.cast %arg0 : f32 to i1
// CHECK-NEXT: %[[V1:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V2:.*]] = tolk.cmpeq %[[V0]], %[[V1]] : i1
// CHECK-NEXT: %[[V3:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V4:.*]] = tolk.cmpeq %arg1, %[[V3]] : i1
// CHECK-NEXT: return %[[V2]], %[[V4]] : i1, i1
func.func @logical_not(%x: f32, %b: i1) -> (i1, i1) {
  %0 = tolk.logical_not %x : (f32) -> i1
  %1 = tolk.logical_not %b : i1
  return %0, %1 : i1, i1
}

// -----

// bitwise_not is x xor all ones, logical_not for Bool.
// CHECK-LABEL: func.func @bitwise_not(
// CHECK-NEXT: %[[V0:.*]] = tolk.const -1 : si8
// CHECK-NEXT: %[[V1:.*]] = tolk.xor %arg0, %[[V0]] : si8
// CHECK-NEXT: %[[V2:.*]] = tolk.const 65535 : ui16
// CHECK-NEXT: %[[V3:.*]] = tolk.xor %arg1, %[[V2]] : ui16
// CHECK-NEXT: %[[V4:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V5:.*]] = tolk.cmpeq %arg2, %[[V4]] : i1
// CHECK-NEXT: return %[[V1]], %[[V3]], %[[V5]] : si8, ui16, i1
func.func @bitwise_not(%a: si8, %b: ui16, %c: i1) -> (si8, ui16, i1) {
  %0 = tolk.bitwise_not %a : si8
  %1 = tolk.bitwise_not %b : ui16
  %2 = tolk.bitwise_not %c : i1
  return %0, %1, %2 : si8, ui16, i1
}

// -----

// floor x is trunc x, less one where that is above x.
// CHECK-LABEL: func.func @floor(
// CHECK-NEXT: %[[V0:.*]] = tolk.trunc %arg0 : tensor<2x3xbf16>
// CHECK-NEXT: %[[V1:.*]] = tolk.cmplt %arg0, %[[V0]] : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[V2:.*]] = tolk.const 1.0 : bf16
// CHECK-NEXT: %[[V3:.*]] = tolk.const -1.0 : bf16
// CHECK-NEXT: %[[V4:.*]] = tolk.mul %[[V2]], %[[V3]] : bf16
// CHECK-NEXT: %[[V5:.*]] = tolk.add %[[V0]], %[[V4]] : (tensor<2x3xbf16>, bf16) -> tensor<2x3xbf16>
// CHECK-NEXT: %[[V6:.*]] = tolk.where %[[V1]], %[[V5]], %[[V0]] : (tensor<2x3xi1>, tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: return %[[V6]] : tensor<2x3xbf16>
func.func @floor(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = tolk.floor %x : tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// minimum: through neg for floats, through the order-reversing bitwise_not
// for integers (neg INT_MIN would overflow).
// CHECK-LABEL: func.func @minimum(
// CHECK-NEXT: %[[V0:.*]] = tolk.cast %arg1 : f16 to f32
// CHECK-NEXT: %[[V1:.*]] = tolk.const -1.0 : f32
// CHECK-NEXT: %[[V2:.*]] = tolk.mul %arg0, %[[V1]] : f32
// CHECK-NEXT: %[[V3:.*]] = tolk.const -1.0 : f32
// CHECK-NEXT: %[[V4:.*]] = tolk.mul %[[V0]], %[[V3]] : f32
// CHECK-NEXT: %[[V5:.*]] = tolk.max %[[V2]], %[[V4]] : f32
// CHECK-NEXT: %[[V6:.*]] = tolk.const -1.0 : f32
// CHECK-NEXT: %[[V7:.*]] = tolk.mul %[[V5]], %[[V6]] : f32
// CHECK-NEXT: %[[V8:.*]] = tolk.const -1 : si8
// CHECK-NEXT: %[[V9:.*]] = tolk.xor %arg2, %[[V8]] : si8
// CHECK-NEXT: %[[V10:.*]] = tolk.const -1 : si8
// CHECK-NEXT: %[[V11:.*]] = tolk.xor %arg3, %[[V10]] : si8
// CHECK-NEXT: %[[V12:.*]] = tolk.max %[[V9]], %[[V11]] : si8
// CHECK-NEXT: %[[V13:.*]] = tolk.const -1 : si8
// CHECK-NEXT: %[[V14:.*]] = tolk.xor %[[V12]], %[[V13]] : si8
// CHECK-NEXT: return %[[V7]], %[[V14]] : f32, si8
func.func @minimum(%x: f32, %y: f16, %a: si8, %b: si8) -> (f32, si8) {
  %0 = tolk.minimum %x, %y : (f32, f16) -> f32
  %1 = tolk.minimum %a, %b : si8
  return %0, %1 : f32, si8
}

// -----

// div without rounding: x, as a float, times y's reciprocal; integers first
// promote (si16), then convert to least_upper_float.
// CHECK-LABEL: func.func @div_float(
// CHECK-NEXT: %[[V0:.*]] = tolk.cast %arg0 : si8 to si16
// CHECK-NEXT: %[[V1:.*]] = tolk.cast %arg1 : ui8 to si16
// CHECK-NEXT: %[[V2:.*]] = tolk.cast %[[V0]] : si16 to f32
// CHECK-NEXT: %[[V3:.*]] = tolk.cast %[[V1]] : si16 to f32
// CHECK-NEXT: %[[V4:.*]] = tolk.reciprocal %[[V3]] : f32
// CHECK-NEXT: %[[V5:.*]] = tolk.mul %[[V2]], %[[V4]] : f32
// CHECK-NEXT: return %[[V5]] : f32
func.func @div_float(%a: si8, %b: ui8) -> f32 {
  %0 = tolk.div %a, %b : (si8, ui8) -> f32
  return %0 : f32
}

// -----

// CHECK-LABEL: func.func @div_trunc_float(
// CHECK-NEXT: %[[V0:.*]] = tolk.reciprocal %arg1 : f32
// CHECK-NEXT: %[[V1:.*]] = tolk.mul %arg0, %[[V0]] : f32
// CHECK-NEXT: %[[V2:.*]] = tolk.trunc %[[V1]] : f32
// CHECK-NEXT: return %[[V2]] : f32
func.func @div_trunc_float(%x: f32, %y: f32) -> f32 {
  %0 = tolk.div %x, %y {rounding = #tolk.rounding<trunc>} : f32
  return %0 : f32
}

// -----

// CHECK-LABEL: func.func @div_trunc_int(
// CHECK-NEXT: %[[V0:.*]] = tolk.truncdiv %arg0, %arg1 : si32
// CHECK-NEXT: return %[[V0]] : si32
func.func @div_trunc_int(%a: si32, %b: si32) -> si32 {
  %0 = tolk.div %a, %b {rounding = #tolk.rounding<trunc>} : si32
  return %0 : si32
}

// -----

// Floor division of integers: truncdiv, less one where the remainder is
// nonzero and its sign differs from the divisor's.
// CHECK-LABEL: func.func @div_floor_int(
// CHECK-NEXT: %[[V0:.*]] = tolk.truncdiv %arg0, %arg1 : si32
// CHECK-NEXT: %[[V1:.*]] = tolk.mul %arg1, %[[V0]] : si32
// CHECK-NEXT: %[[V2:.*]] = tolk.const -1 : si32
// CHECK-NEXT: %[[V3:.*]] = tolk.mul %[[V1]], %[[V2]] : si32
// CHECK-NEXT: %[[V4:.*]] = tolk.add %arg0, %[[V3]] : si32
// CHECK-NEXT: %[[V5:.*]] = tolk.const 0 : si32
// CHECK-NEXT: %[[V6:.*]] = tolk.cmpeq %[[V4]], %[[V5]] : (si32, si32) -> i1
// CHECK-NEXT: %[[V7:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V8:.*]] = tolk.cmpeq %[[V6]], %[[V7]] : i1
// CHECK-NEXT: %[[V9:.*]] = tolk.cmplt %[[V4]], %[[V5]] : (si32, si32) -> i1
// CHECK-NEXT: %[[V10:.*]] = tolk.cmplt %arg1, %[[V5]] : (si32, si32) -> i1
// CHECK-NEXT: %[[V11:.*]] = tolk.cmpeq %[[V9]], %[[V10]] : i1
// CHECK-NEXT: %[[V12:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V13:.*]] = tolk.cmpeq %[[V11]], %[[V12]] : i1
// CHECK-NEXT: %[[V14:.*]] = tolk.and %[[V8]], %[[V13]] : i1
// CHECK-NEXT: %[[V15:.*]] = tolk.const 1 : si32
// CHECK-NEXT: %[[V16:.*]] = tolk.const -1 : si32
// CHECK-NEXT: %[[V17:.*]] = tolk.mul %[[V15]], %[[V16]] : si32
// CHECK-NEXT: %[[V18:.*]] = tolk.add %[[V0]], %[[V17]] : si32
// CHECK-NEXT: %[[V19:.*]] = tolk.where %[[V14]], %[[V18]], %[[V0]] : (i1, si32, si32) -> si32
// CHECK-NEXT: return %[[V19]] : si32
func.func @div_floor_int(%a: si32, %b: si32) -> si32 {
  %0 = tolk.div %a, %b {rounding = #tolk.rounding<floor>} : si32
  return %0 : si32
}

// -----

// mod and fmod: x - y * q, q the floor or truncating quotient.
// CHECK-LABEL: func.func @mod(
// CHECK-NEXT: %[[V0:.*]] = tolk.truncdiv %arg0, %arg1 : si32
// CHECK-NEXT: %[[V1:.*]] = tolk.mul %arg1, %[[V0]] : si32
// CHECK-NEXT: %[[V2:.*]] = tolk.const -1 : si32
// CHECK-NEXT: %[[V3:.*]] = tolk.mul %[[V1]], %[[V2]] : si32
// CHECK-NEXT: %[[V4:.*]] = tolk.add %arg0, %[[V3]] : si32
// CHECK-NEXT: %[[V5:.*]] = tolk.const 0 : si32
// CHECK-NEXT: %[[V6:.*]] = tolk.cmpeq %[[V4]], %[[V5]] : (si32, si32) -> i1
// CHECK-NEXT: %[[V7:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V8:.*]] = tolk.cmpeq %[[V6]], %[[V7]] : i1
// CHECK-NEXT: %[[V9:.*]] = tolk.cmplt %[[V4]], %[[V5]] : (si32, si32) -> i1
// CHECK-NEXT: %[[V10:.*]] = tolk.cmplt %arg1, %[[V5]] : (si32, si32) -> i1
// CHECK-NEXT: %[[V11:.*]] = tolk.cmpeq %[[V9]], %[[V10]] : i1
// CHECK-NEXT: %[[V12:.*]] = tolk.const false : i1
// CHECK-NEXT: %[[V13:.*]] = tolk.cmpeq %[[V11]], %[[V12]] : i1
// CHECK-NEXT: %[[V14:.*]] = tolk.and %[[V8]], %[[V13]] : i1
// CHECK-NEXT: %[[V15:.*]] = tolk.const 1 : si32
// CHECK-NEXT: %[[V16:.*]] = tolk.const -1 : si32
// CHECK-NEXT: %[[V17:.*]] = tolk.mul %[[V15]], %[[V16]] : si32
// CHECK-NEXT: %[[V18:.*]] = tolk.add %[[V0]], %[[V17]] : si32
// CHECK-NEXT: %[[V19:.*]] = tolk.where %[[V14]], %[[V18]], %[[V0]] : (i1, si32, si32) -> si32
// CHECK-NEXT: %[[V20:.*]] = tolk.mul %arg1, %[[V19]] : si32
// CHECK-NEXT: %[[V21:.*]] = tolk.const -1 : si32
// CHECK-NEXT: %[[V22:.*]] = tolk.mul %[[V20]], %[[V21]] : si32
// CHECK-NEXT: %[[V23:.*]] = tolk.add %arg0, %[[V22]] : si32
// CHECK-NEXT: return %[[V23]] : si32
func.func @mod(%a: si32, %b: si32) -> si32 {
  %0 = tolk.mod %a, %b : si32
  return %0 : si32
}

// -----

// CHECK-LABEL: func.func @fmod(
// CHECK-NEXT: %[[V0:.*]] = tolk.cast %arg1 : f16 to f32
// CHECK-NEXT: %[[V1:.*]] = tolk.reciprocal %[[V0]] : f32
// CHECK-NEXT: %[[V2:.*]] = tolk.mul %arg0, %[[V1]] : f32
// CHECK-NEXT: %[[V3:.*]] = tolk.trunc %[[V2]] : f32
// CHECK-NEXT: %[[V4:.*]] = tolk.mul %[[V0]], %[[V3]] : f32
// CHECK-NEXT: %[[V5:.*]] = tolk.const -1.0 : f32
// CHECK-NEXT: %[[V6:.*]] = tolk.mul %[[V4]], %[[V5]] : f32
// CHECK-NEXT: %[[V7:.*]] = tolk.add %arg0, %[[V6]] : f32
// CHECK-NEXT: return %[[V7]] : f32
func.func @fmod(%x: f32, %y: f16) -> f32 {
  %0 = tolk.fmod %x, %y : (f32, f16) -> f32
  return %0 : f32
}

// -----

// pow of an integer by a constant weak exponent: multiplications in the
// base's type. 300 = 44 (mod 64) for si8, so x^300 = x^44 = x^4 * x^8 * x^32.
// CHECK-LABEL: func.func @pow_weak_exponent(
// CHECK-NEXT: %[[V0:.*]] = tolk.const 300 : !tolk.weakint
// CHECK-NEXT: %[[V1:.*]] = tolk.const 1 : si8
// CHECK-NEXT: %[[V2:.*]] = tolk.mul %arg0, %arg0 : si8
// CHECK-NEXT: %[[V3:.*]] = tolk.mul %[[V2]], %[[V2]] : si8
// CHECK-NEXT: %[[V4:.*]] = tolk.mul %[[V1]], %[[V3]] : si8
// CHECK-NEXT: %[[V5:.*]] = tolk.mul %[[V3]], %[[V3]] : si8
// CHECK-NEXT: %[[V6:.*]] = tolk.mul %[[V4]], %[[V5]] : si8
// CHECK-NEXT: %[[V7:.*]] = tolk.mul %[[V5]], %[[V5]] : si8
// CHECK-NEXT: %[[V8:.*]] = tolk.mul %[[V7]], %[[V7]] : si8
// CHECK-NEXT: %[[V9:.*]] = tolk.mul %[[V6]], %[[V8]] : si8
// CHECK-NEXT: return %[[V9]] : si8
func.func @pow_weak_exponent(%a: si8) -> si8 {
  %c = tolk.const 300 : !tolk.weakint
  %0 = tolk.pow %a, %c : (si8, !tolk.weakint) -> si8
  return %0 : si8
}

// -----

// CHECK-LABEL: func.func @pow_zero(
// CHECK-NEXT: %[[V0:.*]] = tolk.const 0 : !tolk.weakint
// CHECK-NEXT: %[[V1:.*]] = tolk.const 1 : ui32
// CHECK-NEXT: return %[[V1]] : ui32
func.func @pow_zero(%a: ui32) -> ui32 {
  %c = tolk.const 0 : !tolk.weakint
  %0 = tolk.pow %a, %c : (ui32, !tolk.weakint) -> ui32
  return %0 : ui32
}

// -----

// The exponent's shape broadcasts the base: the constant 1 carries it.
// CHECK-LABEL: func.func @pow_broadcast(
// CHECK-NEXT: %[[V0:.*]] = tolk.const 3 : tensor<4x!tolk.weakint>
// CHECK-NEXT: %[[V1:.*]] = tolk.const 1 : tensor<4xsi16>
// CHECK-NEXT: %[[V2:.*]] = tolk.mul %[[V1]], %arg0 : (tensor<4xsi16>, si16) -> tensor<4xsi16>
// CHECK-NEXT: %[[V3:.*]] = tolk.mul %arg0, %arg0 : si16
// CHECK-NEXT: %[[V4:.*]] = tolk.mul %[[V2]], %[[V3]] : (tensor<4xsi16>, si16) -> tensor<4xsi16>
// CHECK-NEXT: return %[[V4]] : tensor<4xsi16>
func.func @pow_broadcast(%a: si16) -> tensor<4xsi16> {
  %c = tolk.const 3 : tensor<4x!tolk.weakint>
  %0 = tolk.pow %a, %c : (si16, tensor<4x!tolk.weakint>) -> tensor<4xsi16>
  return %0 : tensor<4xsi16>
}

// -----

// pow is a primitive: a float base, a strong exponent, or an exponent that is
// not a constant stay as they are.
// CHECK-LABEL: func.func @pow_primitive(
// CHECK-NEXT: %[[V0:.*]] = tolk.const 2 : !tolk.weakint
// CHECK-NEXT: %[[V1:.*]] = tolk.pow %arg0, %[[V0]] : (f32, !tolk.weakint) -> f32
// CHECK-NEXT: %[[V2:.*]] = tolk.pow %arg1, %arg2 : si8
// CHECK-NEXT: %[[V3:.*]] = tolk.pow %arg1, %arg3 : (si8, !tolk.weakint) -> si8
// CHECK-NEXT: return %[[V1]], %[[V2]], %[[V3]] : f32, si8, si8
func.func @pow_primitive(%x: f32, %a: si8, %b: si8, %w: !tolk.weakint) -> (f32, si8, si8) {
  %c = tolk.const 2 : !tolk.weakint
  %0 = tolk.pow %x, %c : (f32, !tolk.weakint) -> f32
  %1 = tolk.pow %a, %b : si8
  %2 = tolk.pow %a, %w : (si8, !tolk.weakint) -> si8
  return %0, %1, %2 : f32, si8, si8
}
