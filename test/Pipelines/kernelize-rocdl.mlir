// A tensor-level function to AMDGCN assembly: --tolk-to-rocdl starts with
// --tolk-kernelize, which fuses the function into one kernel with a known
// block size (so gpu.block_dim folds to a constant and no ROCm device library
// is linked), and the rest of the pipeline lowers it. llvm-mc accepts the
// result for gfx942.
// RUN: tolk-opt %s --tolk-to-rocdl -o %t.mlir
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=scale_and_shift_kernel > %t.s
// RUN: FileCheck %s --input-file=%t.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o

// Vectorized (8 lanes of f16, 16 bytes), f16 arithmetic on pairs of lanes:
// x * 6 + (f16) n.
// CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// CHECK-LABEL: {{^}}scale_and_shift:
// CHECK: global_load_dwordx4
// CHECK-DAG: v_cvt_f16_i16
// CHECK-DAG: v_pk_mul_f16
// CHECK-DAG: v_pk_add_f16
// CHECK: global_store_dwordx4
// CHECK: s_endpgm
// CHECK: .amdhsa_kernel scale_and_shift
// CHECK: .reqd_workgroup_size:
// CHECK-NEXT: - 4
// CHECK-NEXT: - 1
// CHECK-NEXT: - 1
func.func @scale_and_shift(%x: tensor<4x8xf16>, %n: si8) -> tensor<4x8xf16> {
  %two = tolk.const 2 : !tolk.weakint
  %three = tolk.const 3 : !tolk.weakint
  %six = tolk.mul %two, %three : !tolk.weakint
  %s = tolk.mul %x, %six : (tensor<4x8xf16>, !tolk.weakint) -> tensor<4x8xf16>
  %t = tolk.add %s, %n : (tensor<4x8xf16>, si8) -> tensor<4x8xf16>
  return %t : tensor<4x8xf16>
}
