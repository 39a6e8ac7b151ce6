// Tensor-level functions run on the host through --tolk-kernelize: the
// stored bits of bf16 and the 8-bit floats (uint16 and uint8 in .npy, as
// tinygrad stores them), and an odd size whose last threads are gated off.
// RUN: rm -rf %t && mkdir -p %t

// f32 to fp8e4m3: saturation (docs/Semantics.md#8-bit-floats: 500 becomes the
// largest finite 448, 0x7e), an infinity and a NaN become the format's NaN
// 0x7f, 0.1 rounds to nearest (0x1d = 0.1015625).
// RUN: %python %S/Inputs/npy.py write %t/a.npy '<f4' 8 0 1 -1 448 500 inf nan 0.1
// RUN: tolk-run --quiet %s --kernel to_fp8 %t/a.npy -o %t/a8.npy
// RUN: %python %S/Inputs/npy.py print %t/a8.npy | FileCheck %s --check-prefix=FP8
// FP8: descr |u1 shape [8]
// FP8-NEXT: 0 0x0
// FP8-NEXT: 56 0x38
// FP8-NEXT: 184 0xb8
// FP8-NEXT: 126 0x7e
// FP8-NEXT: 126 0x7e
// FP8-NEXT: 127 0x7f
// FP8-NEXT: 127 0x7f
// FP8-NEXT: 29 0x1d
func.func @to_fp8(%a: tensor<8xf32>) -> tensor<8xf8E4M3FN> {
  %r = tolk.cast %a : tensor<8xf32> to tensor<8xf8E4M3FN>
  return %r : tensor<8xf8E4M3FN>
}

// fp8e5m2 to f32, exact: 1.0, an infinity, the least subnormal 2^-16, and a
// negative NaN code, which becomes the quiet NaN of its sign.
// RUN: %python %S/Inputs/npy.py write %t/b8.npy '|u1' 4 0x3c 0x7c 0x01 0xfe
// RUN: tolk-run --quiet %s --kernel from_fp8 %t/b8.npy -o %t/b.npy
// RUN: %python %S/Inputs/npy.py print %t/b.npy | FileCheck %s --check-prefix=FROM8
// FROM8: descr <f4 shape [4]
// FROM8-NEXT: 0x3f800000 1.0
// FROM8-NEXT: 0x7f800000 inf
// FROM8-NEXT: 0x37800000 1.52587890625e-05
// FROM8-NEXT: 0xffc00000 nan
func.func @from_fp8(%a: tensor<4xf8E5M2>) -> tensor<4xf32> {
  %r = tolk.cast %a : tensor<4xf8E5M2> to tensor<4xf32>
  return %r : tensor<4xf32>
}

// bf16 addition rounds once to nearest even: 1.5 + 1 = 2.5 (0x4020); two
// least subnormals add up exactly (0x0002); 3 + 2^-8 is a quarter ulp
// (0x4040); 1 + 2^-8 is a tie to the even 1.0 (0x3f80); 1.0078125 + 2^-8 a
// tie to the even 0x3f82.
// RUN: %python %S/Inputs/npy.py write %t/x.npy '<u2' 5 0x3fc0 0x0001 0x4040 0x3f80 0x3f81
// RUN: %python %S/Inputs/npy.py write %t/y.npy '<u2' 5 0x3f80 0x0001 0x3b80 0x3b80 0x3b80
// RUN: tolk-run --quiet %s --kernel add_bf16 %t/x.npy %t/y.npy -o %t/s.npy
// RUN: %python %S/Inputs/npy.py print %t/s.npy | FileCheck %s --check-prefix=BF16
// BF16: descr <u2 shape [5]
// BF16-NEXT: 16416 0x4020
// BF16-NEXT: 2 0x2
// BF16-NEXT: 16448 0x4040
// BF16-NEXT: 16256 0x3f80
// BF16-NEXT: 16258 0x3f82
func.func @add_bf16(%a: tensor<5xbf16>, %b: tensor<5xbf16>) -> tensor<5xbf16> {
  %r = tolk.add %a, %b : tensor<5xbf16>
  return %r : tensor<5xbf16>
}

// 1999 elements (a prime, so no vector width or block divides it): 16
// workgroups of 128 threads, the last 49 gated off (their loads would read
// past the buffers). si8 + f16 promotes to f16.
// RUN: %python %S/Inputs/npy.py write %t/m0.npy '|i1' 1999 'expr:((i * 37) & 255) - 128'
// RUN: %python %S/Inputs/npy.py write %t/m1.npy '<f2' 1999 'expr:i * 0.5'
// RUN: tolk-run --quiet %s --kernel mixed %t/m0.npy %t/m1.npy -o %t/m.npy
// RUN: %python %S/Inputs/npy.py check %t/m.npy 'f16(in0[i] + in1[i])' %t/m0.npy %t/m1.npy | FileCheck %s --check-prefix=MIXED
// MIXED: ok 1999
func.func @mixed(%a: tensor<1999xsi8>, %b: tensor<1999xf16>) -> tensor<1999xf16> {
  %r = tolk.add %a, %b : (tensor<1999xsi8>, tensor<1999xf16>) -> tensor<1999xf16>
  return %r : tensor<1999xf16>
}

