// --tolk-spirv-expand-math: math.trunc as floor or ceil by the sign;
// math.log2 of a positive subnormal f32 from its integer significand;
// math.powf as C99's pow, its special cases as selects around a core for a
// positive finite base and a finite exponent: math.powf without Float64,
// exp2(y * log2(x)) in f64 arithmetic with it.
// RUN: tolk-opt %s -split-input-file --tolk-spirv-expand-math | FileCheck %s

// trunc: x >= 0 (false for NaN) takes floor, else ceil.
// CHECK-LABEL: gpu.func @k(
// CHECK-SAME: %[[X:[^:]+]]: f32, %[[Y:[^:]+]]: f32
// CHECK: %[[POS:.+]] = arith.cmpf oge, %[[X]], %{{.*}} : f32
// CHECK: %[[DOWN:.+]] = math.floor %[[X]] : f32
// CHECK: %[[UP:.+]] = math.ceil %[[X]] : f32
// CHECK: %[[T:.+]] = arith.select %[[POS]], %[[DOWN]], %[[UP]] : f32
// log2: bits - 1 below 0x7FFFFF is a positive subnormal: log2(bits) - 149.
// CHECK: %[[BITS:.+]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[SUB:.+]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK: %[[SIG:.+]] = arith.uitofp %[[BITS]] : i32 to f32
// CHECK: %[[OP:.+]] = arith.select %[[SUB]], %[[SIG]], %[[X]] : f32
// CHECK: %[[LOG:.+]] = math.log2 %[[OP]] : f32
// CHECK: %[[SCALED:.+]] = arith.subf %[[LOG]], %{{.*}} : f32
// CHECK: %[[L:.+]] = arith.select %[[SUB]], %[[SCALED]], %[[LOG]] : f32
// pow: the core is math.powf of |x| (1 where x is 0 or not finite) and y
// (0 where y is not finite).
// CHECK: %[[CORE:.+]] = math.powf %{{.*}}, %{{.*}} : f32
// The special cases, in order: 0 and infinite bases, an infinite y, the
// sign of an odd y, a negative x with a non-integer y, NaN operands, then
// y = 0 or x = 1.
// CHECK: %[[M1:.+]] = arith.select %{{.*}}, %{{.*}}, %[[CORE]] : f32
// CHECK: %[[M2:.+]] = arith.select %{{.*}}, %{{.*}}, %[[M1]] : f32
// CHECK: %[[M3:.+]] = arith.select %{{.*}}, %{{.*}}, %[[M2]] : f32
// CHECK: %[[NEG:.+]] = arith.negf %[[M3]] : f32
// CHECK: %[[S:.+]] = arith.select %{{.*}}, %[[NEG]], %[[M3]] : f32
// CHECK: %[[NAN:.+]] = arith.constant 0x7FC00000 : f32
// CHECK: %[[N:.+]] = arith.select %{{.*}}, %[[NAN]], %[[S]] : f32
// CHECK: %[[UNO:.+]] = arith.cmpf uno, %[[X]], %[[Y]] : f32
// CHECK: %[[SUM:.+]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK: %[[P1:.+]] = arith.select %[[UNO]], %[[SUM]], %[[N]] : f32
// CHECK: %[[XONE:.+]] = arith.cmpf oeq, %[[X]], %{{.*}} : f32
// CHECK: %[[YZERO:.+]] = arith.cmpf oeq, %[[Y]], %{{.*}} : f32
// CHECK: %[[UNIT:.+]] = arith.ori %[[YZERO]], %[[XONE]] : i1
// CHECK: %[[P:.+]] = arith.select %[[UNIT]], %{{.*}}, %[[P1]] : f32
// CHECK: memref.store %[[T]]
// CHECK: memref.store %[[L]]
// CHECK: memref.store %[[P]]
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%x: f32, %y: f32, %a: memref<3xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %t = math.trunc %x : f32
      %l = math.log2 %x : f32
      %p = math.powf %x, %y : f32
      memref.store %t, %a[%c0] : memref<3xf32>
      memref.store %l, %a[%c1] : memref<3xf32>
      memref.store %p, %a[%c2] : memref<3xf32>
      gpu.return
    }
  }
}

// -----

// With Float64 the core is f64 arithmetic, rounded once to f32: no
// math.powf is left.
// CHECK-LABEL: gpu.func @k(
// CHECK-NOT: math.powf
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.divf %{{.*}}, %{{.*}} : f64
// CHECK: math.floor %{{.*}} : f64
// CHECK: arith.fptosi %{{.*}} : f64 to i32
// CHECK: %[[CORE:.+]] = arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[CORE]] : f32
// CHECK-NOT: math.powf
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float64, Int64], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%x: f32, %y: f32, %a: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %p = math.powf %x, %y : f32
      memref.store %p, %a[%c0] : memref<1xf32>
      gpu.return
    }
  }
}
