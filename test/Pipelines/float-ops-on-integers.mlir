// The ops that compute in a float take integer and Bool operands: each
// converts to least_upper_float of its type (f32, the default float, for a
// fixed-width integer), which the kernel pipelines' --canonicalize makes a
// tolk.cast, so that every target lowers a float op on a converted operand.
// exp2 and log2, whose NVVM and ROCDL lowerings call the vendors' device
// libraries, are float-exp-log-on-integers.mlir.
// RUN: tolk-opt %s --tolk-to-llvm | FileCheck %s --check-prefix=LLVM
// Each kernel's own module, in the order of the functions:
// RUN: tolk-opt %s --tolk-to-nvvm -o %t.nvvm.mlir
// RUN: tolk-translate --gpu-binary-to-isa --binary=int_ops_kernel %t.nvvm.mlir > %t.ptx
// RUN: tolk-translate --gpu-binary-to-isa --binary=bool_div_kernel %t.nvvm.mlir >> %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: tolk-opt %s --tolk-to-rocdl -o %t.rocdl.mlir
// RUN: tolk-translate --gpu-binary-to-isa --binary=int_ops_kernel %t.rocdl.mlir > %t.s
// RUN: tolk-translate --gpu-binary-to-isa --binary=bool_div_kernel %t.rocdl.mlir >> %t.s
// RUN: FileCheck %s --check-prefix=AMDGCN --input-file=%t.s
// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s --check-prefix=SPIRV

// The host runs them (tolk-run's default backend), with the folder's
// results: sqrt(2) rounded to f32, sqrt of a negative integer a NaN, 1/0
// an infinity, and Bool division as floats.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../tolk-run/Inputs/npy.py write %t/i.npy '<i4' 4 2 -3 8 0
// RUN: tolk-run %s --kernel int_ops %t/i.npy -o %t/sqrt.npy %t/recip.npy
// RUN: %python %S/../tolk-run/Inputs/npy.py print %t/sqrt.npy | FileCheck %s --check-prefix=SQRT
// RUN: %python %S/../tolk-run/Inputs/npy.py print %t/recip.npy | FileCheck %s --check-prefix=RECIP
// RUN: %python %S/../tolk-run/Inputs/npy.py write %t/a.npy '|b1' 4 0 0 1 1
// RUN: %python %S/../tolk-run/Inputs/npy.py write %t/b.npy '|b1' 4 0 1 0 1
// RUN: tolk-run %s --kernel bool_div %t/a.npy %t/b.npy -o %t/q.npy
// RUN: %python %S/../tolk-run/Inputs/npy.py print %t/q.npy | FileCheck %s --check-prefix=BOOLDIV

// One thread converts its four lanes once (sitofp), then each op computes
// in f32; reciprocal is 1.0 / x.
// LLVM-LABEL: llvm.func @int_ops_kernel.int_ops(
// LLVM: %[[F:.*]] = llvm.sitofp %{{.*}} : vector<4xi32> to vector<4xf32>
// LLVM-DAG: llvm.intr.sqrt(%[[F]]) : (vector<4xf32>) -> vector<4xf32>
// LLVM-DAG: llvm.fdiv %{{.*}}, %[[F]] : vector<4xf32>
// Bool lanes are bytes in the buffers; each converts to 0.0 or 1.0.
// LLVM-LABEL: llvm.func @bool_div_kernel.bool_div(
// LLVM: %[[A:.*]] = llvm.uitofp %{{.*}} : vector<4xi1> to vector<4xf32>
// LLVM: %[[B:.*]] = llvm.uitofp %{{.*}} : vector<4xi1> to vector<4xf32>
// LLVM: %[[R:.*]] = llvm.fdiv %{{.*}}, %[[B]] : vector<4xf32>
// LLVM: llvm.fmul %[[A]], %[[R]] : vector<4xf32>

// PTX-LABEL: .visible .entry int_ops(
// PTX: cvt.rn.f32.s32
// PTX: sqrt.rn.f32
// PTX: rcp.rn.f32
// 1 / y of a Bool y is a select of 1.0 or inf (LLVM folds the division).
// PTX-LABEL: .visible .entry bool_div(
// PTX: selp.f32 %{{.*}}, 0f3F800000, 0f7F800000
// PTX: mul.rn.f32

// AMDGCN-LABEL: int_ops:
// AMDGCN: v_cvt_f32_i32
// AMDGCN: v_sqrt_f32
// AMDGCN-LABEL: bool_div:
// AMDGCN: v_cndmask_b32

// SPIRV-LABEL: spirv.func @int_ops(
// SPIRV: spirv.ConvertSToF %{{.*}} : vector<4xi32> to vector<4xf32>
// SPIRV: spirv.GL.Sqrt %{{.*}} : vector<4xf32>
// SPIRV-LABEL: spirv.func @bool_div(
// SPIRV: spirv.FMul %{{.*}}, %{{.*}} : vector<4xf32>

// SQRT: descr <f4 shape [4]
// SQRT-NEXT: 0x3fb504f3 1.4142135381698608
// SQRT-NEXT: 0x{{7fc00000|ffc00000}} nan
// SQRT-NEXT: 0x403504f3 2.8284270763397217
// SQRT-NEXT: 0x0 0.0
// RECIP: descr <f4 shape [4]
// RECIP-NEXT: 0x3f000000 0.5
// RECIP-NEXT: 0xbeaaaaab -0.3333333432674408
// RECIP-NEXT: 0x3e000000 0.125
// RECIP-NEXT: 0x7f800000 inf
func.func @int_ops(%x: tensor<4xsi32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = tolk.sqrt %x : (tensor<4xsi32>) -> tensor<4xf32>
  %r = tolk.reciprocal %x : (tensor<4xsi32>) -> tensor<4xf32>
  return %s, %r : tensor<4xf32>, tensor<4xf32>
}

// BOOLDIV: descr <f4 shape [4]
// BOOLDIV-NEXT: 0x{{7fc00000|ffc00000}} nan
// BOOLDIV-NEXT: 0x0 0.0
// BOOLDIV-NEXT: 0x7f800000 inf
// BOOLDIV-NEXT: 0x3f800000 1.0
func.func @bool_div(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xf32> {
  %q = tolk.div %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xf32>
  return %q : tensor<4xf32>
}
