// Complex numbers and f128 run on the host (complex-to-standard, then LLVM's
// soft-float calls for f128) and give the folder's bits: every result below
// is the one --canonicalize folds from the same operands, but for the sign
// of a NaN that arithmetic makes, which is the hardware's (x86's is
// negative). Complex buffers are numpy's <c8 and <c16; f128 buffers are
// opaque 16-byte items (|V16) of the binary128 bits.
// RUN: rm -rf %t && mkdir -p %t

// complex<f32>: one element per thread (no lanes). Division is Smith's
// algorithm with C's recoveries: (1e30, 1e30) / (1e30, 1e30) is (1, 0)
// with no overflow, a zero divisor gives infinities; multiplication rounds
// each product; neg flips the signs; reciprocal is (1, +0) / b; cmpeq is
// ordered, ne unordered; isfinite asks both parts; subnormals stay.
// RUN: %python %S/Inputs/npy.py write %t/x.npy '<c8' 8 1 2 1 -1 1e30 1e30 inf 1 0.0 -0.0 nan 1 -3 0.1 1e-40 3
// RUN: %python %S/Inputs/npy.py write %t/y.npy '<c8' 8 3 -4 0 0 1e30 1e30 1 1 -0.0 0.0 1 1 0.1 -3 1e-40 -1e-40
// RUN: tolk-run --quiet %s --kernel c64 %t/x.npy %t/y.npy -o %t/o0.npy %t/o1.npy %t/o2.npy %t/o3.npy %t/o4.npy %t/o5.npy %t/o6.npy %t/o7.npy %t/o8.npy
// RUN: %python %S/Inputs/npy.py print %t/o0.npy %t/o1.npy %t/o2.npy %t/o3.npy %t/o4.npy %t/o5.npy %t/o6.npy %t/o7.npy %t/o8.npy | FileCheck %s --check-prefix=C64
// C64: descr <c8 shape [8]
// C64-NEXT: 0x40800000 4.0 0xc0000000 -2.0
// C64-NEXT: 0x3f800000 1.0 0xbf800000 -1.0
// C64-NEXT: 0x71c9f2ca 2.0000000300949324e+30 0x71c9f2ca 2.0000000300949324e+30
// C64-NEXT: 0x7f800000 inf 0x40000000 2.0
// C64-NEXT: 0x0 0.0 0x0 0.0
// C64-NEXT: 0x7fc00000 nan 0x40000000 2.0
// C64-NEXT: 0xc039999a -2.9000000953674316 0xc039999a -2.9000000953674316
// C64-NEXT: 0x22d84 1.999989220222952e-40 0x40400000 3.0
// C64: descr <c8 shape [8]
// C64-NEXT: 0xc0000000 -2.0 0x40c00000 6.0
// C64-NEXT: 0x3f800000 1.0 0xbf800000 -1.0
// C64-NEXT: 0x0 0.0 0x0 0.0
// C64-NEXT: 0x7f800000 inf 0x0 0.0
// C64-NEXT: 0x0 0.0 0x80000000 -0.0
// C64-NEXT: 0x7fc00000 nan 0x0 0.0
// C64-NEXT: 0xc0466666 -3.0999999046325684 0x40466666 3.0999999046325684
// C64-NEXT: 0x0 0.0 0x40400000 3.0
// C64: descr <c8 shape [8]
// C64-NEXT: 0x41300000 11.0 0x40000000 2.0
// C64-NEXT: 0x0 0.0 0x0 0.0
// C64-NEXT: 0x{{[f7]}}fc00000 nan 0x7f800000 inf
// C64-NEXT: 0x7f800000 inf 0x7f800000 inf
// C64-NEXT: 0x0 0.0 0x0 0.0
// C64-NEXT: 0x7fc00000 nan 0x7fc00000 nan
// C64-NEXT: 0x0 0.0 0x411028f6 9.010000228881836
// C64-NEXT: 0x34446 2.999983830334428e-40 0x34446 2.999983830334428e-40
// C64: descr <c8 shape [8]
// C64-NEXT: 0xbe4ccccd -0.20000000298023224 0x3ecccccd 0.4000000059604645
// C64-NEXT: 0x7f800000 inf 0xff800000 -inf
// C64-NEXT: 0x3f800000 1.0 0x0 0.0
// C64-NEXT: 0x7f800000 inf 0xff800000 -inf
// C64-NEXT: 0x{{[f7]}}fc00000 nan 0x{{[f7]}}fc00000 nan
// C64-NEXT: 0x7fc00000 nan 0x7fc00000 nan
// C64-NEXT: 0xbd8861be -0.06659267842769623 0xbf7f6e87 -0.9977802634239197
// C64-NEXT: 0xff800000 -inf 0x7f800000 inf
// C64: descr <c8 shape [8]
// C64-NEXT: 0xbf800000 -1.0 0xc0000000 -2.0
// C64-NEXT: 0xbf800000 -1.0 0x3f800000 1.0
// C64-NEXT: 0xf149f2ca -1.0000000150474662e+30 0xf149f2ca -1.0000000150474662e+30
// C64-NEXT: 0xff800000 -inf 0xbf800000 -1.0
// C64-NEXT: 0x80000000 -0.0 0x0 0.0
// C64-NEXT: 0x{{[f7]}}fc00000 nan 0xbf800000 -1.0
// C64-NEXT: 0x40400000 3.0 0xbdcccccd -0.10000000149011612
// C64-NEXT: 0x800116c2 -9.99994610111476e-41 0xc0400000 -3.0
// C64: descr <c8 shape [8]
// C64-NEXT: 0x3df5c28f 0.11999999731779099 0x3e23d70a 0.1599999964237213
// C64-NEXT: 0x7f800000 inf 0x{{[f7]}}fc00000 nan
// C64-NEXT: 0xd224260 5.000000015855384e-31 0x8d224260 -5.000000015855384e-31
// C64-NEXT: 0x3f000000 0.5 0xbf000000 -0.5
// C64-NEXT: 0xff800000 -inf 0x{{[f7]}}fc00000 nan
// C64-NEXT: 0x3f000000 0.5 0xbf000000 -0.5
// C64-NEXT: 0x3c35d7a8 0.011098779737949371 0x3eaa7a2d 0.33296337723731995
// C64-NEXT: 0x7f800000 inf 0x7f800000 inf
// C64: descr |b1 shape [8]
// C64-NEXT: 0
// C64-NEXT: 0
// C64-NEXT: 1
// C64-NEXT: 0
// C64-NEXT: 1
// C64-NEXT: 0
// C64-NEXT: 0
// C64-NEXT: 0
// C64: descr |b1 shape [8]
// C64-NEXT: 1
// C64-NEXT: 1
// C64-NEXT: 0
// C64-NEXT: 1
// C64-NEXT: 0
// C64-NEXT: 1
// C64-NEXT: 1
// C64-NEXT: 1
// C64: descr |b1 shape [8]
// C64-NEXT: 1
// C64-NEXT: 1
// C64-NEXT: 1
// C64-NEXT: 0
// C64-NEXT: 1
// C64-NEXT: 0
// C64-NEXT: 1
// C64-NEXT: 1
func.func @c64(%a: tensor<8xcomplex<f32>>, %b: tensor<8xcomplex<f32>>) -> (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>) {
  %0 = tolk.add %a, %b : tensor<8xcomplex<f32>>
  %1 = tolk.sub %a, %b : tensor<8xcomplex<f32>>
  %2 = tolk.mul %a, %b : tensor<8xcomplex<f32>>
  %3 = tolk.div %a, %b : tensor<8xcomplex<f32>>
  %4 = tolk.neg %a : tensor<8xcomplex<f32>>
  %5 = tolk.reciprocal %b : tensor<8xcomplex<f32>>
  %6 = tolk.cmpeq %a, %b : (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>) -> tensor<8xi1>
  %7 = tolk.ne %a, %b : (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>) -> tensor<8xi1>
  %8 = tolk.isfinite %a : (tensor<8xcomplex<f32>>) -> tensor<8xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>
}

