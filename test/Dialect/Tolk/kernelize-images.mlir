// --tolk-kernelize on image arguments (docs/Kernels.md#kernelization): a
// tensor argument marked `tolk.image` is an imagef (f32) or imageh (f16)
// parameter marked `tolk.readonly`, read with one tolk.image_load a thread
// at the texel of its first element, x = its column (the second-to-last
// coordinate), y = its row (the one before), 0 where the image broadcasts.
// The four lanes of the texel are the thread's: U = 4 whatever the types or
// an explicit upcast of 4 or more say. Results stay buffers.
// RUN: tolk-opt %s -split-input-file --tolk-kernelize --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --tolk-kernelize=upcast=16 --verify-each | FileCheck %s --check-prefix=UPCAST
// RUN: tolk-opt %s -split-input-file --tolk-kernelize=block-size=4 --verify-each | FileCheck %s --check-prefix=GATE
// RUN: tolk-opt %s -split-input-file --tolk-kernelize | tolk-opt -split-input-file --tolk-kernelize | FileCheck %s --check-prefix=AGAIN

// An imagef of the iteration shape: x = (4 id / 4) mod 4, y = 4 id / 16.
// CHECK-LABEL: func.func @add(
// CHECK-SAME: %arg0: tensor<2x4x4xf32> {tolk.image}
// CHECK-SAME: tolk.launch = #tolk.launch<kernel = @add_kernel::@add, grid = [1, 1, 1], block = [8, 1, 1], params = [<image f32, arg 0, count = 32, vector = 4>, <buffer f32, arg 1, count = 32, vector = 4>, <buffer f32, result 0, count = 32, vector = 4>]>
// CHECK-LABEL: gpu.func @add(%arg0: !tolk.ptr<f32, global, imagef<2x4x4>> {tolk.readonly}, %arg1: !tolk.ptr<f32, global, 32, v = 4>, %arg2: !tolk.ptr<f32, global, 32, v = 4>) kernel
// CHECK-SAME: known_block_size = array<i32: 8, 1, 1>, known_grid_size = array<i32: 1, 1, 1>, tolk.args = array<i64: 0, 1>, tolk.results = array<i64: 2>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[C4:.*]] = tolk.const 4 : si32
// CHECK-NEXT: %[[F:.*]] = tolk.mul %[[I]], %[[C4]] : si32
// CHECK-NEXT: %[[Q:.*]] = tolk.truncdiv %[[F]], %[[C4]] : si32
// CHECK-NEXT: %[[QQ:.*]] = tolk.truncdiv %[[Q]], %[[C4]] : si32
// CHECK-NEXT: %[[CM4:.*]] = tolk.const -4 : si32
// CHECK-NEXT: %[[T:.*]] = tolk.mul %[[QQ]], %[[CM4]] : si32
// CHECK-NEXT: %[[X:.*]] = tolk.add %[[Q]], %[[T]] : si32
// CHECK-NEXT: %[[C16:.*]] = tolk.const 16 : si32
// CHECK-NEXT: %[[Y:.*]] = tolk.truncdiv %[[F]], %[[C16]] : si32
// CHECK-NEXT: %[[XY:.*]] = vector.from_elements %[[X]], %[[Y]] : vector<2xsi32>
// CHECK-NEXT: %[[A:.*]] = tolk.image_load %arg0[%[[XY]]] : !tolk.ptr<f32, global, imagef<2x4x4>> -> vector<4xf32>
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[F]]] : !tolk.ptr<f32, global, 32, v = 4>, si32
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 32, v = 4> -> vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg2[%[[F]]] : !tolk.ptr<f32, global, 32, v = 4>, si32
// CHECK-NEXT: tolk.store %[[PR]], %[[R]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 32, v = 4>, vector<4xf32>
// CHECK-NEXT: gpu.return
// UPCAST-LABEL: gpu.func @add(%arg0: !tolk.ptr<f32, global, imagef<2x4x4>> {tolk.readonly}, %arg1: !tolk.ptr<f32, global, 32, v = 4>, %arg2: !tolk.ptr<f32, global, 32, v = 4>) kernel
// UPCAST: tolk.image_load %arg0[%{{.*}}] : !tolk.ptr<f32, global, imagef<2x4x4>> -> vector<4xf32>
// AGAIN: gpu.func @add(
// AGAIN-NOT: gpu.func @add(
func.func @add(%img: tensor<2x4x4xf32> {tolk.image}, %b: tensor<2x4x4xf32>) -> tensor<2x4x4xf32> {
  %r = tolk.add %img, %b : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}

