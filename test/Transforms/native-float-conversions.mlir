// --tolk-native-float-conversions: the conversions a chip has instructions
// for become them, with the fix-ups to docs/Semantics.md#8-bit-floats; the
// rest is left to --tolk-expand-float-conversions. (The bits are checked by
// native-float-conversions-emulated.mlir and NativeFloatConversionsTest.)
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions=chip=sm_90 --verify-each | FileCheck %s --check-prefix=SM90
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions=chip=sm_80 --verify-each | FileCheck %s --check-prefix=SM80
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions=chip=gfx942 --verify-each | FileCheck %s --check-prefix=GFX942
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions=chip=gfx950 --verify-each | FileCheck %s --check-prefix=GFX950
// The first chips with the instructions, and the last without:
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions=chip=sm_89 | FileCheck %s --check-prefix=SM90
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions=chip=sm_90a | FileCheck %s --check-prefix=SM90
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions=chip=sm_86 | FileCheck %s --check-prefix=SM80
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions=chip=gfx940 | FileCheck %s --check-prefix=GFX942

// Four f32 lanes to f8E4M3FN: two cvt.rn.satfinite.e4m3x2.f32, each with
// the upper lane first (the instruction puts operand a in the upper byte).
// An infinity becomes a NaN ahead of them (x + x * 0; satfinite would make
// +-448 of it), and the NaN code's sign is cleared after them, on the four
// bytes in one i32: c & ~(((c & 0x7F7F7F7F) + 0x01010101) & 0x80808080).
// SM90-LABEL: func.func @trunc_e4m3
// SM90-NOT: arith.cmpi
// SM90: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// SM90: %[[XZ:.*]] = arith.mulf %arg0, %[[ZERO]] fastmath<contract> : vector<4xf32>
// SM90: %[[X:.*]] = arith.addf %arg0, %[[XZ]] fastmath<contract> : vector<4xf32>
// SM90: %[[L0:.*]] = vector.extract %[[X]][0] : f32 from vector<4xf32>
// SM90: %[[L1:.*]] = vector.extract %[[X]][1] : f32 from vector<4xf32>
// SM90: %[[L2:.*]] = vector.extract %[[X]][2] : f32 from vector<4xf32>
// SM90: %[[L3:.*]] = vector.extract %[[X]][3] : f32 from vector<4xf32>
// SM90: %[[P0:.*]] = nvvm.convert.f32x2.to.f8x2 %[[L1]], %[[L0]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
// SM90: %[[P1:.*]] = nvvm.convert.f32x2.to.f8x2 %[[L3]], %[[L2]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
// SM90: %[[HW:.*]] = vector.shuffle %[[P0]], %[[P1]] [0, 1, 2, 3] : vector<2xi8>, vector<2xi8>
// SM90: %[[W:.*]] = vector.bitcast %[[HW]] : vector<4xi8> to vector<1xi32>
// SM90: %[[M7:.*]] = arith.constant dense<2139062143> : vector<1xi32>
// SM90: %[[LOW:.*]] = arith.andi %[[W]], %[[M7]] : vector<1xi32>
// SM90: %[[ONES:.*]] = arith.constant dense<16843009> : vector<1xi32>
// SM90: %[[CARRY:.*]] = arith.addi %[[LOW]], %[[ONES]] : vector<1xi32>
// SM90: %[[H:.*]] = arith.constant dense<-2139062144> : vector<1xi32>
// SM90: %[[NS:.*]] = arith.andi %[[CARRY]], %[[H]] : vector<1xi32>
// SM90: %[[ALL:.*]] = arith.constant dense<-1> : vector<1xi32>
// SM90: %[[KEEP:.*]] = arith.xori %[[NS]], %[[ALL]] : vector<1xi32>
// SM90: %[[RW:.*]] = arith.andi %[[W]], %[[KEEP]] : vector<1xi32>
// SM90: %[[R:.*]] = vector.bitcast %[[RW]] : vector<1xi32> to vector<4xi8>
// SM90: %[[F:.*]] = arith.bitcast %[[R]] : vector<4xi8> to vector<4xf8E4M3FN>
// SM90-NOT: arith.select
// SM90: return %[[F]]
// SM80-LABEL: func.func @trunc_e4m3
// SM80-NOT: nvvm
// SM80: arith.truncf %arg0 : vector<4xf32> to vector<4xf8E4M3FN>
// GFX942-LABEL: func.func @trunc_e4m3
// GFX942-NOT: amdgpu
// GFX942: arith.truncf %arg0 : vector<4xf32> to vector<4xf8E4M3FN>
// gfx950 converts the OCP formats, after a clamp to +-448: two lanes a word.
// GFX950-LABEL: func.func @trunc_e4m3
// GFX950: %[[MAX:.*]] = arith.maxnumf %arg0, %{{.*}} : vector<4xf32>
// GFX950: %[[MIN:.*]] = arith.minnumf %[[MAX]], %{{.*}} : vector<4xf32>
// GFX950: %[[L0:.*]] = vector.extract %[[MIN]][0] : f32 from vector<4xf32>
// GFX950: %[[L1:.*]] = vector.extract %[[MIN]][1] : f32 from vector<4xf32>
// GFX950: amdgpu.packed_trunc_2xfp8 %[[L0]], %[[L1]] into undef[word 0] : f32 to vector<4xf8E4M3FN>
// GFX950: amdgpu.packed_trunc_2xfp8 %{{.*}}, %{{.*}} into undef[word 0] : f32 to vector<4xf8E4M3FN>
// GFX950-NOT: arith.truncf
// GFX950: return
func.func @trunc_e4m3(%v: vector<4xf32>) -> vector<4xf8E4M3FN> {
  %0 = arith.truncf %v : vector<4xf32> to vector<4xf8E4M3FN>
  return %0 : vector<4xf8E4M3FN>
}

