// Hand-written kernels on the host: the input files bind to the buffers
// the kernel loads from, the outputs to those it stores to, a buffer it
// does both to takes one of each; --grid and --block give the launch of a
// kernel without known sizes.
// RUN: rm -rf %t && mkdir -p %t

// In place, over a 2-D launch (width 8 = 2 workgroups of 4 threads in x,
// 3 rows of workgroups of 2 threads in y): x[i] = x[i] * 2 + i.
// RUN: %python %S/Inputs/npy.py write %t/x.npy '<i4' 6,8 'expr:i * 3 - 50'
// RUN: tolk-run --quiet %s --kernel hand::in_place --grid 2,3 --block 4,2 %t/x.npy -o %t/y.npy
// RUN: %python %S/Inputs/npy.py check %t/y.npy 'in0[i] * 2 + i' %t/x.npy | FileCheck %s --check-prefix=INPLACE
// INPLACE: ok 48
// RUN: %python %S/Inputs/npy.py print %t/y.npy | FileCheck %s --check-prefix=SHAPE
// SHAPE: descr <i4 shape [6, 8]
gpu.module @hand {
  gpu.func @in_place(%x: !tolk.ptr<si32, global>) kernel {
    %gx = tolk.special global_id x : si32
    %gy = tolk.special global_id y : si32
    %w = tolk.const 8 : si32
    %row = tolk.mul %gy, %w : si32
    %i = tolk.add %row, %gx : si32
    %p = tolk.index %x[%i] : !tolk.ptr<si32, global>, si32
    %v = tolk.load %p : !tolk.ptr<si32, global> -> si32
    %two = tolk.const 2 : si32
    %d = tolk.mul %v, %two : si32
    %r = tolk.add %d, %i : si32
    tolk.store %p, %r : !tolk.ptr<si32, global>, si32
    gpu.return
  }

  // Three barriers, a register accumulator that lives across them, and a
  // loop: each thread stores x[i] in workgroup memory, reads the element
  // mirrored in its workgroup, adds x[i .. i+3] in a tolk.range, and writes
  // it all after a second round through workgroup memory.
  //   y[i] = x[mirror(i)] + 1 + sum(x[i + k] for k < 4, reading 0 past 64)
  // RUN: %python %S/Inputs/npy.py write %t/a.npy '<f4' 64 'expr:i * 0.25'
  // RUN: tolk-run --quiet %s --kernel hand::mirror %t/a.npy -o %t/b.npy
  // RUN: %python %S/Inputs/npy.py check %t/b.npy 'f32(f32(in0[(i & ~15) + 15 - (i & 15)] + 1) + f32(f32(f32(f32(in0[i]) + (in0[i + 1] if i + 1 < 64 else 0)) + (in0[i + 2] if i + 2 < 64 else 0)) + (in0[i + 3] if i + 3 < 64 else 0)))' %t/a.npy | FileCheck %s --check-prefix=MIRROR
  // MIRROR: ok 64
  gpu.func @mirror(%x: !tolk.ptr<f32, global, 64>, %y: !tolk.ptr<f32, global, 64>)
      kernel attributes {known_block_size = array<i32: 16, 1, 1>,
                         known_grid_size = array<i32: 4, 1, 1>} {
    %tile = tolk.define_local : !tolk.ptr<f32, local, 16>
    %acc = tolk.define_reg : !tolk.ptr<f32, reg, 1>
    %l = tolk.special local_id x : si32
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global, 64>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global, 64> -> f32
    %pt = tolk.index %tile[%l] : !tolk.ptr<f32, local, 16>, si32
    tolk.store %pt, %v : !tolk.ptr<f32, local, 16>, f32
    %c0 = tolk.const 0 : si32
    %r0 = tolk.index %acc[%c0] : !tolk.ptr<f32, reg, 1>, si32
    %zero = tolk.const 0.0 : f32
    tolk.store %r0, %zero : !tolk.ptr<f32, reg, 1>, f32
    gpu.barrier
    %c15 = tolk.const 15 : si32
    %m = tolk.sub %c15, %l : si32
    %pm = tolk.index %tile[%m] : !tolk.ptr<f32, local, 16>, si32
    %w = tolk.load %pm : !tolk.ptr<f32, local, 16> -> f32
    %c1 = tolk.const 1 : si32
    %c4 = tolk.const 4 : si32
    %c64 = tolk.const 64 : si32
    tolk.range %k = %c0 to %c4 step %c1 : si32 {
      %j = tolk.add %i, %k : si32
      %in = tolk.cmplt %j, %c64 : (si32, si32) -> i1
      %pj = tolk.index %x[%j] : !tolk.ptr<f32, global, 64>, si32
      %z = tolk.load %pj if %in else %zero : !tolk.ptr<f32, global, 64> -> f32
      %a = tolk.load %r0 : !tolk.ptr<f32, reg, 1> -> f32
      %sum = tolk.add %a, %z : f32
      tolk.store %r0, %sum : !tolk.ptr<f32, reg, 1>, f32
    }
    gpu.barrier
    %one = tolk.const 1.0 : f32
    %w1 = tolk.add %w, %one : f32
    tolk.store %pt, %w1 : !tolk.ptr<f32, local, 16>, f32
    gpu.barrier
    %u = tolk.load %pt : !tolk.ptr<f32, local, 16> -> f32
    %s = tolk.load %r0 : !tolk.ptr<f32, reg, 1> -> f32
    %res = tolk.add %u, %s : f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global, 64>, si32
    tolk.store %py, %res : !tolk.ptr<f32, global, 64>, f32
    gpu.return
  }
}

// A name in two gpu.modules is named with its module.
// RUN: %python %S/Inputs/npy.py write %t/s.npy '<i4' 4 1 2 3 4
// RUN: tolk-run --quiet %s --kernel other::in_place --grid 1 --block 4 %t/s.npy -o %t/t.npy
// RUN: %python %S/Inputs/npy.py print %t/t.npy | FileCheck %s --check-prefix=OTHER
// OTHER: descr <i4 shape [4]
// OTHER-NEXT: -1
// OTHER-NEXT: -2
// OTHER-NEXT: -3
// OTHER-NEXT: -4
gpu.module @other {
  gpu.func @in_place(%x: !tolk.ptr<si32, global>) kernel {
    %i = tolk.special global_id x : si32
    %p = tolk.index %x[%i] : !tolk.ptr<si32, global>, si32
    %v = tolk.load %p : !tolk.ptr<si32, global> -> si32
    %r = tolk.neg %v : si32
    tolk.store %p, %r : !tolk.ptr<si32, global>, si32
    gpu.return
  }
}
