// tolk-run's errors: a message that names the file or the parameter, a
// non-zero exit, and no output file left behind.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py write %t/f32.npy '<f4' 4 1 2 3 4
// RUN: %python %S/Inputs/npy.py write %t/f64.npy '<f8' 4 1 2 3 4
// RUN: %python %S/Inputs/npy.py write %t/f32x8.npy '<f4' 8 'expr:i'
// RUN: %python %S/Inputs/npy.py write %t/f32x2x2.npy '<f4' 2,2 1 2 3 4
// RUN: echo 'not numpy' > %t/text.npy

// RUN: not tolk-run %s --kernel nope %t/f32.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tolk-run: error: no kernel or function named 'nope'
// RUN: not tolk-run %s --kernel same %t/f32.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// AMBIGUOUS: tolk-run: error: kernel name 'same' is in more than one gpu.module ('a' 'b'): give MODULE::same
// RUN: not tolk-run %s --kernel a::nope %t/f32.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=MISSING-IN
// MISSING-IN: tolk-run: error: gpu.module 'a' has no kernel named 'nope'
// RUN: not tolk-run %s --kernel not_kernelized 2>&1 | FileCheck %s --check-prefix=NOT-KERNELIZED
// NOT-KERNELIZED: tolk-run: error: function 'not_kernelized' is not a kernel and --tolk-kernelize did not make one of it
// RUN: not tolk-run %s 2>&1 | FileCheck %s --check-prefix=NO-KERNEL
// NO-KERNEL: tolk-run: error: no --kernel NAME given
// RUN: not tolk-run %t/missing.mlir --kernel scale 2>&1 | FileCheck %s --check-prefix=NO-FILE
// NO-FILE: tolk-run: error: cannot open input file '{{.*}}missing.mlir'
// RUN: not tolk-run %s --kernel scale --backend tpu 2>&1 | FileCheck %s --check-prefix=BACKEND
// BACKEND: tolk-run: error: unknown --backend 'tpu' (expected host, vulkan or cuda)

// The number of files and values.
// RUN: not tolk-run %s --kernel scale --arg 2 -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=INPUTS
// INPUTS: tolk-run: error: kernel 'scale' takes 1 input .npy file(s) (#0 f32), but 0 were given
// RUN: not tolk-run %s --kernel scale --arg 2 %t/f32.npy 2>&1 | FileCheck %s --check-prefix=OUTPUTS
// OUTPUTS: tolk-run: error: kernel 'scale' writes 1 output .npy file(s) (#1 f32), but -o gave 0
// RUN: not tolk-run %s --kernel scale %t/f32.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=ARGS
// ARGS: tolk-run: error: kernel 'scale' takes 1 by-value (alu) parameter(s), but --arg gave 0
// RUN: not tolk-run %s --kernel scale --arg 2 %t/f32.npy -o %t/out.txt 2>&1 | FileCheck %s --check-prefix=OUT-NAME
// OUT-NAME: tolk-run: error: output '{{.*}}out.txt' is not a .npy file name

// Files that disagree with the kernel.
// RUN: not tolk-run %s --kernel scale --arg 2 %t/f64.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: tolk-run: error: input '{{.*}}f64.npy' holds '<f8', but parameter #0 of kernel 'scale' is a buffer of f32, stored as '<f4'
// RUN: not tolk-run %s --kernel scale --arg 2 %t/f32x8.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: tolk-run: error: input '{{.*}}f32x8.npy' holds 8 elements, but parameter #0 of kernel 'scale' is a buffer of 4
// RUN: not tolk-run %s --kernel twice %t/f32.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: tolk-run: error: input '{{.*}}f32.npy' has the shape (4,), but parameter #0 of kernel 'twice' is the function's argument of shape (2, 2)
// RUN: not tolk-run %s --kernel scale --arg 2 %t/text.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=NOT-NPY
// NOT-NPY: tolk-run: error: {{.*}}text.npy: not a .npy file
// RUN: not tolk-run %s --kernel scale --arg 2 %t/none.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=NO-NPY
// NO-NPY: tolk-run: error: {{.*}}none.npy: No such file or directory

// Values and launches.
// RUN: not tolk-run %s --kernel scale --arg two %t/f32.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: tolk-run: error: --arg 'two' for parameter #2 of kernel 'scale' (f32): expected a float
// RUN: not tolk-run %s --kernel bounded --arg 300 %t/f32.npy 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: tolk-run: error: --arg '300' for parameter #1 of kernel 'bounded' (ui8): out of the type's range
// RUN: not tolk-run %s --kernel bounded --arg 11 %t/f32.npy 2>&1 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: tolk-run: error: --arg '11' for parameter #1 of kernel 'bounded' (ui8): outside the parameter's tolk.bounds [1, 10]
// RUN: not tolk-run %s --kernel scale --arg 2 --grid 2 %t/f32.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: tolk-run: error: --grid 2 differs from the known_grid_size 1,1,1 of kernel 'scale', the launch it is compiled for
// RUN: not tolk-run %s --kernel bounded --arg 1 %t/f32.npy 2>&1 | FileCheck %s --check-prefix=NO-GRID
// NO-GRID: tolk-run: error: kernel 'bounded' has no known_grid_size: give --grid
// RUN: not tolk-run %s --kernel bounded --arg 1 --grid 1 --block 0 %t/f32.npy 2>&1 | FileCheck %s --check-prefix=BAD-SIZE
// BAD-SIZE: tolk-run: error: --block '0': expected X[,Y[,Z]], positive integers

// A kernel the host lowering rejects: the diagnostic, then the error.
// RUN: not tolk-run %s --kernel branchy_barrier --grid 1 --block 4 %t/f32.npy -o %t/out.npy 2>&1 | FileCheck %s --check-prefix=BARRIER
// BARRIER: error: 'gpu.barrier' op inside a branch whose condition may differ between the threads of a workgroup has no host lowering
// BARRIER: tolk-run: error: the host pipeline (--tolk-to-llvm) failed on kernel 'branchy_barrier'

// None of the failures above left an output behind.
// RUN: not ls %t/out.npy

gpu.module @kernels {
  gpu.func @scale(%x: !tolk.ptr<f32, global, 4>, %y: !tolk.ptr<f32, global, 4>,
                  %s: !tolk.ptr<f32, alu>)
      kernel attributes {known_block_size = array<i32: 4, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global, 4>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global, 4> -> f32
    %sv = tolk.load %s : !tolk.ptr<f32, alu> -> f32
    %r = tolk.mul %v, %sv : f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global, 4>, si32
    tolk.store %py, %r : !tolk.ptr<f32, global, 4>, f32
    gpu.return
  }
  gpu.func @bounded(%x: !tolk.ptr<f32, global>,
                    %n: !tolk.ptr<ui8, alu> {tolk.bounds = array<i64: 1, 10>})
      kernel {
    gpu.return
  }
  gpu.func @branchy_barrier(%x: !tolk.ptr<f32, global>) kernel {
    %i = tolk.special global_id x : si32
    %c1 = tolk.const 1 : si32
    %c = tolk.cmplt %i, %c1 : (si32, si32) -> i1
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global> -> f32
    scf.if %c {
      gpu.barrier
    }
    tolk.store %px, %v : !tolk.ptr<f32, global>, f32
    gpu.return
  }
}
gpu.module @a {
  gpu.func @same() kernel {
    gpu.return
  }
}
gpu.module @b {
  gpu.func @same() kernel {
    gpu.return
  }
}
func.func @twice(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = tolk.add %x, %x : tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
func.func @not_kernelized(%x: f32) -> f32 {
  return %x : f32
}
