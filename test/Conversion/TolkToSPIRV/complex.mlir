// --tolk-gpu-to-spirv on what complex-to-standard leaves of complex
// arithmetic (docs/Semantics.md#lowering-and-running): a complex<fN> is a
// vector<2xfN> of its real and imaginary parts, so a buffer of them is an
// array of two-lane vectors with numpy's <c8 and <c16 layout (stride 8 and
// 16); complex.create, re and im are composite ops on that vector, and a
// select of complex values selects the vectors (with a condition per lane,
// as SPIR-V before 1.4 requires).
// RUN: tolk-opt %s --tolk-gpu-to-spirv | FileCheck %s

// CHECK-LABEL: spirv.func @parts(
// CHECK-SAME: !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<2xf32>, stride=8> [0])>, StorageBuffer>
// CHECK-SAME: !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<2xf64>, stride=16> [0])>, StorageBuffer>
// CHECK: %[[Z:.+]] = spirv.Load "StorageBuffer" %{{.*}} : vector<2xf32>
// CHECK: %[[RE:.+]] = spirv.CompositeExtract %[[Z]][0 : i32] : vector<2xf32>
// CHECK: %[[IM:.+]] = spirv.CompositeExtract %[[Z]][1 : i32] : vector<2xf32>
// CHECK: %[[SUM:.+]] = spirv.FAdd %[[RE]], %[[IM]] : f32
// CHECK: %[[W:.+]] = spirv.CompositeConstruct %[[SUM]], %[[IM]] : (f32, f32) -> vector<2xf32>
// CHECK: %[[NZ:.+]] = spirv.FOrdNotEqual %[[RE]], %{{.*}} : f32
// CHECK: %[[LANES:.+]] = spirv.CompositeConstruct %[[NZ]], %[[NZ]] : (i1, i1) -> vector<2xi1>
// CHECK: %[[PICK:.+]] = spirv.Select %[[LANES]], %[[W]], %[[Z]] : vector<2xi1>, vector<2xf32>
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[PICK]] : vector<2xf32>
// CHECK: %[[D:.+]] = spirv.Load "StorageBuffer" %{{.*}} : vector<2xf64>
// CHECK: %[[DRE:.+]] = spirv.CompositeExtract %[[D]][0 : i32] : vector<2xf64>
// CHECK: %[[DIM:.+]] = spirv.CompositeExtract %[[D]][1 : i32] : vector<2xf64>
// CHECK: %[[PROD:.+]] = spirv.FMul %[[DRE]], %[[DIM]] : f64
// CHECK: %[[DW:.+]] = spirv.CompositeConstruct %[[PROD]], %[[DRE]] : (f64, f64) -> vector<2xf64>
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[DW]] : vector<2xf64>
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float64], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @parts(%a: memref<16xcomplex<f32>, #spirv.storage_class<StorageBuffer>>,
                    %b: memref<16xcomplex<f64>, #spirv.storage_class<StorageBuffer>>)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %i = gpu.thread_id x
      %zero = arith.constant 0.0 : f32
      %z = memref.load %a[%i] : memref<16xcomplex<f32>, #spirv.storage_class<StorageBuffer>>
      %re = complex.re %z : complex<f32>
      %im = complex.im %z : complex<f32>
      %sum = arith.addf %re, %im : f32
      %w = complex.create %sum, %im : complex<f32>
      %nz = arith.cmpf one, %re, %zero : f32
      %pick = arith.select %nz, %w, %z : complex<f32>
      memref.store %pick, %a[%i] : memref<16xcomplex<f32>, #spirv.storage_class<StorageBuffer>>
      %d = memref.load %b[%i] : memref<16xcomplex<f64>, #spirv.storage_class<StorageBuffer>>
      %dre = complex.re %d : complex<f64>
      %dim = complex.im %d : complex<f64>
      %prod = arith.mulf %dre, %dim : f64
      %dw = complex.create %prod, %dre : complex<f64>
      memref.store %dw, %b[%i] : memref<16xcomplex<f64>, #spirv.storage_class<StorageBuffer>>
      gpu.return
    }
  }
}
