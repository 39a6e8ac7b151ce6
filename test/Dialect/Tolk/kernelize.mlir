// --tolk-kernelize adds one fused kernel per tensor-level elementwise
// function: one thread per result element, inputs read through numpy
// broadcasting (stride 0 in a broadcast dimension), the graph cloned on
// scalars. The function stays and names its kernel. One element per thread
// here (upcast=1); kernelize-vectorize.mlir tests lanes.
// RUN: tolk-opt %s -split-input-file --tolk-kernelize=upcast=1 --verify-each | FileCheck %s
// After promotion is made explicit, and canonicalized again, the kernels
// are still valid.
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-kernelize=upcast=1 --canonicalize --verify-each | FileCheck %s --check-prefix=CANON

// Same shapes: the flat thread index addresses every buffer. 32 elements
// fit one block of 32 threads, so nothing is gated.
// CHECK-LABEL: func.func @add(
// CHECK-SAME: attributes {tolk.kernel = @add_kernel::@add, tolk.launch = #tolk.launch<
// CHECK-NEXT: tolk.add %arg0, %arg1 : tensor<4x8xf32>
// CHECK-LABEL: gpu.module @add_kernel
// CHECK-NEXT: gpu.func @add(%arg0: !tolk.ptr<f32, global, 32>, %arg1: !tolk.ptr<f32, global, 32>, %arg2: !tolk.ptr<f32, global, 32>) kernel
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 1, 1, 1>, tolk.args = array<i64: 0, 1>, tolk.results = array<i64: 2>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[I]]] : !tolk.ptr<f32, global, 32>, si32
// CHECK-NEXT: %[[A:.*]] = tolk.load %[[PA]] : !tolk.ptr<f32, global, 32> -> f32
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[I]]] : !tolk.ptr<f32, global, 32>, si32
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] : !tolk.ptr<f32, global, 32> -> f32
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg2[%[[I]]] : !tolk.ptr<f32, global, 32>, si32
// CHECK-NEXT: tolk.store %[[PR]], %[[R]] : !tolk.ptr<f32, global, 32>, f32
// CHECK-NEXT: gpu.return
// CANON-LABEL: gpu.func @add(
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = tolk.add %a, %b : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Mixed data types, and an odd size: 1000 elements in 8 blocks of 128, the
// last 24 threads gated off (no load or store past the buffers). After
// --canonicalize the si8 operand is cast to f16 inside the kernel.
// CHECK-LABEL: gpu.func @mixed(%arg0: !tolk.ptr<si8, global, 1000>, %arg1: !tolk.ptr<f16, global, 1000>, %arg2: !tolk.ptr<f16, global, 1000>) kernel
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 8, 1, 1>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[N:.*]] = tolk.const 1000 : si32
// CHECK-NEXT: %[[G:.*]] = tolk.cmplt %[[I]], %[[N]] : (si32, si32) -> i1
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[I]]] : !tolk.ptr<si8, global, 1000>, si32
// CHECK-NEXT: %[[Z8:.*]] = tolk.const 0 : si8
// CHECK-NEXT: %[[A:.*]] = tolk.load %[[PA]] if %[[G]] else %[[Z8]] : !tolk.ptr<si8, global, 1000> -> si8
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[I]]] : !tolk.ptr<f16, global, 1000>, si32
// CHECK-NEXT: %[[Z16:.*]] = tolk.const 0.0 : f16
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] if %[[G]] else %[[Z16]] : !tolk.ptr<f16, global, 1000> -> f16
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[A]], %[[B]] : (si8, f16) -> f16
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg2[%[[I]]] : !tolk.ptr<f16, global, 1000>, si32
// CHECK-NEXT: tolk.store %[[PR]], %[[R]] if %[[G]] : !tolk.ptr<f16, global, 1000>, f16
// CHECK-NEXT: gpu.return
// CANON-LABEL: gpu.func @mixed(
// CANON: %[[A:.*]] = tolk.load %{{.*}} if %{{.*}} else %{{.*}} : !tolk.ptr<si8, global, 1000> -> si8
// CANON: %[[B:.*]] = tolk.load %{{.*}} if %{{.*}} else %{{.*}} : !tolk.ptr<f16, global, 1000> -> f16
// CANON-NEXT: %[[C:.*]] = tolk.cast %[[A]] : si8 to f16
// CANON-NEXT: tolk.add %[[C]], %[[B]] : f16
func.func @mixed(%a: tensor<1000xsi8>, %b: tensor<1000xf16>) -> tensor<1000xf16> {
  %r = tolk.add %a, %b : (tensor<1000xsi8>, tensor<1000xf16>) -> tensor<1000xf16>
  return %r : tensor<1000xf16>
}

// -----

