// An integer of more than 128 bits converted to f32 or f16 rounds once, as
// the folder does, also past the float's range (2^256 - 1, from -1, is
// inf): LLVM 22's own expansion of such a conversion gives -1.0 for
// 2^256 - 1 and -0.25 for 2^254 to f32 on x86, so
// --tolk-expand-float-conversions converts through f64 (rounded to odd
// first).
// RUN: rm -rf %t && mkdir -p %t
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
