// The SPIR-V kernel lowering converts the gpu.modules in parallel, each
// in a module of its own: every spirv.module still lands just before its
// gpu.module, in the order of the gpu.modules, with or without threads.
// RUN: tolk-opt %s -split-input-file \
// RUN:   --tolk-spirv-narrow-int64-casts --tolk-spirv-check-kernels \
// RUN:   --tolk-gpu-to-spirv --tolk-spirv-lower-push-constants -verify-diagnostics | FileCheck %s
// RUN: tolk-opt %s -split-input-file \
// RUN:   --tolk-spirv-narrow-int64-casts --tolk-spirv-check-kernels \
// RUN:   --tolk-gpu-to-spirv --tolk-spirv-lower-push-constants -verify-diagnostics --mlir-disable-threading | FileCheck %s

// CHECK-LABEL: module
// CHECK-NEXT: spirv.module @__spv__m0
// CHECK: spirv.func @k0(
// CHECK: spirv.FAdd
// CHECK: gpu.module @m0
// CHECK-NEXT: gpu.func @k0(
// CHECK: spirv.module @__spv__m1
// CHECK: spirv.func @k1(
// CHECK: spirv.IMul
// CHECK: gpu.module @m1
// CHECK: spirv.module @__spv__m2
// CHECK: spirv.func @k2(
// CHECK: spirv.ShiftLeftLogical
// CHECK: gpu.module @m2
// CHECK: func.func @host
// CHECK-NOT: spirv.module
module attributes {gpu.container_module} {
  gpu.module @m0 [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k0(%a: memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%i] : memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      gpu.return
    }
  }
  gpu.module @m1 [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k1(%a: memref<4xi32, strided<[1], offset: ?>, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xi32, strided<[1], offset: ?>, #gpu.address_space<global>>
      %y = arith.muli %x, %x : i32
      memref.store %y, %a[%i] : memref<4xi32, strided<[1], offset: ?>, #gpu.address_space<global>>
      gpu.return
    }
  }
  gpu.module @m2 [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k2(%a: memref<4xi32, strided<[1], offset: ?>, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xi32, strided<[1], offset: ?>, #gpu.address_space<global>>
      %y = arith.shli %x, %x : i32
      memref.store %y, %a[%i] : memref<4xi32, strided<[1], offset: ?>, #gpu.address_space<global>>
      gpu.return
    }
  }
  func.func @host(%a: memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<global>>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @m0::@k0 blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<global>>)
    return
  }
}

// -----

// A conversion that fails in one of the modules reports it at its op, and
// the pass fails whichever thread ran it.
module attributes {gpu.container_module} {
  gpu.module @ok [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @bad [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %n = arith.constant 4 : index
      // expected-error @below {{failed to legalize operation 'memref.alloc'}}
      %x = memref.alloc(%n) : memref<?xf32>
      gpu.return
    }
  }
  gpu.module @ok2 [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
  }
}
