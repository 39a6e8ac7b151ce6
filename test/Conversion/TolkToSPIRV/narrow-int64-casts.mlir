// --tolk-spirv-narrow-int64-casts: without Int64, a float-to-integer cast
// through i64 that is then truncated to 32 bits or fewer takes its low 32
// bits from 32-bit arithmetic (x - trunc(x / 2^32) * 2^32, its magnitude
// converted, the sign applied). With Int64 nothing changes.
// RUN: tolk-opt %s -split-input-file --tolk-spirv-narrow-int64-casts | FileCheck %s

// CHECK-LABEL: gpu.module @no_int64
// CHECK-NOT: i64
// CHECK: %[[Q:.+]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[T:.+]] = math.trunc %[[Q]] : f32
// CHECK: %[[R:.+]] = math.fma %[[T]], %{{.*}}, %{{.*}} : f32
// CHECK: %[[A:.+]] = math.absf %[[R]] : f32
// CHECK: %[[U:.+]] = arith.fptoui %[[A]] : f32 to i32
// CHECK: %[[N:.+]] = arith.subi %{{.*}}, %[[U]] : i32
// CHECK: %[[S:.+]] = arith.select %{{.*}}, %[[N]], %[[U]] : i32
// CHECK: %[[B:.+]] = arith.trunci %[[S]] : i32 to i8
// CHECK: gpu.return %[[B]] : i8
module {
  gpu.module @no_int64 [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%x: f32) -> i8 {
      %w = arith.fptosi %x : f32 to i64
      %r = arith.trunci %w : i64 to i8
      gpu.return %r : i8
    }
  }
}

// -----

// CHECK-LABEL: gpu.module @int64
// CHECK: arith.fptosi %{{.*}} : f32 to i64
// CHECK: arith.trunci %{{.*}} : i64 to i32
module {
  gpu.module @int64 [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float64, Int64], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%x: f32) -> i32 {
      %w = arith.fptosi %x : f32 to i64
      %r = arith.trunci %w : i64 to i32
      gpu.return %r : i32
    }
  }
}
