// RUN: tolk-opt %s -split-input-file -verify-diagnostics

// Loads match the pointee and the pointer's vector width.
func.func @load_dtype(%p: !tolk.ptr<f32, global>) {
  // expected-error @+1 {{'tolk.load' op result type 'f16' does not match '!tolk.ptr<f32, global>': expected 'f32'}}
  %x = tolk.load %p : !tolk.ptr<f32, global> -> f16
  return
}

// -----

func.func @load_lanes(%p: !tolk.ptr<f32, global, 64, v = 4>) {
  // expected-error @+1 {{'tolk.load' op result type 'vector<2xf32>' does not match '!tolk.ptr<f32, global, 64, v = 4>': expected 'vector<4xf32>'}}
  %x = tolk.load %p : !tolk.ptr<f32, global, 64, v = 4> -> vector<2xf32>
  return
}

// -----

func.func @load_scalar_from_vector_width(%p: !tolk.ptr<si8, local, 64, v = 2>) {
  // expected-error @+1 {{'tolk.load' op result type 'si8' does not match '!tolk.ptr<si8, local, 64, v = 2>': expected 'vector<2xsi8>'}}
  %x = tolk.load %p : !tolk.ptr<si8, local, 64, v = 2> -> si8
  return
}

// -----

func.func @load_lanes_of_lanes(%p: !tolk.ptr<vector<4xf16>, global, 64, v = 2>) {
  // expected-error @+1 {{'tolk.load' op cannot access '!tolk.ptr<vector<4xf16>, global, 64, v = 2>': a pointer to lanes has no vector width}}
  %x = tolk.load %p : !tolk.ptr<vector<4xf16>, global, 64, v = 2> -> vector<8xf16>
  return
}

// -----

func.func @load_image(%p: !tolk.ptr<f32, global, imagef<4x8x4>>) {
  // expected-error @+1 {{'tolk.load' op does not take image pointers, but got '!tolk.ptr<f32, global, imagef<4x8x4>>'}}
  %x = tolk.load %p : !tolk.ptr<f32, global, imagef<4x8x4>> -> f32
  return
}

// -----

// Stores too.
func.func @store_dtype(%p: !tolk.ptr<f32, global>, %x: f16) {
  // expected-error @+1 {{'tolk.store' op value type 'f16' does not match '!tolk.ptr<f32, global>': expected 'f32'}}
  tolk.store %p, %x : !tolk.ptr<f32, global>, f16
  return
}

// -----

func.func @store_lanes(%p: !tolk.ptr<ui16, global, 64, v = 2>, %x: vector<4xui16>) {
  // expected-error @+1 {{'tolk.store' op value type 'vector<4xui16>' does not match '!tolk.ptr<ui16, global, 64, v = 2>': expected 'vector<2xui16>'}}
  tolk.store %p, %x : !tolk.ptr<ui16, global, 64, v = 2>, vector<4xui16>
  return
}

// -----

// By-value (alu) parameters are read-only.
func.func @store_alu(%p: !tolk.ptr<si32, alu>, %x: si32) {
  // expected-error @+1 {{'tolk.store' op cannot store through '!tolk.ptr<si32, alu>': an alu pointer is a read-only by-value parameter}}
  tolk.store %p, %x : !tolk.ptr<si32, alu>, si32
  return
}

// -----

// A gate is an i1.
func.func @store_gate(%p: !tolk.ptr<f32, global>, %x: f32, %g: si32) {
  // expected-error @+1 {{'tolk.store' op operand #2 must be 1-bit signless integer, but got 'si32'}}
  "tolk.store"(%p, %x, %g) : (!tolk.ptr<f32, global>, f32, si32) -> ()
  return
}

// -----

func.func @load_gate(%p: !tolk.ptr<f32, global>, %a: f32, %g: vector<4xi1>) {
  // expected-error @+1 {{'tolk.load' op operand #1 must be 1-bit signless integer, but got 'vector<4xi1>'}}
  %x = "tolk.load"(%p, %g, %a) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!tolk.ptr<f32, global>, vector<4xi1>, f32) -> f32
  return
}

// -----

// The alternative value has the load's type.
func.func @load_alternative(%p: !tolk.ptr<f32, global>, %g: i1, %a: f16) {
  // expected-error @+1 {{'tolk.load' op failed to verify that the alternative has the load's type}}
  %x = "tolk.load"(%p, %g, %a) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!tolk.ptr<f32, global>, i1, f16) -> f32
  return
}

// -----

func.func @load_alternative_parsed(%p: !tolk.ptr<f32, global>, %g: i1, %a: f16) {
  // expected-error @+2 {{use of value '%a' expects different type than prior uses: 'f32' vs 'f16'}}
  // expected-note @-2 {{prior use here}}
  %x = tolk.load %p if %g else %a : !tolk.ptr<f32, global> -> f32
  return
}

// -----

func.func @load_gate_without_alternative(%p: !tolk.ptr<f32, global>, %g: i1) {
  // expected-error @+1 {{'tolk.load' op a gated load needs an alternative value of type 'f32'}}
  %x = "tolk.load"(%p, %g) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!tolk.ptr<f32, global>, i1) -> f32
  return
}

