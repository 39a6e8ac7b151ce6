// --tolk-kernelize's vectorization with a fixed upcast of 4: each thread
// handles 4 contiguous elements through buffers of vector width 4, when
// the lanes stay contiguous and the size is a multiple of 4; otherwise
// fewer lanes. kernelize-widths.mlir tests the default (per data type),
// kernelize-broadcast-lanes.mlir broadcasting inputs.
// RUN: tolk-opt %s -split-input-file --tolk-kernelize=upcast=4 --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-kernelize=upcast=4 --canonicalize --verify-each | FileCheck %s --check-prefix=CANON
// RUN: tolk-opt %s -split-input-file --tolk-kernelize=upcast=8 --verify-each | FileCheck %s --check-prefix=EIGHT
// RUN: not tolk-opt %s -split-input-file --tolk-kernelize=upcast=32 2>&1 | FileCheck %s --check-prefix=LARGE
// LARGE: error: tolk-kernelize: upcast must be 0 to 16, not 32

// 1024 f32 in 256 threads of 4 lanes: 2 blocks of 128, nothing gated; the
// thread's first element is 4 * id.
// CHECK-LABEL: gpu.func @add(%arg0: !tolk.ptr<f32, global, 1024, v = 4>, %arg1: !tolk.ptr<f32, global, 1024, v = 4>, %arg2: !tolk.ptr<f32, global, 1024, v = 4>) kernel
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 2, 1, 1>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[C4:.*]] = tolk.const 4 : si32
// CHECK-NEXT: %[[O:.*]] = tolk.mul %[[I]], %[[C4]] : si32
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[O]]] : !tolk.ptr<f32, global, 1024, v = 4>, si32
// CHECK-NEXT: %[[A:.*]] = tolk.load %[[PA]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 1024, v = 4> -> vector<4xf32>
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[O]]] : !tolk.ptr<f32, global, 1024, v = 4>, si32
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 1024, v = 4> -> vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg2[%[[O]]] : !tolk.ptr<f32, global, 1024, v = 4>, si32
// CHECK-NEXT: tolk.store %[[PR]], %[[R]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 1024, v = 4>, vector<4xf32>
// CHECK-NEXT: gpu.return
// EIGHT-LABEL: gpu.func @add(%arg0: !tolk.ptr<f32, global, 1024, v = 8>
// EIGHT-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 1, 1, 1>
// EIGHT: tolk.load %{{.*}} {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 1024, v = 8> -> vector<8xf32>
// CANON-LABEL: gpu.func @add(
func.func @add(%a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<1024xf32> {
  %r = tolk.add %a, %b : tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

// 1000 elements: 250 threads, 2 blocks of 128, the last 6 threads gated off
// (whole vectors; a gated-off load yields zero lanes). Mixed types on lanes,
// promoted by --canonicalize.
// CHECK-LABEL: gpu.func @mixed(%arg0: !tolk.ptr<si8, global, 1000, v = 4>, %arg1: !tolk.ptr<f16, global, 1000, v = 4>, %arg2: !tolk.ptr<f16, global, 1000, v = 4>) kernel
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 2, 1, 1>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[N:.*]] = tolk.const 250 : si32
// CHECK-NEXT: %[[G:.*]] = tolk.cmplt %[[I]], %[[N]] : (si32, si32) -> i1
// CHECK-NEXT: %[[C4:.*]] = tolk.const 4 : si32
// CHECK-NEXT: %[[O:.*]] = tolk.mul %[[I]], %[[C4]] : si32
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[O]]] : !tolk.ptr<si8, global, 1000, v = 4>, si32
// CHECK-NEXT: %[[ZA:.*]] = tolk.const 0 : vector<4xsi8>
// CHECK-NEXT: %[[A:.*]] = tolk.load %[[PA]] if %[[G]] else %[[ZA]] {tolk.alignment = 4 : i64} : !tolk.ptr<si8, global, 1000, v = 4> -> vector<4xsi8>
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[O]]] : !tolk.ptr<f16, global, 1000, v = 4>, si32
// CHECK-NEXT: %[[ZB:.*]] = tolk.const 0.0 : vector<4xf16>
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] if %[[G]] else %[[ZB]] {tolk.alignment = 8 : i64} : !tolk.ptr<f16, global, 1000, v = 4> -> vector<4xf16>
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[A]], %[[B]] : (vector<4xsi8>, vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg2[%[[O]]] : !tolk.ptr<f16, global, 1000, v = 4>, si32
// CHECK-NEXT: tolk.store %[[PR]], %[[R]] if %[[G]] {tolk.alignment = 8 : i64} : !tolk.ptr<f16, global, 1000, v = 4>, vector<4xf16>
// CANON-LABEL: gpu.func @mixed(
// CANON: %[[C:.*]] = tolk.cast %{{.*}} : vector<4xsi8> to vector<4xf16>
// CANON-NEXT: tolk.add %[[C]], %{{.*}} : vector<4xf16>
func.func @mixed(%a: tensor<1000xsi8>, %b: tensor<1000xf16>) -> tensor<1000xf16> {
  %r = tolk.add %a, %b : (tensor<1000xsi8>, tensor<1000xf16>) -> tensor<1000xf16>
  return %r : tensor<1000xf16>
}

// -----

// where, max with a by-value scalar, a weak constant, and a Bool result, on
// lanes: the scalars broadcast to the lanes in the ops.
// CHECK-LABEL: gpu.func @where_max(%arg0: !tolk.ptr<f32, global, 32, v = 4>, %arg1: !tolk.ptr<f32, global, 32, v = 4>, %arg2: !tolk.ptr<f32, alu>, %arg3: !tolk.ptr<f32, global, 32, v = 4>, %arg4: !tolk.ptr<ui8, global, 32, v = 4>) kernel
// CHECK-SAME: known_block_size = array<i32: 8, 1, 1>
// CHECK: %[[S:.*]] = tolk.load %arg2 : !tolk.ptr<f32, alu> -> f32
// CHECK-NEXT: %[[LT:.*]] = tolk.cmplt %[[A:.*]], %[[B:.*]] : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
// CHECK-NEXT: %[[M:.*]] = tolk.max %[[A]], %[[S]] : (vector<4xf32>, f32) -> vector<4xf32>
// CHECK-NEXT: %[[TWO:.*]] = tolk.const 2.0 : !tolk.weakfloat
// CHECK-NEXT: %[[D:.*]] = tolk.mul %[[B]], %[[TWO]] : (vector<4xf32>, !tolk.weakfloat) -> vector<4xf32>
// CHECK-NEXT: %[[W:.*]] = tolk.where %[[LT]], %[[M]], %[[D]] : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK: tolk.store %{{.*}}, %[[W]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 32, v = 4>, vector<4xf32>
// CHECK: %[[BYTES:.*]] = tolk.cast %[[LT]] : vector<4xi1> to vector<4xui8>
// CHECK-NEXT: tolk.store %{{.*}}, %[[BYTES]] {tolk.alignment = 4 : i64} : !tolk.ptr<ui8, global, 32, v = 4>, vector<4xui8>
// CANON-LABEL: gpu.func @where_max(
func.func @where_max(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %s: f32) -> (tensor<4x8xf32>, tensor<4x8xi1>) {
  %c = tolk.cmplt %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  %m = tolk.max %a, %s : (tensor<4x8xf32>, f32) -> tensor<4x8xf32>
  %two = tolk.const 2.0 : !tolk.weakfloat
  %d = tolk.mul %b, %two : (tensor<4x8xf32>, !tolk.weakfloat) -> tensor<4x8xf32>
  %w = tolk.where %c, %m, %d : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %w, %c : tensor<4x8xf32>, tensor<4x8xi1>
}

// -----

// A result of scalars only is computed once and cast to the lanes.
// CHECK-LABEL: gpu.func @uniform(%arg0: !tolk.ptr<f32, alu>, %arg1: !tolk.ptr<f32, global, 8, v = 4>) kernel
// CHECK: %[[S:.*]] = tolk.load %arg0 : !tolk.ptr<f32, alu> -> f32
// CHECK-NEXT: %[[ONE:.*]] = tolk.const 1.0 : f32
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[S]], %[[ONE]] : f32
// CHECK-NEXT: %[[P:.*]] = tolk.index %arg1[%{{.*}}] : !tolk.ptr<f32, global, 8, v = 4>, si32
// CHECK-NEXT: %[[V:.*]] = tolk.cast %[[R]] : f32 to vector<4xf32>
// CHECK-NEXT: tolk.store %[[P]], %[[V]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 8, v = 4>, vector<4xf32>
// CANON-LABEL: gpu.func @uniform(
func.func @uniform(%s: tensor<f32>) -> tensor<8xf32> {
  %one = tolk.const 1.0 : tensor<8xf32>
  %r = tolk.add %s, %one : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Scalars where a size is not a multiple of 2, and where an input
// broadcasts along rows of 3 (no lanes would stay in one row).
// CHECK-LABEL: gpu.func @ragged(%arg0: !tolk.ptr<f32, global, 1001>, %arg1: !tolk.ptr<f32, global, 1001>) kernel
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 8, 1, 1>
// CHECK: tolk.load %{{.*}} if %{{.*}} else %{{.*}} : !tolk.ptr<f32, global, 1001> -> f32
// CHECK-LABEL: gpu.func @broadcast(%arg0: !tolk.ptr<f32, global, 4>, %arg1: !tolk.ptr<f32, global, 12>, %arg2: !tolk.ptr<f32, global, 12>) kernel
// CHECK-SAME: known_block_size = array<i32: 12, 1, 1>
// CHECK-NOT: vector
// CHECK: gpu.return
// CANON-LABEL: gpu.func @ragged(
// CANON-LABEL: gpu.func @broadcast(
func.func @ragged(%a: tensor<1001xf32>) -> tensor<1001xf32> {
  %r = tolk.add %a, %a : tensor<1001xf32>
  return %r : tensor<1001xf32>
}
func.func @broadcast(%a: tensor<4x1xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %r = tolk.add %a, %b : (tensor<4x1xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
