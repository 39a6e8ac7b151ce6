// An si32 global id past 2^31 - 1 wraps to a negative one (docs/Kernels.md,
// "tolk.special instead of upstream's id ops"), as tinygrad's int32 idx
// does: the first workgroup past it stores below the buffer's start, which
// the host reports as a negative element (it was element 2^31, the id
// computed in index).
// RUN: not tolk-run %s --kernel m::wrap -o %t.npy 2>&1 | FileCheck %s
// CHECK: kernel 'wrap' stores to element -2147483648 of parameter #0, a buffer of 8 f32, in thread (0, 0, 0) of block (8388608, 0, 0): out of bounds
gpu.module @m {
  gpu.func @wrap(%a: !tolk.ptr<f32, global, 8>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8388609, 1, 1>} {
    %i = tolk.special global_id x : si32
    %zero = tolk.const 0 : si32
    %wrapped = tolk.cmplt %i, %zero : (si32, si32) -> i1
    %p = tolk.index %a[%i] : !tolk.ptr<f32, global, 8>, si32
    %one = tolk.const 1.0 : f32
    tolk.store %p, %one if %wrapped : !tolk.ptr<f32, global, 8>, f32
    gpu.return
  }
}
