// Integer pow with an exponent known only at run time on every GPU target:
// math.ipowi becomes a loop of squarings (--tolk-expand-ipowi), which each
// target's own tool accepts. (No math.ipowi reaches a translation, which
// has no lowering for it.) The differential tests run it on the host and
// on Vulkan against the folder (test/Differential).
// RUN: tolk-opt %s --tolk-to-nvvm="chip=sm_90 features=+ptx80" -o %t.nvvm.mlir
// RUN: tolk-translate --gpu-binary-to-isa %t.nvvm.mlir -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx942" \
// RUN:   | tolk-translate --gpu-binary-to-isa -o %t.s
// RUN: FileCheck %s --check-prefix=AMDGCN < %t.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o
// RUN: tolk-opt %s --tolk-to-spirv -o %t.spirv.mlir
// RUN: FileCheck %s --check-prefix=SPIRV < %t.spirv.mlir
// RUN: %if spirv-val %{ tolk-translate --serialize-spirv %t.spirv.mlir -o %t.spv %}
// RUN: %if spirv-val %{ %spirv_val --target-env vulkan1.3 %t.spv %}
// RUN: tolk-opt %s --tolk-to-llvm | FileCheck %s --check-prefix=LLVM

// PTX-LABEL: .visible .entry pow_si32(
// PTX: mul.lo.s32
// PTX: ret;
// AMDGCN-LABEL: {{^}}pow_si32:
// AMDGCN: v_mul_lo_u32
// SPIRV-LABEL: spirv.func @pow_si32
// SPIRV: spirv.mlir.loop
// SPIRV: spirv.IMul
// LLVM-LABEL: llvm.func @pow_si32_kernel.pow_si32(
// LLVM-NOT: math.ipowi
// LLVM: llvm.mul
func.func @pow_si32(%x: tensor<64xsi32>, %n: tensor<64xsi32>) -> tensor<64xsi32> {
  %r = tolk.pow %x, %n : tensor<64xsi32>
  return %r : tensor<64xsi32>
}
