// add_i32 without a LocalSize: its workgroup size is the specialization
// constants tolk_local_size_{x,y,z} (SpecIds 0, 1, 2) of the composite
// tolk_workgroup_size, as --tolk-to-spirv lowers a kernel without
// known_block_size, and c[i] = a[i] + b[i] + k + the workgroup's x size, so
// that the size the runner sets shows in the result. Serialized at build
// time with tolk-translate --serialize-spirv, which decorates the composite
// BuiltIn WorkgroupSize.

!buf = !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
!pc = !spirv.ptr<!spirv.struct<(i32 [0]), Block>, PushConstant>
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.SpecConstant @tolk_local_size_x spec_id(0) = 1 : i32
  spirv.SpecConstant @tolk_local_size_y spec_id(1) = 1 : i32
  spirv.SpecConstant @tolk_local_size_z spec_id(2) = 1 : i32
  spirv.SpecConstantComposite @tolk_workgroup_size (@tolk_local_size_x, @tolk_local_size_y, @tolk_local_size_z) : vector<3xi32>
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
    %size = spirv.mlir.referenceof @tolk_local_size_x : i32
    %s = spirv.IAdd %av, %bv : i32
    %t = spirv.IAdd %s, %kv : i32
    %u = spirv.IAdd %t, %size : i32
    spirv.Store "StorageBuffer" %ce, %u : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @add, @gid
}
