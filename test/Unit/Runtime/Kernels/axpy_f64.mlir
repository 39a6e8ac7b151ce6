// The Vulkan runner's f64 test kernel: y[i] = alpha * x[i] + y[i] for
// i < n, with the push constants {i32 n at 0, f64 alpha at 8} (the kernel
// ABI's 8-byte slot aligned to 8 for a 64-bit scalar). Needs the device's
// shaderFloat64. The tail is kept by a select rather than a branch.

!buf = !spirv.ptr<!spirv.struct<(!spirv.rtarray<f64, stride=8> [0]), Block>, StorageBuffer>
!pcs = !spirv.struct<(i32 [0], f64 [8]), Block>
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Float64], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @x bind(0, 0) : !buf
  spirv.GlobalVariable @y bind(0, 1) : !buf
  spirv.GlobalVariable @args : !spirv.ptr<!pcs, PushConstant>
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @axpy() "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %gidp = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %gid = spirv.Load "Input" %gidp : vector<3xi32>
    %i = spirv.CompositeExtract %gid[0 : i32] : vector<3xi32>
    %xp = spirv.mlir.addressof @x : !buf
    %yp = spirv.mlir.addressof @y : !buf
    %argp = spirv.mlir.addressof @args : !spirv.ptr<!pcs, PushConstant>
    %np = spirv.AccessChain %argp[%zero] : !spirv.ptr<!pcs, PushConstant>, i32 -> !spirv.ptr<i32, PushConstant>
    %alphap = spirv.AccessChain %argp[%one] : !spirv.ptr<!pcs, PushConstant>, i32 -> !spirv.ptr<f64, PushConstant>
    %n = spirv.Load "PushConstant" %np : i32
    %alpha = spirv.Load "PushConstant" %alphap : f64
    %xe = spirv.AccessChain %xp[%zero, %i] : !buf, i32, i32 -> !spirv.ptr<f64, StorageBuffer>
    %ye = spirv.AccessChain %yp[%zero, %i] : !buf, i32, i32 -> !spirv.ptr<f64, StorageBuffer>
    %xv = spirv.Load "StorageBuffer" %xe : f64
    %yv = spirv.Load "StorageBuffer" %ye : f64
    %ax = spirv.FMul %alpha, %xv : f64
    %r = spirv.FAdd %ax, %yv : f64
    %in = spirv.ULessThan %i, %n : i32
    %out = spirv.Select %in, %r, %yv : i1, f64
    spirv.Store "StorageBuffer" %ye, %out : f64
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @axpy, @gid
  spirv.ExecutionMode @axpy "LocalSize", 4, 1, 1
}
