// A nested module is compiled by nesting the pipeline on it.
// RUN: tolk-opt %s --pass-pipeline='builtin.module(builtin.module(tolk-to-nvvm{chip=sm_90}))' | FileCheck %s --check-prefix=NVVM
// RUN: tolk-opt %s --pass-pipeline='builtin.module(builtin.module(tolk-to-rocdl{chip=gfx942}))' | FileCheck %s --check-prefix=ROCDL
// RUN: tolk-opt %s --pass-pipeline='builtin.module(builtin.module(tolk-to-spirv))' | FileCheck %s --check-prefix=SPIRV
// RUN: tolk-opt %s --pass-pipeline='builtin.module(builtin.module(tolk-to-llvm))' | FileCheck %s --check-prefix=LLVM

// NVVM: module @inner
// NVVM: gpu.binary @square_kernel [#gpu.object<#nvvm.target<chip = "sm_90">
// ROCDL: module @inner
// ROCDL: gpu.binary @square_kernel [#gpu.object<#rocdl.target<chip = "gfx942">
// SPIRV: module @inner
// SPIRV: spirv.module @__spv__square_kernel
// LLVM: module @inner
// LLVM: llvm.func @square_kernel.square
module {
  module @inner {
    func.func @square(%a: tensor<64xf32>) -> tensor<64xf32> {
      %r = tolk.mul %a, %a : tensor<64xf32>
      return %r : tensor<64xf32>
    }
  }
}
