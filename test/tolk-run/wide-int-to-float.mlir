// An integer of more than 128 bits converted to f32 or f16 rounds once, as
// the folder does, also past the float's range (2^256 - 1, from -1, is
// inf): LLVM 22's own expansion of such a conversion gives -1.0 for
// 2^256 - 1 and -0.25 for 2^254 to f32 on x86, so
// --tolk-expand-float-conversions converts through f64 (rounded to odd
// first).
// RUN: rm -rf %t && mkdir -p %t
// The ROCDL pipeline compiles the same conversions (LLVM's AMDGPU back end
// selects no truncation with a rounding mode to f16: f16 goes through f32).
// RUN: tolk-opt %s --tolk-to-rocdl -o /dev/null
// RUN: %python %S/Inputs/npy.py write %t/x.npy '<i2' 4 -1 1 -32768 100
// RUN: tolk-run --quiet %s --kernel to_f32 %t/x.npy -o %t/f32.npy
// RUN: %python %S/Inputs/npy.py print %t/f32.npy | FileCheck %s --check-prefix=F32
// F32: descr <f4 shape [4]
// F32-NEXT: 0x7f800000 inf
// F32-NEXT: 0x3f800000 1.0
// F32-NEXT: 0x7f800000 inf
// F32-NEXT: 0x42c80000 100.0
// RUN: tolk-run --quiet %s --kernel to_f16 %t/x.npy -o %t/f16.npy
// RUN: %python %S/Inputs/npy.py print %t/f16.npy | FileCheck %s --check-prefix=F16
// F16: descr <f2 shape [4]
// F16-NEXT: 0x7c00 inf
// F16-NEXT: 0x3c00 1.0
// F16-NEXT: 0x7c00 inf
// F16-NEXT: 0x5640 100.0
func.func @to_f32(%x: tensor<4xsi16>) -> tensor<4xf32> {
  %w = tolk.cast %x : tensor<4xsi16> to tensor<4xui256>
  %r = tolk.cast %w : tensor<4xui256> to tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @to_f16(%x: tensor<4xsi16>) -> tensor<4xf16> {
  %w = tolk.cast %x : tensor<4xsi16> to tensor<4xui256>
  %r = tolk.cast %w : tensor<4xui256> to tensor<4xf16>
  return %r : tensor<4xf16>
}

// An integer of 128 bits or more to an 8-bit float goes through f64, where
// it stays finite and saturates as the folder does (through f32 it was an
// infinity, which the formats without one make a NaN).
// RUN: tolk-run --quiet %s --kernel to_e4m3fnuz %t/x.npy -o %t/e4m3fnuz.npy
// RUN: %python %S/Inputs/npy.py print %t/e4m3fnuz.npy | FileCheck %s --check-prefix=E4M3FNUZ
// E4M3FNUZ: descr |u1 shape [4]
// E4M3FNUZ-NEXT: 0x7f
// E4M3FNUZ-NEXT: 0x40
// E4M3FNUZ-NEXT: 0x7f
// E4M3FNUZ-NEXT: 0x74
// RUN: tolk-run --quiet %s --kernel to_e5m2 %t/x.npy -o %t/e5m2.npy
// RUN: %python %S/Inputs/npy.py print %t/e5m2.npy | FileCheck %s --check-prefix=E5M2
// E5M2: descr |u1 shape [4]
// E5M2-NEXT: 0x7b
// E5M2-NEXT: 0x3c
// E5M2-NEXT: 0x7b
// E5M2-NEXT: 0x56
func.func @to_e4m3fnuz(%x: tensor<4xsi16>) -> tensor<4xf8E4M3FNUZ> {
  %w = tolk.cast %x : tensor<4xsi16> to tensor<4xui128>
  %r = tolk.cast %w : tensor<4xui128> to tensor<4xf8E4M3FNUZ>
  return %r : tensor<4xf8E4M3FNUZ>
}
func.func @to_e5m2(%x: tensor<4xsi16>) -> tensor<4xf8E5M2> {
  %w = tolk.cast %x : tensor<4xsi16> to tensor<4xui256>
  %r = tolk.cast %w : tensor<4xui256> to tensor<4xf8E5M2>
  return %r : tensor<4xf8E5M2>
}