// -----

// An imageh of an f16 tensor reads f16 lanes, the tensor's own bits, and
// gives 4 lanes where f16 buffers alone would give 8.
// CHECK-LABEL: func.func @half(
// CHECK-SAME: params = [<image f16, arg 0, count = 32, vector = 4>, <buffer f16, result 0, count = 32, vector = 4>]
// CHECK-LABEL: gpu.func @half(%arg0: !tolk.ptr<f16, global, imageh<2x4x4>> {tolk.readonly}, %arg1: !tolk.ptr<f16, global, 32, v = 4>) kernel
// CHECK: %[[XY:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xsi32>
// CHECK-NEXT: %[[A:.*]] = tolk.image_load %arg0[%[[XY]]] : !tolk.ptr<f16, global, imageh<2x4x4>> -> vector<4xf16>
// CHECK-NEXT: %[[C2:.*]] = tolk.const 2.0 : f16
// CHECK-NEXT: %[[R:.*]] = tolk.mul %[[A]], %[[C2]] : (vector<4xf16>, f16) -> vector<4xf16>
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg1[%{{.*}}] : !tolk.ptr<f16, global, 32, v = 4>, si32
// CHECK-NEXT: tolk.store %[[PR]], %[[R]] {tolk.alignment = 8 : i64} : !tolk.ptr<f16, global, 32, v = 4>, vector<4xf16>
func.func @half(%img: tensor<2x4x4xf16> {tolk.image}) -> tensor<2x4x4xf16> {
  %c = tolk.const 2.0 : tensor<2x4x4xf16>
  %r = tolk.mul %img, %c : (tensor<2x4x4xf16>, tensor<2x4x4xf16>) -> tensor<2x4x4xf16>
  return %r : tensor<2x4x4xf16>
}

// -----

// An image of one row broadcast over 3 (the strides rule on texels): y is
// 0, x the thread's column; the sum is rounded to an f16 buffer.
// CHECK-LABEL: gpu.func @rows(%arg0: !tolk.ptr<f32, global, imagef<1x4x4>> {tolk.readonly}, %arg1: !tolk.ptr<f32, global, 48, v = 4>, %arg2: !tolk.ptr<f16, global, 48, v = 4>) kernel
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[C4:.*]] = tolk.const 4 : si32
// CHECK-NEXT: %[[F:.*]] = tolk.mul %[[I]], %[[C4]] : si32
// CHECK-NEXT: %[[Q:.*]] = tolk.truncdiv %[[F]], %[[C4]] : si32
// CHECK-NEXT: %[[QQ:.*]] = tolk.truncdiv %[[Q]], %[[C4]] : si32
// CHECK-NEXT: %[[CM4:.*]] = tolk.const -4 : si32
// CHECK-NEXT: %[[T:.*]] = tolk.mul %[[QQ]], %[[CM4]] : si32
// CHECK-NEXT: %[[X:.*]] = tolk.add %[[Q]], %[[T]] : si32
// CHECK-NEXT: %[[C0:.*]] = tolk.const 0 : si32
// CHECK-NEXT: %[[XY:.*]] = vector.from_elements %[[X]], %[[C0]] : vector<2xsi32>
// CHECK-NEXT: %[[A:.*]] = tolk.image_load %arg0[%[[XY]]] : !tolk.ptr<f32, global, imagef<1x4x4>> -> vector<4xf32>
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[F]]] : !tolk.ptr<f32, global, 48, v = 4>, si32
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 48, v = 4> -> vector<4xf32>
// CHECK-NEXT: %[[S:.*]] = tolk.add %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = tolk.cast %[[S]] : vector<4xf32> to vector<4xf16>
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg2[%[[F]]] : !tolk.ptr<f16, global, 48, v = 4>, si32
// CHECK-NEXT: tolk.store %[[PR]], %[[R]] {tolk.alignment = 8 : i64} : !tolk.ptr<f16, global, 48, v = 4>, vector<4xf16>
func.func @rows(%img: tensor<1x4x4xf32> {tolk.image}, %b: tensor<3x4x4xf32>) -> tensor<3x4x4xf16> {
  %s = tolk.add %img, %b : (tensor<1x4x4xf32>, tensor<3x4x4xf32>) -> tensor<3x4x4xf32>
  %r = tolk.cast %s : tensor<3x4x4xf32> to tensor<3x4x4xf16>
  return %r : tensor<3x4x4xf16>
}

