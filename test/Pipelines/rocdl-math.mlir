// exp2, log2 and pow on ROCDL without ROCm: exp2 and log2 are LLVM's
// intrinsics (what ROCm's device library's functions are: v_exp_f32 and
// v_log_f32 with the back end's scaling of subnormals), pow C's pow around
// a core in f64 arithmetic (--tolk-expand-powf), and on f64 all three are
// Tolk's expansion in f64 arithmetic (--tolk-expand-f64-math), as AMD GPUs
// have no instruction for them. No device library is
// linked, and llvm-mc accepts the code (one code object per kernel).
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx942" -o %t.942.mlir
// RUN: FileCheck %s --check-prefix=NOLIB < %t.942.mlir
// RUN: tolk-translate --gpu-binary-to-isa --binary=f32_kernel %t.942.mlir -o %t.f32.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.f32.s -o %t.f32.o
// RUN: tolk-translate --gpu-binary-to-isa --binary=f16_kernel %t.942.mlir -o %t.f16.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.f16.s -o %t.f16.o
// RUN: tolk-translate --gpu-binary-to-isa --binary=narrow_kernel %t.942.mlir -o %t.narrow.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.narrow.s -o %t.narrow.o
// RUN: tolk-translate --gpu-binary-to-isa --binary=f64_kernel %t.942.mlir -o %t.f64.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.f64.s -o %t.f64.o
// RUN: cat %t.f32.s %t.f16.s %t.narrow.s %t.f64.s | FileCheck %s
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx1100" \
// RUN:   | tolk-translate --gpu-binary-to-isa --binary=f32_kernel -o %t.1100.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %t.1100.s -o %t.1100.o

// NOLIB-NOT: __ocml

// exp2: v_exp_f32, scaled by 2^-64 below 2^-126 (v_ldexp_f32); log2:
// v_log_f32; pow in f64 arithmetic: divisions and multiplications, no
// transcendental.
// CHECK-LABEL: {{^}}f32:
// CHECK-DAG: v_exp_f32
// CHECK-DAG: v_ldexp_f32
// CHECK-DAG: v_log_f32
// CHECK-DAG: v_div_scale_f64
// CHECK-DAG: v_fma_f64
// CHECK-DAG: v_cvt_f32_f64
// CHECK: s_endpgm
func.func @f32(%x: tensor<64xf32>, %y: tensor<64xf32>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %e = tolk.exp2 %x : tensor<64xf32>
  %l = tolk.log2 %x : tensor<64xf32>
  %p = tolk.pow %x, %y : tensor<64xf32>
  return %e, %l, %p : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

// f16: v_exp_f16 and v_log_f16; pow through f32 into the f64 core.
// CHECK-LABEL: {{^}}f16:
// CHECK-DAG: v_exp_f16
// CHECK-DAG: v_log_f16
// CHECK-DAG: v_cvt_f32_f16
// CHECK-DAG: v_fma_f64
// CHECK: s_endpgm
func.func @f16(%x: tensor<64xf16>, %y: tensor<64xf16>)
    -> (tensor<64xf16>, tensor<64xf16>, tensor<64xf16>) {
  %e = tolk.exp2 %x : tensor<64xf16>
  %l = tolk.log2 %x : tensor<64xf16>
  %p = tolk.pow %x, %y : tensor<64xf16>
  return %e, %l, %p : tensor<64xf16>, tensor<64xf16>, tensor<64xf16>
}

// bf16 and the 8-bit floats compute in f32.
// CHECK-LABEL: {{^}}narrow:
// CHECK-DAG: v_exp_f32
// CHECK-DAG: v_log_f32
// CHECK: s_endpgm
func.func @narrow(%x: tensor<64xbf16>, %y: tensor<64xf8E4M3FN>)
    -> (tensor<64xbf16>, tensor<64xf8E4M3FN>) {
  %l = tolk.log2 %x : tensor<64xbf16>
  %e = tolk.exp2 %y : tensor<64xf8E4M3FN>
  return %l, %e : tensor<64xbf16>, tensor<64xf8E4M3FN>
}

// f64: Tolk's expansion, f64 arithmetic only (divisions, multiplications,
// floor), no transcendental instruction and no library call.
// CHECK-LABEL: {{^}}f64:
// CHECK-DAG: v_div_scale_f64
// CHECK-DAG: v_mul_f64
// CHECK-DAG: v_floor_f64
// CHECK-NOT: v_exp_f32
// CHECK-NOT: v_log_f32
// CHECK: s_endpgm
func.func @f64(%x: tensor<64xf64>, %y: tensor<64xf64>)
    -> (tensor<64xf64>, tensor<64xf64>, tensor<64xf64>) {
  %e = tolk.exp2 %x : tensor<64xf64>
  %l = tolk.log2 %x : tensor<64xf64>
  %p = tolk.pow %x, %y : tensor<64xf64>
  return %e, %l, %p : tensor<64xf64>, tensor<64xf64>, tensor<64xf64>
}
