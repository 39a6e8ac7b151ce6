// --tolk-kernelize's lanes per data type (upcast = 0, the default): as many
// as make the widest buffer element move 16 bytes per thread, lowered to
// the largest power of two that divides the size; an explicit upcast sets
// the lanes instead.
// RUN: tolk-opt %s -split-input-file --tolk-kernelize --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-kernelize --canonicalize --tolk-commit-weak --verify-each | FileCheck %s --check-prefix=CANON
// RUN: tolk-opt %s -split-input-file --tolk-kernelize=upcast=2 --verify-each | FileCheck %s --check-prefix=TWO
// RUN: not tolk-opt %s -split-input-file --tolk-kernelize=upcast=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: tolk-kernelize: upcast must be 0 to 16, not -1

// One-byte types: 16 lanes (128 bits), so 16 threads for 256 elements.
// CHECK-LABEL: gpu.func @si8(%arg0: !tolk.ptr<si8, global, 256, v = 16>, %arg1: !tolk.ptr<si8, global, 256, v = 16>) kernel
// CHECK-SAME: known_block_size = array<i32: 16, 1, 1>
// CHECK: tolk.load %{{.*}} {tolk.alignment = 16 : i64} : !tolk.ptr<si8, global, 256, v = 16> -> vector<16xsi8>
// CHECK: tolk.store %{{.*}}, %{{.*}} {tolk.alignment = 16 : i64} : !tolk.ptr<si8, global, 256, v = 16>, vector<16xsi8>
// CHECK-LABEL: gpu.func @ui8(%arg0: !tolk.ptr<ui8, global, 256, v = 16>
// Bool lanes are bytes in memory (a vector of i1 would be packed bits):
// read and written as ui8 lanes, cast to and from Bool.
// CHECK-LABEL: gpu.func @bool(%arg0: !tolk.ptr<ui8, global, 256, v = 16>, %arg1: !tolk.ptr<ui8, global, 256, v = 16>) kernel
// CHECK: %[[L:.*]] = tolk.load %{{.*}} {tolk.alignment = 16 : i64} : !tolk.ptr<ui8, global, 256, v = 16> -> vector<16xui8>
// CHECK-NEXT: %[[B:.*]] = tolk.cast %[[L]] : vector<16xui8> to vector<16xi1>
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[B]], %[[B]] : vector<16xi1>
// CHECK-NEXT: %[[P:.*]] = tolk.index %arg1
// CHECK-NEXT: %[[S:.*]] = tolk.cast %[[R]] : vector<16xi1> to vector<16xui8>
// CHECK-NEXT: tolk.store %[[P]], %[[S]] {tolk.alignment = 16 : i64} : !tolk.ptr<ui8, global, 256, v = 16>, vector<16xui8>
// CHECK-LABEL: gpu.func @e4m3(%arg0: !tolk.ptr<f8E4M3FN, global, 256, v = 16>
// CHECK-LABEL: gpu.func @e5m2(%arg0: !tolk.ptr<f8E5M2, global, 256, v = 16>
// CHECK-LABEL: gpu.func @e4m3fnuz(%arg0: !tolk.ptr<f8E4M3FNUZ, global, 256, v = 16>
// CHECK-LABEL: gpu.func @e5m2fnuz(%arg0: !tolk.ptr<f8E5M2FNUZ, global, 256, v = 16>
// Two bytes: 8 lanes; four: 4; eight: 2.
// CHECK-LABEL: gpu.func @f16(%arg0: !tolk.ptr<f16, global, 256, v = 8>
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK-LABEL: gpu.func @bf16(%arg0: !tolk.ptr<bf16, global, 256, v = 8>
// CHECK-LABEL: gpu.func @si16(%arg0: !tolk.ptr<si16, global, 256, v = 8>
// CHECK-LABEL: gpu.func @ui16(%arg0: !tolk.ptr<ui16, global, 256, v = 8>
// CHECK-LABEL: gpu.func @f32(%arg0: !tolk.ptr<f32, global, 256, v = 4>
// CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
// CHECK-LABEL: gpu.func @si32(%arg0: !tolk.ptr<si32, global, 256, v = 4>
// CHECK-LABEL: gpu.func @ui32(%arg0: !tolk.ptr<ui32, global, 256, v = 4>
// CHECK-LABEL: gpu.func @f64(%arg0: !tolk.ptr<f64, global, 256, v = 2>
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK-LABEL: gpu.func @si64(%arg0: !tolk.ptr<si64, global, 256, v = 2>
// CHECK-LABEL: gpu.func @ui64(%arg0: !tolk.ptr<ui64, global, 256, v = 2>
// An explicit upcast is the lanes, whatever the type.
// TWO-LABEL: gpu.func @si8(%arg0: !tolk.ptr<si8, global, 256, v = 2>
// TWO-LABEL: gpu.func @f64(%arg0: !tolk.ptr<f64, global, 256, v = 2>
// CANON-LABEL: gpu.func @si8(
// CANON-LABEL: gpu.func @ui64(
func.func @si8(%a: tensor<256xsi8>) -> tensor<256xsi8> {
  %r = tolk.add %a, %a : tensor<256xsi8>
  return %r : tensor<256xsi8>
}
func.func @ui8(%a: tensor<256xui8>) -> tensor<256xui8> {
  %r = tolk.add %a, %a : tensor<256xui8>
  return %r : tensor<256xui8>
}
func.func @bool(%a: tensor<256xi1>) -> tensor<256xi1> {
  %r = tolk.add %a, %a : tensor<256xi1>
  return %r : tensor<256xi1>
}
func.func @e4m3(%a: tensor<256xf8E4M3FN>) -> tensor<256xf8E4M3FN> {
  %r = tolk.add %a, %a : tensor<256xf8E4M3FN>
  return %r : tensor<256xf8E4M3FN>
}
func.func @e5m2(%a: tensor<256xf8E5M2>) -> tensor<256xf8E5M2> {
  %r = tolk.add %a, %a : tensor<256xf8E5M2>
  return %r : tensor<256xf8E5M2>
}
func.func @e4m3fnuz(%a: tensor<256xf8E4M3FNUZ>) -> tensor<256xf8E4M3FNUZ> {
  %r = tolk.add %a, %a : tensor<256xf8E4M3FNUZ>
  return %r : tensor<256xf8E4M3FNUZ>
}
func.func @e5m2fnuz(%a: tensor<256xf8E5M2FNUZ>) -> tensor<256xf8E5M2FNUZ> {
  %r = tolk.add %a, %a : tensor<256xf8E5M2FNUZ>
  return %r : tensor<256xf8E5M2FNUZ>
}
func.func @f16(%a: tensor<256xf16>) -> tensor<256xf16> {
  %r = tolk.add %a, %a : tensor<256xf16>
  return %r : tensor<256xf16>
}
func.func @bf16(%a: tensor<256xbf16>) -> tensor<256xbf16> {
  %r = tolk.add %a, %a : tensor<256xbf16>
  return %r : tensor<256xbf16>
}
func.func @si16(%a: tensor<256xsi16>) -> tensor<256xsi16> {
  %r = tolk.add %a, %a : tensor<256xsi16>
  return %r : tensor<256xsi16>
}
func.func @ui16(%a: tensor<256xui16>) -> tensor<256xui16> {
  %r = tolk.add %a, %a : tensor<256xui16>
  return %r : tensor<256xui16>
}
func.func @f32(%a: tensor<256xf32>) -> tensor<256xf32> {
  %r = tolk.add %a, %a : tensor<256xf32>
  return %r : tensor<256xf32>
}
func.func @si32(%a: tensor<256xsi32>) -> tensor<256xsi32> {
  %r = tolk.add %a, %a : tensor<256xsi32>
  return %r : tensor<256xsi32>
}
func.func @ui32(%a: tensor<256xui32>) -> tensor<256xui32> {
  %r = tolk.add %a, %a : tensor<256xui32>
  return %r : tensor<256xui32>
}
func.func @f64(%a: tensor<256xf64>) -> tensor<256xf64> {
  %r = tolk.add %a, %a : tensor<256xf64>
  return %r : tensor<256xf64>
}
func.func @si64(%a: tensor<256xsi64>) -> tensor<256xsi64> {
  %r = tolk.add %a, %a : tensor<256xsi64>
  return %r : tensor<256xsi64>
}
func.func @ui64(%a: tensor<256xui64>) -> tensor<256xui64> {
  %r = tolk.add %a, %a : tensor<256xui64>
  return %r : tensor<256xui64>
}

// -----

// Mixed types: the widest buffer decides. si8 + f16 gives f16, 8 lanes
// (8 bytes of si8 and 16 of f16 per thread); f32 to fp8 gives 4 lanes (16
// bytes of f32, 4 of fp8); a Bool result of an f32 comparison, 4.
// CHECK-LABEL: gpu.func @si8_f16(%arg0: !tolk.ptr<si8, global, 1024, v = 8>, %arg1: !tolk.ptr<f16, global, 1024, v = 8>, %arg2: !tolk.ptr<f16, global, 1024, v = 8>) kernel
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 1, 1, 1>
// CHECK: tolk.add %{{.*}}, %{{.*}} : (vector<8xsi8>, vector<8xf16>) -> vector<8xf16>
// CHECK-LABEL: gpu.func @to_fp8(%arg0: !tolk.ptr<f32, global, 1024, v = 4>, %arg1: !tolk.ptr<f8E4M3FN, global, 1024, v = 4>) kernel
// CHECK: tolk.cast %{{.*}} : vector<4xf32> to vector<4xf8E4M3FN>
// CHECK-LABEL: gpu.func @less(%arg0: !tolk.ptr<f32, global, 1024, v = 4>, %arg1: !tolk.ptr<f32, global, 1024, v = 4>, %arg2: !tolk.ptr<ui8, global, 1024, v = 4>) kernel
// A by-value scalar is no buffer: it does not count. Nor does an unused
// argument, which is read one element at a time (never).
// CHECK-LABEL: gpu.func @scaled(%arg0: !tolk.ptr<si8, global, 1024, v = 16>, %arg1: !tolk.ptr<f64, alu>, %arg2: !tolk.ptr<f64, global, 1024>, %arg3: !tolk.ptr<si8, global, 1024, v = 16>) kernel
// CHECK: tolk.mul %{{.*}}, %{{.*}} : (vector<16xsi8>, f64) -> vector<16xf64>
// CHECK: tolk.cast %{{.*}} : vector<16xf64> to vector<16xsi8>
func.func @si8_f16(%a: tensor<1024xsi8>, %b: tensor<1024xf16>) -> tensor<1024xf16> {
  %r = tolk.add %a, %b : (tensor<1024xsi8>, tensor<1024xf16>) -> tensor<1024xf16>
  return %r : tensor<1024xf16>
}
func.func @to_fp8(%a: tensor<1024xf32>) -> tensor<1024xf8E4M3FN> {
  %r = tolk.cast %a : tensor<1024xf32> to tensor<1024xf8E4M3FN>
  return %r : tensor<1024xf8E4M3FN>
}
func.func @less(%a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<1024xi1> {
  %r = tolk.cmplt %a, %b : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xi1>
  return %r : tensor<1024xi1>
}
func.func @scaled(%a: tensor<1024xsi8>, %s: f64, %unused: tensor<1024xf64>) -> tensor<1024xsi8> {
  %m = tolk.mul %a, %s : (tensor<1024xsi8>, f64) -> tensor<1024xf64>
  %r = tolk.cast %m : tensor<1024xf64> to tensor<1024xsi8>
  return %r : tensor<1024xsi8>
}

// -----

// Sizes that 16 does not divide: the largest power of two that does, down
// to half of 16; then the fewest lanes above 16 that divide (none: 16 is
// the most), then the most below. 24 si8 take 8 lanes; 6 take 6 (one
// thread); 1001 = 7 * 11 * 13 take 13, an access of 13 bytes aligned to
// one; the prime 1009 one lane a thread. With upcast=2 only powers of two:
// 6 take 2 and 1001 one.
// CHECK-LABEL: gpu.func @by8(%arg0: !tolk.ptr<si8, global, 24, v = 8>
// CHECK-SAME: known_block_size = array<i32: 3, 1, 1>
// CHECK-LABEL: gpu.func @by6(%arg0: !tolk.ptr<ui8, global, 6, v = 6>
// CHECK-SAME: known_block_size = array<i32: 1, 1, 1>
// CHECK: tolk.load %{{.*}} {tolk.alignment = 2 : i64} : !tolk.ptr<ui8, global, 6, v = 6> -> vector<6xui8>
// CHECK-LABEL: gpu.func @by13(%arg0: !tolk.ptr<f8E5M2, global, 1001, v = 13>
// CHECK-SAME: known_block_size = array<i32: 77, 1, 1>, known_grid_size = array<i32: 1, 1, 1>
// CHECK: tolk.load %{{.*}} {tolk.alignment = 1 : i64} : !tolk.ptr<f8E5M2, global, 1001, v = 13> -> vector<13xf8E5M2>
// CHECK-LABEL: gpu.func @by1(%arg0: !tolk.ptr<f8E5M2, global, 1009>
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 8, 1, 1>
// CHECK: tolk.load %{{.*}} if %{{.*}} else %{{.*}} : !tolk.ptr<f8E5M2, global, 1009> -> f8E5M2
// TWO-LABEL: gpu.func @by6(%arg0: !tolk.ptr<ui8, global, 6, v = 2>
// TWO-LABEL: gpu.func @by13(%arg0: !tolk.ptr<f8E5M2, global, 1001>
// TWO-LABEL: gpu.func @by1(%arg0: !tolk.ptr<f8E5M2, global, 1009>
func.func @by8(%a: tensor<24xsi8>) -> tensor<24xsi8> {
  %r = tolk.add %a, %a : tensor<24xsi8>
  return %r : tensor<24xsi8>
}
func.func @by6(%a: tensor<6xui8>) -> tensor<6xui8> {
  %r = tolk.add %a, %a : tensor<6xui8>
  return %r : tensor<6xui8>
}
func.func @by13(%a: tensor<1001xf8E5M2>) -> tensor<1001xf8E5M2> {
  %r = tolk.add %a, %a : tensor<1001xf8E5M2>
  return %r : tensor<1001xf8E5M2>
}
func.func @by1(%a: tensor<1009xf8E5M2>) -> tensor<1009xf8E5M2> {
  %r = tolk.add %a, %a : tensor<1009xf8E5M2>
  return %r : tensor<1009xf8E5M2>
}

// -----

// Index width with lanes: what must fit si32 is the largest element index,
// not the largest thread index. 2^31 si8 in 16 lanes: element indices up to
// 2^31 - 1, si32. 3 * 2^30 si8: 2^27 + 2^26 threads would fit, their
// elements do not, si64.
// CHECK-LABEL: gpu.func @fits(
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 1048576, 1, 1>
// CHECK-NEXT: tolk.special global_id x : si32
// CHECK-LABEL: gpu.func @wide(
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 1572864, 1, 1>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si64
// CHECK-NEXT: %[[C16:.*]] = tolk.const 16 : si64
// CHECK-NEXT: tolk.mul %[[I]], %[[C16]] : si64
func.func @fits(%a: tensor<65536x32768xsi8>) -> tensor<65536x32768xsi8> {
  %r = tolk.add %a, %a : tensor<65536x32768xsi8>
  return %r : tensor<65536x32768xsi8>
}
func.func @wide(%a: tensor<3x1073741824xsi8>) -> tensor<3x1073741824xsi8> {
  %r = tolk.add %a, %a : tensor<3x1073741824xsi8>
  return %r : tensor<3x1073741824xsi8>
}
