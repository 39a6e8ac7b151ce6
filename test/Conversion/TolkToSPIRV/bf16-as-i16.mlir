// --tolk-spirv-bf16-as-i16: bf16 values, elements and buffers are i16 with
// the same bits (1.0 is 0x3F80); a bitcast between the two disappears.
// RUN: tolk-opt %s --tolk-spirv-bf16-as-i16 | FileCheck %s

// CHECK-LABEL: gpu.func @k(
// CHECK-SAME: %[[A:.+]]: memref<16xi16, #spirv.storage_class<StorageBuffer>>, %[[C:.+]]: i1, %[[I:.+]]: index)
// CHECK: %[[X:.+]] = memref.load %[[A]][%[[I]]] : memref<16xi16
// CHECK: %[[ONE:.+]] = arith.constant 16256 : i16
// CHECK: %[[S:.+]] = arith.select %[[C]], %[[X]], %[[ONE]] : i16
// CHECK-NEXT: memref.store %[[S]], %[[A]][%[[I]]] : memref<16xi16
// CHECK-NOT: bf16
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%a: memref<16xbf16, #spirv.storage_class<StorageBuffer>>, %c: i1, %i: index) kernel {
      %x = memref.load %a[%i] : memref<16xbf16, #spirv.storage_class<StorageBuffer>>
      %one = arith.constant 1.0 : bf16
      %s = arith.select %c, %x, %one : bf16
      %bits = arith.bitcast %s : bf16 to i16
      %back = arith.bitcast %bits : i16 to bf16
      memref.store %back, %a[%i] : memref<16xbf16, #spirv.storage_class<StorageBuffer>>
      gpu.return
    }
  }
}
