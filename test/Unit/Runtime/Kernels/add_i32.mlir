// The Vulkan runner's test kernel: c[i] = a[i] + b[i] + k, with k the one
// push constant (kernel ABI: buffers at set 0 in parameter order, alu
// parameters in one push-constant block). Serialized at build time with
// mlir-translate --no-implicit-module --serialize-spirv.

!buf = !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
!pc = !spirv.ptr<!spirv.struct<(i32 [0]), Block>, PushConstant>
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @a bind(0, 0) : !buf
  spirv.GlobalVariable @b bind(0, 1) : !buf
  spirv.GlobalVariable @c bind(0, 2) : !buf
  spirv.GlobalVariable @k : !pc
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @add() "None" {
    %zero = spirv.Constant 0 : i32
    %gidp = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %gid = spirv.Load "Input" %gidp : vector<3xi32>
    %i = spirv.CompositeExtract %gid[0 : i32] : vector<3xi32>
    %ap = spirv.mlir.addressof @a : !buf
    %bp = spirv.mlir.addressof @b : !buf
    %cp = spirv.mlir.addressof @c : !buf
    %kp = spirv.mlir.addressof @k : !pc
    %ae = spirv.AccessChain %ap[%zero, %i] : !buf, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    %be = spirv.AccessChain %bp[%zero, %i] : !buf, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    %ce = spirv.AccessChain %cp[%zero, %i] : !buf, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    %ke = spirv.AccessChain %kp[%zero] : !pc, i32 -> !spirv.ptr<i32, PushConstant>
    %av = spirv.Load "StorageBuffer" %ae : i32
    %bv = spirv.Load "StorageBuffer" %be : i32
    %kv = spirv.Load "PushConstant" %ke : i32
    %s = spirv.IAdd %av, %bv : i32
    %t = spirv.IAdd %s, %kv : i32
    spirv.Store "StorageBuffer" %ce, %t : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @add, @gid
  spirv.ExecutionMode @add "LocalSize", 4, 1, 1
}
