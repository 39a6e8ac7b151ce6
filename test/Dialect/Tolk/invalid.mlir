// RUN: tolk-opt %s -split-input-file -verify-diagnostics

func.func @wrong_result(%a: si8, %b: ui8) -> si8 {
  // expected-error @+1 {{'tolk.add' op result type 'si8' is not the type the operands give: expected 'si16'}}
  %r = tolk.add %a, %b : (si8, ui8) -> si8
  return %r : si8
}

// -----

func.func @float_shift(%a: f32, %b: si32) {
  // expected-error @+1 {{'tolk.shl' op expects integer operands, but they promote to f32}}
  %r = tolk.shl %a, %b : (f32, si32) -> f32
  return
}

// -----

func.func @bool_shift(%a: i1) {
  // expected-error @+1 {{'tolk.shr' op expects integer operands, but they promote to i1}}
  %r = tolk.shr %a, %a : i1
  return
}

// -----

func.func @float_and(%a: f16) {
  // expected-error @+1 {{'tolk.and' op expects integer or i1 operands, but they promote to f16}}
  %r = tolk.and %a, %a : f16
  return
}

// -----

// sqrt computes in a float: an si32 operand gives an f32.
func.func @int_sqrt(%a: si32) {
  // expected-error @+1 {{'tolk.sqrt' op result type 'si32' is not the type the operands give: expected 'f32'}}
  %r = tolk.sqrt %a : si32
  return
}

// -----

