// Bool lanes in buffers hold a byte a lane, as the runtimes bind them, on
// every backend: LLVM keeps a vector<4xi1> as 4 bits, so the host, NVVM and
// ROCDL move Bool lanes a byte at a time (docs/Lowering.md, "Pointers to
// lanes"), through a buffer of lanes and through a pointer with a vector
// width alike; an access out of bounds is reported in whole elements.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py write %t/x.npy '|b1' 8 1 0 1 1 0 0 1 0
// RUN: tolk-run --quiet %s --kernel m::invert %t/x.npy -o %t/inv.npy
// RUN: %python %S/Inputs/npy.py print %t/inv.npy | FileCheck %s --check-prefix=INV
// RUN: tolk-run --quiet %s --kernel m::copy %t/x.npy -o %t/copy.npy
// RUN: %python %S/Inputs/npy.py print %t/copy.npy | FileCheck %s --check-prefix=COPY
// RUN: not tolk-run %s --kernel m::past %t/x.npy -o %t/past.npy 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: tolk-opt %s --tolk-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: tolk-opt %s --tolk-to-nvvm -o /dev/null
// RUN: tolk-opt %s --tolk-to-rocdl -o /dev/null
// RUN: tolk-opt %s --tolk-to-spirv -o /dev/null
// INV: descr |b1 shape [8]
// INV-NEXT: 0
// INV-NEXT: 1
// INV-NEXT: 0
// INV-NEXT: 0
// INV-NEXT: 1
// INV-NEXT: 1
// INV-NEXT: 0
// INV-NEXT: 1
// INV-EMPTY:
// COPY: descr |b1 shape [8]
// COPY-NEXT: 1
// COPY-NEXT: 0
// COPY-NEXT: 1
// COPY-NEXT: 1
// COPY-NEXT: 0
// COPY-NEXT: 0
// COPY-NEXT: 1
// COPY-NEXT: 0
// COPY-EMPTY:
// LLVM-NOT: vector<4xi1>, !llvm.ptr
// LLVM-NOT: !llvm.ptr -> vector<4xi1>
// PAST: kernel 'past' loads element 2 of parameter #0, a buffer of 2 vector<4xi1>

gpu.module @m {
  gpu.func @invert(%a: !tolk.ptr<vector<4xi1>, global, 2>,
                   %b: !tolk.ptr<vector<4xi1>, global, 2>) kernel
      attributes {known_block_size = array<i32: 2, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<vector<4xi1>, global, 2>, si32
    %x = tolk.load %pa : !tolk.ptr<vector<4xi1>, global, 2> -> vector<4xi1>
    %t = tolk.const true : vector<4xi1>
    %y = tolk.xor %x, %t : vector<4xi1>
    %pb = tolk.index %b[%i] : !tolk.ptr<vector<4xi1>, global, 2>, si32
    tolk.store %pb, %y : !tolk.ptr<vector<4xi1>, global, 2>, vector<4xi1>
    gpu.return
  }
  gpu.func @copy(%a: !tolk.ptr<i1, global, 8, v = 4>,
                 %b: !tolk.ptr<i1, global, 8, v = 4>) kernel
      attributes {known_block_size = array<i32: 2, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %four = tolk.const 4 : si32
    %o = tolk.mul %i, %four : si32
    %pa = tolk.index %a[%o] : !tolk.ptr<i1, global, 8, v = 4>, si32
    %x = tolk.load %pa : !tolk.ptr<i1, global, 8, v = 4> -> vector<4xi1>
    %pb = tolk.index %b[%o] : !tolk.ptr<i1, global, 8, v = 4>, si32
    tolk.store %pb, %x : !tolk.ptr<i1, global, 8, v = 4>, vector<4xi1>
    gpu.return
  }
  gpu.func @past(%a: !tolk.ptr<vector<4xi1>, global, 2>,
                 %b: !tolk.ptr<vector<4xi1>, global, 2>) kernel
      attributes {known_block_size = array<i32: 2, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %two = tolk.const 2 : si32
    %j = tolk.add %i, %two : si32
    %pa = tolk.index %a[%j] : !tolk.ptr<vector<4xi1>, global, 2>, si32
    %x = tolk.load %pa : !tolk.ptr<vector<4xi1>, global, 2> -> vector<4xi1>
    %pb = tolk.index %b[%i] : !tolk.ptr<vector<4xi1>, global, 2>, si32
    tolk.store %pb, %x : !tolk.ptr<vector<4xi1>, global, 2>, vector<4xi1>
    gpu.return
  }
}