// -----

func.func @load_alternative_without_gate(%p: !tolk.ptr<f32, global>, %a: f32) {
  // expected-error @+1 {{'tolk.load' op an alternative value needs a gate}}
  %x = "tolk.load"(%p, %a) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (!tolk.ptr<f32, global>, f32) -> f32
  return
}

// -----

// alu pointers are never indexed.
func.func @index_alu(%p: !tolk.ptr<si32, alu>, %i: si32) {
  // expected-error @+1 {{'tolk.index' op cannot index '!tolk.ptr<si32, alu>': an alu pointer is a by-value parameter, not memory}}
  %q = tolk.index %p[%i] : !tolk.ptr<si32, alu>, si32
  return
}

// -----

func.func @index_image(%p: !tolk.ptr<f32, global, imageh<2x2x4>>, %i: si32) {
  // expected-error @+1 {{'tolk.index' op does not take image pointers, but got '!tolk.ptr<f32, global, imageh<2x2x4>>'}}
  %q = tolk.index %p[%i] : !tolk.ptr<f32, global, imageh<2x2x4>>, si32
  return
}

// -----

func.func @index_float_offset(%p: !tolk.ptr<f32, global>, %i: f32) {
  // expected-error @+1 {{'tolk.index' op operand #1 must be index, si8, si16, si32, si64, ui8, ui16, ui32, ui64, !tolk.weakint, but got 'f32'}}
  %q = tolk.index %p[%i] : !tolk.ptr<f32, global>, f32
  return
}

// -----

func.func @index_bool_offset(%p: !tolk.ptr<f32, global>, %i: i1) {
  // expected-error @+1 {{'tolk.index' op operand #1 must be index, si8, si16, si32, si64, ui8, ui16, ui32, ui64, !tolk.weakint, but got 'i1'}}
  %q = tolk.index %p[%i] : !tolk.ptr<f32, global>, i1
  return
}

// -----

func.func @index_result(%p: !tolk.ptr<f32, global, 16>, %i: si32) {
  // expected-error @+1 {{'tolk.index' op failed to verify that all of {base, result} have same type}}
  %q = "tolk.index"(%p, %i) : (!tolk.ptr<f32, global, 16>, si32) -> !tolk.ptr<f32, global>
  return
}

// -----

// A constant offset out of the element count.
func.func @index_past_end(%p: !tolk.ptr<f32, global, 16>) {
  %c = tolk.const 16 : si32
  // expected-error @+1 {{'tolk.index' op element offset 16 is out of bounds of '!tolk.ptr<f32, global, 16>': valid offsets are 0 to 15}}
  %q = tolk.index %p[%c] : !tolk.ptr<f32, global, 16>, si32
  return
}

// -----

func.func @index_negative(%p: !tolk.ptr<f32, local, 16>) {
  %c = arith.constant -1 : index
  // expected-error @+1 {{'tolk.index' op element offset -1 is out of bounds of '!tolk.ptr<f32, local, 16>': valid offsets are 0 to 15}}
  %q = tolk.index %p[%c] : !tolk.ptr<f32, local, 16>, index
  return
}

// -----

func.func @index_vector_width(%p: !tolk.ptr<f16, global, 1024, v = 4>) {
  %c = tolk.const 1021 : !tolk.weakint
  // expected-error @+1 {{'tolk.index' op element offset 1021 with vector width 4 is out of bounds of '!tolk.ptr<f16, global, 1024, v = 4>': valid offsets are 0 to 1020}}
  %q = tolk.index %p[%c] : !tolk.ptr<f16, global, 1024, v = 4>, !tolk.weakint
  return
}

// -----

func.func @index_chain(%p: !tolk.ptr<f32, reg, 8>) {
  %c4 = tolk.const 4 : ui32
  %q = tolk.index %p[%c4] : !tolk.ptr<f32, reg, 8>, ui32
  // expected-error @+1 {{'tolk.index' op element offset 8 is out of bounds of '!tolk.ptr<f32, reg, 8>': valid offsets are 0 to 7 (the offsets of the tolk.index chain add up to 8)}}
  %r = tolk.index %q[%c4] : !tolk.ptr<f32, reg, 8>, ui32
  return
}

// -----

func.func @index_empty(%p: !tolk.ptr<f32, global, 0>) {
  %c = tolk.const 0 : si32
  // expected-error @+1 {{'tolk.index' op element offset 0 is out of bounds of '!tolk.ptr<f32, global, 0>': valid offsets are 0 to -1}}
  %q = tolk.index %p[%c] : !tolk.ptr<f32, global, 0>, si32
  return
}

// -----

// define_local only inside a kernel.
func.func @local_outside_kernel() {
  // expected-error @+1 {{'tolk.define_local' op must be inside a kernel (a gpu.func with the 'kernel' attribute)}}
  %s = tolk.define_local : !tolk.ptr<f32, local, 16>
  return
}

// -----

