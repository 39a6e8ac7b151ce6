// RUN: tolk-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(gpu.module(tolk-nvvm-sqrt))' \
// RUN:   | FileCheck %s

// CHECK-LABEL: gpu.module @kernels
// CHECK-NOT: @__nv_sqrt
// CHECK: llvm.func @k
// CHECK: llvm.intr.sqrt(%{{.*}}) : (f32) -> f32
// CHECK: llvm.intr.sqrt(%{{.*}}) : (f64) -> f64
// CHECK-NOT: llvm.call
gpu.module @kernels {
  llvm.func @__nv_sqrtf(f32) -> f32
  llvm.func @__nv_sqrt(f64) -> f64
  llvm.func @k(%a: f32, %b: f64) -> f64 {
    %x = llvm.call @__nv_sqrtf(%a) : (f32) -> f32
    %y = llvm.call @__nv_sqrt(%b) : (f64) -> f64
    %z = llvm.fpext %x : f32 to f64
    %s = llvm.fadd %y, %z : f64
    llvm.return %s : f64
  }
}

// -----

// Other libdevice functions are left alone, and so is a sqrt declaration
// that something still refers to.
// CHECK-LABEL: gpu.module @others
// CHECK: llvm.func @__nv_exp2f(f32) -> f32
// CHECK: llvm.call @__nv_exp2f
gpu.module @others {
  llvm.func @__nv_exp2f(f32) -> f32
  llvm.func @k(%a: f32) -> f32 {
    %x = llvm.call @__nv_exp2f(%a) : (f32) -> f32
    llvm.return %x : f32
  }
}
