// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s
// RUN: tolk-opt %s --tolk-to-spirv="caps=Shader,Float16,StorageBuffer16BitAccess exts=SPV_KHR_storage_buffer_storage_class,SPV_KHR_16bit_storage" | FileCheck %s --check-prefix=NOCAP

// Each entry point asks to keep the sign of zeros, infinities and NaNs for
// every float width it computes in (Tolk defines +0.0 + -0.0 and friends),
// where the target environment has SPV_KHR_float_controls; without it, no
// execution mode.

// CHECK: spirv.module {{.*}} requires #spirv.vce<{{.*}}SignedZeroInfNanPreserve{{.*}}SPV_KHR_float_controls
// CHECK-DAG: spirv.ExecutionMode @add "SignedZeroInfNanPreserve", 16
// CHECK-DAG: spirv.ExecutionMode @add "SignedZeroInfNanPreserve", 32
// NOCAP-NOT: SignedZeroInfNanPreserve
func.func @add(%a: tensor<8xf16>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %r = tolk.add %a, %b : (tensor<8xf16>, tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
