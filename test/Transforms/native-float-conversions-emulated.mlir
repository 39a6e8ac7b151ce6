// The fix-ups of --tolk-native-float-conversions around a model of each
// instruction (`emulate`: cvt.rn.satfinite clamps to the largest finite value,
// an infinity too, and rounds to nearest even; v_cvt_pk_fp8_f32 rounds the
// pass's clamped value), folded: the special values come out as
// docs/Semantics.md#8-bit-floats states them. Sources: +inf, -inf, NaN, -NaN
// (0xFFC00001), 448, 464, 1e10, -0.0, 2^-10, 3 * 2^-10 (two ties), -1e-30.
// (NativeFloatConversionsTest compares every f16 and bf16 value, a sample of
// f32 values and every 8-bit code with lib/Dtype.)
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions="chip=sm_90 emulate" --tolk-expand-float-conversions --canonicalize | FileCheck %s --check-prefix=SM90
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions="chip=gfx950 emulate" --tolk-expand-float-conversions --canonicalize | FileCheck %s --check-prefix=SM90
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions="chip=gfx942 emulate" --tolk-expand-float-conversions --canonicalize | FileCheck %s --check-prefix=GFX942
// On NVIDIA only: on AMD the clamp of --convert-tolk-to-arith stays, and
// arith's folder does not fold its cmpf on vectors.
// RUN: tolk-opt %s -split-input-file --tolk-native-float-conversions="chip=sm_90 emulate" --tolk-expand-float-conversions --canonicalize | FileCheck %s --check-prefix=SM90-TOLK

// f8E4M3FN: an infinity and a NaN are 0x7F (satfinite alone would give 448
// for +inf); a finite overflow saturates to 0x7E; -0.0 stays 0x80.
// SM90-LABEL: func.func @e4m3
// SM90-NEXT: %[[R:.*]] = arith.constant dense<[127, 127, 127, 127, 126, 126, 126, -128, 0, 2, -128]> : vector<11xi8>
// SM90-NEXT: return %[[R]]
// f8E5M2: the infinities (0x7C, 0xFC) and the NaN of each sign (0x7F, 0xFF).
// SM90-LABEL: func.func @e5m2
// SM90-NEXT: %[[R:.*]] = arith.constant dense<[124, -4, 127, -1, 95, 95, 123, -128, 20, 26, -128]> : vector<11xi8>
// SM90-NEXT: return %[[R]]
func.func @e4m3() -> vector<11xi8> {
  %c = arith.constant dense<[2139095040, -8388608, 2143289344, -4194303, 1138753536, 1139277824, 1343554297, -2147483648, 981467136, 994050048, -1918746016]> : vector<11xi32>
  %f = arith.bitcast %c : vector<11xi32> to vector<11xf32>
  %t = arith.truncf %f : vector<11xf32> to vector<11xf8E4M3FN>
  %b = arith.bitcast %t : vector<11xf8E4M3FN> to vector<11xi8>
  return %b : vector<11xi8>
}
func.func @e5m2() -> vector<11xi8> {
  %c = arith.constant dense<[2139095040, -8388608, 2143289344, -4194303, 1138753536, 1139277824, 1343554297, -2147483648, 981467136, 994050048, -1918746016]> : vector<11xi32>
  %f = arith.bitcast %c : vector<11xi32> to vector<11xf32>
  %t = arith.truncf %f : vector<11xf32> to vector<11xf8E5M2>
  %b = arith.bitcast %t : vector<11xf8E5M2> to vector<11xi8>
  return %b : vector<11xi8>
}

// -----