// -----

// f8E5M2 keeps its infinities and has a NaN of each sign: the special code
// is 0x7C or 0x7F with the source's sign bit, read from the f16 itself (a
// widening may not keep a NaN's sign). A scalar uses one half of an
// instruction; the f16 is extended to f32 first (exact: one rounding).
// SM90-LABEL: func.func @trunc_e5m2_f16
// SM90: %[[BITS:.*]] = arith.bitcast %arg0 : f16 to i16
// SM90: %[[ABS:.*]] = arith.andi %[[BITS]], %c32767_i16 : i16
// SM90: %[[NF:.*]] = arith.cmpi uge, %[[ABS]], %c31744_i16 : i16
// SM90: %[[X:.*]] = arith.extf %arg0 : f16 to f32
// SM90: %[[P:.*]] = nvvm.convert.f32x2.to.f8x2 %[[X]], %[[X]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E5M2)
// SM90: %[[HW:.*]] = vector.extract %[[P]][0] : i8 from vector<2xi8>
// SM90: %[[ISNAN:.*]] = arith.cmpi ugt, %[[ABS]], %{{.*}} : i16
// SM90: %[[SH:.*]] = arith.shrui %[[BITS]], %c8_i16 : i16
// SM90: %[[SB:.*]] = arith.andi %[[SH]], %c128_i16 : i16
// SM90: %[[SIGN:.*]] = arith.trunci %[[SB]] : i16 to i8
// SM90: %[[CODE:.*]] = arith.select %[[ISNAN]], %c127_i8, %c124_i8 : i8
// SM90: %[[SPECIAL:.*]] = arith.ori %[[CODE]], %[[SIGN]] : i8
// SM90: arith.select %[[NF]], %[[SPECIAL]], %[[HW]] : i8
// SM80-LABEL: func.func @trunc_e5m2_f16
// SM80: arith.truncf %arg0 : f16 to f8E5M2
func.func @trunc_e5m2_f16(%h: f16) -> f8E5M2 {
  %0 = arith.truncf %h : f16 to f8E5M2
  return %0 : f8E5M2
}

// -----

// An f64 source is left to the integer expansion: through f32 it would be
// rounded twice. So are tensors, and the fnuz formats on NVIDIA.
// SM90-LABEL: func.func @left_alone
// SM90-NOT: nvvm
// SM90: arith.truncf %arg0 : f64 to f8E4M3FN
// SM90: arith.truncf %arg1 : tensor<4xf32> to tensor<4xf8E5M2>
// SM90: arith.truncf %arg2 : f32 to f8E4M3FNUZ
// SM90: arith.extf %arg3 : f8E5M2FNUZ to f32
func.func @left_alone(%d: f64, %t: tensor<4xf32>, %f: f32, %u: f8E5M2FNUZ) -> (f8E4M3FN, tensor<4xf8E5M2>, f8E4M3FNUZ, f32) {
  %0 = arith.truncf %d : f64 to f8E4M3FN
  %1 = arith.truncf %t : tensor<4xf32> to tensor<4xf8E5M2>
  %2 = arith.truncf %f : f32 to f8E4M3FNUZ
  %3 = arith.extf %u : f8E5M2FNUZ to f32
  return %0, %1, %2, %3 : f8E4M3FN, tensor<4xf8E5M2>, f8E4M3FNUZ, f32
}

// -----

