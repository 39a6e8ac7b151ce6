// Findings of scripts/fuzz.sh, reduced: IR the verifier accepted although
// --canonicalize then built an invalid type from it.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics

// Lanes of a weak type do not exist, so lanes may not promote to one: the
// canonicalizer would cast the operands to vector<4x!tolk.weakfloat>.
func.func @lanes_promote_to_weak_float(%a: vector<4xsi64>, %b: vector<4xui64>) {
  // expected-error @+1 {{'tolk.add' op operands with lanes promote to !tolk.weakfloat, which has no lanes; cast them to a strong type first}}
  %r = tolk.add %a, %b : (vector<4xsi64>, vector<4xui64>) -> vector<4xf32>
  return
}

// -----

// Even where the result is i1.
func.func @lanes_compare_weak(%a: vector<4xi1>, %w: !tolk.weakfloat) {
  // expected-error @+1 {{'tolk.cmplt' op operands with lanes promote to !tolk.weakfloat, which has no lanes}}
  %r = tolk.cmplt %a, %w : (vector<4xi1>, !tolk.weakfloat) -> vector<4xi1>
  return
}

// -----

func.func @lanes_where_weak_arms(%c: vector<4xi1>, %x: !tolk.weakint) {
  // expected-error @+1 {{'tolk.where' op operands with lanes promote to !tolk.weakint, which has no lanes}}
  %r = tolk.where %c, %x, %x : (vector<4xi1>, !tolk.weakint, !tolk.weakint) -> vector<4xi1>
  return
}

// -----

// div's float of a weak integer is the weak float.
func.func @lanes_div_weak(%a: vector<4xi1>, %w: !tolk.weakint) {
  // expected-error @+1 {{'tolk.div' op operands with lanes promote to !tolk.weakfloat, which has no lanes}}
  %r = tolk.div %a, %w : (vector<4xi1>, !tolk.weakint) -> vector<4xf32>
  return
}

// -----

// Strong lanes with a weak scalar promote to the strong type, as before.
func.func @lanes_weak_scalar_ok(%a: vector<4xsi8>, %w: !tolk.weakint) -> vector<4xsi8> {
  %r = tolk.add %a, %w : (vector<4xsi8>, !tolk.weakint) -> vector<4xsi8>
  return %r : vector<4xsi8>
}
