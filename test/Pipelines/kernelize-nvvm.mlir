// A tensor-level function to PTX: --tolk-to-nvvm starts with --tolk-kernelize,
// which fuses each function into one kernel (a broadcast input read with
// stride 0, a by-value scalar, mixed data types, weak constants; vector loads
// and stores where no input broadcasts), and the rest of the pipeline lowers
// the kernels. ptxas accepts the result.
// REQUIRES: ptxas
// RUN: tolk-opt %s --tolk-to-nvvm -o %t.mlir
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa > %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// One PTX module per gpu.binary (one per kernelized function) for ptxas:
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=scale_and_shift_kernel > %t.1.ptx
// RUN: %ptxas -arch=sm_90 %t.1.ptx -o %t.1.cubin
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=select_max_kernel > %t.2.ptx
// RUN: %ptxas -arch=sm_90 %t.2.ptx -o %t.2.cubin
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=to_fp8_kernel > %t.3.ptx
// RUN: %ptxas -arch=sm_90 %t.3.ptx -o %t.3.cubin

// Vectorized, f16 arithmetic on pairs of lanes: x * 6 + (f16) n.
// CHECK-LABEL: .visible .entry scale_and_shift(
// CHECK: .maxntid 8, 1, 1
// CHECK-DAG: cvt.rn.f16.s16
// CHECK-DAG: mul.rn.f16x2
// CHECK-DAG: add.rn.f16x2
// CHECK: ret;
func.func @scale_and_shift(%x: tensor<4x8xf16>, %n: si8) -> tensor<4x8xf16> {
  %two = tolk.const 2 : !tolk.weakint
  %three = tolk.const 3 : !tolk.weakint
  %six = tolk.mul %two, %three : !tolk.weakint
  %s = tolk.mul %x, %six : (tensor<4x8xf16>, !tolk.weakint) -> tensor<4x8xf16>
  %t = tolk.add %s, %n : (tensor<4x8xf16>, si8) -> tensor<4x8xf16>
  return %t : tensor<4x8xf16>
}

// A broadcast (stride 0 along the broadcast dimension), where and max, 1000
// elements: the threads past 999 are gated off. Tolk's max orders -0.0
// below +0.0, so it is compares and selects, not max.f32.
// CHECK-LABEL: .visible .entry select_max(
// CHECK: .maxntid 128, 1, 1
// CHECK: setp.gt.u32 {{.*}}, 999;
// CHECK: setp.lt.f32
// CHECK: ret;
func.func @select_max(%a: tensor<1000xf32>, %b: tensor<1xf32>) -> tensor<1000xf32> {
  %c = tolk.cmplt %a, %b : (tensor<1000xf32>, tensor<1xf32>) -> tensor<1000xi1>
  %m = tolk.max %a, %b : (tensor<1000xf32>, tensor<1xf32>) -> tensor<1000xf32>
  %two = tolk.const 2.0 : !tolk.weakfloat
  %d = tolk.mul %a, %two : (tensor<1000xf32>, !tolk.weakfloat) -> tensor<1000xf32>
  %w = tolk.where %c, %m, %d : (tensor<1000xi1>, tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  return %w : tensor<1000xf32>
}

// f32 to fp8 (e4m3): the software conversion, no native cvt.
// CHECK-LABEL: .visible .entry to_fp8(
// CHECK-NOT: e4m3
// CHECK: ret;
func.func @to_fp8(%a: tensor<256xf32>) -> tensor<256xf8E4M3FN> {
  %r = tolk.cast %a : tensor<256xf32> to tensor<256xf8E4M3FN>
  return %r : tensor<256xf8E4M3FN>
}
