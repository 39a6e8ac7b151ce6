// A rank-0 tensor result of a kernelized function is a buffer of one
// element (the kernel writes it), on every backend, though a rank-0
// argument is a by-value parameter.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tolk-opt %s --tolk-kernelize | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: params = [<scalar f32, arg 0>, <scalar f32, arg 1>, <buffer f32, result 0, count = 1, vector = 1>]
// LAUNCH: gpu.func @sum0({{.*}}: !tolk.ptr<f32, alu>, {{.*}}: !tolk.ptr<f32, alu>, {{.*}}: !tolk.ptr<f32, global, 1>) kernel
// RUN: tolk-run --quiet %s --kernel sum0 --arg 1.5 --arg 2.25 -o %t/r.npy
// RUN: %python %S/Inputs/npy.py check %t/r.npy 'f32(3.75)' | FileCheck %s
// RUN: %if vulkan %{ env XDG_RUNTIME_DIR=%t tolk-run --quiet --backend vulkan %s --kernel sum0 --arg 1.5 --arg 2.25 -o %t/v.npy %}
// RUN: %if vulkan %{ cmp %t/r.npy %t/v.npy %}
// CHECK: ok 1
func.func @sum0(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %r = tolk.add %a, %b : tensor<f32>
  return %r : tensor<f32>
}
