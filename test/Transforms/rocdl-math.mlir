// RUN: tolk-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(tolk-rocdl-math))' \
// RUN:   | FileCheck %s

// OCML's exp2 and log2 on f32 and f16 are the LLVM intrinsics; their
// declarations go once unused.
// CHECK-LABEL: gpu.module @kernels
// CHECK-NOT: __ocml
// CHECK: llvm.func @k(
// CHECK: llvm.intr.exp2(%{{.*}}) : (f32) -> f32
// CHECK: llvm.intr.log2(%{{.*}}) : (f32) -> f32
// CHECK: llvm.intr.exp2(%{{.*}}) : (f16) -> f16
// CHECK: llvm.intr.log2(%{{.*}}) : (f16) -> f16
// CHECK-NOT: llvm.call
gpu.module @kernels {
  llvm.func @__ocml_exp2_f32(f32) -> f32
  llvm.func @__ocml_log2_f32(f32) -> f32
  llvm.func @__ocml_exp2_f16(f16) -> f16
  llvm.func @__ocml_log2_f16(f16) -> f16
  llvm.func @k(%a: f32, %h: f16) -> f16 {
    %x = llvm.call @__ocml_exp2_f32(%a) : (f32) -> f32
    %y = llvm.call @__ocml_log2_f32(%x) : (f32) -> f32
    %z = llvm.call @__ocml_exp2_f16(%h) : (f16) -> f16
    %w = llvm.call @__ocml_log2_f16(%z) : (f16) -> f16
    %t = llvm.fptrunc %y : f32 to f16
    %s = llvm.fadd %t, %w : f16
    llvm.return %s : f16
  }
}

// -----

// Any other function of the library is an error at the call, once per
// function and location (the lanes of a vector are a call each).
gpu.module @f64 {
  llvm.func @__ocml_exp2_f64(f64) -> f64
  llvm.func @k(%a: f64) -> f64 {
    // expected-error @+1 {{calls __ocml_exp2_f64 of ROCm's device library, which the ROCDL pipeline does not link: the chip has no instruction for it, and Tolk no expansion}}
    %x = llvm.call @__ocml_exp2_f64(%a) : (f64) -> f64   %y = llvm.call @__ocml_exp2_f64(%x) : (f64) -> f64
    llvm.return %y : f64
  }
}