// complex<f64>: add, mul (each product rounded, (1e300, 1e300) squared
// overflows to (inf - inf, inf)), Smith's division with no overflow of
// c^2 + d^2 ((1e300, 1e300) / (1e300, 1e300) is (1, 0)); subnormal parts
// stay.
// RUN: %python %S/Inputs/npy.py write %t/da.npy '<c16' 6 1 2 1e300 1e300 inf 1 5e-324 3 nan 1 -0.0 0.0
// RUN: %python %S/Inputs/npy.py write %t/db.npy '<c16' 6 3 -4 1e300 1e300 1 1 1 -1e-310 1 1 0.0 1e-310
// RUN: tolk-run --quiet %s --kernel c128 %t/da.npy %t/db.npy -o %t/d0.npy %t/d1.npy %t/d2.npy
// RUN: %python %S/Inputs/npy.py print %t/d0.npy %t/d1.npy %t/d2.npy | FileCheck %s --check-prefix=C128
// C128: descr <c16 shape [6]
// C128-NEXT: 0x4010000000000000 4.0 0xc000000000000000 -2.0
// C128-NEXT: 0x7e47e43c8800759c 2e+300 0x7e47e43c8800759c 2e+300
// C128-NEXT: 0x7ff0000000000000 inf 0x4000000000000000 2.0
// C128-NEXT: 0x3ff0000000000000 1.0 0x4008000000000000 3.0
// C128-NEXT: 0x7ff8000000000000 nan 0x4000000000000000 2.0
// C128-NEXT: 0x0 0.0 0x12688b70e62b 1e-310
// C128: descr <c16 shape [6]
// C128-NEXT: 0x4026000000000000 11.0 0x4000000000000000 2.0
// C128-NEXT: 0x{{[f7]}}ff8000000000000 nan 0x7ff0000000000000 inf
// C128-NEXT: 0x7ff0000000000000 inf 0x7ff0000000000000 inf
// C128-NEXT: 0x3739a252b282 3.00000000000004e-310 0x4008000000000000 3.0
// C128-NEXT: 0x7ff8000000000000 nan 0x7ff8000000000000 nan
// C128-NEXT: 0x8000000000000000 -0.0 0x0 0.0
// C128: descr <c16 shape [6]
// C128-NEXT: 0xbfc999999999999a -0.2 0x3fd999999999999a 0.4
// C128-NEXT: 0x3ff0000000000000 1.0 0x0 0.0
// C128-NEXT: 0x7ff0000000000000 inf 0xfff0000000000000 -inf
// C128-NEXT: 0x80003739a252b280 -2.99999999999994e-310 0x4008000000000000 3.0
// C128-NEXT: 0x7ff8000000000000 nan 0x7ff8000000000000 nan
// C128-NEXT: 0x0 0.0 0x0 0.0
func.func @c128(%a: tensor<6xcomplex<f64>>, %b: tensor<6xcomplex<f64>>) -> (tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>) {
  %0 = tolk.add %a, %b : tensor<6xcomplex<f64>>
  %1 = tolk.mul %a, %b : tensor<6xcomplex<f64>>
  %2 = tolk.div %a, %b : tensor<6xcomplex<f64>>
  return %0, %1, %2 : tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>
}

