// A select of Bool vectors of 7 lanes (an fp8 compared with 0, as
// --tolk-kernelize keeps 7 lanes of a 7x7 tensor): LLVM 22's NVPTX back end
// cannot select it on sm_100 ("Cannot select: v2i32 = scalar_to_vector"), so
// the serializer makes it the bitwise operations it is just before code
// generation (docs/Lowering.md, "Lanes that are not a power of two"); ptxas
// accepts the PTX.
// REQUIRES: ptxas
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_100 features=+ptx86" -o %t.mlir
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=nonzero_kernel > %t.ptx
// RUN: %ptxas -arch=sm_100 %t.ptx -o %t.cubin
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=not_fp8_kernel > %t.not.ptx
// RUN: %ptxas -arch=sm_100 %t.not.ptx -o %t.not.cubin
// RUN: FileCheck %s --input-file=%t.ptx

// CHECK: .entry nonzero(
// CHECK-COUNT-7: st.global.b8
func.func @nonzero(%a: tensor<7x7xf8E4M3FNUZ>) -> tensor<7x7xi1> {
  %r = tolk.cast %a : tensor<7x7xf8E4M3FNUZ> to tensor<7x7xi1>
  return %r : tensor<7x7xi1>
}
func.func @not_fp8(%a: tensor<7x7xf8E5M2FNUZ>) -> tensor<7x7xi1> {
  %r = tolk.logical_not %a : (tensor<7x7xf8E5M2FNUZ>) -> tensor<7x7xi1>
  return %r : tensor<7x7xi1>
}
