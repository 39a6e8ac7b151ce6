// Image arguments through the pipelines (docs/Kernels.md#kernelization):
// --tolk-to-spirv kernelizes the function with each argument marked
// tolk.image as a storage image of its texels' format, read with
// OpImageRead at the thread's texel (an imageh's f32 texel converted to the
// f16 lanes, exact), and the launch description passes it as an image with
// its shape. spirv-val.mlir validates the binary; test/tolk-run/
// kernelized-images*.mlir runs such functions on the host and on Vulkan.
// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s
// RUN: tolk-opt %s --tolk-kernelize | tolk-translate --launch-json | FileCheck %s --check-prefix=JSON
// RUN: tolk-opt %s --tolk-to-spirv | tolk-translate --launch-json | FileCheck %s --check-prefix=JSON

// CHECK-LABEL: spirv.module @__spv__add_row_kernel
// CHECK: spirv.GlobalVariable @add_row_image_0 bind(0, 0) : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba32f>, UniformConstant>
// CHECK: spirv.GlobalVariable @add_row_image_2 bind(0, 2) : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>, UniformConstant>
// CHECK: spirv.GlobalVariable @add_row_arg_0 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer>
// CHECK: spirv.GlobalVariable @add_row_arg_1 bind(0, 3) : !spirv.ptr<!spirv.struct<(!spirv.array<32 x f16, stride=2> [0])>, StorageBuffer>
// CHECK-LABEL: spirv.func @add_row()
// The texel of an imagef of the iteration shape: x = (4 id / 4) mod 4,
// y = 4 id / 16, checked against the image's 4 x 2 texels.
// CHECK: %[[I:.*]] = spirv.IAdd %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[F:.*]] = spirv.IMul %[[I]], %[[C4:.*]] : i32
// CHECK-NEXT: %[[Q:.*]] = spirv.SDiv %[[F]], %[[C4]] : i32
// CHECK-NEXT: %[[QQ:.*]] = spirv.SDiv %[[Q]], %[[C4]] : i32
// CHECK-NEXT: %[[T:.*]] = spirv.IMul %[[QQ]], %{{.*}} : i32
// CHECK-NEXT: %[[X:.*]] = spirv.IAdd %[[Q]], %[[T]] : i32
// CHECK-NEXT: %[[Y:.*]] = spirv.SDiv %[[F]], %{{.*}} : i32
// CHECK-NEXT: %[[XY:.*]] = spirv.CompositeConstruct %[[X]], %[[Y]] : (i32, i32) -> vector<2xi32>
// CHECK-NEXT: spirv.ULessThan %[[X]], %[[C4]] : i32
// CHECK: spirv.ImageRead %{{.*}}, %[[XY]] : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba32f>, vector<2xi32> -> vector<4xf32>
// The imageh of one row: y = 0.
// CHECK: %[[XY2:.*]] = spirv.CompositeConstruct %[[X]], %{{.*}} : (i32, i32) -> vector<2xi32>
// CHECK: %[[H:.*]] = spirv.ImageRead %{{.*}}, %[[XY2]] : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>, vector<2xi32> -> vector<4xf32>
// CHECK-NEXT: spirv.FConvert %[[H]] : vector<4xf32> to vector<4xf16>
// CHECK: spirv.EntryPoint "GLCompute" @add_row

// JSON: "function": "add_row",
// JSON: "params": [
// JSON-NEXT: {
// JSON-NEXT:   "kind": "image",
// JSON-NEXT:   "dtype": "f32",
// JSON-NEXT:   "count": 32,
// JSON-NEXT:   "vector": 4,
// JSON-NEXT:   "shape": [
// JSON-NEXT:     2,
// JSON-NEXT:     4,
// JSON-NEXT:     4
// JSON-NEXT:   ],
// JSON-NEXT:   "arg": 0
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT:   "kind": "buffer",
// JSON-NEXT:   "dtype": "f32",
// JSON-NEXT:   "count": 16,
// JSON-NEXT:   "vector": 4,
// JSON-NEXT:   "arg": 1
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT:   "kind": "image",
// JSON-NEXT:   "dtype": "f16",
// JSON-NEXT:   "count": 16,
// JSON-NEXT:   "vector": 4,
// JSON-NEXT:   "shape": [
// JSON-NEXT:     1,
// JSON-NEXT:     4,
// JSON-NEXT:     4
// JSON-NEXT:   ],
// JSON-NEXT:   "arg": 2
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT:   "kind": "buffer",
// JSON-NEXT:   "dtype": "f16",
// JSON-NEXT:   "count": 32,
// JSON-NEXT:   "vector": 4,
// JSON-NEXT:   "result": 0
// JSON-NEXT: }
// JSON-NEXT: ]
func.func @add_row(%img: tensor<2x4x4xf32> {tolk.image}, %row: tensor<4x4xf32>, %h: tensor<1x4x4xf16> {tolk.image}) -> tensor<2x4x4xf16> {
  %s = tolk.add %img, %row : (tensor<2x4x4xf32>, tensor<4x4xf32>) -> tensor<2x4x4xf32>
  %c = tolk.cast %s : tensor<2x4x4xf32> to tensor<2x4x4xf16>
  %r = tolk.add %c, %h : (tensor<2x4x4xf16>, tensor<1x4x4xf16>) -> tensor<2x4x4xf16>
  return %r : tensor<2x4x4xf16>
}
