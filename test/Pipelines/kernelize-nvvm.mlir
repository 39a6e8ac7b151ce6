// A tensor-level function to PTX: --tolk-to-nvvm starts with --tolk-kernelize,
// which fuses each function into one kernel (a broadcast input read with
// stride 0, a by-value scalar, mixed data types, weak constants; vector loads
// and stores where no input broadcasts), and the rest of the pipeline lowers
// the kernels. ptxas accepts the result.
// REQUIRES: ptxas
// RUN: tolk-opt %s --tolk-to-nvvm -o %t.mlir
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=scale_and_shift_kernel > %t.ptx
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=select_max_kernel >> %t.ptx
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=to_fp8_kernel >> %t.ptx
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=bytes_kernel >> %t.ptx
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=less_kernel >> %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// One PTX module per gpu.binary (one per kernelized function) for ptxas:
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=scale_and_shift_kernel > %t.1.ptx
// RUN: %ptxas -arch=sm_90 %t.1.ptx -o %t.1.cubin
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=select_max_kernel > %t.2.ptx
// RUN: %ptxas -arch=sm_90 %t.2.ptx -o %t.2.cubin
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=to_fp8_kernel > %t.3.ptx
// RUN: %ptxas -arch=sm_90 %t.3.ptx -o %t.3.cubin
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=bytes_kernel > %t.4.ptx
// RUN: %ptxas -arch=sm_90 %t.4.ptx -o %t.4.cubin
// RUN: tolk-translate %t.mlir --gpu-binary-to-isa --binary=less_kernel > %t.5.ptx
// RUN: %ptxas -arch=sm_90 %t.5.ptx -o %t.5.cubin

// Vectorized (8 lanes of f16: 16 bytes per thread, one aligned vector load
// and store), f16 arithmetic on pairs of lanes: x * 6 + (f16) n.
// CHECK-LABEL: .visible .entry scale_and_shift(
// CHECK: .maxntid 4, 1, 1
// CHECK: ld.global.v4.b32
// CHECK-DAG: cvt.rn.f16.s16
// CHECK-DAG: mul.rn.f16x2
// CHECK-DAG: add.rn.f16x2
// CHECK: st.global.v4.b32
// CHECK: ret;
func.func @scale_and_shift(%x: tensor<4x8xf16>, %n: si8) -> tensor<4x8xf16> {
  %two = tolk.const 2 : !tolk.weakint
  %three = tolk.const 3 : !tolk.weakint
  %six = tolk.mul %two, %three : !tolk.weakint
  %s = tolk.mul %x, %six : (tensor<4x8xf16>, !tolk.weakint) -> tensor<4x8xf16>
  %t = tolk.add %s, %n : (tensor<4x8xf16>, si8) -> tensor<4x8xf16>
  return %t : tensor<4x8xf16>
}

// A broadcast (stride 0 along the broadcast dimension: one scalar load for
// the 4 lanes of a thread), where and max, 1000 elements in 250 threads of
// 4 lanes: the threads past 249 are gated off. Tolk's max orders -0.0
// below +0.0, so it is compares and selects, not max.f32.
// CHECK-LABEL: .visible .entry select_max(
// CHECK: .maxntid 128, 1, 1
// CHECK: setp.gt.u32 {{.*}}, 249;
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

// f32 to fp8 (e4m3), 4 lanes: sm_90 converts natively, two lanes per cvt, with
// Tolk's fix-ups (docs/Semantics.md#8-bit-floats) selected around it.
// CHECK-LABEL: .visible .entry to_fp8(
// CHECK: cvt.rn.satfinite.e4m3x2.f32
// CHECK: ret;
func.func @to_fp8(%a: tensor<256xf32>) -> tensor<256xf8E4M3FN> {
  %r = tolk.cast %a : tensor<256xf32> to tensor<256xf8E4M3FN>
  return %r : tensor<256xf8E4M3FN>
}

// 1-byte types: 16 lanes, one 16-byte load per input and one store.
// CHECK-LABEL: .visible .entry bytes(
// CHECK: ld.global.v4.b32
// CHECK: ld.global.v4.b32
// CHECK: st.global.v4.b32
// CHECK: ret;
func.func @bytes(%a: tensor<4096xsi8>, %b: tensor<4096xsi8>) -> tensor<4096xsi8> {
  %r = tolk.add %a, %b : tensor<4096xsi8>
  return %r : tensor<4096xsi8>
}

// A Bool result of 4 lanes is 4 bytes (0 or 1 each), one 32-bit store, not
// a 4-bit mask.
// CHECK-LABEL: .visible .entry less(
// CHECK-COUNT-2: ld.global.v4.b32
// CHECK-COUNT-4: selp.b32 {{.*}}, 1, 0,
// CHECK: st.global.b32
// CHECK: ret;
func.func @less(%a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<1024xi1> {
  %r = tolk.cmplt %a, %b : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xi1>
  return %r : tensor<1024xi1>
}
