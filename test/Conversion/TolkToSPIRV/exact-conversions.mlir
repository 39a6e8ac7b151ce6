// The SPIR-V kernel lowering makes two conversions exact where
// Vulkan's own may not be (docs/Lowering.md, "SPIR-V"): f64 -> f16 rounds
// once (through f32 rounded to odd; lavapipe's OpFConvert rounds through
// f32 to nearest, twice), and without Int64 a float-to-integer cast's
// conversion to i64 and truncation become 32-bit arithmetic.
// RUN: tolk-opt %s -split-input-file \
// RUN:   --tolk-spirv-narrow-int64-casts --tolk-spirv-check-kernels \
// RUN:   --tolk-gpu-to-spirv --tolk-spirv-lower-push-constants | FileCheck %s

// f64 -> f32 to nearest; inexact (ordered, so not for NaN) and rounded
// away from zero: one code down; inexact: the last bit set; then f32 ->
// f16. The NaN select of the f64 -> f16 conversion stays around it.
// CHECK-LABEL: spirv.func @f64_to_f16
// CHECK: %[[D:.+]] = spirv.Load "StorageBuffer" %{{.*}} : f64
// CHECK: %[[N:.+]] = spirv.FConvert %[[D]] : f64 to f32
// CHECK: %[[B:.+]] = spirv.FConvert %[[N]] : f32 to f64
// CHECK: spirv.FOrdNotEqual %[[B]], %[[D]] : f64
// CHECK: spirv.FOrdGreaterThan %{{.*}}, %{{.*}} : f64
// CHECK: %[[NB:.+]] = spirv.Bitcast %[[N]] : f32 to i32
// CHECK: spirv.ISub %[[NB]], %{{.*}} : i32
// CHECK: spirv.BitwiseOr %{{.*}}, %{{.*}} : i32
// CHECK: %[[O:.+]] = spirv.Bitcast %{{.*}} : i32 to f32
// CHECK: %[[H:.+]] = spirv.FConvert %[[O]] : f32 to f16
// CHECK-NOT: spirv.FConvert %{{.*}} : f64 to f16
// CHECK: spirv.Select %{{.*}}, %{{.*}}, %[[H]] : i1, f16
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, Float64, Int16, Int64, StorageBuffer16BitAccess], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_16bit_storage]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @f64_to_f16(%a: memref<16xf64, #gpu.address_space<global>>,
                         %b: memref<16xf16, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %i = gpu.thread_id x
      %d = memref.load %a[%i] : memref<16xf64, #gpu.address_space<global>>
      %h = arith.truncf %d : f64 to f16
      memref.store %h, %b[%i] : memref<16xf16, #gpu.address_space<global>>
      gpu.return
    }
  }
}

// -----

// No Int64: x - trunc(x / 2^32) * 2^32 in f32, its magnitude converted
// unsigned, negated for a negative x; no 64-bit integer is left. With
// Int64 the conversion stays (see the next kernel).
// CHECK-LABEL: spirv.func @no_int64
// CHECK-NOT: i64
// CHECK: %[[X:.+]] = spirv.Load "StorageBuffer" %{{.*}} : f32
// CHECK: %[[S:.+]] = spirv.FMul %[[X]], %{{.*}} : f32
// CHECK: spirv.GL.Floor %[[S]] : f32
// CHECK: spirv.GL.Ceil %[[S]] : f32
// CHECK: %[[Q:.+]] = spirv.Select
// CHECK: %[[D:.+]] = spirv.GL.Fma %[[Q]], %{{.*}}, %[[X]] : f32
// CHECK: %[[A:.+]] = spirv.GL.FAbs %[[D]] : f32
// CHECK: %[[U:.+]] = spirv.ConvertFToU %[[A]] : f32 to i32
// CHECK: %[[NEG:.+]] = spirv.FOrdLessThan %[[X]], %{{.*}} : f32
// CHECK: %[[N:.+]] = spirv.ISub %{{.*}}, %[[U]] : i32
// CHECK: %[[R:.+]] = spirv.Select %[[NEG]], %[[N]], %[[U]] : i1, i32
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[R]] : i32
// CHECK-NOT: i64
// CHECK: spirv.Return
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @no_int64(%a: memref<16xf32, #gpu.address_space<global>>,
                       %b: memref<16xi32, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xf32, #gpu.address_space<global>>
      %w = arith.fptosi %x : f32 to i64
      %t = arith.trunci %w : i64 to i32
      memref.store %t, %b[%i] : memref<16xi32, #gpu.address_space<global>>
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: spirv.func @with_int64
// CHECK: spirv.ConvertFToS %{{.*}} : f32 to i64
// CHECK: spirv.SConvert %{{.*}} : i64 to i32
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader, Int64], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @with_int64(%a: memref<16xf32, #gpu.address_space<global>>,
                         %b: memref<16xi32, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xf32, #gpu.address_space<global>>
      %w = arith.fptosi %x : f32 to i64
      %t = arith.trunci %w : i64 to i32
      memref.store %t, %b[%i] : memref<16xi32, #gpu.address_space<global>>
      gpu.return
    }
  }
}
