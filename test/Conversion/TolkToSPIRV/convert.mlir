// The SPIR-V kernel lowering on the output of --convert-tolk-to-gpu: a
// pointer indexed twice is its buffer at the sum of the offsets (one access
// chain), the by-value parameter a push constant, the buffers bindings in
// the order of the global pointers.
// RUN: tolk-opt %s \
// RUN:   --tolk-spirv-narrow-int64-casts --tolk-spirv-check-kernels \
// RUN:   --tolk-gpu-to-spirv --tolk-spirv-lower-push-constants | FileCheck %s

// CHECK-LABEL: spirv.module @__spv__kernels
// CHECK: spirv.GlobalVariable @k_push_constants : !spirv.ptr<!spirv.struct<(i32 [0])>, PushConstant>
// CHECK-LABEL: spirv.func @k(
// CHECK-SAME: %{{.*}}: !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}
// CHECK-SAME: %{{.*}}: !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}
// CHECK-SAME: ) "None" attributes {
// CHECK-SAME: spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>
// CHECK: %[[N:.+]] = spirv.Load "PushConstant" %{{.*}} : i32
// CHECK: %[[SUM:.+]] = spirv.IAdd %[[N]], %[[N]] : i32
// CHECK: spirv.AccessChain %{{.*}}[%{{.*}}, %[[SUM]]]
// CHECK: spirv.Load "StorageBuffer"
// CHECK: spirv.AccessChain %{{.*}}[%{{.*}}, %[[N]]]
// CHECK: spirv.Store "StorageBuffer"
// CHECK: gpu.module @kernels
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%a: memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>>,
                %n: i32,
                %b: memref<16xf32, strided<[1], offset: ?>, #gpu.address_space<global>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %i = arith.index_cast %n : i32 to index
      %base, %off, %size, %stride = memref.extract_strided_metadata %a : memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>> -> memref<f32, #gpu.address_space<global>>, index, index, index
      %o1 = arith.addi %off, %i : index
      %v1 = memref.reinterpret_cast %a to offset: [%o1], sizes: [%size], strides: [1] : memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>> to memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      %base2, %off2, %size2, %stride2 = memref.extract_strided_metadata %v1 : memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>> -> memref<f32, #gpu.address_space<global>>, index, index, index
      %o2 = arith.addi %off2, %i : index
      %v2 = memref.reinterpret_cast %v1 to offset: [%o2], sizes: [%size2], strides: [1] : memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>> to memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      %x = memref.load %v2[%c0] : memref<?xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      %base3, %off3, %size3, %stride3 = memref.extract_strided_metadata %b : memref<16xf32, strided<[1], offset: ?>, #gpu.address_space<global>> -> memref<f32, #gpu.address_space<global>>, index, index, index
      %o3 = arith.addi %off3, %i : index
      %v3 = memref.reinterpret_cast %b to offset: [%o3], sizes: [16], strides: [1] : memref<16xf32, strided<[1], offset: ?>, #gpu.address_space<global>> to memref<16xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      memref.store %x, %v3[%c0] : memref<16xf32, strided<[1], offset: ?>, #gpu.address_space<global>>
      gpu.return
    }
  }
}
