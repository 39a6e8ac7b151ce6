// --tolk-kernelize with the default upcast keeps lanes where no power of
// two above half the default divides the inner size: the fewest lanes
// above the default (up to 16) that divide it and the size, else the most
// below. Such a vector starts at a multiple of its lanes, so its alignment
// is the largest power of two that divides its bytes.
// RUN: tolk-opt %s -split-input-file --tolk-kernelize --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --tolk-kernelize=upcast=4 --verify-each | FileCheck %s --check-prefix=FOUR

// 1001 = 7 * 11 * 13 columns, f32 results (4 lanes by default): 7 lanes.
// The column is one ui8 per thread (row (7 id) / 1001), the row a vector
// of 7 bf16 at column (7 id) mod 1001, aligned to 2 bytes; the 7 f32 lanes
// are aligned to 4. 71500 threads: the last block is gated.
// CHECK-LABEL: gpu.func @bcast(%arg0: !tolk.ptr<ui8, global, 500>, %arg1: !tolk.ptr<bf16, global, 1001, v = 7>, %arg2: !tolk.ptr<f32, alu>, %arg3: !tolk.ptr<f32, global, 500500, v = 7>) kernel
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 559, 1, 1>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[N:.*]] = tolk.const 71500 : si32
// CHECK-NEXT: %[[G:.*]] = tolk.cmplt %[[I]], %[[N]] : (si32, si32) -> i1
// CHECK-NEXT: %[[C7:.*]] = tolk.const 7 : si32
// CHECK-NEXT: %[[F:.*]] = tolk.mul %[[I]], %[[C7]] : si32
// CHECK-NEXT: %[[C1001:.*]] = tolk.const 1001 : si32
// CHECK-NEXT: %[[ROW:.*]] = tolk.truncdiv %[[F]], %[[C1001]] : si32
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[ROW]]] : !tolk.ptr<ui8, global, 500>, si32
// CHECK:      tolk.load %[[PA]] if %[[G]] else %{{.*}} : !tolk.ptr<ui8, global, 500> -> ui8
// CHECK:      %[[COL:.*]] = tolk.add %[[F]], %{{.*}} : si32
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[COL]]] : !tolk.ptr<bf16, global, 1001, v = 7>, si32
// CHECK:      tolk.load %[[PB]] if %[[G]] else %{{.*}} {tolk.alignment = 2 : i64} : !tolk.ptr<bf16, global, 1001, v = 7> -> vector<7xbf16>
// CHECK:      tolk.mul %{{.*}}, %{{.*}} : (ui8, vector<7xbf16>) -> vector<7xbf16>
// CHECK-NEXT: tolk.add %{{.*}}, %{{.*}} : (vector<7xbf16>, f32) -> vector<7xf32>
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg3[%[[F]]] : !tolk.ptr<f32, global, 500500, v = 7>, si32
// CHECK-NEXT: tolk.store %[[PR]], %{{.*}} if %[[G]] {tolk.alignment = 4 : i64} : !tolk.ptr<f32, global, 500500, v = 7>, vector<7xf32>
// An explicit upcast is a power of two: one lane.
// FOUR-LABEL: gpu.func @bcast(%arg0: !tolk.ptr<ui8, global, 500>, %arg1: !tolk.ptr<bf16, global, 1001>, %arg2: !tolk.ptr<f32, alu>, %arg3: !tolk.ptr<f32, global, 500500>) kernel
func.func @bcast(%a: tensor<500x1xui8>, %b: tensor<1x1001xbf16>, %c: tensor<f32>) -> tensor<500x1001xf32> {
  %m = tolk.mul %a, %b : (tensor<500x1xui8>, tensor<1x1001xbf16>) -> tensor<500x1001xbf16>
  %r = tolk.add %m, %c : (tensor<500x1001xbf16>, tensor<f32>) -> tensor<500x1001xf32>
  return %r : tensor<500x1001xf32>
}

// -----

// A prime inner size: 13 columns take 13 lanes, one thread a row; 17, more
// than the 16 lanes a thread takes at most, take one.
// CHECK-LABEL: gpu.func @prime13(%arg0: !tolk.ptr<f32, global, 13, v = 13>, %arg1: !tolk.ptr<f32, global, 117, v = 13>, %arg2: !tolk.ptr<f32, global, 117, v = 13>) kernel
// CHECK-SAME: known_block_size = array<i32: 9, 1, 1>
// CHECK: tolk.load %{{.*}} {tolk.alignment = 4 : i64} : !tolk.ptr<f32, global, 13, v = 13> -> vector<13xf32>
// CHECK-LABEL: gpu.func @prime17(%arg0: !tolk.ptr<f32, global, 9>, %arg1: !tolk.ptr<f32, global, 153>, %arg2: !tolk.ptr<f32, global, 153>) kernel
// FOUR-LABEL: gpu.func @prime13(%arg0: !tolk.ptr<f32, global, 13>,
func.func @prime13(%a: tensor<1x13xf32>, %b: tensor<9x13xf32>) -> tensor<9x13xf32> {
  %r = tolk.add %a, %b : (tensor<1x13xf32>, tensor<9x13xf32>) -> tensor<9x13xf32>
  return %r : tensor<9x13xf32>
}
func.func @prime17(%a: tensor<9x1xf32>, %b: tensor<9x17xf32>) -> tensor<9x17xf32> {
  %r = tolk.add %a, %b : (tensor<9x1xf32>, tensor<9x17xf32>) -> tensor<9x17xf32>
  return %r : tensor<9x17xf32>
}