// Three lanes extended: one cvt.rn.f16x2.e4m3x2 for lanes 0 and 1, and one
// for lane 2 (with a zero), then f16 to f32 (exact). A NaN code (S.1111.111) is
// Tolk's NaN (docs/Semantics.md#nans), 0x7FC00000, whatever the cvt gave.
// SM90-LABEL: func.func @ext_e4m3
// SM90: %[[CODES:.*]] = arith.bitcast %arg0 : vector<3xf8E4M3FN> to vector<3xi8>
// SM90: %[[C0:.*]] = vector.extract %[[CODES]][0] : i8 from vector<3xi8>
// SM90: %[[C1:.*]] = vector.extract %[[CODES]][1] : i8 from vector<3xi8>
// SM90: %[[C2:.*]] = vector.extract %[[CODES]][2] : i8 from vector<3xi8>
// SM90: %[[P0:.*]] = vector.from_elements %[[C0]], %[[C1]] : vector<2xi8>
// SM90: nvvm.convert.f8x2.to.f16x2 %[[P0]] : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
// SM90: %[[P1:.*]] = vector.from_elements %[[C2]], %c0_i8 : vector<2xi8>
// SM90: nvvm.convert.f8x2.to.f16x2 %[[P1]] : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
// SM90: %[[H:.*]] = vector.from_elements {{.*}} : vector<3xf16>
// SM90: %[[F:.*]] = arith.extf %[[H]] : vector<3xf16> to vector<3xf32>
// SM90: %[[M:.*]] = arith.andi %[[CODES]], %{{.*}} : vector<3xi8>
// SM90: %[[ISNAN:.*]] = arith.cmpi eq, %[[M]], %{{.*}} : vector<3xi8>
// SM90: %[[QNAN:.*]] = arith.constant dense<0x7FC00000> : vector<3xf32>
// SM90: arith.select %[[ISNAN]], %[[QNAN]], %[[F]] : vector<3xi1>, vector<3xf32>
// SM80-LABEL: func.func @ext_e4m3
// SM80: arith.extf %arg0 : vector<3xf8E4M3FN> to vector<3xf32>
// GFX950-LABEL: func.func @ext_e4m3
// GFX950-COUNT-3: amdgpu.ext_packed_fp8 %{{.*}}[0] : f8E4M3FN to f32
// GFX950-NOT: arith.extf
// GFX950: return
func.func @ext_e4m3(%v: vector<3xf8E4M3FN>) -> vector<3xf32> {
  %0 = arith.extf %v : vector<3xf8E4M3FN> to vector<3xf32>
  return %0 : vector<3xf32>
}

// -----

// f8E5M2's NaN extends to the quiet NaN of its code's sign, here in f64.
// SM90-LABEL: func.func @ext_e5m2_f64
// SM90: %[[CODE:.*]] = arith.bitcast %arg0 : f8E5M2 to i8
// SM90: %[[H:.*]] = nvvm.convert.f8x2.to.f16x2
// SM90: %[[F:.*]] = arith.extf %{{.*}} : f16 to f64
// SM90: %[[ISNAN:.*]] = arith.cmpi ugt
// SM90: %[[POS:.*]] = arith.constant 0x7FF8000000000000 : f64
// SM90: %[[NEG:.*]] = arith.cmpi slt, %[[CODE]], %c0_i8{{.*}} : i8
// SM90: %[[MINUS:.*]] = arith.constant 0xFFF8000000000000 : f64
// SM90: %[[N:.*]] = arith.select %[[NEG]], %[[MINUS]], %[[POS]] : f64
// SM90: arith.select %[[ISNAN]], %[[N]], %[[F]] : f64
func.func @ext_e5m2_f64(%x: f8E5M2) -> f64 {
  %0 = arith.extf %x : f8E5M2 to f64
  return %0 : f64
}

// -----