// Conversions: complex<f64> to f32 keeps the real part (an underflow to 0),
// to si32 through it (3e9 wraps), to i1 either part nonzero (a NaN is
// nonzero), to complex<f32> per part; f32 to complex<f64> is (x, +0); an f32
// operand promotes to complex<f64>.
// RUN: %python %S/Inputs/npy.py write %t/a.npy '<c16' 4 -2.5 0.5 3e9 0 0 1e-300 nan 0
// RUN: %python %S/Inputs/npy.py write %t/f.npy '<f4' 4 1.5 0.1 -0.0 nan
// RUN: tolk-run --quiet %s --kernel casts %t/a.npy %t/f.npy -o %t/c0.npy %t/c1.npy %t/c2.npy %t/c3.npy %t/c4.npy %t/c5.npy
// RUN: %python %S/Inputs/npy.py print %t/c0.npy %t/c1.npy %t/c2.npy %t/c3.npy %t/c4.npy %t/c5.npy | FileCheck %s --check-prefix=CAST
// CAST: descr <f4 shape [4]
// CAST-NEXT: 0xc0200000 -2.5
// CAST-NEXT: 0x4f32d05e 3000000000.0
// CAST-NEXT: 0x0 0.0
// CAST-NEXT: 0x7fc00000 nan
// CAST: descr <i4 shape [4]
// CAST-NEXT: -2
// CAST-NEXT: -1294967296
// CAST-NEXT: 0
// CAST-NEXT: 0
// CAST: descr |b1 shape [4]
// CAST-NEXT: 1
// CAST-NEXT: 1
// CAST-NEXT: 1
// CAST-NEXT: 1
// CAST: descr <c8 shape [4]
// CAST-NEXT: 0xc0200000 -2.5 0x3f000000 0.5
// CAST-NEXT: 0x4f32d05e 3000000000.0 0x0 0.0
// CAST-NEXT: 0x0 0.0 0x0 0.0
// CAST-NEXT: 0x7fc00000 nan 0x0 0.0
// CAST: descr <c16 shape [4]
// CAST-NEXT: 0x3ff8000000000000 1.5 0x0 0.0
// CAST-NEXT: 0x3fb99999a0000000 0.10000000149011612 0x0 0.0
// CAST-NEXT: 0x8000000000000000 -0.0 0x0 0.0
// CAST-NEXT: 0x7ff8000000000000 nan 0x0 0.0
// CAST: descr <c16 shape [4]
// CAST-NEXT: 0xc00e000000000000 -3.75 0x3fe8000000000000 0.75
// CAST-NEXT: 0x41b1e1a3047868c0 300000004.47034836 0x0 0.0
// CAST-NEXT: 0x8000000000000000 -0.0 0x0 0.0
// CAST-NEXT: 0x7ff8000000000000 nan 0x7ff8000000000000 nan
func.func @casts(%a: tensor<4xcomplex<f64>>, %f: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xsi32>, tensor<4xi1>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) {
  %0 = tolk.cast %a : tensor<4xcomplex<f64>> to tensor<4xf32>
  %1 = tolk.cast %a : tensor<4xcomplex<f64>> to tensor<4xsi32>
  %2 = tolk.cast %a : tensor<4xcomplex<f64>> to tensor<4xi1>
  %3 = tolk.cast %a : tensor<4xcomplex<f64>> to tensor<4xcomplex<f32>>
  %4 = tolk.cast %f : tensor<4xf32> to tensor<4xcomplex<f64>>
  %5 = tolk.mul %a, %f : (tensor<4xcomplex<f64>>, tensor<4xf32>) -> tensor<4xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xsi32>, tensor<4xi1>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
}

