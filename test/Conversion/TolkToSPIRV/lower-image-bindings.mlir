// RUN: tolk-opt %s --tolk-spirv-lower-image-bindings | FileCheck %s

// --tolk-spirv-lower-image-bindings: each image parameter of an entry
// function becomes a UniformConstant variable at the set and binding of its
// interface ABI, used where the parameter was; the other parameters stay
// for spirv-lower-abi-attrs.

!img = !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>
!buf = !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32, stride=4> [0])>, StorageBuffer>

// CHECK: spirv.GlobalVariable @k_image_0 bind(0, 0) : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>, UniformConstant>
// CHECK: spirv.GlobalVariable @k_image_2 bind(0, 2) : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>, UniformConstant>
// CHECK-LABEL: spirv.func @k(
// CHECK-SAME: %{{.*}}: !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>})
// CHECK: %[[A:.*]] = spirv.mlir.addressof @k_image_0
// CHECK: spirv.Load "UniformConstant" %[[A]]
// CHECK: %[[B:.*]] = spirv.mlir.addressof @k_image_2
// CHECK: spirv.Load "UniformConstant" %[[B]]
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.func @k(%a: !spirv.ptr<!img, UniformConstant> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>},
                %b: !buf {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>},
                %c: !spirv.ptr<!img, UniformConstant> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 2)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
    %i = spirv.Load "UniformConstant" %a : !img
    %j = spirv.Load "UniformConstant" %c : !img
    spirv.Return
  }
}
