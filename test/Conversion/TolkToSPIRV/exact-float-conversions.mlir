// --tolk-spirv-exact-float-conversions: a conversion between f16, f32 and
// f64 gives the folder's NaN (the source's sign and the top of its payload,
// quiet bit set, from integer arithmetic on its bits, selected on an
// unordered compare); f64 -> f16 goes through f32 rounded to odd, so that
// it rounds once.
// RUN: tolk-opt %s --tolk-spirv-exact-float-conversions | FileCheck %s

// CHECK-LABEL: gpu.func @k(
// CHECK-SAME: %[[F:[^:]+]]: f32, %[[D:[^:]+]]: f64
// CHECK: %[[H:.+]] = arith.truncf %[[F]] : f32 to f16
// CHECK: %[[FB:.+]] = arith.bitcast %[[F]] : f32 to i32
// CHECK: arith.shrui %[[FB]], %{{.*}} : i32
// CHECK: arith.shrui %[[FB]], %{{.*}} : i32
// CHECK: arith.constant 32256 : i16
// CHECK: arith.constant 1023 : i16
// CHECK: arith.constant -32768 : i16
// CHECK: %[[FNAN:.+]] = arith.cmpf uno, %[[F]], %[[F]] : f32
// CHECK: %[[FNB:.+]] = arith.bitcast %{{.*}} : i16 to f16
// CHECK: %[[H1:.+]] = arith.select %[[FNAN]], %[[FNB]], %[[H]] : f16
// f64 -> f32 to nearest; when inexact, the code towards zero, last bit set.
// CHECK: %[[N:.+]] = arith.truncf %[[D]] : f64 to f32
// CHECK: %[[BACK:.+]] = arith.extf %[[N]] : f32 to f64
// CHECK: %[[INEXACT:.+]] = arith.cmpf one, %[[BACK]], %[[D]] : f64
// CHECK: %[[AWAY:.+]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : f64
// CHECK: %[[NB:.+]] = arith.bitcast %[[N]] : f32 to i32
// CHECK: %[[DOWN:.+]] = arith.subi %[[NB]], %{{.*}} : i32
// CHECK: %[[TZ:.+]] = arith.select %[[AWAY]], %[[DOWN]], %[[NB]] : i32
// CHECK: %[[ODD:.+]] = arith.ori %[[TZ]], %{{.*}} : i32
// CHECK: %[[R:.+]] = arith.select %[[INEXACT]], %[[ODD]], %[[NB]] : i32
// CHECK: %[[RF:.+]] = arith.bitcast %[[R]] : i32 to f32
// CHECK: %[[G:.+]] = arith.truncf %[[RF]] : f32 to f16
// CHECK-NOT: arith.truncf %[[D]] : f64 to f16
// CHECK: %[[DNAN:.+]] = arith.cmpf uno, %[[D]], %[[D]] : f64
// CHECK: %[[G1:.+]] = arith.select %[[DNAN]], %{{.*}}, %[[G]] : f16
// CHECK: memref.store %[[H1]]
// CHECK: memref.store %[[G1]]
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, Float64, Int16, Int64], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%f: f32, %d: f64, %a: memref<2xf16>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %h = arith.truncf %f : f32 to f16
      %g = arith.truncf %d : f64 to f16
      memref.store %h, %a[%c0] : memref<2xf16>
      memref.store %g, %a[%c1] : memref<2xf16>
      gpu.return
    }
  }
}
