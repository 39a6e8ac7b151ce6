// The SPIR-V kernel lowering lowers math.powf to C99's pow (the
// folder's): GLSL.std.450's Pow is undefined for x < 0 and for x = 0 with
// y <= 0. The special cases are selects around a core for a positive finite
// base and a finite exponent, which is exp2(y * log2(x)) in f64 arithmetic
// where the target has Float64 and GLSL's Pow elsewhere. f16 is computed in
// f32.
// RUN: tolk-opt %s -split-input-file \
// RUN:   --tolk-spirv-narrow-int64-casts --tolk-spirv-check-kernels \
// RUN:   --tolk-gpu-to-spirv --tolk-spirv-lower-push-constants | FileCheck %s

// CHECK-LABEL: spirv.func @pow_f32
// CHECK-NOT: spirv.GL.Pow
// CHECK: %[[X:.+]] = spirv.Load "StorageBuffer" %{{.*}} : f32
// CHECK: %[[Y:.+]] = spirv.Load "StorageBuffer" %{{.*}} : f32
// CHECK: %[[AX:.+]] = spirv.GL.FAbs %[[X]] : f32
// The lowest bit of an integer y below 2^24 gives the sign of a negative x.
// CHECK: spirv.Constant 0x4B800000 : f32
// CHECK: spirv.ConvertFToS %{{.*}} : f32 to i32
// The core: x's exponent from its bits, a subnormal's through its fraction
// converted to f32, then the two series in f64.
// CHECK: spirv.Bitcast %{{.*}} : f32 to i32
// CHECK: spirv.ConvertUToF %{{.*}} : i32 to f32
// CHECK: spirv.FConvert %{{.*}} : f32 to f64
// CHECK: spirv.FDiv %{{.*}} : f64
// CHECK: spirv.Constant 0.047619047619047616 : f64
// CHECK: spirv.Constant 2.8853900817779268 : f64
// CHECK: spirv.ConvertSToF %{{.*}} : i32 to f64
// CHECK: spirv.GL.Floor %{{.*}} : f64
// CHECK: spirv.Constant 0.69314718055994529 : f64
// CHECK: spirv.ConvertFToS %{{.*}} : f64 to i32
// CHECK: %[[CORE:.+]] = spirv.FConvert %{{.*}} : f64 to f32
// The special cases, in order: 0 and infinite bases, an infinite y, the
// sign, a negative x with a non-integer y, NaN operands, then y = 0 or
// x = 1.
// CHECK: %[[M1:.+]] = spirv.Select %{{.*}}, %{{.*}}, %[[CORE]] : i1, f32
// CHECK: %[[M2:.+]] = spirv.Select %{{.*}}, %{{.*}}, %[[M1]] : i1, f32
// CHECK: %[[M3:.+]] = spirv.Select %{{.*}}, %{{.*}}, %[[M2]] : i1, f32
// CHECK: %[[NEG:.+]] = spirv.FNegate %[[M3]] : f32
// CHECK: %[[S:.+]] = spirv.Select %{{.*}}, %[[NEG]], %[[M3]] : i1, f32
// CHECK: %[[NAN:.+]] = spirv.Constant 0x7FC00000 : f32
// CHECK: %[[N:.+]] = spirv.Select %{{.*}}, %[[NAN]], %[[S]] : i1, f32
// CHECK: %[[SUM:.+]] = spirv.FAdd %[[X]], %[[Y]] : f32
// CHECK: %[[P:.+]] = spirv.Select %{{.*}}, %[[SUM]], %[[N]] : i1, f32
// CHECK: %[[R:.+]] = spirv.Select %{{.*}}, %{{.*}}, %[[P]] : i1, f32
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[R]] : f32
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float64], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @pow_f32(%a: memref<16xf32, #gpu.address_space<global>>,
                      %b: memref<16xf32, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xf32, #gpu.address_space<global>>
      %y = memref.load %b[%i] : memref<16xf32, #gpu.address_space<global>>
      %p = math.powf %x, %y : f32
      memref.store %p, %a[%i] : memref<16xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}

// -----

// Without Float64 the core is GLSL's Pow, on a positive finite base and a
// finite exponent only; the special cases are the same selects.
// CHECK-LABEL: spirv.func @pow_no_f64
// CHECK-NOT: f64
// CHECK: %[[CORE:.+]] = spirv.GL.Pow %{{.*}}, %{{.*}} : f32
// CHECK-NOT: f64
// CHECK: spirv.Select %{{.*}}, %{{.*}}, %[[CORE]] : i1, f32
// CHECK-NOT: f64
// CHECK: spirv.Return
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @pow_no_f64(%a: memref<16xf32, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xf32, #gpu.address_space<global>>
      %p = math.powf %x, %x : f32
      memref.store %p, %a[%i] : memref<16xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}

// -----

// f16 lanes widen to f32 and the result rounds back once; every constant
// is splat to the vector's lanes.
// CHECK-LABEL: spirv.func @pow_f16x4
// CHECK-NOT: spirv.GL.Pow
// CHECK: spirv.FConvert %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK: spirv.FConvert %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK: spirv.Constant dense<8388607> : vector<4xi32>
// CHECK: spirv.FDiv %{{.*}} : vector<4xf64>
// CHECK: spirv.FConvert %{{.*}} : vector<4xf64> to vector<4xf32>
// CHECK: spirv.FConvert %{{.*}} : vector<4xf32> to vector<4xf16>
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, Float64, Int16, StorageBuffer16BitAccess], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_16bit_storage]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @pow_f16x4(%a: memref<16xf16, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xf16, #gpu.address_space<global>>
      %v = vector.broadcast %x : f16 to vector<4xf16>
      %p = math.powf %v, %v : vector<4xf16>
      %r = vector.extract %p[3] : f16 from vector<4xf16>
      memref.store %r, %a[%i] : memref<16xf16, #gpu.address_space<global>>
      gpu.return
    }
  }
}

// -----

// Vector accesses of an input without memref ops: the pass loads the memref
// dialect for the per-lane accesses it makes (this crashed before).
// CHECK-LABEL: spirv.func @pow_f32x4
// CHECK: %[[V:.+]] = spirv.CompositeConstruct %{{.*}} : (f32, f32, f32, f32) -> vector<4xf32>
// CHECK: spirv.GL.FAbs %[[V]] : vector<4xf32>
// CHECK: spirv.FDiv %{{.*}} : vector<4xf64>
// CHECK: spirv.FConvert %{{.*}} : vector<4xf64> to vector<4xf32>
// CHECK-COUNT-4: spirv.Store "StorageBuffer"
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float64], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @pow_f32x4(%a: memref<16xf32, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %i = gpu.thread_id x
      %v = vector.load %a[%i] : memref<16xf32, #gpu.address_space<global>>, vector<4xf32>
      %p = math.powf %v, %v : vector<4xf32>
      vector.store %p, %a[%i] : memref<16xf32, #gpu.address_space<global>>, vector<4xf32>
      gpu.return
    }
  }
}
