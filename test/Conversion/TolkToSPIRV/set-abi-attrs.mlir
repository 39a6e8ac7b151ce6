// --tolk-spirv-set-abi-attrs: buffers at descriptor set 0, binding = their
// position among the buffers; by-value parameters marked PushConstant; the
// known_block_size as the workgroup size, none without one.
// RUN: tolk-opt %s --tolk-spirv-set-abi-attrs | FileCheck %s

// CHECK-LABEL: gpu.func @fixed(
// CHECK-SAME: {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}
// CHECK-SAME: %{{.*}}: i32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), PushConstant>}
// CHECK-SAME: {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}
// CHECK-SAME: spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>
// CHECK-LABEL: gpu.func @any(
// CHECK-SAME: {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}
// CHECK-SAME: spirv.entry_point_abi = #spirv.entry_point_abi<>}
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @fixed(%a: memref<16xf32, #spirv.storage_class<StorageBuffer>>, %n: i32, %b: memref<16xf32, #spirv.storage_class<StorageBuffer>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
    gpu.func @any(%a: memref<16xf32, #spirv.storage_class<StorageBuffer>>) kernel {
      gpu.return
    }
  }
}