// gfx942 converts the fnuz formats: a clamp to +-240 first (the instruction
// gives the NaN for a finite overflow), then v_cvt_pk_fp8_f32; a -0.0 and
// the special values are fixed up.
// GFX942-LABEL: func.func @trunc_fnuz
// GFX942: %[[NF:.*]] = arith.cmpi uge
// GFX942: %[[MAX:.*]] = arith.maxnumf %arg0, %cst{{.*}} : f32
// GFX942: %[[MIN:.*]] = arith.minnumf %[[MAX]], %cst{{.*}} : f32
// GFX942: %[[W:.*]] = amdgpu.packed_trunc_2xfp8 %[[MIN]], %[[MIN]] into undef[word 0] : f32 to vector<4xf8E4M3FNUZ>
// GFX942: %[[BYTES:.*]] = arith.bitcast %[[W]] : vector<4xf8E4M3FNUZ> to vector<4xi8>
// GFX942: %[[HW:.*]] = vector.extract %[[BYTES]][0] : i8 from vector<4xi8>
// GFX942: %[[NEGZ:.*]] = arith.cmpi eq, %[[HW]], %c-128_i8 : i8
// GFX942: %[[Z:.*]] = arith.select %[[NEGZ]], %c0_i8, %[[HW]] : i8
// GFX942: %[[R:.*]] = arith.select %[[NF]], %c-128_i8{{.*}}, %[[Z]] : i8
// GFX942: arith.bitcast %[[R]] : i8 to f8E4M3FNUZ
// GFX942-LABEL: func.func @ext_fnuz
// GFX942: %[[CODE:.*]] = arith.bitcast %arg0 : f8E5M2FNUZ to i8
// GFX942: %[[E:.*]] = amdgpu.ext_packed_fp8 %{{.*}}[0] : f8E5M2FNUZ to f32
// GFX942-NOT: amdgpu.ext_packed_fp8
// GFX942: %[[T:.*]] = arith.truncf %[[E]] : f32 to f16
// GFX942: %[[ISNAN:.*]] = arith.cmpi eq, %[[CODE]], %c-128_i8 : i8
// GFX942: %[[QNAN:.*]] = arith.constant 0x7E00 : f16
// GFX942: arith.select %[[ISNAN]], %[[QNAN]], %[[T]] : f16
// SM90-LABEL: func.func @trunc_fnuz
// SM90-NOT: nvvm
// GFX950-LABEL: func.func @trunc_fnuz
// GFX950-NOT: amdgpu
func.func @trunc_fnuz(%x: f32) -> f8E4M3FNUZ {
  %0 = arith.truncf %x : f32 to f8E4M3FNUZ
  return %0 : f8E4M3FNUZ
}
func.func @ext_fnuz(%x: f8E5M2FNUZ) -> f16 {
  %0 = arith.extf %x : f8E5M2FNUZ to f16
  return %0 : f16
}

// -----

// tolk.saturating_truncf, which --convert-tolk-to-arith emits: on NVIDIA the
// instruction and its fix-ups alone give the codes (cvt.rn.satfinite
// saturates; the fix-ups set the non-finite lanes), so no clamp and no
// select of the generic expansion remain.
// SM90-LABEL: func.func @from_tolk
// SM90-NOT: arith.select
// SM90-NOT: arith.cmpf
// SM90: %[[XZ:.*]] = arith.mulf %arg0, %{{.*}} fastmath<contract> : vector<4xf32>
// SM90: %[[X:.*]] = arith.addf %arg0, %[[XZ]] fastmath<contract> : vector<4xf32>
// SM90-COUNT-2: nvvm.convert.f32x2.to.f8x2
// SM90-NOT: arith.select
// SM90: %[[F:.*]] = arith.bitcast %{{.*}} : vector<4xi8> to vector<4xf8E4M3FN>
// SM90-NEXT: return %[[F]]
// On AMD the generic clamp goes ahead of the pass's own (LLVM makes one
// v_med3_f32 of both); the fix-ups set the non-finite lanes.
// GFX950-LABEL: func.func @from_tolk
// GFX950: arith.select %{{.*}}, %{{.*}}, %arg0 : vector<4xi1>, vector<4xf32>
// GFX950: %[[C:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
// GFX950: %[[MAX:.*]] = arith.maxnumf %[[C]], %{{.*}} : vector<4xf32>
// GFX950: amdgpu.packed_trunc_2xfp8
// GFX950: %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xi8>
// GFX950: %[[F:.*]] = arith.bitcast %[[R]] : vector<4xi8> to vector<4xf8E4M3FN>
// GFX950-NEXT: return %[[F]]
func.func @from_tolk(%x: vector<4xf32>) -> vector<4xf8E4M3FN> {
  %0 = tolk.saturating_truncf %x : vector<4xf32> to vector<4xf8E4M3FN>
  return %0 : vector<4xf8E4M3FN>
}

// -----

// A plain arith.truncf converts its operand as it is: a clamp ahead of it
// and a select after it are the program's own and stay.
// SM90-LABEL: func.func @not_from_tolk
// SM90: %[[C:.*]] = arith.select %{{.*}}, %{{.*}}, %arg0 : vector<2xi1>, vector<2xf32>
// SM90: arith.mulf %[[C]], %{{.*}} fastmath<contract> : vector<2xf32>
// SM90: nvvm.convert.f32x2.to.f8x2
// SM90: arith.select %arg1, %{{.*}}, %{{.*}} : vector<2xi1>, vector<2xf8E4M3FN>
func.func @not_from_tolk(%x: vector<2xf32>, %c: vector<2xi1>) -> vector<2xf8E4M3FN> {
  %max = arith.constant dense<4.480000e+02> : vector<2xf32>
  %0 = arith.cmpf ogt, %x, %max : vector<2xf32>
  %1 = arith.select %0, %max, %x : vector<2xi1>, vector<2xf32>
  %2 = arith.truncf %1 : vector<2xf32> to vector<2xf8E4M3FN>
  %nan = arith.constant dense<0x7F> : vector<2xf8E4M3FN>
  %3 = arith.select %c, %nan, %2 : vector<2xi1>, vector<2xf8E4M3FN>
  return %3 : vector<2xf8E4M3FN>
}
