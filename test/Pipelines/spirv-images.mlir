// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s

// Images on SPIR-V (docs/Semantics.md#images): each image parameter is a
// UniformConstant storage image at descriptor set 0, at the binding of its
// position among the kernel's buffers and images; a texel access is an
// OpImageRead or OpImageWrite inside a selection on the texel's bounds.
// spirv-val.mlir validates the binary.

// CHECK: spirv.GlobalVariable @scale_image_0 bind(0, 0) : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>, UniformConstant>
// CHECK: spirv.GlobalVariable @scale_image_2 bind(0, 2) : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba32f>, UniformConstant>
// CHECK: spirv.GlobalVariable @scale_image_3 bind(0, 3) : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>, UniformConstant>
// CHECK: spirv.GlobalVariable @scale_arg_0 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<32 x f32, stride=4> [0])>, StorageBuffer>
// CHECK-LABEL: spirv.func @scale()
// CHECK: %[[IN:.*]] = spirv.LogicalAnd %{{.*}}, %{{.*}} : i1
// CHECK: spirv.mlir.selection {
// CHECK-NEXT: spirv.BranchConditional %[[IN]], ^bb1, ^bb2
// CHECK: %[[A:.*]] = spirv.mlir.addressof @scale_image_0
// CHECK: %[[I:.*]] = spirv.Load "UniformConstant" %[[A]]
// CHECK: spirv.ImageRead %[[I]], %{{.*}} : {{.*}}Rgba16f>, vector<2xi32> -> vector<4xf32>
// CHECK: spirv.mlir.addressof @scale_image_2
// CHECK: spirv.ImageWrite {{.*}}Rgba32f>, vector<2xi32>, vector<4xf32>
// CHECK: spirv.mlir.addressof @scale_image_3
// CHECK: spirv.ImageWrite {{.*}}Rgba16f>, vector<2xi32>, vector<4xf32>
// CHECK: spirv.EntryPoint "GLCompute" @scale
gpu.module @images {
  gpu.func @scale(%in: !tolk.ptr<f32, global, imageh<4x8x4>> {tolk.readonly},
                  %buf: !tolk.ptr<f32, global, 32, v = 4>,
                  %out: !tolk.ptr<f32, global, imagef<4x8x4>>,
                  %s: !tolk.ptr<f32, alu>,
                  %half: !tolk.ptr<f32, global, imageh<8x4x4>>) kernel
      attributes {known_block_size = array<i32: 8, 4, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %x = tolk.special local_id x : si32
    %y = tolk.special local_id y : si32
    %one = tolk.const 1 : si32
    %x1 = tolk.add %x, %one : si32
    %xy = vector.from_elements %x1, %y : vector<2xsi32>
    %t = tolk.image_load %in[%xy] : !tolk.ptr<f32, global, imageh<4x8x4>> -> vector<4xf32>
    %sv = tolk.load %s : !tolk.ptr<f32, alu> -> f32
    %sb = vector.broadcast %sv : f32 to vector<4xf32>
    %u = tolk.mul %t, %sb : vector<4xf32>
    %eight = tolk.const 8 : si32
    %row = tolk.mul %y, %eight : si32
    %k = tolk.add %row, %x : si32
    %p = tolk.index %buf[%k] : !tolk.ptr<f32, global, 32, v = 4>, si32
    %b = tolk.load %p : !tolk.ptr<f32, global, 32, v = 4> -> vector<4xf32>
    %v = tolk.add %u, %b : vector<4xf32>
    %xy0 = vector.from_elements %x, %y : vector<2xsi32>
    tolk.image_store %out[%xy0], %v : !tolk.ptr<f32, global, imagef<4x8x4>>, vector<4xf32>
    %h = tolk.image_load %in[%xy0] : !tolk.ptr<f32, global, imageh<4x8x4>> -> vector<4xf16>
    %hh = tolk.add %h, %h : vector<4xf16>
    %xy2 = vector.from_elements %y, %x : vector<2xsi32>
    tolk.image_store %half[%xy2], %hh : !tolk.ptr<f32, global, imageh<8x4x4>>, vector<4xf16>
    gpu.return
  }
}