// f128 (2, 0.1, 1e4000, -2.5 against 3, 3, 0.5, -4): soft-float arithmetic,
// correctly rounded sqrt, the conversions to f64 (1e4000 overflows to inf)
// and si64 (1e4000 is a multiple of 2^64: 0), cmplt, isfinite, floor.
// RUN: %python %S/Inputs/npy.py write %t/qa.npy '|V16' 4 0x40000000000000000000000000000000 0x3ffb999999999999999999999999999a 0x73e6a3750647fcab18c21ab905450cc3 0xc0004000000000000000000000000000
// RUN: %python %S/Inputs/npy.py write %t/qb.npy '|V16' 4 0x40008000000000000000000000000000 0x40008000000000000000000000000000 0x3ffe0000000000000000000000000000 0xc0010000000000000000000000000000
// RUN: tolk-run --quiet %s --kernel quad %t/qa.npy %t/qb.npy -o %t/q0.npy %t/q1.npy %t/q2.npy %t/q3.npy %t/q4.npy %t/q5.npy %t/q6.npy %t/q7.npy %t/q8.npy
// RUN: %python %S/Inputs/npy.py print %t/q0.npy %t/q1.npy %t/q2.npy %t/q3.npy %t/q4.npy %t/q5.npy %t/q6.npy %t/q7.npy %t/q8.npy | FileCheck %s --check-prefix=QUAD
// QUAD: descr |V16 shape [4]
// QUAD-NEXT: 0x40014000000000000000000000000000
// QUAD-NEXT: 0x40008ccccccccccccccccccccccccccd
// QUAD-NEXT: 0x73e6a3750647fcab18c21ab905450cc3
// QUAD-NEXT: 0xc001a000000000000000000000000000
// QUAD: descr |V16 shape [4]
// QUAD-NEXT: 0x40018000000000000000000000000000
// QUAD-NEXT: 0x3ffd3333333333333333333333333334
// QUAD-NEXT: 0x73e5a3750647fcab18c21ab905450cc3
// QUAD-NEXT: 0x40024000000000000000000000000000
// QUAD: descr |V16 shape [4]
// QUAD-NEXT: 0x3ffe5555555555555555555555555555
// QUAD-NEXT: 0x3ffa1111111111111111111111111111
// QUAD-NEXT: 0x73e7a3750647fcab18c21ab905450cc3
// QUAD-NEXT: 0x3ffe4000000000000000000000000000
// QUAD: descr |V16 shape [4]
// QUAD-NEXT: 0x3fff6a09e667f3bcc908b2fb1366ea95
// QUAD-NEXT: 0x3ffd43d136248490edb36e896cf3d7b0
// QUAD-NEXT: 0x59f2cf6c9c9bc5f884a294e53edc9560
// QUAD-NEXT: 0x{{[f7]}}fff8000000000000000000000000000
// QUAD: descr <f8 shape [4]
// QUAD-NEXT: 0x4000000000000000 2.0
// QUAD-NEXT: 0x3fb999999999999a 0.1
// QUAD-NEXT: 0x7ff0000000000000 inf
// QUAD-NEXT: 0xc004000000000000 -2.5
// QUAD: descr <i8 shape [4]
// QUAD-NEXT: 2
// QUAD-NEXT: 0
// QUAD-NEXT: 0
// QUAD-NEXT: -2
// QUAD: descr |b1 shape [4]
// QUAD-NEXT: 1
// QUAD-NEXT: 1
// QUAD-NEXT: 0
// QUAD-NEXT: 0
// QUAD: descr |b1 shape [4]
// QUAD-NEXT: 1
// QUAD-NEXT: 1
// QUAD-NEXT: 1
// QUAD-NEXT: 1
// QUAD: descr |V16 shape [4]
// QUAD-NEXT: 0x40000000000000000000000000000000
// QUAD-NEXT: 0x00000000000000000000000000000000
// QUAD-NEXT: 0x73e6a3750647fcab18c21ab905450cc3
// QUAD-NEXT: 0xc0008000000000000000000000000000
func.func @quad(%a: tensor<4xf128>, %b: tensor<4xf128>) -> (tensor<4xf128>, tensor<4xf128>, tensor<4xf128>, tensor<4xf128>, tensor<4xf64>, tensor<4xsi64>, tensor<4xi1>, tensor<4xi1>, tensor<4xf128>) {
  %0 = tolk.add %a, %b : tensor<4xf128>
  %1 = tolk.mul %a, %b : tensor<4xf128>
  %2 = tolk.div %a, %b : tensor<4xf128>
  %3 = tolk.sqrt %a : tensor<4xf128>
  %4 = tolk.cast %a : tensor<4xf128> to tensor<4xf64>
  %5 = tolk.cast %a : tensor<4xf128> to tensor<4xsi64>
  %6 = tolk.cmplt %a, %b : (tensor<4xf128>, tensor<4xf128>) -> tensor<4xi1>
  %7 = tolk.isfinite %a : (tensor<4xf128>) -> tensor<4xi1>
  %8 = tolk.floor %a : tensor<4xf128>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xf128>, tensor<4xf128>, tensor<4xf128>, tensor<4xf128>, tensor<4xf64>, tensor<4xsi64>, tensor<4xi1>, tensor<4xi1>, tensor<4xf128>
}

// exp2 on f128 is the C library's binary128 exp2 (the folder leaves it
// unfolded): exact for an integer.
// RUN: %python %S/Inputs/npy.py write %t/qe.npy '|V16' 2 0x40008000000000000000000000000000 0x3ffb999999999999999999999999999a
// RUN: tolk-run --quiet %s --kernel quad_exp2 %t/qe.npy -o %t/qx.npy
// RUN: %python %S/Inputs/npy.py print %t/qx.npy | FileCheck %s --check-prefix=EXP2
// EXP2: descr |V16 shape [2]
// EXP2-NEXT: 0x40020000000000000000000000000000
// EXP2-NEXT: 0x3fff125fbee2506
func.func @quad_exp2(%a: tensor<2xf128>) -> tensor<2xf128> {
  %0 = tolk.exp2 %a : tensor<2xf128>
  return %0 : tensor<2xf128>
}
