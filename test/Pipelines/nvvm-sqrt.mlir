// REQUIRES: ptxas
// Tolk's sqrt is correctly rounded (docs/Semantics.md#sqrt-exp2-log2): sqrt.rn
// on NVVM, never libdevice's __nv_sqrtf, which is sqrt.approx.f32.
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_90 features=+ptx80" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin

// CHECK-NOT: sqrt.approx
// CHECK-LABEL: .entry sqrt(
// CHECK-DAG: sqrt.rn.f32
// CHECK-DAG: sqrt.rn.f64
// CHECK-DAG: cvt.f32.f16
// CHECK-NOT: sqrt.approx
// CHECK-NOT: __nv_sqrt
func.func @sqrt(%x: tensor<1024xf32>, %y: tensor<1024xf64>,
                %z: tensor<1024xf16>)
    -> (tensor<1024xf32>, tensor<1024xf64>, tensor<1024xf16>) {
  %sx = tolk.sqrt %x : tensor<1024xf32>
  %sy = tolk.sqrt %y : tensor<1024xf64>
  %sz = tolk.sqrt %z : tensor<1024xf16>
  return %sx, %sy, %sz : tensor<1024xf32>, tensor<1024xf64>, tensor<1024xf16>
}
