// REQUIRES: mlir-runner
// f64 exp2, log2 and pow expanded by --tolk-expand-f64-math, run on the CPU:
// the exact bits of each result on known points (each the correctly rounded
// value, as binary64 libm's, where the result is not a NaN), C99's special
// cases of pow (docs/Semantics.md), subnormal operands and results, and
// vector lanes. Each line prints a result's bits as an i64.
// RUN: tolk-opt --tolk-expand-f64-math %s \
// RUN:   | %upstream_mlir_opt --convert-math-to-llvm --convert-vector-to-scf --convert-scf-to-cf \
// RUN:       --convert-vector-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm \
// RUN:       --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN:   | %mlir_runner -e main -entry-point-result=void \
// RUN:       -shared-libs=%mlir_c_runner_utils \
// RUN:   | FileCheck %s

func.func @exp2(%x: f64) -> i64 {
  %r = math.exp2 %x : f64
  %b = arith.bitcast %r : f64 to i64
  return %b : i64
}
func.func @log2(%x: f64) -> i64 {
  %r = math.log2 %x : f64
  %b = arith.bitcast %r : f64 to i64
  return %b : i64
}
func.func @pow(%x: f64, %y: f64) -> i64 {
  %r = math.powf %x, %y : f64
  %b = arith.bitcast %r : f64 to i64
  return %b : i64
}
func.func @pow4(%x: vector<4xf64>, %y: vector<4xf64>) -> vector<4xi64> {
  %r = math.powf %x, %y : vector<4xf64>
  %b = arith.bitcast %r : vector<4xf64> to vector<4xi64>
  return %b : vector<4xi64>
}

