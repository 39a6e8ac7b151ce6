// pow of an integer by a negative integer constant has no integer result
// (docs/Semantics.md#pow): --tolk-decompose, which must expand an integer pow
// by a weak exponent, reports it at the op.
// RUN: tolk-opt %s -split-input-file --tolk-decompose -verify-diagnostics

func.func @pow_negative_exponent(%a: si32) -> si32 {
  %c = tolk.const -2 : !tolk.weakint
  // expected-error @below {{pow of an integer by a negative exponent (-2) has no integer result}}
  %0 = tolk.pow %a, %c : (si32, !tolk.weakint) -> si32
  return %0 : si32
}
