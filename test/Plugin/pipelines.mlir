// The named pipelines and Tolk's passes on upstream dialects run in MLIR's
// own mlir-opt with TolkPlugin.so as they do in tolk-opt: the dialect plugin
// also brings the extensions the pipelines' last steps need (target
// attributes, translations to LLVM IR).
// REQUIRES: tolk-plugin
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin --load-pass-plugin=%tolk_plugin %s --pass-pipeline="builtin.module(tolk-to-nvvm{chip=sm_90 features=+ptx80})" | FileCheck %s --check-prefix=NVVM
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin --load-pass-plugin=%tolk_plugin %s --pass-pipeline="builtin.module(tolk-to-rocdl{chip=gfx942})" | FileCheck %s --check-prefix=ROCDL
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin --load-pass-plugin=%tolk_plugin %s --pass-pipeline="builtin.module(tolk-to-spirv)" | FileCheck %s --check-prefix=SPIRV
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin --load-pass-plugin=%tolk_plugin %s --pass-pipeline="builtin.module(tolk-to-llvm)" | FileCheck %s --check-prefix=LLVM
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin --load-pass-plugin=%tolk_plugin %s --pass-pipeline="builtin.module(tolk-kernelize,canonicalize,tolk-decompose,canonicalize,tolk-commit-weak,convert-tolk-to-gpu,tolk-expand-saturating-truncf,tolk-expand-float-conversions)" | FileCheck %s --check-prefix=EXPAND

// NVVM: gpu.binary @scale_kernel
// NVVM-SAME: mul.rn.f32
// ROCDL: gpu.binary @scale_kernel
// ROCDL-SAME: v_pk_mul_f32
// SPIRV: spirv.module
// SPIRV: spirv.FMul
// LLVM: llvm.func @scale_kernel.scale(
// The 8-bit float conversion became integer arithmetic on its bits.
// EXPAND-LABEL: gpu.func @scale
// EXPAND-NOT: arith.truncf
// EXPAND: arith.shrui
func.func @scale(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf8E4M3FN>) {
  %c = tolk.const 3.0 : f32
  %0 = tolk.mul %x, %c : (tensor<8xf32>, f32) -> tensor<8xf32>
  %1 = tolk.cast %0 : tensor<8xf32> to tensor<8xf8E4M3FN>
  return %0, %1 : tensor<8xf32>, tensor<8xf8E4M3FN>
}
