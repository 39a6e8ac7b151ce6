// The errors of --tolk-commit-weak: a weak operand that promotion absorbed,
// strong operands that promote to a weak type, and option values that name
// no integer or float of known width (reported once, without the module).
// RUN: tolk-opt %s -split-input-file --tolk-commit-weak -verify-diagnostics
// RUN: not tolk-opt %s --tolk-commit-weak="default-int=f32" 2>&1 | FileCheck %s --check-prefix=INT
// RUN: not tolk-opt %s --tolk-commit-weak="default-float=bogus" 2>&1 | FileCheck %s --check-prefix=FLOAT --implicit-check-not="see current operation" --implicit-check-not="non-function type"
// RUN: not tolk-opt %s --tolk-commit-weak="default-int=bogus" 2>&1 | FileCheck %s --check-prefix=BOGUS --implicit-check-not="see current operation" --implicit-check-not="non-function type"
// RUN: not tolk-opt %s --tolk-commit-weak="default-int=weakint" 2>&1 | FileCheck %s --check-prefix=WEAK
// RUN: not tolk-opt %s --tolk-commit-weak="default-float=f128" 2>&1 | FileCheck %s --check-prefix=F128

// INT: error: tolk-commit-weak: default-int='f32' is not an integer type of known width
// FLOAT: error: tolk-commit-weak: default-float='bogus': unknown data type name 'bogus'
// BOGUS: error: tolk-commit-weak: default-int='bogus': unknown data type name 'bogus'
// WEAK: error: tolk-commit-weak: default-int='weakint' is not an integer type of known width
// F128: error: tolk-commit-weak: default-float='f128' names dtypes.f128, which is no default type: a weak type commits to one of tinygrad's types

// Not canonicalized: committing the constant would make the add si32.
func.func @absorbed(%x: si8) -> si8 {
  %c = tolk.const 3 : !tolk.weakint
  // expected-error @+1 {{a weak operand would change this op's promoted type once committed (the committed operands give 'si32', not 'si8'); run --canonicalize first, which makes the promotion explicit}}
  %0 = tolk.add %x, %c : (si8, !tolk.weakint) -> si8
  return %0 : si8
}

// -----

// No weak operand: si64 and ui64 promote to !tolk.weakfloat, whose commit
// (f32) the uncast operands cannot give.
func.func @strong_operands(%a: si64, %b: ui64) -> !tolk.weakfloat {
  // expected-error @+1 {{the operands promote to a weak type, which committing the result alone would not change (the committed operands give '!tolk.weakfloat', not 'f32'); run --canonicalize first, which makes the promotion explicit}}
  %0 = tolk.add %a, %b : (si64, ui64) -> !tolk.weakfloat
  return %0 : !tolk.weakfloat
}

// -----

// pow keeps a weak exponent through canonicalization (its promotion,
// docs/Semantics.md#operand-promotion): decompose before committing.
func.func @pow_exponent(%x: si8) -> si8 {
  %c = tolk.const 3 : !tolk.weakint
  // expected-error @+1 {{a weak operand would change this op's promoted type}}
  %0 = tolk.pow %x, %c : (si8, !tolk.weakint) -> si8
  return %0 : si8
}

// -----

// A weak integer shifted by a negative count: the folder leaves it, and
// committing would read -1 as 2^32 - 1 and shift every bit out
// (docs/Semantics.md#shl-shr); a weak operand of unknown value too.
func.func @weak_shift_negative(%x: !tolk.weakint) -> (!tolk.weakint, !tolk.weakint) {
  %five = tolk.const 5 : !tolk.weakint
  %m1 = tolk.const -1 : !tolk.weakint
  // expected-error @+1 {{'tolk.shl' op shifts a weak integer by the negative count -1: a weak shift is exact and takes no negative count}}
  %0 = tolk.shl %five, %m1 : !tolk.weakint
  // expected-error @+1 {{'tolk.shr' op shifts a weak integer by the negative count -1}}
  %1 = tolk.shr %x, %m1 : !tolk.weakint
  return %0, %1 : !tolk.weakint, !tolk.weakint
}
