// Lanes that are not a power of two through the GPU pipelines: 7 lanes of
// a 500x1001 broadcast (bf16 row, ui8 column, f32 results) are accesses
// aligned to an element. On NVIDIA they are scalar accesses at immediate
// offsets from one address (PTX has no unaligned vector access), which
// ptxas accepts; AMD GPUs access unaligned dwords, so the 7 f32 lanes store
// as dwordx4 and dwordx3, which llvm-mc accepts.
// REQUIRES: ptxas
// RUN: tolk-opt %s --tolk-to-nvvm=chip=sm_90 | tolk-translate --gpu-binary-to-isa > %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: tolk-opt %s --tolk-to-rocdl | tolk-translate --gpu-binary-to-isa > %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=AMD
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o

// PTX: .entry bcast(
// PTX: ld.global.b8
// PTX-COUNT-7: ld.global.b16
// PTX-NOT: ld.global
// PTX-COUNT-7: st.global.b32 [%rd{{[0-9]+}}{{(\+[0-9]+)?}}],
// PTX-NOT: st.global
// PTX: ret;
// AMD: global_load_ubyte
// AMD: global_store_dwordx3
// AMD: global_store_dwordx4
func.func @bcast(%a: tensor<500x1xui8>, %b: tensor<1x1001xbf16>, %c: tensor<f32>) -> tensor<500x1001xf32> {
  %m = tolk.mul %a, %b : (tensor<500x1xui8>, tensor<1x1001xbf16>) -> tensor<500x1001xbf16>
  %r = tolk.add %m, %c : (tensor<500x1001xbf16>, tensor<f32>) -> tensor<500x1001xf32>
  return %r : tensor<500x1001xf32>
}
