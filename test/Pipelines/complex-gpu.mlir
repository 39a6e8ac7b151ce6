// REQUIRES: ptxas
// Complex numbers on the GPU targets: NVVM and ROCDL expand them with
// complex-to-standard (Smith's division, as the folder), and ptxas and
// llvm-mc accept the result; the f128 diagnostics are in
// complex-gpu-invalid.mlir.
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_90 features=+ptx80" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx942 features=" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.s
// RUN: FileCheck %s --check-prefix=AMD < %t.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o

// One element per thread (no lanes): scalar loads of the two parts, a
// correctly rounded division for Smith's quotient.
// PTX: .entry cdiv
// PTX: div.rn.f32
// AMD: cdiv:
// AMD: v_div_scale_f32
func.func @cdiv(%a: tensor<64xcomplex<f32>>, %b: tensor<64xcomplex<f32>>) -> tensor<64xcomplex<f32>> {
  %r = tolk.div %a, %b : tensor<64xcomplex<f32>>
  return %r : tensor<64xcomplex<f32>>
}