// -----

// An image of one column in a rank-4 iteration (2x3x5x4, strides 60, 20,
// 4): x is 0, y = (4 id / 20) mod 3; the outer dimension broadcasts. The
// other input's lanes run along broadcast dimensions: one scalar.
// CHECK-LABEL: gpu.func @columns(%arg0: !tolk.ptr<f32, global, imagef<3x1x4>> {tolk.readonly}, %arg1: !tolk.ptr<f32, global, 10>, %arg2: !tolk.ptr<f32, global, 120, v = 4>) kernel
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[C4:.*]] = tolk.const 4 : si32
// CHECK-NEXT: %[[F:.*]] = tolk.mul %[[I]], %[[C4]] : si32
// CHECK-NEXT: %[[C0:.*]] = tolk.const 0 : si32
// CHECK-NEXT: %[[C20:.*]] = tolk.const 20 : si32
// CHECK-NEXT: %[[Q:.*]] = tolk.truncdiv %[[F]], %[[C20]] : si32
// CHECK-NEXT: %[[C3:.*]] = tolk.const 3 : si32
// CHECK-NEXT: %[[QQ:.*]] = tolk.truncdiv %[[Q]], %[[C3]] : si32
// CHECK-NEXT: %[[CM3:.*]] = tolk.const -3 : si32
// CHECK-NEXT: %[[T:.*]] = tolk.mul %[[QQ]], %[[CM3]] : si32
// CHECK-NEXT: %[[Y:.*]] = tolk.add %[[Q]], %[[T]] : si32
// CHECK-NEXT: %[[XY:.*]] = vector.from_elements %[[C0]], %[[Y]] : vector<2xsi32>
// CHECK-NEXT: %[[A:.*]] = tolk.image_load %arg0[%[[XY]]] : !tolk.ptr<f32, global, imagef<3x1x4>> -> vector<4xf32>
// CHECK: %[[B:.*]] = tolk.load %{{.*}} : !tolk.ptr<f32, global, 10> -> f32
// CHECK-NEXT: tolk.mul %[[A]], %[[B]] : (vector<4xf32>, f32) -> vector<4xf32>
func.func @columns(%img: tensor<3x1x4xf32> {tolk.image}, %b: tensor<2x1x5x1xf32>) -> tensor<2x3x5x4xf32> {
  %r = tolk.mul %img, %b : (tensor<3x1x4xf32>, tensor<2x1x5x1xf32>) -> tensor<2x3x5x4xf32>
  return %r : tensor<2x3x5x4xf32>
}

// -----