// -----

// Inner size 1: a dimension of 1 is no boundary, so 1001 rows of one
// element are 1001 contiguous elements: 7 lanes, the 1x1 input one
// element.
// CHECK-LABEL: gpu.func @inner1(%arg0: !tolk.ptr<f32, global, 1001, v = 7>, %arg1: !tolk.ptr<f32, global, 1>, %arg2: !tolk.ptr<f32, global, 1001, v = 7>) kernel
// CHECK: %[[Z:.*]] = tolk.const 0 : si32
// CHECK-NEXT: tolk.index %arg1[%[[Z]]] : !tolk.ptr<f32, global, 1>, si32
// CHECK: tolk.mul %{{.*}}, %{{.*}} : (vector<7xf32>, f32) -> vector<7xf32>
func.func @inner1(%a: tensor<1001x1xf32>, %b: tensor<1x1xf32>) -> tensor<1001x1xf32> {
  %r = tolk.mul %a, %b : (tensor<1001x1xf32>, tensor<1x1xf32>) -> tensor<1001x1xf32>
  return %r : tensor<1001x1xf32>
}

// -----

// Sizes with a divisor. 1002 = 2 * 501 columns: 2 lanes, half the default,
// aligned vectors of 8 bytes rather than 6 lanes aligned to 8 of 24. 999 =
// 27 * 37: 9 lanes. fp8 rows of 1000: 8 lanes, half of 16, aligned to 8
// bytes, rather than 10 aligned to 2.
// CHECK-LABEL: gpu.func @d1002(%arg0: !tolk.ptr<f32, global, 6>, %arg1: !tolk.ptr<f32, global, 1002, v = 2>, %arg2: !tolk.ptr<f32, global, 6012, v = 2>) kernel
// CHECK: tolk.load %{{.*}} if %{{.*}} else %{{.*}} {tolk.alignment = 8 : i64} : !tolk.ptr<f32, global, 1002, v = 2> -> vector<2xf32>
// CHECK-LABEL: gpu.func @d999(%arg0: !tolk.ptr<f32, global, 3>, %arg1: !tolk.ptr<f32, global, 999, v = 9>, %arg2: !tolk.ptr<f32, global, 2997, v = 9>) kernel
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 3, 1, 1>
// CHECK: tolk.load %{{.*}} if %{{.*}} else %{{.*}} {tolk.alignment = 4 : i64} : !tolk.ptr<f32, global, 999, v = 9> -> vector<9xf32>
// CHECK-LABEL: gpu.func @fp8(%arg0: !tolk.ptr<f8E4M3FN, global, 3>, %arg1: !tolk.ptr<f8E4M3FN, global, 1000, v = 8>, %arg2: !tolk.ptr<f8E4M3FN, global, 3000, v = 8>) kernel
// CHECK: tolk.store %{{.*}}, %{{.*}} if %{{.*}} {tolk.alignment = 8 : i64} : !tolk.ptr<f8E4M3FN, global, 3000, v = 8>, vector<8xf8E4M3FN>
// FOUR-LABEL: gpu.func @d1002(%arg0: !tolk.ptr<f32, global, 6>, %arg1: !tolk.ptr<f32, global, 1002, v = 2>
// FOUR-LABEL: gpu.func @d999(%arg0: !tolk.ptr<f32, global, 3>, %arg1: !tolk.ptr<f32, global, 999>
// FOUR-LABEL: gpu.func @fp8(%arg0: !tolk.ptr<f8E4M3FN, global, 3>, %arg1: !tolk.ptr<f8E4M3FN, global, 1000, v = 4>
func.func @d1002(%a: tensor<6x1xf32>, %b: tensor<1x1002xf32>) -> tensor<6x1002xf32> {
  %r = tolk.add %a, %b : (tensor<6x1xf32>, tensor<1x1002xf32>) -> tensor<6x1002xf32>
  return %r : tensor<6x1002xf32>
}
func.func @d999(%a: tensor<3x1xf32>, %b: tensor<1x999xf32>) -> tensor<3x999xf32> {
  %r = tolk.add %a, %b : (tensor<3x1xf32>, tensor<1x999xf32>) -> tensor<3x999xf32>
  return %r : tensor<3x999xf32>
}
func.func @fp8(%a: tensor<3x1xf8E4M3FN>, %b: tensor<1x1000xf8E4M3FN>) -> tensor<3x1000xf8E4M3FN> {
  %r = tolk.add %a, %b : (tensor<3x1xf8E4M3FN>, tensor<1x1000xf8E4M3FN>) -> tensor<3x1000xf8E4M3FN>
  return %r : tensor<3x1000xf8E4M3FN>
}