gpu.module @m {
  gpu.func @device_function() {
    // expected-error @+1 {{'tolk.define_local' op must be inside a kernel (a gpu.func with the 'kernel' attribute)}}
    %s = tolk.define_local : !tolk.ptr<f32, local, 16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tolk.define_local' op result must be a local pointer, not '!tolk.ptr<f32, global, 16>'}}
    %s = tolk.define_local : !tolk.ptr<f32, global, 16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tolk.define_local' op result needs a positive element count, as in '!tolk.ptr<f32, local, 16>', but got '!tolk.ptr<f32, local>'}}
    %s = tolk.define_local : !tolk.ptr<f32, local>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tolk.define_local' op result must have vector width 1, but got '!tolk.ptr<f32, local, 16, v = 4>'}}
    %s = tolk.define_local : !tolk.ptr<f32, local, 16, v = 4>
    gpu.return
  }
}

// -----

func.func @reg_space() {
  // expected-error @+1 {{'tolk.define_reg' op result must be a reg pointer, not '!tolk.ptr<f32, local, 4>'}}
  %r = tolk.define_reg : !tolk.ptr<f32, local, 4>
  return
}

// -----

func.func @reg_empty() {
  // expected-error @+1 {{'tolk.define_reg' op result needs a positive element count, as in '!tolk.ptr<si32, reg, 16>', but got '!tolk.ptr<si32, reg, 0>'}}
  %r = tolk.define_reg : !tolk.ptr<si32, reg, 0>
  return
}

// -----

// Thread indices count in index or 32/64-bit integers.
func.func @special_type() {
  // expected-error @+1 {{'tolk.special' op result #0 must be index, si32, ui32, si64 or ui64, but got 'f32'}}
  %i = tolk.special local_id x : f32
  return
}

// -----

func.func @special_narrow() {
  // expected-error @+1 {{'tolk.special' op result #0 must be index, si32, ui32, si64 or ui64, but got 'si16'}}
  %i = tolk.special group_id y : si16
  return
}

// -----

func.func @special_kind() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [global_id, local_id, group_id]}}
  %i = tolk.special thread_id x : si32
  return
}

// -----

// Loops.
func.func @range_float(%a: f32) {
  // expected-error @+1 {{'tolk.range' op operand #0 must be index, si8, si16, si32, si64, ui8, ui16, ui32, ui64, !tolk.weakint, but got 'f32'}}
  tolk.range %i = %a to %a step %a : f32 {
  }
  return
}

// -----

func.func @range_mixed(%a: si32, %b: si64) {
  // expected-error @+1 {{'tolk.range' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "tolk.range"(%a, %b, %a) ({
  ^bb0(%i: si32):
    "tolk.end"() : () -> ()
  }) : (si32, si64, si32) -> ()
  return
}

// -----

func.func @range_iv(%a: si32) {
  // expected-error @+1 {{'tolk.range' op body must have one argument, the induction variable, of type 'si32'}}
  "tolk.range"(%a, %a, %a) ({
  ^bb0(%i: ui32):
    "tolk.end"() : () -> ()
  }) : (si32, si32, si32) -> ()
  return
}

// -----

func.func @end_outside_range() {
  // expected-error @+1 {{'tolk.end' op expects parent op 'tolk.range'}}
  "tolk.end"() : () -> ()
  return
}

// -----

// tolk.bounds: on an alu pointer to an integer, lo <= hi, within the type.
// expected-error @+1 {{'tolk.bounds' belongs on an alu pointer to an integer, such as !tolk.ptr<si32, alu>, not 'si32'}}
func.func private @bounds_on_scalar(si32 {tolk.bounds = array<i64: 0, 10>})

// -----

// expected-error @+1 {{'tolk.bounds' belongs on an alu pointer to an integer, such as !tolk.ptr<si32, alu>, not '!tolk.ptr<si32, global>'}}
func.func private @bounds_on_global(!tolk.ptr<si32, global> {tolk.bounds = array<i64: 0, 10>})

// -----

// expected-error @+1 {{'tolk.bounds' belongs on an alu pointer to an integer, such as !tolk.ptr<si32, alu>, not '!tolk.ptr<f32, alu>'}}
func.func private @bounds_on_float(!tolk.ptr<f32, alu> {tolk.bounds = array<i64: 0, 10>})

// -----

// expected-error @+1 {{'tolk.bounds' must be array<i64: lo, hi>, not array<i64: 1, 2, 3>}}
func.func private @bounds_three(!tolk.ptr<si32, alu> {tolk.bounds = array<i64: 1, 2, 3>})

// -----

// expected-error @+1 {{'tolk.bounds' are empty: 10 > 1}}
func.func private @bounds_empty(!tolk.ptr<si32, alu> {tolk.bounds = array<i64: 10, 1>})

// -----

// expected-error @+1 {{'tolk.bounds' [-1, 10] do not fit 'ui8' (0 to 255)}}
func.func private @bounds_range(!tolk.ptr<ui8, alu> {tolk.bounds = array<i64: -1, 10>})

// -----

// expected-error @+1 {{unknown argument attribute 'tolk.bound': expected 'tolk.bounds', 'tolk.readonly' or 'tolk.image'}}
func.func private @bounds_typo(!tolk.ptr<si32, alu> {tolk.bound = array<i64: 0, 1>})