// Broadcasting in each dimension: tensor<4x1> reads element i / 8 (stride 0
// along the columns), tensor<1x8> element i mod 8 (stride 0 along the rows,
// the remainder as i + (i / 8) * -8), and the rank-0 tensor and the scalar
// are by-value alu parameters.
// CHECK-LABEL: gpu.func @broadcast(%arg0: !tolk.ptr<f32, global, 4>, %arg1: !tolk.ptr<f32, global, 8>, %arg2: !tolk.ptr<f32, alu>, %arg3: !tolk.ptr<si8, alu>, %arg4: !tolk.ptr<f32, global, 32>) kernel
// CHECK-SAME: tolk.args = array<i64: 0, 1, 2, 3>, tolk.results = array<i64: 4>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[C8:.*]] = tolk.const 8 : si32
// CHECK-NEXT: %[[ROW:.*]] = tolk.truncdiv %[[I]], %[[C8]] : si32
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[ROW]]] : !tolk.ptr<f32, global, 4>, si32
// CHECK-NEXT: %[[A:.*]] = tolk.load %[[PA]] : !tolk.ptr<f32, global, 4> -> f32
// CHECK-NEXT: %[[CM8:.*]] = tolk.const -8 : si32
// CHECK-NEXT: %[[T:.*]] = tolk.mul %[[ROW]], %[[CM8]] : si32
// CHECK-NEXT: %[[COL:.*]] = tolk.add %[[I]], %[[T]] : si32
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[COL]]] : !tolk.ptr<f32, global, 8>, si32
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] : !tolk.ptr<f32, global, 8> -> f32
// CHECK-NEXT: %[[S:.*]] = tolk.load %arg2 : !tolk.ptr<f32, alu> -> f32
// CHECK-NEXT: %[[N:.*]] = tolk.load %arg3 : !tolk.ptr<si8, alu> -> si8
// CHECK-NEXT: %[[AB:.*]] = tolk.add %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[M:.*]] = tolk.mul %[[AB]], %[[S]] : f32
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[M]], %[[N]] : (f32, si8) -> f32
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg4[%[[I]]] : !tolk.ptr<f32, global, 32>, si32
// CHECK-NEXT: tolk.store %[[PR]], %[[R]] : !tolk.ptr<f32, global, 32>, f32
// CANON-LABEL: gpu.func @broadcast(
func.func @broadcast(%a: tensor<4x1xf32>, %b: tensor<1x8xf32>, %s: tensor<f32>, %n: si8) -> tensor<4x8xf32> {
  %r = tolk.add %a, %b : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %t = tolk.mul %r, %s : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %u = tolk.add %t, %n : (tensor<4x8xf32>, si8) -> tensor<4x8xf32>
  return %u : tensor<4x8xf32>
}

// -----