func.func @main() {
  %x0 = arith.constant 0x0000000000000000 : f64
  %r0 = call @exp2(%x0) : (f64) -> i64
  vector.print %r0 : i64
  %x1 = arith.constant 0x8000000000000000 : f64
  %r1 = call @exp2(%x1) : (f64) -> i64
  vector.print %r1 : i64
  %x2 = arith.constant 0x3FF0000000000000 : f64
  %r2 = call @exp2(%x2) : (f64) -> i64
  vector.print %r2 : i64
  %x3 = arith.constant 0xBFF0000000000000 : f64
  %r3 = call @exp2(%x3) : (f64) -> i64
  vector.print %r3 : i64
  %x4 = arith.constant 0x3FE0000000000000 : f64
  %r4 = call @exp2(%x4) : (f64) -> i64
  vector.print %r4 : i64
  %x5 = arith.constant 0xBFE0000000000000 : f64
  %r5 = call @exp2(%x5) : (f64) -> i64
  vector.print %r5 : i64
  %x6 = arith.constant 0x3FB999999999999A : f64
  %r6 = call @exp2(%x6) : (f64) -> i64
  vector.print %r6 : i64
  %x7 = arith.constant 0xBFB999999999999A : f64
  %r7 = call @exp2(%x7) : (f64) -> i64
  vector.print %r7 : i64
  %x8 = arith.constant 0x400A666666666666 : f64
  %r8 = call @exp2(%x8) : (f64) -> i64
  vector.print %r8 : i64
  %x9 = arith.constant 0x4024000000000000 : f64
  %r9 = call @exp2(%x9) : (f64) -> i64
  vector.print %r9 : i64
  %x10 = arith.constant 0xC085E20000000000 : f64
  %r10 = call @exp2(%x10) : (f64) -> i64
  vector.print %r10 : i64
  %x11 = arith.constant 0x408FF80000000000 : f64
  %r11 = call @exp2(%x11) : (f64) -> i64
  vector.print %r11 : i64
  %x12 = arith.constant 0x408FFC0000000000 : f64
  %r12 = call @exp2(%x12) : (f64) -> i64
  vector.print %r12 : i64
  %x13 = arith.constant 0x408FFFFFFFFFFFFF : f64
  %r13 = call @exp2(%x13) : (f64) -> i64
  vector.print %r13 : i64
  %x14 = arith.constant 0x4090000000000000 : f64
  %r14 = call @exp2(%x14) : (f64) -> i64
  vector.print %r14 : i64
  %x15 = arith.constant 0xC08FF00000000000 : f64
  %r15 = call @exp2(%x15) : (f64) -> i64
  vector.print %r15 : i64
  %x16 = arith.constant 0xC08FF40000000000 : f64
  %r16 = call @exp2(%x16) : (f64) -> i64
  vector.print %r16 : i64
  %x17 = arith.constant 0xC090C80000000000 : f64
  %r17 = call @exp2(%x17) : (f64) -> i64
  vector.print %r17 : i64
  %x18 = arith.constant 0xC090CA0000000000 : f64
  %r18 = call @exp2(%x18) : (f64) -> i64
  vector.print %r18 : i64
  %x19 = arith.constant 0xC090CC0000000000 : f64
  %r19 = call @exp2(%x19) : (f64) -> i64
  vector.print %r19 : i64
  %x20 = arith.constant 0xC090E00000000000 : f64
  %r20 = call @exp2(%x20) : (f64) -> i64
  vector.print %r20 : i64
  %x21 = arith.constant 0x01A56E1FC2F8F359 : f64
  %r21 = call @exp2(%x21) : (f64) -> i64
  vector.print %r21 : i64
  %x22 = arith.constant 0x7FF0000000000000 : f64
  %r22 = call @exp2(%x22) : (f64) -> i64
  vector.print %r22 : i64
  %x23 = arith.constant 0xFFF0000000000000 : f64
  %r23 = call @exp2(%x23) : (f64) -> i64
  vector.print %r23 : i64
  %x24 = arith.constant 0x7FF8000000000000 : f64
  %r24 = call @exp2(%x24) : (f64) -> i64
  vector.print %r24 : i64
  %x25 = arith.constant 0x3FF0000000000000 : f64
  %r25 = call @log2(%x25) : (f64) -> i64
  vector.print %r25 : i64
  %x26 = arith.constant 0x4000000000000000 : f64
  %r26 = call @log2(%x26) : (f64) -> i64
  vector.print %r26 : i64
  %x27 = arith.constant 0x3FE0000000000000 : f64
  %r27 = call @log2(%x27) : (f64) -> i64
  vector.print %r27 : i64
  %x28 = arith.constant 0x4008000000000000 : f64
  %r28 = call @log2(%x28) : (f64) -> i64
  vector.print %r28 : i64
  %x29 = arith.constant 0x4024000000000000 : f64
  %r29 = call @log2(%x29) : (f64) -> i64
  vector.print %r29 : i64
  %x30 = arith.constant 0x3FB999999999999A : f64
  %r30 = call @log2(%x30) : (f64) -> i64
  vector.print %r30 : i64
  %x31 = arith.constant 0x3FF0000000000001 : f64
  %r31 = call @log2(%x31) : (f64) -> i64
  vector.print %r31 : i64
  %x32 = arith.constant 0x3FEFFFFFFFFFFFFF : f64
  %r32 = call @log2(%x32) : (f64) -> i64
  vector.print %r32 : i64
  %x33 = arith.constant 0x3FF6A09E667F3BCD : f64
  %r33 = call @log2(%x33) : (f64) -> i64
  vector.print %r33 : i64
  %x34 = arith.constant 0x7FEFFFFFFFFFFFFF : f64
  %r34 = call @log2(%x34) : (f64) -> i64
  vector.print %r34 : i64
  %x35 = arith.constant 0x0010000000000000 : f64
  %r35 = call @log2(%x35) : (f64) -> i64
  vector.print %r35 : i64
  %x36 = arith.constant 0x0000000000000001 : f64
  %r36 = call @log2(%x36) : (f64) -> i64
  vector.print %r36 : i64
  %x37 = arith.constant 0x000000000000C000 : f64
  %r37 = call @log2(%x37) : (f64) -> i64
  vector.print %r37 : i64
  %x38 = arith.constant 0x0000000000000000 : f64
  %r38 = call @log2(%x38) : (f64) -> i64
  vector.print %r38 : i64
  %x39 = arith.constant 0x8000000000000000 : f64
  %r39 = call @log2(%x39) : (f64) -> i64
  vector.print %r39 : i64
  %x40 = arith.constant 0xBFF0000000000000 : f64
  %r40 = call @log2(%x40) : (f64) -> i64
  vector.print %r40 : i64
  %x41 = arith.constant 0x7FF0000000000000 : f64
  %r41 = call @log2(%x41) : (f64) -> i64
  vector.print %r41 : i64
  %x42 = arith.constant 0xFFF0000000000000 : f64
  %r42 = call @log2(%x42) : (f64) -> i64
  vector.print %r42 : i64
  %x43 = arith.constant 0x7FF8000000000000 : f64
  %r43 = call @log2(%x43) : (f64) -> i64
  vector.print %r43 : i64
  %x44 = arith.constant 0x4000000000000000 : f64
  %y44 = arith.constant 0x4024000000000000 : f64
  %r44 = call @pow(%x44, %y44) : (f64, f64) -> i64
  vector.print %r44 : i64
  %x45 = arith.constant 0x4000000000000000 : f64
  %y45 = arith.constant 0x3FE0000000000000 : f64
  %r45 = call @pow(%x45, %y45) : (f64, f64) -> i64
  vector.print %r45 : i64
  %x46 = arith.constant 0x4008000000000000 : f64
  %y46 = arith.constant 0x4034000000000000 : f64
  %r46 = call @pow(%x46, %y46) : (f64, f64) -> i64
  vector.print %r46 : i64
  %x47 = arith.constant 0x4024000000000000 : f64
  %y47 = arith.constant 0xC008000000000000 : f64
  %r47 = call @pow(%x47, %y47) : (f64, f64) -> i64
  vector.print %r47 : i64
  %x48 = arith.constant 0x3FB999999999999A : f64
  %y48 = arith.constant 0x401E000000000000 : f64
  %r48 = call @pow(%x48, %y48) : (f64, f64) -> i64
  vector.print %r48 : i64
  %x49 = arith.constant 0xC000000000000000 : f64
  %y49 = arith.constant 0x4008000000000000 : f64
  %r49 = call @pow(%x49, %y49) : (f64, f64) -> i64
  vector.print %r49 : i64
  %x50 = arith.constant 0xC000000000000000 : f64
  %y50 = arith.constant 0x4010000000000000 : f64
  %r50 = call @pow(%x50, %y50) : (f64, f64) -> i64
  vector.print %r50 : i64
  %x51 = arith.constant 0xC000000000000000 : f64
  %y51 = arith.constant 0x3FE0000000000000 : f64
  %r51 = call @pow(%x51, %y51) : (f64, f64) -> i64
  vector.print %r51 : i64
  %x52 = arith.constant 0xC020000000000000 : f64
  %y52 = arith.constant 0x3FD5555555555555 : f64
  %r52 = call @pow(%x52, %y52) : (f64, f64) -> i64
  vector.print %r52 : i64
  %x53 = arith.constant 0x8000000000000000 : f64
  %y53 = arith.constant 0xC008000000000000 : f64
  %r53 = call @pow(%x53, %y53) : (f64, f64) -> i64
  vector.print %r53 : i64
  %x54 = arith.constant 0x8000000000000000 : f64
  %y54 = arith.constant 0xC000000000000000 : f64
  %r54 = call @pow(%x54, %y54) : (f64, f64) -> i64
  vector.print %r54 : i64
  %x55 = arith.constant 0x0000000000000000 : f64
  %y55 = arith.constant 0xBFF0000000000000 : f64
  %r55 = call @pow(%x55, %y55) : (f64, f64) -> i64
  vector.print %r55 : i64
  %x56 = arith.constant 0x8000000000000000 : f64
  %y56 = arith.constant 0x4008000000000000 : f64
  %r56 = call @pow(%x56, %y56) : (f64, f64) -> i64
  vector.print %r56 : i64
  %x57 = arith.constant 0x4024000000000000 : f64
  %y57 = arith.constant 0x4073400000000000 : f64
  %r57 = call @pow(%x57, %y57) : (f64, f64) -> i64
  vector.print %r57 : i64
  %x58 = arith.constant 0x4024000000000000 : f64
  %y58 = arith.constant 0x4073500000000000 : f64
  %r58 = call @pow(%x58, %y58) : (f64, f64) -> i64
  vector.print %r58 : i64
  %x59 = arith.constant 0x4000000000000000 : f64
  %y59 = arith.constant 0xC090C80000000000 : f64
  %r59 = call @pow(%x59, %y59) : (f64, f64) -> i64
  vector.print %r59 : i64
  %x60 = arith.constant 0x4000000000000000 : f64
  %y60 = arith.constant 0xC090CC0000000000 : f64
  %r60 = call @pow(%x60, %y60) : (f64, f64) -> i64
  vector.print %r60 : i64
  %x61 = arith.constant 0x3FE0000000000000 : f64
  %y61 = arith.constant 0x4090CA0000000000 : f64
  %r61 = call @pow(%x61, %y61) : (f64, f64) -> i64
  vector.print %r61 : i64
  %x62 = arith.constant 0x0000000000000001 : f64
  %y62 = arith.constant 0x3FE0000000000000 : f64
  %r62 = call @pow(%x62, %y62) : (f64, f64) -> i64
  vector.print %r62 : i64
  %x63 = arith.constant 0x3FF000001AD7F29B : f64
  %y63 = arith.constant 0x43ABC16D674EC800 : f64
  %r63 = call @pow(%x63, %y63) : (f64, f64) -> i64
  vector.print %r63 : i64
  %x64 = arith.constant 0xC008000000000000 : f64
  %y64 = arith.constant 0x4340000000000001 : f64
  %r64 = call @pow(%x64, %y64) : (f64, f64) -> i64
  vector.print %r64 : i64
  %x65 = arith.constant 0xBFF0000000000000 : f64
  %y65 = arith.constant 0x7FF0000000000000 : f64
  %r65 = call @pow(%x65, %y65) : (f64, f64) -> i64
  vector.print %r65 : i64
  %x66 = arith.constant 0x3FE0000000000000 : f64
  %y66 = arith.constant 0xFFF0000000000000 : f64
  %r66 = call @pow(%x66, %y66) : (f64, f64) -> i64
  vector.print %r66 : i64
  %x67 = arith.constant 0x7FF0000000000000 : f64
  %y67 = arith.constant 0xBFF0000000000000 : f64
  %r67 = call @pow(%x67, %y67) : (f64, f64) -> i64
  vector.print %r67 : i64
  %x68 = arith.constant 0xFFF0000000000000 : f64
  %y68 = arith.constant 0x4008000000000000 : f64
  %r68 = call @pow(%x68, %y68) : (f64, f64) -> i64
  vector.print %r68 : i64
  %x69 = arith.constant 0xFFF0000000000000 : f64
  %y69 = arith.constant 0xC008000000000000 : f64
  %r69 = call @pow(%x69, %y69) : (f64, f64) -> i64
  vector.print %r69 : i64
  %x70 = arith.constant 0x3FF0000000000000 : f64
  %y70 = arith.constant 0x7FF8000000000000 : f64
  %r70 = call @pow(%x70, %y70) : (f64, f64) -> i64
  vector.print %r70 : i64
  %x71 = arith.constant 0x7FF8000000000000 : f64
  %y71 = arith.constant 0x0000000000000000 : f64
  %r71 = call @pow(%x71, %y71) : (f64, f64) -> i64
  vector.print %r71 : i64
  %x72 = arith.constant 0x7FF8000000000000 : f64
  %y72 = arith.constant 0x3FF0000000000000 : f64
  %r72 = call @pow(%x72, %y72) : (f64, f64) -> i64
  vector.print %r72 : i64
  %x73 = arith.constant 0x401C000000000000 : f64
  %y73 = arith.constant 0x8000000000000000 : f64
  %r73 = call @pow(%x73, %y73) : (f64, f64) -> i64
  vector.print %r73 : i64
  %vx = arith.constant dense<[0x4000000000000000, 0xC000000000000000, 0x3FB999999999999A, 0x0000000000000001]> : vector<4xf64>
  %vy = arith.constant dense<[0x4024000000000000, 0x4008000000000000, 0x401E000000000000, 0x3FE0000000000000]> : vector<4xf64>
  %vr = call @pow4(%vx, %vy) : (vector<4xf64>, vector<4xf64>) -> vector<4xi64>
  vector.print %vr : vector<4xi64>
  return
}

