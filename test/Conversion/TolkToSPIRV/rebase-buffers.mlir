// --tolk-spirv-rebase-buffers: an access through a view is an access of
// its buffer at the view's offset plus the index; the views are erased, a
// workgroup attribution becomes an allocation, and the buffers get identity
// layouts and SPIR-V storage classes. An access that is not rank 1 is an
// error.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-spirv-rebase-buffers | FileCheck %s

// CHECK-LABEL: gpu.func @k(
// CHECK-SAME: %[[A:.+]]: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %[[N:.+]]: index) kernel {
// CHECK: %[[L:.+]] = memref.alloc() : memref<4xf32, #spirv.storage_class<Workgroup>>
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[O:.+]] = arith.addi %{{.*}}, %[[N]] : index
// CHECK: %[[I:.+]] = arith.addi %[[O]], %[[C0]] : index
// CHECK: %[[X:.+]] = memref.load %[[A]][%[[I]]]
// CHECK: memref.store %[[X]], %[[L]][%[[C0]]]
// CHECK-NOT: memref.reinterpret_cast
// CHECK-NOT: memref.extract_strided_metadata
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%a: memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>>, %n: index)
        workgroup(%l: memref<4xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %base, %off, %size, %stride = memref.extract_strided_metadata %a : memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>> -> memref<f32, #gpu.address_space<global>>, index, index, index
      %o = arith.addi %off, %n : index
      %v = memref.reinterpret_cast %a to offset: [%o], sizes: [%size], strides: [1] : memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>> to memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      %x = memref.load %v[%c0] : memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      memref.store %x, %l[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @rank2(%a: memref<4x4xf32, #gpu.address_space<global>>, %i: index) kernel {
      // expected-error @+1 {{accesses a memref of rank other than 1}}
      %x = memref.load %a[%i, %i] : memref<4x4xf32, #gpu.address_space<global>>
      gpu.return
    }
  }
}