// div without rounding takes Bool (as a float); with rounding it does not.
func.func @bool_floor_div(%a: i1) {
  // expected-error @+1 {{'tolk.div' op expects numeric (not i1) operands, but they promote to i1}}
  %r = tolk.div %a, %a {rounding = #tolk.rounding<floor>} : i1
  return
}

// -----

func.func @float_truncdiv(%a: f32) {
  // expected-error @+1 {{'tolk.truncdiv' op expects integer operands, but they promote to f32}}
  %r = tolk.truncdiv %a, %a : f32
  return
}

// -----

func.func @bool_mod(%a: i1) {
  // expected-error @+1 {{'tolk.mod' op expects numeric (not i1) operands, but they promote to i1}}
  %r = tolk.mod %a, %a : i1
  return
}

// -----

func.func @where_condition(%c: si8, %a: f32) {
  // expected-error @+1 {{'tolk.where' op expects an i1 condition (or lanes or a tensor of i1), not si8}}
  %r = tolk.where %c, %a, %a : (si8, f32, f32) -> f32
  return
}

// -----

func.func @void_operand(%a: none) {
  // expected-error @+1 {{'tolk.neg' op operand #0 must be scalar, 1-D vector or ranked tensor of i1, si8, si16, si32, si64, ui8, ui16, ui32, ui64, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f16, bf16, f32, f64, f128, complex<f32>, complex<f64>, complex<f128>, !tolk.weakint, !tolk.weakfloat, but got 'none'}}
  %r = tolk.neg %a : none
  return
}

// -----

func.func @signless(%a: i32) {
  // expected-error @+1 {{'tolk.neg' op operand #0 must be scalar, 1-D vector or ranked tensor of i1, si8, si16, si32, si64, ui8, ui16, ui32, ui64, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f16, bf16, f32, f64, f128, complex<f32>, complex<f64>, complex<f128>, !tolk.weakint, !tolk.weakfloat, but got 'i32'}}
  %r = tolk.neg %a : i32
  return
}

// -----

func.func @no_broadcast(%a: tensor<4x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{operand shapes do not broadcast: shape [4, 3] and shape [2]}}
  %r = tolk.add %a, %b : (tensor<4x3xf32>, tensor<2xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @lanes(%a: vector<4xf32>, %b: vector<2xf32>) {
  // expected-error @+1 {{operand shapes do not broadcast: 4 lanes and 2 lanes}}
  %r = tolk.add %a, %b : (vector<4xf32>, vector<2xf32>) -> vector<4xf32>
  return
}

// -----

func.func @lanes_and_tensor(%a: vector<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{operand shapes do not broadcast: 4 lanes and shape [4]}}
  %r = tolk.add %a, %b : (vector<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @operand_count(%a: f32) {
  // expected-error @+1 {{'tolk.neg' op requires a single operand}}
  %r = "tolk.neg"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @operand_count_short_form(%a: f32) {
  // expected-error @+1 {{number of operands and types do not match: got 2 operands and 1 types}}
  %r = tolk.neg %a, %a : f32
  return
}

// -----

func.func @operand_types_count(%a: f32) {
  // expected-error @+1 {{expected 2 operand types, not 1}}
  %r = tolk.add %a, %a : (f32) -> f32
  return
}

// -----

func.func @const_out_of_range() {
  // expected-error @+1 {{integer 300 is out of the range of 'si8' [-128, 127]; use tolk.cast to wrap}}
  %c = tolk.const 300 : si8
  return
}

// -----

func.func @const_negative_unsigned() {
  // expected-error @+1 {{integer -1 is out of the range of 'ui8' [0, 255]; use tolk.cast to wrap}}
  %c = tolk.const -1 : ui8
  return
}

// -----

func.func @const_float_overflow() {
  // expected-error @+1 {{70000.0 is out of the finite range of 'f16'}}
  %c = tolk.const 70000.0 : f16
  return
}

// -----

func.func @const_fp8_overflow() {
  // expected-error @+1 {{500.0 is out of the finite range of 'f8E4M3FN'}}
  %c = tolk.const 500.0 : f8E4M3FN
  return
}

// -----

func.func @const_float_for_int() {
  // expected-error @+1 {{expected an integer literal for 'si32'}}
  %c = tolk.const 1.5 : si32
  return
}

// -----

func.func @const_bool_for_float() {
  // expected-error @+1 {{'true' is a literal of i1, not of 'f32'}}
  %c = tolk.const true : f32
  return
}

// -----

func.func @const_int_for_bool() {
  // expected-error @+1 {{expected true or false for i1}}
  %c = tolk.const 1 : i1
  return
}

// -----

func.func @const_wide_bits() {
  // expected-error @+1 {{0x17E01 has more than 16 bits, the width of 'f16'}}
  %c = tolk.const 0x17E01 : f16
  return
}

// -----

func.func @const_void() {
  // expected-error @+1 {{tolk.const needs a Tolk data type (or lanes or a tensor of one), not 'none'}}
  %c = tolk.const 1 : none
  return
}

// -----

func.func @const_unrounded() {
  // expected-error @+1 {{'tolk.const' op value 0.1 is not a value of f16 (it would be 0.0999755859375)}}
  %c = "tolk.const"() <{value = #tolk.const<float 0x3FB999999999999A>}> : () -> f16
  return
}

// -----

func.func @const_generic_range() {
  // expected-error @+1 {{'tolk.const' op integer 256 is out of the range of ui8}}
  %c = "tolk.const"() <{value = #tolk.const<256>}> : () -> ui8
  return
}

// -----

func.func @bitcast_size(%a: f32) {
  // expected-error @+1 {{'tolk.bitcast' op expects types of the same size, not f32 (4 bytes) and si16 (2 bytes)}}
  %r = tolk.bitcast %a : f32 to si16
  return
}

// -----

func.func @bitcast_weak(%a: !tolk.weakint) {
  // expected-error @+1 {{'tolk.bitcast' op operand #0 must be scalar, 1-D vector or ranked tensor of i1, si8, si16, si32, si64, ui8, ui16, ui32, ui64, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f16, bf16, f32, f64, f128, complex<f32>, complex<f64>, complex<f128>, but got '!tolk.weakint'}}
  %r = tolk.bitcast %a : !tolk.weakint to si64
  return
}

// -----

func.func @cast_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tolk.cast' op expects the input and result to have the same shape (or a scalar and lanes), not 'tensor<4xf32>' and 'tensor<8xsi8>'}}
  %r = tolk.cast %a : tensor<4xf32> to tensor<8xsi8>
  return
}

// -----

func.func @cast_void(%a: f32) {
  // expected-error @+1 {{'tolk.cast' op result #0 must be scalar, 1-D vector or ranked tensor of i1, si8, si16, si32, si64, ui8, ui16, ui32, ui64, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f16, bf16, f32, f64, f128, complex<f32>, complex<f64>, complex<f128>, !tolk.weakint, !tolk.weakfloat, ui128, ui256, but got 'none'}}
  %r = tolk.cast %a : f32 to none
  return
}

// -----

// expected-error @+1 {{unknown address space 'shared': expected global, local, reg or alu}}
func.func @ptr_space(%p: !tolk.ptr<f32, shared>)

// -----

// expected-error @+1 {{pointee must have a committed data type, not '!tolk.weakint'}}
func.func @ptr_weak(%p: !tolk.ptr<!tolk.weakint, global>)

// -----

func.func @const_dynamic_shape() {
  // expected-error @below {{a constant needs a static shape, not 'tensor<?x4xf32>'}}
  %0 = tolk.const 1.0 : tensor<?x4xf32>
  return
}
