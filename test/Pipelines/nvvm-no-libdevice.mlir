// A float -> integer cast takes the magnitude, truncates and fuses a
// multiply-add (docs/Semantics.md#float-to-integer); on NVVM those are one
// instruction each, never libdevice calls, so they compile without a CUDA
// toolkit. exp2 still needs libdevice (nvvm-libdevice-missing.mlir).
// RUN: env -u CUDA_HOME -u CUDA_PATH -u CUDA_ROOT \
// RUN:   tolk-opt %s --tolk-to-nvvm=chip=sm_90 -o %t.mlir
// RUN: tolk-translate --gpu-binary-to-isa --binary=bf16_to_si16_kernel %t.mlir > %t.ptx
// RUN: tolk-translate --gpu-binary-to-isa --binary=f64_to_si64_kernel %t.mlir >> %t.ptx
// RUN: tolk-translate --gpu-binary-to-isa --binary=f32_to_ui64_kernel %t.mlir >> %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx

// CHECK-LABEL: .entry bf16_to_si16
// CHECK-NOT: call
// CHECK: abs.f32
// CHECK-NOT: call
// CHECK: ret;
func.func @bf16_to_si16(%a: tensor<64xbf16>) -> tensor<64xsi16> {
  %0 = tolk.cast %a : tensor<64xbf16> to tensor<64xsi16>
  return %0 : tensor<64xsi16>
}

// CHECK-LABEL: .entry f64_to_si64
// CHECK-NOT: call
// CHECK: ret;
func.func @f64_to_si64(%a: tensor<64xf64>) -> tensor<64xsi64> {
  %0 = tolk.cast %a : tensor<64xf64> to tensor<64xsi64>
  return %0 : tensor<64xsi64>
}

// CHECK-LABEL: .entry f32_to_ui64
// CHECK-NOT: call
// CHECK: ret;
func.func @f32_to_ui64(%a: tensor<64xf32>) -> tensor<64xui64> {
  %0 = tolk.cast %a : tensor<64xf32> to tensor<64xui64>
  return %0 : tensor<64xui64>
}
