// tolk-run never reads or writes past a buffer. An output takes its size
// from the kernel (the pointer type's element count, the function's result,
// the input of an in-place buffer) or, for a pointer type without a count,
// from the command line (-o OUT.npy:N or :AxB); on the host every access is
// checked, and the first one out of bounds stops the run: a message that
// names the kernel, the parameter, the thread and block ids, the element
// and the buffer's size, exit code 1, no output. Without the check such a
// kernel corrupted the heap (munmap_chunk(): invalid pointer, exit 134).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py write %t/x1000.npy '<f4' 1000 'expr:i * 0.5'
// RUN: %python %S/Inputs/npy.py write %t/x1024.npy '<f4' 1024 'expr:i * 0.5'

// An output without a count and without a shape: an error, no guess.
// RUN: not tolk-run %s --kernel oob::copy --grid 4 --arg 1000 %t/x1000.npy -o %t/y.npy 2>&1 | FileCheck %s --check-prefix=UNSIZED
// UNSIZED: tolk-run: error: the size of output '{{.*}}y.npy' (parameter #1 of kernel 'copy', of f32) is unknown: its pointer type has no element count, so give the shape as -o {{.*}}y.npy:N (or :AxB...)

// The gate lets 1024 threads through for 1000 elements: the first thread
// past the input's end (232 of block 3) stops the run at its load.
// RUN: not tolk-run %s --kernel oob::copy --grid 4 --arg 1024 %t/x1000.npy -o %t/y.npy:1024 2>&1 | FileCheck %s --check-prefix=LOAD
// LOAD: tolk-run: error: kernel 'copy' loads element 1000 of parameter #0, a buffer of 1000 f32, in thread (232, 0, 0) of block (3, 0, 0): out of bounds, so launch 1 stopped there; tolk-run wrote no output (--no-bounds-check leaves accesses unchecked)
// A large input and a small output: the store.
// RUN: not tolk-run %s --kernel oob::copy --grid 4 --arg 1024 %t/x1024.npy -o %t/y.npy:600 2>&1 | FileCheck %s --check-prefix=STORE
// STORE: tolk-run: error: kernel 'copy' stores to element 600 of parameter #1, a buffer of 600 f32, in thread (88, 0, 0) of block (2, 0, 0): out of bounds
// A 2-D launch one row of workgroups too tall for the 6x8 buffer: the
// first thread of row 6 (thread (0, 0, 0) of block (0, 3, 0)).
// RUN: %python %S/Inputs/npy.py write %t/m.npy '<i4' 6,8 'expr:i'
// RUN: not tolk-run %S/hand-written.mlir --kernel hand::in_place --grid 2,4 --block 4,2 %t/m.npy -o %t/y.npy 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: tolk-run: error: kernel 'in_place' loads element 48 of parameter #0, a buffer of 48 si32, in thread (0, 0, 0) of block (0, 3, 0): out of bounds
// RUN: not ls %t/y.npy

// Shapes that disagree with the kernel.
// RUN: not tolk-run %s --kernel oob::fixed %t/x1000.npy -o %t/y.npy:999 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: tolk-run: error: output '{{.*}}y.npy' (parameter #1 of kernel 'fixed', of f32) is given the shape (999,) of 999 elements, but the pointer type holds 1000
// RUN: not tolk-run %S/hand-written.mlir --kernel hand::in_place --grid 2,3 --block 4,2 %t/m.npy -o %t/y.npy:48 2>&1 | FileCheck %s --check-prefix=INPLACE
// INPLACE: tolk-run: error: output '{{.*}}y.npy' (parameter #0 of kernel 'in_place', of si32) is given the shape (48,), but the kernel also reads it, from an input of the shape (6, 8)
// RUN: %python %S/Inputs/npy.py write %t/b5.npy '<u2' 5 1 2 3 4 5
// RUN: not tolk-run %S/kernelized.mlir --kernel add_bf16 %t/b5.npy %t/b5.npy -o %t/y.npy:2x3 2>&1 | FileCheck %s --check-prefix=RESULT-SHAPE
// RESULT-SHAPE: tolk-run: error: output '{{.*}}y.npy' (parameter #2 of kernel 'add_bf16', of bf16) is given the shape (2, 3), but the function's result has the shape (5,)
// RUN: not tolk-run %s --kernel oob::copy --grid 4 --arg 1000 %t/x1000.npy -o %t/y.npy:0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: tolk-run: error: output '{{.*}}y.npy:0': the shape after ':' is N or AxB..., positive integers
// RUN: not tolk-run %s --kernel oob::copy --grid 4 --arg 1000 %t/x1000.npy -o %t/y.npy:100000000000x100000000x2 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: tolk-run: error: output '{{.*}}y.npy:100000000000x100000000x2': the shape after ':' has more elements than a buffer can hold
// RUN: not ls %t/y.npy

// In bounds, with the shape given as AxB: the run succeeds, checked or not
// (--no-bounds-check: the unchecked loops, for benchmarks).
// RUN: tolk-run %s --kernel oob::copy --grid 4 --arg 1000 %t/x1000.npy -o %t/y.npy:10x100 | FileCheck %s --check-prefix=CHECKED
// CHECKED: tolk-run: ran oob::copy on host ({{.*}}, bounds-checked), grid 4x1x1, block 256x1x1: wrote {{.*}}y.npy (10, 100) f32; kernel {{.*}} ms
// RUN: %python %S/Inputs/npy.py check %t/y.npy 'in0[i]' %t/x1000.npy | FileCheck %s --check-prefix=ALL
// ALL: ok 1000
// RUN: tolk-run %s --kernel oob::copy --grid 4 --arg 1000 --no-bounds-check %t/x1000.npy -o %t/z.npy:1000 | FileCheck %s --check-prefix=UNCHECKED
// UNCHECKED: tolk-run: ran oob::copy on host ({{.*}}, unchecked), grid 4x1x1, block 256x1x1: wrote {{.*}}z.npy (1000,) f32
// RUN: %python %S/Inputs/npy.py check %t/z.npy 'in0[i]' %t/x1000.npy | FileCheck %s --check-prefix=ALL

gpu.module @oob {
  // y[i] = x[i] for i < n: sizes that the pointer types do not fix.
  gpu.func @copy(%x: !tolk.ptr<f32, global>, %y: !tolk.ptr<f32, global>,
                 %n_param: !tolk.ptr<si32, alu>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %i = tolk.special global_id x : si32
    %n = tolk.load %n_param : !tolk.ptr<si32, alu> -> si32
    %valid = tolk.cmplt %i, %n : (si32, si32) -> i1
    %zero = tolk.const 0.0 : f32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %v = tolk.load %px if %valid else %zero : !tolk.ptr<f32, global> -> f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global>, si32
    tolk.store %py, %v if %valid : !tolk.ptr<f32, global>, f32
    gpu.return
  }
  // The same with sizes in the types.
  gpu.func @fixed(%x: !tolk.ptr<f32, global, 1000>,
                  %y: !tolk.ptr<f32, global, 1000>)
      kernel attributes {known_block_size = array<i32: 250, 1, 1>,
                         known_grid_size = array<i32: 4, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global, 1000>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global, 1000> -> f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global, 1000>, si32
    tolk.store %py, %v : !tolk.ptr<f32, global, 1000>, f32
    gpu.return
  }
}
