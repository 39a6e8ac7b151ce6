// --tolk-kernelize keeps vector lanes when inputs broadcast: a thread's
// lanes are contiguous in an input whose innermost dimensions are kept (a
// vector load, only its start moved by the outer broadcast dimensions), and
// one element of an input whose innermost dimensions are broadcast (a
// scalar load, broadcast in the ops), when the lanes divide that run of
// dimensions. Otherwise other lanes that divide it, or one.
// RUN: tolk-opt %s -split-input-file --tolk-kernelize --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-kernelize --canonicalize --tolk-commit-weak --verify-each | FileCheck %s --check-prefix=CANON

// A row broadcast over 4 rows (outer stride 0): 4 lanes, the row read as a
// vector at the column of the thread's first element, (4 id) mod 8.
// CHECK-LABEL: gpu.func @row(%arg0: !tolk.ptr<f32, global, 8, v = 4>, %arg1: !tolk.ptr<f32, global, 32, v = 4>, %arg2: !tolk.ptr<f32, global, 32, v = 4>) kernel
// CHECK-SAME: known_block_size = array<i32: 8, 1, 1>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[C4:.*]] = tolk.const 4 : si32
// CHECK-NEXT: %[[F:.*]] = tolk.mul %[[I]], %[[C4]] : si32
// CHECK-NEXT: %[[C8:.*]] = tolk.const 8 : si32
// CHECK-NEXT: %[[Q:.*]] = tolk.truncdiv %[[F]], %[[C8]] : si32
// CHECK-NEXT: %[[CM8:.*]] = tolk.const -8 : si32
// CHECK-NEXT: %[[T:.*]] = tolk.mul %[[Q]], %[[CM8]] : si32
// CHECK-NEXT: %[[COL:.*]] = tolk.add %[[F]], %[[T]] : si32
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[COL]]] : !tolk.ptr<f32, global, 8, v = 4>, si32
// CHECK-NEXT: %[[A:.*]] = tolk.load %[[PA]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 8, v = 4> -> vector<4xf32>
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[F]]] : !tolk.ptr<f32, global, 32, v = 4>, si32
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 32, v = 4> -> vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg2[%[[F]]] : !tolk.ptr<f32, global, 32, v = 4>, si32
// CHECK-NEXT: tolk.store %[[PR]], %[[R]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 32, v = 4>, vector<4xf32>
// CHECK-NEXT: gpu.return
// CANON-LABEL: gpu.func @row(
func.func @row(%a: tensor<8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = tolk.add %a, %b : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A column broadcast along the rows (inner stride 0): the 4 lanes lie in
// one row, so the column is one scalar load at row (4 id) / 8, broadcast in
// the add.
// CHECK-LABEL: gpu.func @column(%arg0: !tolk.ptr<f32, global, 4>, %arg1: !tolk.ptr<f32, global, 32, v = 4>, %arg2: !tolk.ptr<f32, global, 32, v = 4>) kernel
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[C4:.*]] = tolk.const 4 : si32
// CHECK-NEXT: %[[F:.*]] = tolk.mul %[[I]], %[[C4]] : si32
// CHECK-NEXT: %[[C8:.*]] = tolk.const 8 : si32
// CHECK-NEXT: %[[ROW:.*]] = tolk.truncdiv %[[F]], %[[C8]] : si32
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[ROW]]] : !tolk.ptr<f32, global, 4>, si32
// CHECK-NEXT: %[[A:.*]] = tolk.load %[[PA]] : !tolk.ptr<f32, global, 4> -> f32
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[F]]] : !tolk.ptr<f32, global, 32, v = 4>, si32
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 32, v = 4> -> vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[A]], %[[B]] : (f32, vector<4xf32>) -> vector<4xf32>
// CANON-LABEL: gpu.func @column(
// CANON: tolk.add %{{.*}}, %{{.*}} : (f32, vector<4xf32>) -> vector<4xf32>
func.func @column(%a: tensor<4x1xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = tolk.add %a, %b : (tensor<4x1xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A middle broadcast dimension (8x1x4 in 8x3x4): the innermost run of 4
// stays contiguous, offset 4 * (first / 12) + (first mod 4).
// CHECK-LABEL: gpu.func @middle(%arg0: !tolk.ptr<f32, global, 32, v = 4>, %arg1: !tolk.ptr<f32, global, 96, v = 4>) kernel
// CHECK: %[[F:.*]] = tolk.mul %{{.*}}, %{{.*}} : si32
// CHECK: %[[C12:.*]] = tolk.const 12 : si32
// CHECK-NEXT: %[[OUT:.*]] = tolk.truncdiv %[[F]], %[[C12]] : si32
// CHECK-NEXT: %[[SCALED:.*]] = tolk.mul %[[OUT]], %{{.*}} : si32
// CHECK: %[[OFF:.*]] = tolk.add %[[SCALED]], %{{.*}} : si32
// CHECK-NEXT: tolk.index %arg0[%[[OFF]]] : !tolk.ptr<f32, global, 32, v = 4>, si32
// CHECK: tolk.load %{{.*}} {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 32, v = 4> -> vector<4xf32>
// CANON-LABEL: gpu.func @middle(
func.func @middle(%a: tensor<8x1x4xf32>) -> tensor<8x3x4xf32> {
  %z = tolk.const 0.0 : tensor<8x3x4xf32>
  %r = tolk.add %a, %z : (tensor<8x1x4xf32>, tensor<8x3x4xf32>) -> tensor<8x3x4xf32>
  return %r : tensor<8x3x4xf32>
}

// -----

// Rows of 2: 4 lanes would cross from one row of the broadcast input into
// the next, so 2 lanes; si8 rows of 4 in 16 byte lanes take 4.
// CHECK-LABEL: gpu.func @narrow(%arg0: !tolk.ptr<f32, global, 2, v = 2>, %arg1: !tolk.ptr<f32, global, 8, v = 2>, %arg2: !tolk.ptr<f32, global, 8, v = 2>) kernel
// CHECK-LABEL: gpu.func @bytes(%arg0: !tolk.ptr<si8, global, 4, v = 4>, %arg1: !tolk.ptr<si8, global, 64, v = 4>, %arg2: !tolk.ptr<si8, global, 64, v = 4>) kernel
// CHECK-SAME: known_block_size = array<i32: 16, 1, 1>
// A column of 3 in rows of 3: no power of two above 1 divides 3, so 3
// lanes, the column one scalar per row.
// CHECK-LABEL: gpu.func @odd(%arg0: !tolk.ptr<f32, global, 4>, %arg1: !tolk.ptr<f32, global, 12, v = 3>, %arg2: !tolk.ptr<f32, global, 12, v = 3>) kernel
// CANON-LABEL: gpu.func @narrow(
func.func @narrow(%a: tensor<1x2xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %r = tolk.add %a, %b : (tensor<1x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
func.func @bytes(%a: tensor<4xsi8>, %b: tensor<16x4xsi8>) -> tensor<16x4xsi8> {
  %r = tolk.add %a, %b : (tensor<4xsi8>, tensor<16x4xsi8>) -> tensor<16x4xsi8>
  return %r : tensor<16x4xsi8>
}
func.func @odd(%a: tensor<4x1xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %r = tolk.add %a, %b : (tensor<4x1xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

// Gated tails with mixed accesses: 200 rows of 8 in 4 lanes are 400
// threads in 4 blocks of 128; the column is a gated scalar load (zero f32),
// the matrix a gated vector load (zero lanes).
// CHECK-LABEL: gpu.func @gated(%arg0: !tolk.ptr<f32, global, 200>, %arg1: !tolk.ptr<f32, global, 1600, v = 4>, %arg2: !tolk.ptr<f32, global, 1600, v = 4>) kernel
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 4, 1, 1>
// CHECK: %[[G:.*]] = tolk.cmplt %{{.*}}, %{{.*}} : (si32, si32) -> i1
// CHECK: %[[Z:.*]] = tolk.const 0.0 : f32
// CHECK-NEXT: tolk.load %{{.*}} if %[[G]] else %[[Z]] : !tolk.ptr<f32, global, 200> -> f32
// CHECK: %[[ZV:.*]] = tolk.const 0.0 : vector<4xf32>
// CHECK-NEXT: tolk.load %{{.*}} if %[[G]] else %[[ZV]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 1600, v = 4> -> vector<4xf32>
// CHECK: tolk.store %{{.*}}, %{{.*}} if %[[G]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 1600, v = 4>, vector<4xf32>
// CANON-LABEL: gpu.func @gated(
func.func @gated(%a: tensor<200x1xf32>, %b: tensor<200x8xf32>) -> tensor<200x8xf32> {
  %r = tolk.mul %a, %b : (tensor<200x1xf32>, tensor<200x8xf32>) -> tensor<200x8xf32>
  return %r : tensor<200x8xf32>
}
