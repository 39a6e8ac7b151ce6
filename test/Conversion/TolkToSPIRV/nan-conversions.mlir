// The SPIR-V kernel lowering gives conversions between f16, f32 and f64
// the NaN of docs/Semantics.md#nans (lib/Dtype's narrowNaN): the source's sign
// and the top of its payload (all of it when widening), quiet bit set. Vulkan's
// OpFConvert may make a NaN canonical (lavapipe turns f32 0x7fffffff into f16
// 0x7e00 where Tolk keeps 0x7fff), so the NaN's bits are integer arithmetic on
// the source's, selected where the source is a NaN.
// RUN: tolk-opt %s -split-input-file \
// RUN:   --tolk-spirv-narrow-int64-casts --tolk-spirv-check-kernels \
// RUN:   --tolk-gpu-to-spirv --tolk-spirv-lower-push-constants | FileCheck %s

// f32 -> f16: sign from bit 31 to bit 15, payload bits 22..13 to 9..0,
// then 0x7e00 (exponent and quiet bit).
// CHECK-LABEL: spirv.func @convert
// CHECK: %[[X:.+]] = spirv.Load "StorageBuffer" %{{.*}} : f32
// CHECK: %[[H:.+]] = spirv.FConvert %[[X]] : f32 to f16
// CHECK: %[[XB:.+]] = spirv.Bitcast %[[X]] : f32 to i32
// CHECK: %[[SH:.+]] = spirv.ShiftRightLogical %[[XB]], %{{.*}} : i32, i32
// CHECK: %[[S:.+]] = spirv.SConvert %[[SH]] : i32 to i16
// CHECK: %[[PH:.+]] = spirv.ShiftRightLogical %[[XB]], %{{.*}} : i32, i32
// CHECK: %[[P:.+]] = spirv.SConvert %[[PH]] : i32 to i16
// CHECK: %[[PM:.+]] = spirv.BitwiseAnd %[[P]], %{{.*}} : i16
// CHECK: %[[SM:.+]] = spirv.BitwiseAnd %[[S]], %{{.*}} : i16
// CHECK: %[[SP:.+]] = spirv.BitwiseOr %[[SM]], %[[PM]] : i16
// CHECK: %[[NB:.+]] = spirv.BitwiseOr %[[SP]], %{{.*}} : i16
// CHECK: %[[ISNAN:.+]] = spirv.LogicalOr
// CHECK: %[[NAN:.+]] = spirv.Bitcast %[[NB]] : i16 to f16
// CHECK: %[[HR:.+]] = spirv.Select %[[ISNAN]], %[[NAN]], %[[H]] : i1, f16
// f16 -> f32: the payload shifted up, the sign to bit 31, 0x7fc00000.
// CHECK: %[[W:.+]] = spirv.FConvert %[[HR]] : f16 to f32
// CHECK: %[[HB:.+]] = spirv.Bitcast %[[HR]] : f16 to i16
// CHECK: spirv.UConvert %[[HB]] : i16 to i32
// CHECK: spirv.Constant 2143289344 : i32
// CHECK: %[[WR:.+]] = spirv.Select %{{.*}}, %{{.*}}, %[[W]] : i1, f32
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[WR]] : f32
// f64 -> f32, through i64.
// CHECK: %[[D:.+]] = spirv.Load "StorageBuffer" %{{.*}} : f64
// CHECK: %[[F:.+]] = spirv.FConvert %[[D]] : f64 to f32
// CHECK: spirv.Bitcast %[[D]] : f64 to i64
// CHECK: spirv.SConvert %{{.*}} : i64 to i32
// CHECK: %[[FR:.+]] = spirv.Select %{{.*}}, %{{.*}}, %[[F]] : i1, f32
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[FR]] : f32
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, Float64, Int16, Int64, StorageBuffer16BitAccess], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_16bit_storage]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @convert(%a: memref<16xf32, #gpu.address_space<global>>,
                      %b: memref<16xf64, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xf32, #gpu.address_space<global>>
      %h = arith.truncf %x : f32 to f16
      %w = arith.extf %h : f16 to f32
      memref.store %w, %a[%i] : memref<16xf32, #gpu.address_space<global>>
      %d = memref.load %b[%i] : memref<16xf64, #gpu.address_space<global>>
      %s = arith.truncf %d : f64 to f32
      memref.store %s, %a[%i] : memref<16xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}

// -----

// Without Int16 (f16's bits) and Int64 (f64's), the conversion stays as it
// is: the target cannot compute the NaN's bits.
// CHECK-LABEL: spirv.func @no_int16
// CHECK: %[[H:.+]] = spirv.FConvert %{{.*}} : f32 to f16
// CHECK-NOT: spirv.Select
// CHECK: %[[D:.+]] = spirv.FConvert %{{.*}} : f64 to f32
// CHECK-NOT: spirv.Select
// CHECK: spirv.Return
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, Float64, StorageBuffer16BitAccess], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_16bit_storage]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @no_int16(%a: memref<16xf32, #gpu.address_space<global>>,
                       %b: memref<16xf16, #gpu.address_space<global>>,
                       %c: memref<16xf64, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xf32, #gpu.address_space<global>>
      %h = arith.truncf %x : f32 to f16
      memref.store %h, %b[%i] : memref<16xf16, #gpu.address_space<global>>
      %d = memref.load %c[%i] : memref<16xf64, #gpu.address_space<global>>
      %s = arith.truncf %d : f64 to f32
      memref.store %s, %a[%i] : memref<16xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}
