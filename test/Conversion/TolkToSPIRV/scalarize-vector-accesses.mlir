// --tolk-spirv-scalarize-vector-accesses: a vector load or store of a
// buffer of scalars is one access per lane, at consecutive indices.
// RUN: tolk-opt %s --tolk-spirv-scalarize-vector-accesses | FileCheck %s

// CHECK-LABEL: gpu.func @k(
// CHECK-SAME: %[[A:.+]]: memref<16xf32>, %[[I:.+]]: index)
// CHECK-NOT: vector.load
// CHECK: %[[L0:.+]] = memref.load %[[A]][%[[I]]]
// CHECK: %[[I1:.+]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: %[[L1:.+]] = memref.load %[[A]][%[[I1]]]
// CHECK: %[[V:.+]] = vector.from_elements %[[L0]], %[[L1]] : vector<2xf32>
// CHECK: %[[E0:.+]] = vector.extract %[[V]][0]
// CHECK: memref.store %[[E0]], %[[A]][%[[I]]]
// CHECK: %[[E1:.+]] = vector.extract %[[V]][1]
// CHECK: %[[J1:.+]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: memref.store %[[E1]], %[[A]][%[[J1]]]
// CHECK-NOT: vector.store
module {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k(%a: memref<16xf32>, %i: index) kernel {
      %v = vector.load %a[%i] : memref<16xf32>, vector<2xf32>
      vector.store %v, %a[%i] : memref<16xf32>, vector<2xf32>
      gpu.return
    }
  }
}
