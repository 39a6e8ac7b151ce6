// Found by scripts/fuzz-tools.py: --convert-tolk-to-arith reported a
// constant that the canonicalizer had made for two ops (such a constant
// has no location) at <unknown>. It is reported at the op that uses it.
// RUN: not tolk-opt %s --canonicalize --convert-tolk-to-arith -o /dev/null 2>&1 | FileCheck %s

// CHECK-NOT: <unknown>
// CHECK: arith-unknown-location.mlir:[[@LINE+6]]:3: error: 'tolk.const' op has the weak type 'tensor<4x!tolk.weakfloat>', which has no arith lowering: run --tolk-commit-weak first
// CHECK-NOT: <unknown>
func.func @f() -> (tensor<4x!tolk.weakfloat>, tensor<4x!tolk.weakfloat>) {
  %a = tolk.const 2.0 : tensor<4x!tolk.weakfloat>
  %b = tolk.add %a, %a : (tensor<4x!tolk.weakfloat>, tensor<4x!tolk.weakfloat>) -> tensor<4x!tolk.weakfloat>
  %c = tolk.mul %a, %a : (tensor<4x!tolk.weakfloat>, tensor<4x!tolk.weakfloat>) -> tensor<4x!tolk.weakfloat>
  return %b, %c : tensor<4x!tolk.weakfloat>, tensor<4x!tolk.weakfloat>
}
