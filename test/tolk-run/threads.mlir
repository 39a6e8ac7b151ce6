// The host backend runs a launch's workgroups on --threads N threads (one
// per core by default). Workgroups are independent, so the results are the
// bits of a single thread's, whatever N; and an access out of bounds is the
// one a single thread stops at (the first in the launch's order), reported
// once, with no output written.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py write %t/x.npy '<f4' 65536 'expr:((i * 37) & 1023) * 0.125 - 60'
// RUN: %python %S/Inputs/npy.py write %t/y.npy '<f4' 65536 'expr:((i * 11) & 127) * 0.03125'

// A kernelized function of many workgroups: pow, and its result cast to
// fp8.
// RUN: tolk-run --quiet %s --kernel mix --threads 1 %t/x.npy %t/y.npy -o %t/p1.npy %t/q1.npy
// RUN: tolk-run --quiet %s --kernel mix --threads 4 %t/x.npy %t/y.npy -o %t/p4.npy %t/q4.npy
// RUN: tolk-run --quiet %s --kernel mix --threads 3 %t/x.npy %t/y.npy -o %t/p3.npy %t/q3.npy
// RUN: cmp %t/p1.npy %t/p4.npy
// RUN: cmp %t/q1.npy %t/q4.npy
// RUN: cmp %t/p1.npy %t/p3.npy
// RUN: cmp %t/q1.npy %t/q3.npy
func.func @mix(%a: tensor<65536xf32>, %b: tensor<65536xf32>)
    -> (tensor<65536xf32>, tensor<65536xf8E4M3FN>) {
  %p = tolk.pow %a, %b : tensor<65536xf32>
  %q = tolk.cast %p : tensor<65536xf32> to tensor<65536xf8E4M3FN>
  return %p, %q : tensor<65536xf32>, tensor<65536xf8E4M3FN>
}

// Workgroup memory and a barrier: 256 workgroups of 256 threads.
// RUN: %python %S/Inputs/npy.py write %t/h.npy '<f2' 65536 'expr:((i * 7) & 63) * 0.375 - 5'
// RUN: tolk-run --quiet %tolk_src_root/examples/kernels.mlir --kernel neighbour_sum --grid 256 --arg 0.5 --arg 65536 --threads 1 %t/h.npy -o %t/s1.npy:65536
// RUN: tolk-run --quiet %tolk_src_root/examples/kernels.mlir --kernel neighbour_sum --grid 256 --arg 0.5 --arg 65536 --threads 4 %t/h.npy -o %t/s4.npy:65536
// RUN: cmp %t/s1.npy %t/s4.npy
// RUN: %python %S/Inputs/npy.py check %t/s4.npy 'f32(f16(in0[i] + in0[(i & ~255) | ((i + 1) & 255)]) * 0.5)' %t/h.npy | FileCheck %s --check-prefix=SUM
// SUM: ok 65536

// A 2-D launch in place (the workgroups split in linear order, x fastest).
// RUN: %python %S/Inputs/npy.py write %t/m.npy '<i4' 64,8 'expr:i * 3 - 50'
// RUN: tolk-run --quiet %S/hand-written.mlir --kernel hand::in_place --grid 2,32 --block 4,2 --threads 4 %t/m.npy -o %t/m4.npy
// RUN: %python %S/Inputs/npy.py check %t/m4.npy 'in0[i] * 2 + i' %t/m.npy | FileCheck %s --check-prefix=INPLACE
// INPLACE: ok 512

// Every workgroup from the fourth on loads past the input's end: with one
// thread or four, the run stops at the first of them, thread 232 of
// block 3, and says so once.
// RUN: %python %S/Inputs/npy.py write %t/h1000.npy '<f4' 1000 'expr:i'
// RUN: not tolk-run %S/bounds.mlir --kernel oob::copy --grid 64 --arg 16384 --threads 1 %t/h1000.npy -o %t/o1.npy:16384 2> %t/oob1.txt
// RUN: not tolk-run %S/bounds.mlir --kernel oob::copy --grid 64 --arg 16384 --threads 4 %t/h1000.npy -o %t/o4.npy:16384 2> %t/oob4.txt
// RUN: FileCheck %s --check-prefix=OOB < %t/oob4.txt
// RUN: cmp %t/oob1.txt %t/oob4.txt
// OOB: tolk-run: error: kernel 'copy' loads element 1000 of parameter #0, a buffer of 1000 f32, in thread (232, 0, 0) of block (3, 0, 0): out of bounds
// OOB-NOT: error
// RUN: not ls %t/o1.npy
// RUN: not ls %t/o4.npy

// The summary says how many threads ran: as many as asked, at most one per
// workgroup; one per core by default.
// RUN: tolk-run %S/hand-written.mlir --kernel hand::in_place --grid 2,32 --block 4,2 --threads 3 %t/m.npy -o %t/m3.npy | FileCheck %s --check-prefix=THREE
// THREE: tolk-run: ran hand::in_place on host ({{[^,]+}}, 3 threads, bounds-checked)
// RUN: tolk-run %S/hand-written.mlir --kernel hand::in_place --grid 1,1 --block 4,2 --threads 3 %t/m.npy -o %t/m1.npy | FileCheck %s --check-prefix=ONE
// ONE: tolk-run: ran hand::in_place on host ({{[^,]+}}, 1 thread, bounds-checked)
// RUN: tolk-run %S/hand-written.mlir --kernel hand::in_place --grid 2,32 --block 4,2 --json %t/m.npy -o %t/md.npy > %t/default.json
// RUN: %python -c "import json, os, sys; d = json.load(open(sys.argv[1])); print(d['threads'] == min(64, len(os.sched_getaffinity(0))))" %t/default.json | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: True

// --threads is the host's, and at least 1.
// RUN: not tolk-run %S/hand-written.mlir --kernel hand::in_place --grid 2,32 --block 4,2 --threads 0 %t/m.npy -o %t/mz.npy 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: tolk-run: error: --threads 0: the host needs at least one thread
// RUN: not tolk-run %S/hand-written.mlir --kernel hand::in_place --grid 2,32 --block 4,2 --backend vulkan --threads 2 %t/m.npy -o %t/mz.npy 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: tolk-run: error: --threads is for --backend host (a device runs the workgroups itself)
