// --tolk-spirv-keep-interface-version: a module below SPIR-V 1.4 whose entry
// point lists a buffer in its interface (as spirv-lower-abi-attrs writes it
// from 1.4 on) is raised to 1.4; one that lists only inputs stays.
// RUN: tolk-opt %s -split-input-file --tolk-spirv-keep-interface-version | FileCheck %s

// CHECK-LABEL: spirv.module @buffer Logical GLSL450 requires #spirv.vce<v1.4, [Shader], [SPV_KHR_storage_buffer_storage_class]>
spirv.module @buffer Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @k() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k, @buf
}

// -----

// CHECK-LABEL: spirv.module @input Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []>
spirv.module @input Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @id built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @k() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k, @id
}