// tolk.saturating_truncf, which --convert-tolk-to-arith emits: the pass maps
// it to the instruction and its fix-ups alone (native-float-conversions.mlir),
// and the codes are the folder's.
// SM90-TOLK-LABEL: func.func @e4m3_from_tolk
// SM90-TOLK-NEXT: %[[R:.*]] = arith.constant dense<[127, 127, 127, 127, 126, 126, 126, -128, 0, 2, -128]> : vector<11xi8>
// SM90-TOLK-NEXT: return %[[R]]
func.func @e4m3_from_tolk() -> vector<11xi8> {
  %c = arith.constant dense<[2139095040, -8388608, 2143289344, -4194303, 1138753536, 1139277824, 1343554297, -2147483648, 981467136, 994050048, -1918746016]> : vector<11xi32>
  %x = arith.bitcast %c : vector<11xi32> to vector<11xf32>
  %11 = tolk.saturating_truncf %x : vector<11xf32> to vector<11xf8E4M3FN>
  %b = arith.bitcast %11 : vector<11xf8E4M3FN> to vector<11xi8>
  return %b : vector<11xi8>
}

// -----

// The fnuz formats: an infinity and a NaN are the one NaN 0x80, a finite
// overflow saturates to 0x7F, and a zero is +0.0.
// GFX942-LABEL: func.func @e4m3fnuz
// GFX942-NEXT: %[[R:.*]] = arith.constant dense<[-128, -128, -128, -128, 127, 127, 127, 0, 1, 3, 0]> : vector<11xi8>
// GFX942-NEXT: return %[[R]]
func.func @e4m3fnuz() -> vector<11xi8> {
  %c = arith.constant dense<[2139095040, -8388608, 2143289344, -4194303, 1138753536, 1139277824, 1343554297, -2147483648, 981467136, 994050048, -1918746016]> : vector<11xi32>
  %f = arith.bitcast %c : vector<11xi32> to vector<11xf32>
  %t = arith.truncf %f : vector<11xf32> to vector<11xf8E4M3FNUZ>
  %b = arith.bitcast %t : vector<11xf8E4M3FNUZ> to vector<11xi8>
  return %b : vector<11xi8>
}

// -----

// Extensions: an 8-bit NaN is the quiet NaN of its sign in f8E5M2
// (0x7FC00000, 0xFFC00000), positive in f8E4M3FN (0xFF too); infinities and
// finite values are exact.
// SM90-LABEL: func.func @ext_e4m3
// SM90-NEXT: %[[R:.*]] = arith.constant dense<[2143289344, 2143289344, 989855744, -2147483648, 1138753536]> : vector<5xi32>
// SM90-LABEL: func.func @ext_e5m2
// SM90-NEXT: %[[R:.*]] = arith.constant dense<[2139095040, -8388608, 2143289344, -4194304]> : vector<4xi32>
func.func @ext_e4m3() -> vector<5xi32> {
  %c = arith.constant dense<[127, -1, 1, -128, 126]> : vector<5xi8>
  %f = arith.bitcast %c : vector<5xi8> to vector<5xf8E4M3FN>
  %e = arith.extf %f : vector<5xf8E4M3FN> to vector<5xf32>
  %b = arith.bitcast %e : vector<5xf32> to vector<5xi32>
  return %b : vector<5xi32>
}
func.func @ext_e5m2() -> vector<4xi32> {
  %c = arith.constant dense<[124, -4, 125, -1]> : vector<4xi8>
  %f = arith.bitcast %c : vector<4xi8> to vector<4xf8E5M2>
  %e = arith.extf %f : vector<4xf8E5M2> to vector<4xf32>
  %b = arith.bitcast %e : vector<4xf32> to vector<4xi32>
  return %b : vector<4xi32>
}

// -----

// The fnuz NaN (0x80) extends to the positive quiet NaN, here in f16
// (0x7E00); 0x7F is 57344 (0x7B00).
// GFX942-LABEL: func.func @ext_e5m2fnuz
// GFX942-NEXT: %[[R:.*]] = arith.constant dense<[32256, 0, 31488]> : vector<3xi16>
func.func @ext_e5m2fnuz() -> vector<3xi16> {
  %c = arith.constant dense<[-128, 0, 127]> : vector<3xi8>
  %f = arith.bitcast %c : vector<3xi8> to vector<3xf8E5M2FNUZ>
  %e = arith.extf %f : vector<3xf8E5M2FNUZ> to vector<3xf16>
  %b = arith.bitcast %e : vector<3xf16> to vector<3xi16>
  return %b : vector<3xi16>
}
