// A tensor-level function with weak types in its signature: every pipeline
// commits them first (to si32 and f32, the defaults, as --tolk-commit-weak
// does), so the function is kernelized, and the launch and tolk-run see
// the committed types.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tolk-opt %s --tolk-to-nvvm -o %t/nvvm.mlir
// RUN: FileCheck %s --check-prefix=FUNC < %t/nvvm.mlir
// RUN: tolk-translate --gpu-binary-to-isa %t/nvvm.mlir | FileCheck %s --check-prefix=PTX
// RUN: tolk-translate --launch-json %t/nvvm.mlir | FileCheck %s --check-prefix=JSON
// RUN: tolk-opt %s --tolk-to-rocdl | tolk-translate --gpu-binary-to-isa \
// RUN:   | FileCheck %s --check-prefix=AMDGCN
// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s --check-prefix=SPIRV
// RUN: tolk-opt %s --tolk-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: %python %S/../tolk-run/Inputs/npy.py write %t/x.npy '<f4' 8 0 1 2 3 4 5 6 7
// RUN: tolk-run %s --kernel scale --arg 3 %t/x.npy -o %t/y.npy
// RUN: %python %S/../tolk-run/Inputs/npy.py print %t/y.npy | FileCheck %s --check-prefix=RESULT

// FUNC: func.func @scale(%{{.*}}: tensor<8xf32>, %{{.*}}: si32) -> tensor<8xf32>
// FUNC-SAME: tolk.kernel = @scale_kernel::@scale
// PTX-LABEL: .visible .entry scale(
// PTX: cvt.rn.f32.s32
// PTX: mul.rn.f32
// JSON: "kind": "buffer"
// JSON-NEXT: "dtype": "f32"
// JSON: "kind": "scalar"
// JSON-NEXT: "dtype": "si32"
// AMDGCN-LABEL: {{^}}scale:
// AMDGCN: v_cvt_f32_i32
// SPIRV-LABEL: spirv.func @scale
// SPIRV: spirv.ConvertSToF
// LLVM-LABEL: llvm.func @scale_kernel.scale(
// RESULT: descr <f4 shape [8]
// RESULT-NEXT: 0.0
// RESULT-NEXT: 3.0
// RESULT-NEXT: 6.0
func.func @scale(%x: tensor<8x!tolk.weakfloat>, %n: !tolk.weakint)
    -> tensor<8x!tolk.weakfloat> {
  %r = tolk.mul %x, %n : (tensor<8x!tolk.weakfloat>, !tolk.weakint) -> tensor<8x!tolk.weakfloat>
  return %r : tensor<8x!tolk.weakfloat>
}
