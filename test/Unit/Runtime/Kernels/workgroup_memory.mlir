// A kernel whose workgroup memory (64 KiB of i32) is over many devices'
// maxComputeSharedMemorySize (lavapipe's is 32 KiB): the Vulkan
// specification forbids it (VUID-RuntimeSpirv-Workgroup-06530), SPIRV-Tools
// cannot know the device's limit, and the runner does not check it, so that
// the validation layer's test has something only the layer catches.
// Serialized at build time with mlir-translate --no-implicit-module
// --serialize-spirv.

!buf = !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), Block>, StorageBuffer>
!shared = !spirv.ptr<!spirv.array<16384 x i32>, Workgroup>
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @a bind(0, 0) : !buf
  spirv.GlobalVariable @tile : !shared
  spirv.func @shared() "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %tp = spirv.mlir.addressof @tile : !shared
    %te = spirv.AccessChain %tp[%zero] : !shared, i32 -> !spirv.ptr<i32, Workgroup>
    spirv.Store "Workgroup" %te, %one : i32
    %v = spirv.Load "Workgroup" %te : i32
    %ap = spirv.mlir.addressof @a : !buf
    %ae = spirv.AccessChain %ap[%zero, %zero] : !buf, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    spirv.Store "StorageBuffer" %ae, %v : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @shared
  spirv.ExecutionMode @shared "LocalSize", 1, 1, 1
}