// exp2(0x0.0p+0) = 0x1.0000000000000p+0
// CHECK: 4607182418800017408
// exp2(-0x0.0p+0) = 0x1.0000000000000p+0
// CHECK-NEXT: 4607182418800017408
// exp2(0x1.0000000000000p+0) = 0x1.0000000000000p+1
// CHECK-NEXT: 4611686018427387904
// exp2(-0x1.0000000000000p+0) = 0x1.0000000000000p-1
// CHECK-NEXT: 4602678819172646912
// exp2(0x1.0000000000000p-1) = 0x1.6a09e667f3bcdp+0
// CHECK-NEXT: 4609047870845172685
// exp2(-0x1.0000000000000p-1) = 0x1.6a09e667f3bcdp-1
// CHECK-NEXT: 4604544271217802189
// exp2(0x1.999999999999ap-4) = 0x1.125fbee250664p+0
// CHECK-NEXT: 4607505657739150948
// exp2(-0x1.999999999999ap-4) = 0x1.ddb680117ab12p-1
// CHECK-NEXT: 4606579233611295506
// exp2(0x1.a666666666666p+1) = 0x1.3b2c47bff8328p+3
// CHECK-NEXT: 4621734199575937832
// exp2(0x1.4000000000000p+3) = 0x1.0000000000000p+10
// CHECK-NEXT: 4652218415073722368
// exp2(-0x1.5e20000000000p+9) = 0x1.ae89f995ad3adp-701
// CHECK-NEXT: 1453229601950716845
// exp2(0x1.ff80000000000p+9) = 0x1.0000000000000p+1023
// CHECK-NEXT: 9214364837600034816
// exp2(0x1.ffc0000000000p+9) = 0x1.6a09e667f3bcdp+1023
// CHECK-NEXT: 9216230289645190093
// exp2(0x1.fffffffffffffp+9) = 0x1.ffffffffffd3ap+1023
// CHECK-NEXT: 9218868437227404602
// exp2(0x1.0000000000000p+10) = inf
// CHECK-NEXT: 9218868437227405312
// exp2(-0x1.ff00000000000p+9) = 0x1.0000000000000p-1022
// CHECK-NEXT: 4503599627370496
// exp2(-0x1.ff40000000000p+9) = 0x0.b504f333f9de6p-1022
// CHECK-NEXT: 3184525836262886
// exp2(-0x1.0c80000000000p+10) = 0x0.0000000000001p-1022
// CHECK-NEXT: 1
// exp2(-0x1.0ca0000000000p+10) = 0x0.0000000000001p-1022
// CHECK-NEXT: 1
// exp2(-0x1.0cc0000000000p+10) = 0x0.0p+0
// CHECK-NEXT: 0
// exp2(-0x1.0e00000000000p+10) = 0x0.0p+0
// CHECK-NEXT: 0
// exp2(0x1.56e1fc2f8f359p-997) = 0x1.0000000000000p+0
// CHECK-NEXT: 4607182418800017408
// exp2(inf) = inf
// CHECK-NEXT: 9218868437227405312
// exp2(-inf) = 0x0.0p+0
// CHECK-NEXT: 0
// exp2(nan) = nan
// CHECK-NEXT: 9221120237041090560
// log2(0x1.0000000000000p+0) = 0x0.0p+0
// CHECK-NEXT: 0
// log2(0x1.0000000000000p+1) = 0x1.0000000000000p+0
// CHECK-NEXT: 4607182418800017408
// log2(0x1.0000000000000p-1) = -0x1.0000000000000p+0
// CHECK-NEXT: -4616189618054758400
// log2(0x1.8000000000000p+1) = 0x1.95c01a39fbd68p+0
// CHECK-NEXT: 4609816855700290920
// log2(0x1.4000000000000p+3) = 0x1.a934f0979a371p+1
// CHECK-NEXT: 4614662735865160561
// log2(0x1.999999999999ap-4) = -0x1.a934f0979a371p+1
// CHECK-NEXT: -4608709300989615247
// log2(0x1.0000000000001p+0) = 0x1.71547652b82fdp-52
// CHECK-NEXT: 4374988959397937917
// log2(0x1.fffffffffffffp-1) = -0x1.71547652b82fep-53
// CHECK-NEXT: -4852886677084208386
// log2(0x1.6a09e667f3bcdp+0) = 0x1.0000000000001p-1
// CHECK-NEXT: 4602678819172646913
// log2(0x1.fffffffffffffp+1023) = 0x1.0000000000000p+10
// CHECK-NEXT: 4652218415073722368
// log2(0x1.0000000000000p-1022) = -0x1.ff00000000000p+9
// CHECK-NEXT: -4571171213967097856
// log2(0x0.0000000000001p-1022) = -0x1.0c80000000000p+10
// CHECK-NEXT: -4570933719455498240
// log2(0x0.000000000c000p-1022) = -0x1.089a8ff971811p+10
// CHECK-NEXT: -4571002262845450223
// log2(0x0.0p+0) = -inf
// CHECK-NEXT: -4503599627370496
// log2(-0x0.0p+0) = -inf
// CHECK-NEXT: -4503599627370496
// log2(-0x1.0000000000000p+0) = nan
// CHECK-NEXT: 9221120237041090560
// log2(inf) = inf
// CHECK-NEXT: 9218868437227405312
// log2(-inf) = nan
// CHECK-NEXT: 9221120237041090560
// log2(nan) = nan
// CHECK-NEXT: 9221120237041090560
// pow(0x1.0000000000000p+1, 0x1.4000000000000p+3) = 0x1.0000000000000p+10
// CHECK-NEXT: 4652218415073722368
// pow(0x1.0000000000000p+1, 0x1.0000000000000p-1) = 0x1.6a09e667f3bcdp+0
// CHECK-NEXT: 4609047870845172685
// pow(0x1.8000000000000p+1, 0x1.4000000000000p+4) = 0x1.9fa8372200000p+31
// CHECK-NEXT: 4749602724501258240
// pow(0x1.4000000000000p+3, -0x1.8000000000000p+1) = 0x1.0624dd2f1a9fcp-10
// CHECK-NEXT: 4562254508917369340
// pow(0x1.999999999999ap-4, 0x1.e000000000000p+2) = 0x1.0fa3389d6eb42p-25
// CHECK-NEXT: 4494867527378594626
// pow(-0x1.0000000000000p+1, 0x1.8000000000000p+1) = -0x1.0000000000000p+3
// CHECK-NEXT: -4602678819172646912
// pow(-0x1.0000000000000p+1, 0x1.0000000000000p+2) = 0x1.0000000000000p+4
// CHECK-NEXT: 4625196817309499392
// pow(-0x1.0000000000000p+1, 0x1.0000000000000p-1) = nan
// CHECK-NEXT: 9221120237041090560
// pow(-0x1.0000000000000p+3, 0x1.5555555555555p-2) = nan
// CHECK-NEXT: 9221120237041090560
// pow(-0x0.0p+0, -0x1.8000000000000p+1) = -inf
// CHECK-NEXT: -4503599627370496
// pow(-0x0.0p+0, -0x1.0000000000000p+1) = inf
// CHECK-NEXT: 9218868437227405312
// pow(0x0.0p+0, -0x1.0000000000000p+0) = inf
// CHECK-NEXT: 9218868437227405312
// pow(-0x0.0p+0, 0x1.8000000000000p+1) = -0x0.0p+0
// CHECK-NEXT: -9223372036854775808
// pow(0x1.4000000000000p+3, 0x1.3400000000000p+8) = 0x1.1ccf385ebc8a0p+1023
// CHECK-NEXT: 9214871658872686752
// pow(0x1.4000000000000p+3, 0x1.3500000000000p+8) = inf
// CHECK-NEXT: 9218868437227405312
// pow(0x1.0000000000000p+1, -0x1.0c80000000000p+10) = 0x0.0000000000001p-1022
// CHECK-NEXT: 1
// pow(0x1.0000000000000p+1, -0x1.0cc0000000000p+10) = 0x0.0p+0
// CHECK-NEXT: 0
// pow(0x1.0000000000000p-1, 0x1.0ca0000000000p+10) = 0x0.0000000000001p-1022
// CHECK-NEXT: 1
// pow(0x0.0000000000001p-1022, 0x1.0000000000000p-1) = 0x1.0000000000000p-537
// CHECK-NEXT: 2188749418902061056
// pow(0x1.000001ad7f29bp+0, 0x1.bc16d674ec800p+59) = inf
// CHECK-NEXT: 9218868437227405312
// pow(-0x1.8000000000000p+1, 0x1.0000000000001p+53) = inf
// CHECK-NEXT: 9218868437227405312
// pow(-0x1.0000000000000p+0, inf) = 0x1.0000000000000p+0
// CHECK-NEXT: 4607182418800017408
// pow(0x1.0000000000000p-1, -inf) = inf
// CHECK-NEXT: 9218868437227405312
// pow(inf, -0x1.0000000000000p+0) = 0x0.0p+0
// CHECK-NEXT: 0
// pow(-inf, 0x1.8000000000000p+1) = -inf
// CHECK-NEXT: -4503599627370496
// pow(-inf, -0x1.8000000000000p+1) = -0x0.0p+0
// CHECK-NEXT: -9223372036854775808
// pow(0x1.0000000000000p+0, nan) = 0x1.0000000000000p+0
// CHECK-NEXT: 4607182418800017408
// pow(nan, 0x0.0p+0) = 0x1.0000000000000p+0
// CHECK-NEXT: 4607182418800017408
// pow(nan, 0x1.0000000000000p+0) = nan
// CHECK-NEXT: 9221120237041090560
// pow(0x1.c000000000000p+2, -0x0.0p+0) = 0x1.0000000000000p+0
// CHECK-NEXT: 4607182418800017408
// pow(<2, -2, 0.1, 2^-1074>, <10, 3, 7.5, 0.5>) = <0x1p+10, -0x1p+3, 0x1.0fa3389d6eb42p-25, 0x1p-537>
// CHECK-NEXT: ( 4652218415073722368, -4602678819172646912, 4494867527378594626, 2188749418902061056 )
