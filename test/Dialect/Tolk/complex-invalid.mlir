// Complex numbers have no order: every op that needs one says so. sqrt,
// exp2, log2 and pow take real numbers only (their complex form would be
// the math library's). Complex values have no lanes.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics

func.func @cmplt(%x: complex<f32>) -> i1 {
  // expected-error @+1 {{'tolk.cmplt' op needs an order, and complex numbers have none: its operands promote to complex<f32>}}
  %r = tolk.cmplt %x, %x : (complex<f32>, complex<f32>) -> i1
  return %r : i1
}

// -----

func.func @cmplt_promoted(%x: f64, %y: complex<f32>) -> i1 {
  // expected-error @+1 {{'tolk.cmplt' op needs an order, and complex numbers have none: its operands promote to complex<f64>}}
  %r = tolk.cmplt %x, %y : (f64, complex<f32>) -> i1
  return %r : i1
}

// -----

func.func @max(%x: complex<f64>) -> complex<f64> {
  // expected-error @+1 {{'tolk.max' op needs an order, and complex numbers have none}}
  %r = tolk.max %x, %x : complex<f64>
  return %r : complex<f64>
}

// -----

func.func @minimum(%x: complex<f64>) -> complex<f64> {
  // expected-error @+1 {{'tolk.minimum' op needs an order}}
  %r = tolk.minimum %x, %x : complex<f64>
  return %r : complex<f64>
}

// -----

func.func @gt(%x: complex<f32>) -> i1 {
  // expected-error @+1 {{'tolk.gt' op needs an order}}
  %r = tolk.gt %x, %x : (complex<f32>, complex<f32>) -> i1
  return %r : i1
}

// -----

func.func @le(%x: complex<f32>) -> i1 {
  // expected-error @+1 {{'tolk.le' op needs an order}}
  %r = tolk.le %x, %x : (complex<f32>, complex<f32>) -> i1
  return %r : i1
}

// -----

func.func @ge(%x: complex<f32>) -> i1 {
  // expected-error @+1 {{'tolk.ge' op needs an order}}
  %r = tolk.ge %x, %x : (complex<f32>, complex<f32>) -> i1
  return %r : i1
}

// -----

func.func @trunc(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.trunc' op needs an order}}
  %r = tolk.trunc %x : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @floor(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.floor' op needs an order}}
  %r = tolk.floor %x : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @mod(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.mod' op needs an order}}
  %r = tolk.mod %x, %x : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @fmod(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.fmod' op needs an order}}
  %r = tolk.fmod %x, %x : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @div_floor(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.div' op needs an order}}
  %r = tolk.div %x, %x {rounding = #tolk.rounding<floor>} : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @div_trunc(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.div' op needs an order}}
  %r = tolk.div %x, %x {rounding = #tolk.rounding<trunc>} : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @and(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.and' op needs an order}}
  %r = tolk.and %x, %x : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @or(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.or' op needs an order}}
  %r = tolk.or %x, %x : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @xor(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.xor' op needs an order}}
  %r = tolk.xor %x, %x : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @bitwise_not(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.bitwise_not' op needs an order}}
  %r = tolk.bitwise_not %x : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @shl(%x: complex<f32>, %n: si32) -> complex<f32> {
  // expected-error @+1 {{'tolk.shl' op needs an order}}
  %r = tolk.shl %x, %n : (complex<f32>, si32) -> complex<f32>
  return %r : complex<f32>
}

// -----

func.func @shr(%x: complex<f32>, %n: si32) -> complex<f32> {
  // expected-error @+1 {{'tolk.shr' op needs an order}}
  %r = tolk.shr %x, %n : (complex<f32>, si32) -> complex<f32>
  return %r : complex<f32>
}

// -----

func.func @truncdiv(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.truncdiv' op needs an order}}
  %r = tolk.truncdiv %x, %x : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @sqrt(%x: complex<f32>) -> complex<f32> {
  // expected-error @+1 {{'tolk.sqrt' op takes real numbers only, but its operands promote to complex<f32>: on complex numbers it would be the math library's, whose bits the folder cannot reproduce}}
  %r = tolk.sqrt %x : complex<f32>
  return %r : complex<f32>
}

// -----

func.func @exp2(%x: complex<f64>) -> complex<f64> {
  // expected-error @+1 {{'tolk.exp2' op takes real numbers only}}
  %r = tolk.exp2 %x : complex<f64>
  return %r : complex<f64>
}

// -----

func.func @log2(%x: complex<f64>) -> complex<f64> {
  // expected-error @+1 {{'tolk.log2' op takes real numbers only}}
  %r = tolk.log2 %x : complex<f64>
  return %r : complex<f64>
}

// -----

func.func @pow(%x: complex<f32>, %y: f32) -> complex<f32> {
  // expected-error @+1 {{'tolk.pow' op takes real numbers only}}
  %r = tolk.pow %x, %y : (complex<f32>, f32) -> complex<f32>
  return %r : complex<f32>
}

// -----

func.func @lanes(%x: complex<f32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'tolk.add' op operands with lanes promote to complex<f32>, which has no lanes (a vector holds integers and floats only)}}
  %r = tolk.add %x, %v : (complex<f32>, vector<4xf32>) -> complex<f32>
  return
}

// -----

func.func @complex_of_f16(%x: complex<f16>) {
  // expected-error @+1 {{'tolk.neg' op operand #0 must be scalar}}
  %r = tolk.neg %x : complex<f16>
  return
}

// -----

func.func @bad_result() -> complex<f32> {
  %x = tolk.const (1.0, 2.0) : complex<f32>
  // expected-error @+1 {{'tolk.add' op result type 'complex<f64>' is not the type the operands give: expected 'complex<f32>'}}
  %r = tolk.add %x, %x : (complex<f32>, complex<f32>) -> complex<f64>
  return %x : complex<f32>
}

// -----

func.func @complex_literal_real_type() {
  // expected-error @+1 {{a complex literal (re, im) needs a complex type, not 'f32'}}
  %x = tolk.const (1.0, 2.0) : f32
  return
}

// -----

func.func @complex_part_overflow() {
  // expected-error @+1 {{1.0e39 is out of the finite range of 'f32'}}
  %x = tolk.const (1.0e39, 2.0) : complex<f32>
  return
}

// -----

func.func @f128_overflow() {
  // expected-error @+1 {{1.0e5000 is out of the finite range of 'f128'}}
  %x = tolk.const 1.0e5000 : f128
  return
}

// -----

func.func @bitcast_size(%x: complex<f64>) {
  // expected-error @+1 {{'tolk.bitcast' op expects types of the same size, not complex<f64> (16 bytes) and f64 (8 bytes)}}
  %r = tolk.bitcast %x : complex<f64> to f64
  return
}
