// --tolk-kernelize's launch configuration: the block-size option, gated
// tails, 64-bit index arithmetic for large sizes, kernel names that do not
// clash, and a second run that changes nothing (one element per thread).
// RUN: tolk-opt %s -split-input-file --tolk-kernelize="block-size=256 upcast=1" --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --tolk-kernelize="block-size=256 upcast=1" | tolk-opt -split-input-file --tolk-kernelize="block-size=256 upcast=1" | FileCheck %s
// A block size no target launches is an error.
// RUN: not tolk-opt %s -split-input-file --tolk-kernelize=block-size=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not tolk-opt %s -split-input-file --tolk-kernelize=block-size=2048 2>&1 | FileCheck %s --check-prefix=LARGE
// ZERO: error: tolk-kernelize: block-size must be 1 to 1024, not 0
// LARGE: error: tolk-kernelize: block-size must be 1 to 1024, not 2048

// 1000 elements in blocks of 256: 4 blocks, the last 24 threads gated off,
// broadcast loads included (their offsets leave the buffers there).
// CHECK-LABEL: gpu.module @odd_kernel
// CHECK-NEXT: gpu.func @odd(%arg0: !tolk.ptr<f16, global, 125>, %arg1: !tolk.ptr<f16, global, 8>, %arg2: !tolk.ptr<f16, global, 1000>) kernel
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 4, 1, 1>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si32
// CHECK-NEXT: %[[N:.*]] = tolk.const 1000 : si32
// CHECK-NEXT: %[[G:.*]] = tolk.cmplt %[[I]], %[[N]] : (si32, si32) -> i1
// CHECK-NEXT: %[[C8:.*]] = tolk.const 8 : si32
// CHECK-NEXT: %[[ROW:.*]] = tolk.truncdiv %[[I]], %[[C8]] : si32
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[ROW]]] : !tolk.ptr<f16, global, 125>, si32
// CHECK-NEXT: %[[Z:.*]] = tolk.const 0.0 : f16
// CHECK-NEXT: %[[A:.*]] = tolk.load %[[PA]] if %[[G]] else %[[Z]] : !tolk.ptr<f16, global, 125> -> f16
// CHECK-NEXT: %[[CM8:.*]] = tolk.const -8 : si32
// CHECK-NEXT: %[[T:.*]] = tolk.mul %[[ROW]], %[[CM8]] : si32
// CHECK-NEXT: %[[COL:.*]] = tolk.add %[[I]], %[[T]] : si32
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[COL]]] : !tolk.ptr<f16, global, 8>, si32
// CHECK-NEXT: %[[B:.*]] = tolk.load %[[PB]] if %[[G]] else %[[Z]] : !tolk.ptr<f16, global, 8> -> f16
// CHECK-NEXT: %[[R:.*]] = tolk.add %[[A]], %[[B]] : f16
// CHECK-NEXT: %[[PR:.*]] = tolk.index %arg2[%[[I]]] : !tolk.ptr<f16, global, 1000>, si32
// CHECK-NEXT: tolk.store %[[PR]], %[[R]] if %[[G]] : !tolk.ptr<f16, global, 1000>, f16
// CHECK-NEXT: gpu.return
func.func @odd(%a: tensor<125x1xf16>, %b: tensor<1x8xf16>) -> tensor<125x8xf16> {
  %r = tolk.add %a, %b : (tensor<125x1xf16>, tensor<1x8xf16>) -> tensor<125x8xf16>
  return %r : tensor<125x8xf16>
}

// -----

// 2^31 elements: the largest thread index, 2^31 - 1, still fits si32.
// CHECK-LABEL: gpu.func @fits(
// CHECK-SAME: known_grid_size = array<i32: 8388608, 1, 1>
// CHECK-NEXT: tolk.special global_id x : si32
func.func @fits(%a: tensor<65536x32768xsi8>) -> tensor<65536x32768xsi8> {
  %r = tolk.add %a, %a : tensor<65536x32768xsi8>
  return %r : tensor<65536x32768xsi8>
}

// -----

// More than 2^31 elements: index arithmetic in si64.
// CHECK-LABEL: gpu.func @wide(%arg0: !tolk.ptr<si8, global, 2147549184>, %arg1: !tolk.ptr<si8, global, 32769>, %arg2: !tolk.ptr<si8, global, 2147549184>) kernel
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 8388864, 1, 1>
// CHECK-NEXT: %[[I:.*]] = tolk.special global_id x : si64
// CHECK-NEXT: %[[PA:.*]] = tolk.index %arg0[%[[I]]] : !tolk.ptr<si8, global, 2147549184>, si64
// CHECK-NEXT: %[[A:.*]] = tolk.load %[[PA]] : !tolk.ptr<si8, global, 2147549184> -> si8
// CHECK-NEXT: %[[C:.*]] = tolk.const 32769 : si64
// CHECK-NEXT: %[[Q:.*]] = tolk.truncdiv %[[I]], %[[C]] : si64
// CHECK-NEXT: %[[CM:.*]] = tolk.const -32769 : si64
// CHECK-NEXT: %[[T:.*]] = tolk.mul %[[Q]], %[[CM]] : si64
// CHECK-NEXT: %[[J:.*]] = tolk.add %[[I]], %[[T]] : si64
// CHECK-NEXT: %[[PB:.*]] = tolk.index %arg1[%[[J]]] : !tolk.ptr<si8, global, 32769>, si64
func.func @wide(%a: tensor<65536x32769xsi8>, %b: tensor<32769xsi8>) -> tensor<65536x32769xsi8> {
  %r = tolk.add %a, %b : (tensor<65536x32769xsi8>, tensor<32769xsi8>) -> tensor<65536x32769xsi8>
  return %r : tensor<65536x32769xsi8>
}

// -----

// The kernel module takes a fresh name when its own is taken; the function
// names it.
// CHECK-LABEL: func.func private @f_kernel()
// CHECK-LABEL: func.func @f(
// CHECK-SAME: attributes {tolk.kernel = @f_kernel_0::@f, tolk.launch = #tolk.launch<
// CHECK: gpu.module @f_kernel_0 {
// CHECK-NEXT: gpu.func @f(
// CHECK-NOT: gpu.module
func.func private @f_kernel()
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = tolk.add %a, %a : tensor<4xf32>
  return %r : tensor<4xf32>
}
