// exp2 and log2 of integers compute in the default float, as sqrt does
// (float-ops-on-integers.mlir): on the host and on SPIR-V, whose lowerings
// need no vendor library.
// RUN: tolk-opt %s --tolk-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s --check-prefix=SPIRV

// exp2 of integers is exact; log2 of a power of two too, of zero -inf, of a
// negative integer a NaN.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../tolk-run/Inputs/npy.py write %t/i.npy '|u1' 4 2 3 8 0
// RUN: %python %S/../tolk-run/Inputs/npy.py write %t/j.npy '<i2' 4 -3 1 1024 0
// RUN: tolk-run %s --kernel exp_log %t/i.npy %t/j.npy -o %t/exp2.npy %t/log2.npy
// RUN: %python %S/../tolk-run/Inputs/npy.py print %t/exp2.npy | FileCheck %s --check-prefix=EXP2
// RUN: %python %S/../tolk-run/Inputs/npy.py print %t/log2.npy | FileCheck %s --check-prefix=LOG2

// LLVM-LABEL: llvm.func @exp_log_kernel.exp_log(
// LLVM-DAG: llvm.uitofp %{{.*}} : vector<4xi8> to vector<4xf32>
// LLVM-DAG: llvm.sitofp %{{.*}} : vector<4xi16> to vector<4xf32>
// LLVM-DAG: llvm.intr.exp2(%{{.*}}) : (vector<4xf32>) -> vector<4xf32>
// LLVM-DAG: llvm.intr.log2(%{{.*}}) : (vector<4xf32>) -> vector<4xf32>

// SPIRV-LABEL: spirv.func @exp_log(
// SPIRV-DAG: spirv.ConvertUToF
// SPIRV-DAG: spirv.ConvertSToF
// SPIRV-DAG: spirv.GL.Exp2
// SPIRV-DAG: spirv.GL.Log2

// EXP2: descr <f4 shape [4]
// EXP2-NEXT: 0x40800000 4.0
// EXP2-NEXT: 0x41000000 8.0
// EXP2-NEXT: 0x43800000 256.0
// EXP2-NEXT: 0x3f800000 1.0
// LOG2: descr <f4 shape [4]
// LOG2-NEXT: 0x{{7fc00000|ffc00000}} nan
// LOG2-NEXT: 0x0 0.0
// LOG2-NEXT: 0x41200000 10.0
// LOG2-NEXT: 0xff800000 -inf
func.func @exp_log(%i: tensor<4xui8>, %j: tensor<4xsi16>)
    -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tolk.exp2 %i : (tensor<4xui8>) -> tensor<4xf32>
  %l = tolk.log2 %j : (tensor<4xsi16>) -> tensor<4xf32>
  return %e, %l : tensor<4xf32>, tensor<4xf32>
}
