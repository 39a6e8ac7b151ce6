// REQUIRES: ptxas
// Image arguments of a tensor-level function through the NVVM and ROCDL
// pipelines (docs/Kernels.md#kernelization, docs/Semantics.md#images): the
// kernel --tolk-kernelize makes reads each tolk.image argument a texel a
// thread, a surface load on NVVM (a .u64 surface object parameter, x in
// bytes) and an image_load on AMDGPU (a descriptor in the constant address
// space); an imageh reads as f16 lanes (b16, d16). ptxas and llvm-mc take the
// output; a chip without image instructions is refused at the kernel.
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_89" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_89 %t.ptx -o %t.cubin
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx90a" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.s
// RUN: FileCheck %s --check-prefix=GCN < %t.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %t.s -o %t.o
// RUN: not tolk-opt %s --tolk-to-rocdl 2>&1 | FileCheck %s --check-prefix=GFX942

// PTX-LABEL: .entry add_row(
// PTX-NEXT: .param .u64 add_row_param_0,
// PTX: suld.b.2d.v4.b32.zero
// PTX: suld.b.2d.v4.b16.zero
// PTX-NOT: sust
// PTX: st.global.v2.b32

// GCN-LABEL: add_row:
// GCN: image_load v[{{[0-9]+}}:{{[0-9]+}}], {{.*}} dmask:0xf {{.*}}unorm{{$}}
// GCN: image_load v[{{[0-9]+}}:{{[0-9]+}}], {{.*}} dmask:0xf {{.*}}unorm d16

// GFX942: error: {{.*}}gfx942

func.func @add_row(%img: tensor<2x4x4xf32> {tolk.image}, %row: tensor<4x4xf32>, %h: tensor<1x4x4xf16> {tolk.image}) -> tensor<2x4x4xf16> {
  %s = tolk.add %img, %row : (tensor<2x4x4xf32>, tensor<4x4xf32>) -> tensor<2x4x4xf32>
  %c = tolk.cast %s : tensor<2x4x4xf32> to tensor<2x4x4xf16>
  %r = tolk.add %c, %h : (tensor<2x4x4xf16>, tensor<1x4x4xf16>) -> tensor<2x4x4xf16>
  return %r : tensor<2x4x4xf16>
}
