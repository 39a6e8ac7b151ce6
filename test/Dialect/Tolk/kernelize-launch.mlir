// --tolk-kernelize describes each kernel's launch on its function
// (tolk.launch), for a host: the kernel, the grid and block, and per kernel
// parameter its kind, element type, element count and vector width, and the
// function argument or result it binds. The type is the function's: a
// Bool buffer is a Bool buffer to the host, though the kernel reads its
// lanes as bytes.
// RUN: tolk-opt %s -split-input-file --tolk-kernelize --verify-each | FileCheck %s

// CHECK-LABEL: func.func @scale(
// CHECK-SAME: attributes {tolk.kernel = @scale_kernel::@scale, tolk.launch = #tolk.launch<kernel = @scale_kernel::@scale, grid = [1, 1, 1], block = [8, 1, 1], params = [
// CHECK-SAME: <buffer f16, arg 0, count = 32, vector = 4>,
// CHECK-SAME: <scalar si8, arg 1>,
// CHECK-SAME: <buffer f32, arg 2, count = 4, vector = 1>,
// CHECK-SAME: <buffer f32, result 0, count = 32, vector = 4>,
// CHECK-SAME: <buffer i1, result 1, count = 32, vector = 4>]>}
// CHECK-LABEL: gpu.func @scale(%arg0: !tolk.ptr<f16, global, 32, v = 4>, %arg1: !tolk.ptr<si8, alu>, %arg2: !tolk.ptr<f32, global, 4>, %arg3: !tolk.ptr<f32, global, 32, v = 4>, %arg4: !tolk.ptr<ui8, global, 32, v = 4>) kernel
// CHECK-SAME: known_block_size = array<i32: 8, 1, 1>, known_grid_size = array<i32: 1, 1, 1>, tolk.args = array<i64: 0, 1, 2>, tolk.results = array<i64: 3, 4>
func.func @scale(%x: tensor<4x8xf16>, %n: si8, %column: tensor<4x1xf32>) -> (tensor<4x8xf32>, tensor<4x8xi1>) {
  %s = tolk.mul %x, %n : (tensor<4x8xf16>, si8) -> tensor<4x8xf16>
  %m = tolk.mul %s, %column : (tensor<4x8xf16>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %z = tolk.const 0.0 : tensor<4x8xf16>
  %c = tolk.cmplt %x, %z : (tensor<4x8xf16>, tensor<4x8xf16>) -> tensor<4x8xi1>
  return %m, %c : tensor<4x8xf32>, tensor<4x8xi1>
}
