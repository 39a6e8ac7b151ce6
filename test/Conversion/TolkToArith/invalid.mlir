// RUN: tolk-opt --convert-tolk-to-arith --split-input-file --verify-diagnostics %s

// Input the conversion does not take: each diagnostic names the pass that
// makes it acceptable.

// Every op with a weak type is reported, the function too.
// expected-error @+1 {{'func.func' op has the weak type '!tolk.weakint'}}
func.func @weak_op(%a: !tolk.weakint, %b: !tolk.weakint) -> !tolk.weakint {
  // expected-error @+1 {{'tolk.add' op has the weak type '!tolk.weakint', which has no arith lowering: run --tolk-commit-weak first}}
  %0 = tolk.add %a, %b : !tolk.weakint
  return %0 : !tolk.weakint
}

// -----

func.func @weak_const() -> f32 {
  // expected-error @+1 {{'tolk.const' op has the weak type '!tolk.weakfloat', which has no arith lowering: run --tolk-commit-weak first}}
  %0 = tolk.const 1.5 : !tolk.weakfloat
  // expected-error @+1 {{'tolk.cast' op has the weak type '!tolk.weakfloat'}}
  %1 = tolk.cast %0 : !tolk.weakfloat to f32
  return %1 : f32
}

// -----

// expected-error @+1 {{'func.func' op has the weak type '!tolk.weakint', which has no arith lowering: run --tolk-commit-weak first}}
func.func @weak_argument(%a: !tolk.weakint) {
  return
}

// -----

func.func @derived(%a: si8, %b: si8) -> si8 {
  // expected-error @+1 {{'tolk.sub' op is a derived op, which has no arith lowering: run --tolk-decompose first}}
  %0 = tolk.sub %a, %b : si8
  return %0 : si8
}

// -----

func.func @mixed(%a: si8, %b: si16) -> si16 {
  // expected-error @+1 {{'tolk.add' op has operands of mixed data types ('si8', 'si16'): run --canonicalize first}}
  %0 = tolk.add %a, %b : (si8, si16) -> si16
  return %0 : si16
}

// -----

func.func @mixed_compare(%a: f16, %b: f32) -> i1 {
  // expected-error @+1 {{'tolk.cmplt' op has operands of mixed data types ('f16', 'f32'): run --canonicalize first}}
  %0 = tolk.cmplt %a, %b : (f16, f32) -> i1
  return %0 : i1
}

// -----

func.func @mixed_where(%c: i1, %a: ui8, %b: si8) -> si16 {
  // expected-error @+1 {{'tolk.where' op has operands of mixed data types ('i1', 'ui8', 'si8'): run --canonicalize first}}
  %0 = tolk.where %c, %a, %b : (i1, ui8, si8) -> si16
  return %0 : si16
}

// -----

func.func @broadcast(%a: tensor<4x1xf32>, %b: tensor<1x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tolk.add' op broadcasts 'tensor<4x1xf32>' to 'tensor<4x8xf32>': broadcast tensors are lowered by kernelization}}
  %0 = tolk.add %a, %b : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Every bad op is reported, not just the first.
func.func @two(%a: si8, %b: si8) -> (si8, si8) {
  // expected-error @+1 {{'tolk.sub' op is a derived op}}
  %0 = tolk.sub %a, %b : si8
  // expected-error @+1 {{'tolk.neg' op is a derived op}}
  %1 = tolk.neg %a : si8
  return %0, %1 : si8, si8
}