// A broadcast input (stride 0) and a Bool result, two outputs.
// RUN: %python %S/Inputs/npy.py write %t/r.npy '<i4' 2,3 1 -2 3 -4 5 -6
// RUN: %python %S/Inputs/npy.py write %t/c.npy '<i4' 3 0 -2 4
// RUN: tolk-run --quiet %s --kernel two_results %t/r.npy %t/c.npy -o %t/lt.npy %t/mx.npy
// RUN: %python %S/Inputs/npy.py print %t/lt.npy | FileCheck %s --check-prefix=LT
// LT: descr |b1 shape [2, 3]
// LT-NEXT: 0
// LT-NEXT: 0
// LT-NEXT: 1
// LT-NEXT: 1
// LT-NEXT: 0
// LT-NEXT: 1
// RUN: %python %S/Inputs/npy.py print %t/mx.npy | FileCheck %s --check-prefix=MX
// MX: descr <i4 shape [2, 3]
// MX-NEXT: 1
// MX-NEXT: -2
// MX-NEXT: 4
// MX-NEXT: 0
// MX-NEXT: 5
// MX-NEXT: 4
func.func @two_results(%r: tensor<2x3xsi32>, %c: tensor<3xsi32>) -> (tensor<2x3xi1>, tensor<2x3xsi32>) {
  %lt = tolk.cmplt %r, %c : (tensor<2x3xsi32>, tensor<3xsi32>) -> tensor<2x3xi1>
  %mx = tolk.max %r, %c : (tensor<2x3xsi32>, tensor<3xsi32>) -> tensor<2x3xsi32>
  return %lt, %mx : tensor<2x3xi1>, tensor<2x3xsi32>
}

// By-value bf16 and fp8 scalars: an --arg float rounds once to the
// parameter's type (0.1 is 0x1d in fp8e4m3). Half the least bf16 subnormal
// is a tie that rounds to the even 0; 1 + 0.1015625 rounds to 1.125 (0x39)
// in fp8e4m3, and 448 + 0.1015625 stays 448.
// RUN: %python %S/Inputs/npy.py write %t/h.npy '<u2' 4 0x3f80 0x4040 0x0001 0xc000
// RUN: tolk-run --quiet %s --kernel scale_bf16 --arg 0.5 %t/h.npy -o %t/hs.npy
// RUN: %python %S/Inputs/npy.py print %t/hs.npy | FileCheck %s --check-prefix=SCALE
// SCALE: descr <u2 shape [4]
// SCALE-NEXT: 16128 0x3f00
// SCALE-NEXT: 16320 0x3fc0
// SCALE-NEXT: 0 0x0
// SCALE-NEXT: 49024 0xbf80
func.func @scale_bf16(%x: tensor<4xbf16>, %s: bf16) -> tensor<4xbf16> {
  %r = tolk.mul %x, %s : (tensor<4xbf16>, bf16) -> tensor<4xbf16>
  return %r : tensor<4xbf16>
}
// RUN: %python %S/Inputs/npy.py write %t/q.npy '|u1' 2 0x38 0x7e
// RUN: tolk-run --quiet %s --kernel add_fp8 --arg 0.1 %t/q.npy -o %t/qs.npy
// RUN: %python %S/Inputs/npy.py print %t/qs.npy | FileCheck %s --check-prefix=ADD8
// ADD8: descr |u1 shape [2]
// ADD8-NEXT: 57 0x39
// ADD8-NEXT: 126 0x7e
func.func @add_fp8(%x: tensor<2xf8E4M3FN>, %s: f8E4M3FN) -> tensor<2xf8E4M3FN> {
  %r = tolk.add %x, %s : (tensor<2xf8E4M3FN>, f8E4M3FN) -> tensor<2xf8E4M3FN>
  return %r : tensor<2xf8E4M3FN>
}

// Bool tensors with lanes are ui8 buffers in the kernel (LLVM packs
// vector<N x i1> into bits); the files are still Bool (|b1), in and out.
// RUN: %python %S/Inputs/npy.py write %t/p.npy '|b1' 16 1 0 1 1 0 0 1 0 1 1 1 0 0 0 1 1
// RUN: %python %S/Inputs/npy.py write %t/o.npy '|b1' 16 0 0 1 0 1 0 1 1 0 1 0 0 1 0 1 0
// RUN: tolk-run --quiet %s --kernel xor_bool %t/p.npy %t/o.npy -o %t/px.npy
// RUN: %python %S/Inputs/npy.py print %t/px.npy | FileCheck %s --check-prefix=XOR
// RUN: not tolk-run %s --kernel xor_bool %t/q.npy %t/o.npy -o %t/bad.npy 2>&1 | FileCheck %s --check-prefix=XOR-BAD
// XOR: descr |b1 shape [16]
// XOR-NEXT: 1
// XOR-NEXT: 0
// XOR-NEXT: 0
// XOR-NEXT: 1
// XOR-NEXT: 1
// XOR-NEXT: 0
// XOR-NEXT: 0
// XOR-NEXT: 1
// XOR-NEXT: 1
// XOR-NEXT: 0
// XOR-NEXT: 1
// XOR-NEXT: 0
// XOR-NEXT: 1
// XOR-NEXT: 0
// XOR-NEXT: 0
// XOR-NEXT: 1
// XOR-BAD: input '{{.*}}q.npy' holds '|u1', but parameter #0 of kernel 'xor_bool' is a buffer of i1, stored as '|b1'
func.func @xor_bool(%p: tensor<16xi1>, %o: tensor<16xi1>) -> tensor<16xi1> {
  %r = tolk.xor %p, %o : (tensor<16xi1>, tensor<16xi1>) -> tensor<16xi1>
  return %r : tensor<16xi1>
}
