// --tolk-gpu-to-spirv alone: a prepared copy of each gpu.module becomes a
// spirv.module before it, and the gpu.module stays for the host's launches;
// the parameters still carry their PushConstant marks, which
// --tolk-spirv-lower-push-constants gathers. With an empty `prepare`
// pipeline the input must already be in the form the steps give.
// RUN: tolk-opt %s --tolk-gpu-to-spirv | FileCheck %s
// RUN: tolk-opt %s --tolk-gpu-to-spirv="prepare=tolk-spirv-set-abi-attrs" | FileCheck %s

// CHECK-LABEL: spirv.module @__spv__kernels
// CHECK-LABEL: spirv.func @k(
// CHECK-SAME: !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}
// CHECK-SAME: %{{.*}}: i32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), PushConstant>}
// CHECK-SAME: spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>
// CHECK: spirv.GL.Exp2 %{{.*}} : f32
// CHECK: gpu.module @kernels
// CHECK: gpu.func @k(
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%a: memref<16xf32, #spirv.storage_class<StorageBuffer>>, %n: i32)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %i = arith.index_cast %n : i32 to index
      %x = memref.load %a[%i] : memref<16xf32, #spirv.storage_class<StorageBuffer>>
      %y = math.exp2 %x : f32
      memref.store %y, %a[%i] : memref<16xf32, #spirv.storage_class<StorageBuffer>>
      gpu.return
    }
  }
}
