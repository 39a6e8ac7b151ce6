// --tolk-spirv-lower-push-constants gives a module whose entry point has no
// workgroup size (no known_block_size, and no gpu.block_dim that would have
// made them) the specialization constants of the specialized size, which
// the serializer decorates BuiltIn WorkgroupSize: Vulkan requires a
// workgroup size of every compute entry point
// (VUID-RuntimeSpirv-LocalSizeId-06426). A module whose entry points all
// have a LocalSize, or that has the constants already, is left as it is.
// RUN: tolk-opt %s -split-input-file --tolk-spirv-lower-push-constants | FileCheck %s

// CHECK-LABEL: spirv.module
// CHECK-DAG: spirv.SpecConstant @tolk_local_size_x spec_id(0) = 1 : i32
// CHECK-DAG: spirv.SpecConstant @tolk_local_size_y spec_id(1) = 1 : i32
// CHECK-DAG: spirv.SpecConstant @tolk_local_size_z spec_id(2) = 1 : i32
// CHECK-DAG: spirv.SpecConstantComposite @tolk_workgroup_size (@tolk_local_size_x, @tolk_local_size_y, @tolk_local_size_z) : vector<3xi32>
// CHECK: spirv.func @unsized()
spirv.module Logical GLSL450 {
  spirv.func @unsized() "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<>} {
    spirv.Return
  }
}

// -----

// CHECK-LABEL: spirv.module
// CHECK-NOT: spirv.SpecConstant
// CHECK: spirv.func @sized()
spirv.module Logical GLSL450 {
  spirv.func @sized() "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
    spirv.Return
  }
}

// -----

// A function that is not an entry point needs no size.
// CHECK-LABEL: spirv.module
// CHECK-NOT: spirv.SpecConstant
// CHECK: spirv.func @helper()
spirv.module Logical GLSL450 {
  spirv.func @helper() "None" {
    spirv.Return
  }
}

// -----

// The constants that gpu.block_dim's lowering made are kept, not doubled.
// CHECK-LABEL: spirv.module
// CHECK-COUNT-1: spirv.SpecConstantComposite @tolk_workgroup_size
// CHECK-NOT: spirv.SpecConstantComposite
spirv.module Logical GLSL450 {
  spirv.SpecConstant @tolk_local_size_x spec_id(0) = 1 : i32
  spirv.SpecConstant @tolk_local_size_y spec_id(1) = 1 : i32
  spirv.SpecConstant @tolk_local_size_z spec_id(2) = 1 : i32
  spirv.SpecConstantComposite @tolk_workgroup_size (@tolk_local_size_x, @tolk_local_size_y, @tolk_local_size_z) : vector<3xi32>
  spirv.func @reads() "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<>} {
    spirv.Return
  }
}
