// --tolk-spirv-preserve-signed-zero-inf-nan: each entry point keeps signed
// zeros, infinities and NaNs for each float width the module computes in,
// where the target environment has the capability and the extension.
// RUN: tolk-opt %s -split-input-file --tolk-spirv-preserve-signed-zero-inf-nan | FileCheck %s

// CHECK-LABEL: spirv.module @allowed
// CHECK-DAG: spirv.ExecutionMode @k "SignedZeroInfNanPreserve", 16
// CHECK-DAG: spirv.ExecutionMode @k "SignedZeroInfNanPreserve", 32
spirv.module @allowed Logical GLSL450 requires #spirv.vce<v1.3, [Shader, Float16, SignedZeroInfNanPreserve], [SPV_KHR_float_controls]> attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, SignedZeroInfNanPreserve], [SPV_KHR_float_controls]>, api=Vulkan, #spirv.resource_limits<>>} {
  spirv.func @k() "None" {
    %x = spirv.Constant 1.0 : f32
    %h = spirv.FConvert %x : f32 to f16
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
}

// -----

// Without the extension, nothing.
// CHECK-LABEL: spirv.module @lacking
// CHECK-NOT: SignedZeroInfNanPreserve"
spirv.module @lacking Logical GLSL450 attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, SignedZeroInfNanPreserve], []>, api=Vulkan, #spirv.resource_limits<>>} {
  spirv.func @k() "None" {
    %x = spirv.Constant 1.0 : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
}
