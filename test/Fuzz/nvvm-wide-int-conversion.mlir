// Found by scripts/fuzz-tools.py: a cast between a float and ui128 (or
// ui256) on NVVM ended in LLVM's "unsupported library call operation",
// which the serializer's recovery reported as an internal error. It is an
// error at the cast.
// RUN: not tolk-opt %s --tolk-to-nvvm=chip=sm_90 -o /dev/null 2>&1 | FileCheck %s

// CHECK-NOT: internal error
// CHECK: nvvm-wide-int-conversion.mlir:[[@LINE+9]]:10: error: converts 'i128' to 'f32', which the NVPTX back end cannot compile (no instruction converts between a float and an integer of more than 64 bits)
// CHECK-NOT: internal error
// CHECK-NOT: LLVM ERROR
gpu.module @m {
  gpu.func @k(%in: !tolk.ptr<ui128, global, 4>, %out: !tolk.ptr<f32, global, 4>) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %p = tolk.index %in[%i] : !tolk.ptr<ui128, global, 4>, si32
    %x = tolk.load %p : !tolk.ptr<ui128, global, 4> -> ui128
    %y = tolk.cast %x : ui128 to f32
    %q = tolk.index %out[%i] : !tolk.ptr<f32, global, 4>, si32
    tolk.store %q, %y : !tolk.ptr<f32, global, 4>, f32
    gpu.return
  }
}
