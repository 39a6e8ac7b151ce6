// Three entry points of one SPIR-V 1.4 module, for the runner's reflection:
// each sees only the resources its own call tree uses (@first: a and c,
// with float controls; @second: b and the push constants; @third: a
// uniform buffer, which the runner refuses). Serialized at build time with
// mlir-translate --no-implicit-module --serialize-spirv.

!buf = !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
!ubo = !spirv.ptr<!spirv.struct<(f32 [0]), Block>, Uniform>
!pc = !spirv.ptr<!spirv.struct<(i32 [0], f32 [4]), Block>, PushConstant>
spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [Shader, SignedZeroInfNanPreserve, DenormPreserve], []> {
  spirv.GlobalVariable @a bind(0, 0) : !buf
  spirv.GlobalVariable @b bind(0, 1) : !buf
  spirv.GlobalVariable @c bind(0, 2) : !buf
  spirv.GlobalVariable @u bind(0, 3) : !ubo
  spirv.GlobalVariable @k : !pc
  spirv.func @first() "None" {
    %zero = spirv.Constant 0 : i32
    %ap = spirv.mlir.addressof @a : !buf
    %cp = spirv.mlir.addressof @c : !buf
    %ae = spirv.AccessChain %ap[%zero, %zero] : !buf, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %ce = spirv.AccessChain %cp[%zero, %zero] : !buf, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %v = spirv.Load "StorageBuffer" %ae : f32
    spirv.Store "StorageBuffer" %ce, %v : f32
    spirv.Return
  }
  spirv.func @second() "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %bp = spirv.mlir.addressof @b : !buf
    %kp = spirv.mlir.addressof @k : !pc
    %be = spirv.AccessChain %bp[%zero, %zero] : !buf, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %ke = spirv.AccessChain %kp[%one] : !pc, i32 -> !spirv.ptr<f32, PushConstant>
    %v = spirv.Load "PushConstant" %ke : f32
    spirv.Store "StorageBuffer" %be, %v : f32
    spirv.Return
  }
  spirv.func @third() "None" {
    %zero = spirv.Constant 0 : i32
    %up = spirv.mlir.addressof @u : !ubo
    %cp = spirv.mlir.addressof @c : !buf
    %ue = spirv.AccessChain %up[%zero] : !ubo, i32 -> !spirv.ptr<f32, Uniform>
    %ce = spirv.AccessChain %cp[%zero, %zero] : !buf, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %v = spirv.Load "Uniform" %ue : f32
    spirv.Store "StorageBuffer" %ce, %v : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @first, @a, @c
  spirv.ExecutionMode @first "LocalSize", 8, 2, 1
  spirv.ExecutionMode @first "SignedZeroInfNanPreserve", 32
  spirv.ExecutionMode @first "DenormPreserve", 32
  spirv.EntryPoint "GLCompute" @second, @b, @k
  spirv.ExecutionMode @second "LocalSize", 1, 1, 1
  spirv.EntryPoint "GLCompute" @third, @u, @c
  spirv.ExecutionMode @third "LocalSize", 1, 1, 1
}