// A middle dimension of a lower rank: tensor<3x1> against tensor<2x3x5> is
// element (i / 5) mod 3. where, max and a weak constant on scalars, and two
// results (one a Bool buffer).
// CHECK-LABEL: gpu.func @where_max(%arg0: !tolk.ptr<f32, global, 30>, %arg1: !tolk.ptr<f32, global, 3>, %arg2: !tolk.ptr<f32, global, 30>, %arg3: !tolk.ptr<i1, global, 30>) kernel
// CHECK-SAME: known_block_size = array<i32: 30, 1, 1>, known_grid_size = array<i32: 1, 1, 1>, tolk.args = array<i64: 0, 1>, tolk.results = array<i64: 2, 3>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[I]]] : !tolk.ptr<f32, global, 30>, si32
// CHECK-NEXT: %[[A:.*]] = tolk.load %[[PA]] : !tolk.ptr<f32, global, 30> -> f32
// CHECK-NEXT: %[[C5:.*]] = tolk.const 5 : si32
// CHECK-NEXT: %[[Q:.*]] = tolk.truncdiv %[[I]], %[[C5]] : si32
// CHECK-NEXT: %[[C3:.*]] = tolk.const 3 : si32
// CHECK-NEXT: %[[Q3:.*]] = tolk.truncdiv %[[Q]], %[[C3]] : si32
// CHECK-NEXT: %[[CM3:.*]] = tolk.const -3 : si32
// CHECK-NEXT: %[[T:.*]] = tolk.mul %[[Q3]], %[[CM3]] : si32
// CHECK-NEXT: %[[J:.*]] = tolk.add %[[Q]], %[[T]] : si32
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[J]]] : !tolk.ptr<f32, global, 3>, si32
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] : !tolk.ptr<f32, global, 3> -> f32
// CHECK-NEXT: %[[LT:.*]] = tolk.cmplt %[[A]], %[[B]] : (f32, f32) -> i1
// CHECK-NEXT: %[[MAX:.*]] = tolk.max %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[TWO:.*]] = tolk.const 2.0 : !tolk.weakfloat
// CHECK-NEXT: %[[D:.*]] = tolk.mul %[[A]], %[[TWO]] : (f32, !tolk.weakfloat) -> f32
// CHECK-NEXT: %[[W:.*]] = tolk.where %[[LT]], %[[MAX]], %[[D]] : (i1, f32, f32) -> f32
// CHECK-NEXT: %[[P0:.*]] = tolk.index %arg2[%[[I]]] : !tolk.ptr<f32, global, 30>, si32
// CHECK-NEXT: tolk.store %[[P0]], %[[W]] : !tolk.ptr<f32, global, 30>, f32
// CHECK-NEXT: %[[P1:.*]] = tolk.index %arg3[%[[I]]] : !tolk.ptr<i1, global, 30>, si32
// CHECK-NEXT: tolk.store %[[P1]], %[[LT]] : !tolk.ptr<i1, global, 30>, i1
// CHECK-NEXT: gpu.return
// The weak 2.0 takes f32 once canonicalized.
// CANON-LABEL: gpu.func @where_max(
// CANON: tolk.const 2.0 : f32
// CANON-NOT: weakfloat
// CANON: gpu.return
func.func @where_max(%a: tensor<2x3x5xf32>, %b: tensor<3x1xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xi1>) {
  %c = tolk.cmplt %a, %b : (tensor<2x3x5xf32>, tensor<3x1xf32>) -> tensor<2x3x5xi1>
  %m = tolk.max %a, %b : (tensor<2x3x5xf32>, tensor<3x1xf32>) -> tensor<2x3x5xf32>
  %two = tolk.const 2.0 : !tolk.weakfloat
  %d = tolk.mul %a, %two : (tensor<2x3x5xf32>, !tolk.weakfloat) -> tensor<2x3x5xf32>
  %w = tolk.where %c, %m, %d : (tensor<2x3x5xi1>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %w, %c : tensor<2x3x5xf32>, tensor<2x3x5xi1>
}

// -----

// A splat tensor constant becomes its scalar; cast and bitcast convert the
// element.
// CHECK-LABEL: gpu.func @cast_bitcast(%arg0: !tolk.ptr<f32, global, 16>, %arg1: !tolk.ptr<bf16, global, 16>, %arg2: !tolk.ptr<si32, global, 16>) kernel
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[PX:.*]] = tolk.index %arg0[%[[I]]] : !tolk.ptr<f32, global, 16>, si32
// CHECK-NEXT: %[[X:.*]] = tolk.load %[[PX]] : !tolk.ptr<f32, global, 16> -> f32
// CHECK-NEXT: %[[H:.*]] = tolk.const 1.5 : f32
// CHECK-NEXT: %[[S:.*]] = tolk.add %[[X]], %[[H]] : f32
// CHECK-NEXT: %[[C:.*]] = tolk.cast %[[S]] : f32 to bf16
// CHECK-NEXT: %[[B:.*]] = tolk.bitcast %[[S]] : f32 to si32
// CHECK-NEXT: %[[P0:.*]] = tolk.index %arg1[%[[I]]] : !tolk.ptr<bf16, global, 16>, si32
// CHECK-NEXT: tolk.store %[[P0]], %[[C]] : !tolk.ptr<bf16, global, 16>, bf16
// CHECK-NEXT: %[[P1:.*]] = tolk.index %arg2[%[[I]]] : !tolk.ptr<si32, global, 16>, si32
// CHECK-NEXT: tolk.store %[[P1]], %[[B]] : !tolk.ptr<si32, global, 16>, si32
// CANON-LABEL: gpu.func @cast_bitcast(
func.func @cast_bitcast(%x: tensor<16xf32>) -> (tensor<16xbf16>, tensor<16xsi32>) {
  %h = tolk.const 1.5 : tensor<16xf32>
  %s = tolk.add %x, %h : tensor<16xf32>
  %c = tolk.cast %s : tensor<16xf32> to tensor<16xbf16>
  %b = tolk.bitcast %s : tensor<16xf32> to tensor<16xsi32>
  return %c, %b : tensor<16xbf16>, tensor<16xsi32>
}

// -----

// Functions of another form are left alone: a call, a dynamic shape, a
// scalar result, a weak argument, a value larger than the results, an
// element count beyond int64_t.
// CHECK-NOT: gpu.module
// CHECK-NOT: tolk.kernel
// CANON-NOT: gpu.module
func.func private @callee(tensor<4xf32>) -> tensor<4xf32>
func.func @call(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  %r = tolk.add %a, %a : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @scalar(%a: f32) -> f32 {
  %r = tolk.add %a, %a : f32
  return %r : f32
}
func.func @weak_arg(%a: tensor<4xf32>, %w: !tolk.weakint) -> tensor<4xf32> {
  %r = tolk.add %a, %w : (tensor<4xf32>, !tolk.weakint) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @larger(%a: tensor<4xf32>, %b: tensor<2x4xf32>) -> tensor<4xf32> {
  %unused = tolk.add %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %a : tensor<4xf32>
}
func.func @huge(%a: tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32> {
  %r = tolk.add %a, %a : tensor<4611686018427387904x4xf32>
  return %r : tensor<4611686018427387904x4xf32>
}
