// A rank-0 tensor argument of a kernelized function is a by-value
// parameter, given with --arg (not an .npy file), as --help says.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tolk-run --help | FileCheck %s --check-prefix=HELP
// HELP: a rank-0 tensor argument, like a
// HELP-NEXT: scalar one, is a by-value parameter that --arg gives
// RUN: %python %S/Inputs/npy.py write %t/a.npy '<f4' 4 0 1 2 3
// RUN: tolk-run --quiet %s --kernel add %t/a.npy --arg 2 -o %t/r.npy
// RUN: %python %S/Inputs/npy.py check %t/r.npy 'f32(in0[i] + 2)' %t/a.npy | FileCheck %s
// CHECK: ok 4
func.func @add(%a: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  %r = tolk.add %a, %c : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
