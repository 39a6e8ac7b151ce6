// --tolk-to-spirv: float pow is C99's (the folder's) on Vulkan, computed in
// f64 arithmetic with the special cases as selects (GLSL's Pow is undefined
// for x < 0 and x = 0 with y <= 0), and a conversion keeps the NaN payload
// (docs/Semantics.md#nans). spirv-val.mlir validates the binaries; the
// differential tests (test/Differential/ops-vulkan.test) run them.
// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s

// The f64 arithmetic asks for Float64 and keeps the sign of zeros,
// infinities and NaNs in f64 too.
// CHECK: spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<{{.*}}Float64
// CHECK-LABEL: spirv.func @pow_f32()
// CHECK-NOT: spirv.GL.Pow
// CHECK: spirv.FDiv %{{.*}} : f64
// CHECK: spirv.GL.Floor %{{.*}} : f64
// CHECK: spirv.FConvert %{{.*}} : f64 to f32
// CHECK: spirv.FNegate %{{.*}} : f32
// CHECK: spirv.Store "StorageBuffer"
// CHECK-LABEL: spirv.func @pow_f16()
// CHECK-NOT: spirv.GL.Pow
// CHECK: spirv.FConvert %{{.*}} : f16 to f32
// CHECK: spirv.FDiv %{{.*}} : f64
// CHECK: spirv.FConvert %{{.*}} : f32 to f16
// CHECK: spirv.Store "StorageBuffer"
// CHECK-LABEL: spirv.func @narrow()
// CHECK: %[[H:.+]] = spirv.FConvert %{{.*}} : f32 to f16
// CHECK: %[[NAN:.+]] = spirv.Bitcast %{{.*}} : i16 to f16
// CHECK: %[[R:.+]] = spirv.Select %{{.*}}, %[[NAN]], %[[H]] : i1, f16
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[R]] : f16
// CHECK-DAG: spirv.ExecutionMode @pow_f32 "SignedZeroInfNanPreserve", 64
// CHECK-DAG: spirv.ExecutionMode @pow_f32 "SignedZeroInfNanPreserve", 32
gpu.module @kernels {
  gpu.func @pow_f32(%x: !tolk.ptr<f32, global>, %y: !tolk.ptr<f32, global>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global>, si32
    %a = tolk.load %px : !tolk.ptr<f32, global> -> f32
    %b = tolk.load %py : !tolk.ptr<f32, global> -> f32
    %p = tolk.pow %a, %b : f32
    tolk.store %px, %p : !tolk.ptr<f32, global>, f32
    gpu.return
  }

  gpu.func @pow_f16(%x: !tolk.ptr<f16, global>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f16, global>, si32
    %a = tolk.load %px : !tolk.ptr<f16, global> -> f16
    %p = tolk.pow %a, %a : f16
    tolk.store %px, %p : !tolk.ptr<f16, global>, f16
    gpu.return
  }

  gpu.func @narrow(%x: !tolk.ptr<f32, global>, %y: !tolk.ptr<f16, global>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %py = tolk.index %y[%i] : !tolk.ptr<f16, global>, si32
    %a = tolk.load %px : !tolk.ptr<f32, global> -> f32
    %h = tolk.cast %a : f32 to f16
    tolk.store %py, %h : !tolk.ptr<f16, global>, f16
    gpu.return
  }
}
