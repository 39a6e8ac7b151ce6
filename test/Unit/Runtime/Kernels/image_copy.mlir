// The Vulkan runner's storage image kernel, one invocation per texel of a
// 2x2 image (x = column, y = row): the texel of the Rgba16f image at
// binding 0 goes to element y * 2 + x of the buffer at binding 1, and plus
// one to the Rgba32f image at binding 2. Serialized at build time with
// mlir-translate --no-implicit-module --serialize-spirv.

!half = !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>
!float = !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba32f>
!buf = !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0]), Block>, StorageBuffer>
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @in bind(0, 0) : !spirv.ptr<!half, UniformConstant>
  spirv.GlobalVariable @texels bind(0, 1) : !buf
  spirv.GlobalVariable @out bind(0, 2) : !spirv.ptr<!float, UniformConstant>
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @copy() "None" {
    %zero = spirv.Constant 0 : i32
    %two = spirv.Constant 2 : i32
    %one = spirv.Constant dense<1.0> : vector<4xf32>
    %gidp = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %gid = spirv.Load "Input" %gidp : vector<3xi32>
    %x = spirv.CompositeExtract %gid[0 : i32] : vector<3xi32>
    %y = spirv.CompositeExtract %gid[1 : i32] : vector<3xi32>
    %xy = spirv.CompositeConstruct %x, %y : (i32, i32) -> vector<2xi32>
    %inp = spirv.mlir.addressof @in : !spirv.ptr<!half, UniformConstant>
    %img = spirv.Load "UniformConstant" %inp : !half
    %t = spirv.ImageRead %img, %xy : !half, vector<2xi32> -> vector<4xf32>
    %row = spirv.IMul %y, %two : i32
    %i = spirv.IAdd %row, %x : i32
    %bp = spirv.mlir.addressof @texels : !buf
    %be = spirv.AccessChain %bp[%zero, %i] : !buf, i32, i32 -> !spirv.ptr<vector<4xf32>, StorageBuffer>
    spirv.Store "StorageBuffer" %be, %t : vector<4xf32>
    %u = spirv.FAdd %t, %one : vector<4xf32>
    %outp = spirv.mlir.addressof @out : !spirv.ptr<!float, UniformConstant>
    %oimg = spirv.Load "UniformConstant" %outp : !float
    spirv.ImageWrite %oimg, %xy, %u : !float, vector<2xi32>, vector<4xf32>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @copy, @gid
  spirv.ExecutionMode @copy "LocalSize", 2, 2, 1
}