// 15 threads: in blocks of 4 the last thread has no texel, and its image
// load is gated off like a buffer load (zeros), its store too.
// CHECK-LABEL: gpu.func @gated(
// CHECK-SAME: known_block_size = array<i32: 15, 1, 1>, known_grid_size = array<i32: 1, 1, 1>
// CHECK-NOT: if
// CHECK: gpu.return
// GATE-LABEL: gpu.func @gated(%arg0: !tolk.ptr<f32, global, imagef<3x5x4>> {tolk.readonly}, %arg1: !tolk.ptr<f32, global, 60, v = 4>) kernel
// GATE-SAME: known_block_size = array<i32: 4, 1, 1>, known_grid_size = array<i32: 4, 1, 1>
// GATE-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// GATE-NEXT: %[[C15:.*]] = tolk.const 15 : si32
// GATE-NEXT: %[[G:.*]] = tolk.cmplt %[[I]], %[[C15]] : (si32, si32) -> i1
// GATE: %[[XY:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xsi32>
// GATE-NEXT: %[[Z:.*]] = tolk.const 0.0 : vector<4xf32>
// GATE-NEXT: %[[A:.*]] = tolk.image_load %arg0[%[[XY]]] if %[[G]] else %[[Z]] : !tolk.ptr<f32, global, imagef<3x5x4>> -> vector<4xf32>
// GATE-NEXT: %[[R:.*]] = tolk.neg %[[A]] : vector<4xf32>
// GATE-NEXT: %[[PR:.*]] = tolk.index %arg1[%{{.*}}] : !tolk.ptr<f32, global, 60, v = 4>, si32
// GATE-NEXT: tolk.store %[[PR]], %[[R]] if %[[G]] {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 60, v = 4>, vector<4xf32>
func.func @gated(%img: tensor<3x5x4xf32> {tolk.image}) -> tensor<3x5x4xf32> {
  %r = tolk.neg %img : tensor<3x5x4xf32>
  return %r : tensor<3x5x4xf32>
}

// -----

// An unused image keeps its parameter, unread, and its 4 lanes (si8 alone
// would give 16).
// CHECK-LABEL: gpu.func @unused(%arg0: !tolk.ptr<f32, global, imagef<2x2x4>> {tolk.readonly}, %arg1: !tolk.ptr<si8, global, 16, v = 4>, %arg2: !tolk.ptr<si8, global, 16, v = 4>) kernel
// CHECK-NOT: tolk.image_load
// CHECK: gpu.return
func.func @unused(%img: tensor<2x2x4xf32> {tolk.image}, %b: tensor<2x2x4xsi8>) -> tensor<2x2x4xsi8> {
  %r = tolk.neg %b : tensor<2x2x4xsi8>
  return %r : tensor<2x2x4xsi8>
}

// -----

// Beyond 2^31 elements the index arithmetic is si64; a texel coordinate,
// below the image's extent, is cast to si32 exactly.
// CHECK-LABEL: gpu.func @wide(%arg0: !tolk.ptr<f32, global, imagef<1x32768x4>> {tolk.readonly}
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si64
// CHECK-NEXT: %[[C4:.*]] = tolk.const 4 : si64
// CHECK-NEXT: %[[F:.*]] = tolk.mul %[[I]], %[[C4]] : si64
// CHECK-NEXT: %[[Q:.*]] = tolk.truncdiv %[[F]], %[[C4]] : si64
// CHECK-NEXT: %[[CW:.*]] = tolk.const 32768 : si64
// CHECK-NEXT: %[[QQ:.*]] = tolk.truncdiv %[[Q]], %[[CW]] : si64
// CHECK-NEXT: %[[CMW:.*]] = tolk.const -32768 : si64
// CHECK-NEXT: %[[T:.*]] = tolk.mul %[[QQ]], %[[CMW]] : si64
// CHECK-NEXT: %[[X64:.*]] = tolk.add %[[Q]], %[[T]] : si64
// CHECK-NEXT: %[[X:.*]] = tolk.cast %[[X64]] : si64 to si32
// CHECK-NEXT: %[[C0:.*]] = tolk.const 0 : si32
// CHECK-NEXT: %[[XY:.*]] = vector.from_elements %[[X]], %[[C0]] : vector<2xsi32>
// CHECK-NEXT: tolk.image_load %arg0[%[[XY]]] : !tolk.ptr<f32, global, imagef<1x32768x4>> -> vector<4xf32>
func.func @wide(%img: tensor<1x32768x4xf32> {tolk.image}, %b: tensor<65536x32768x4xf32>) -> tensor<65536x32768x4xf32> {
  %r = tolk.add %img, %b : (tensor<1x32768x4xf32>, tensor<65536x32768x4xf32>) -> tensor<65536x32768x4xf32>
  return %r : tensor<65536x32768x4xf32>
}
