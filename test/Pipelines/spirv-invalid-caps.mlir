// The capabilities of --tolk-to-spirv must include Shader, which every
// Vulkan device has: without it upstream's conversion failed on the whole
// gpu.module ("failed to legalize operation 'gpu.module'").
// RUN: not tolk-opt %s --tolk-to-spirv="caps=" 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not tolk-opt %s --tolk-to-spirv="caps=Int8,Int16" 2>&1 | FileCheck %s --check-prefix=NOSHADER

// EMPTY: error: tolk-to-spirv: caps must include Shader, the capability of every Vulkan device (got '')
// NOSHADER: error: tolk-to-spirv: caps must include Shader, the capability of every Vulkan device (got 'Int8,Int16')
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
