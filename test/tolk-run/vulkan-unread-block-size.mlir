// REQUIRES: vulkan
// A kernel without a known_block_size that never reads its block size (it
// indexes by group_id and local_id alone) still has a workgroup size on
// SPIR-V, the specialization constants a launch sets, so Vulkan runs it
// with any --block; without them Vulkan would refuse the module (every
// compute entry point needs a workgroup size), and lit runs these tests
// under the validation layer where it is installed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env XDG_RUNTIME_DIR=%t tolk-run --quiet %s --kernel mark --backend vulkan --grid 8 --block 1 -o %t/y.npy
// RUN: %python %S/Inputs/npy.py check %t/y.npy 'i + 101' | FileCheck %s
// CHECK: ok 8
// Blocks of 4: each workgroup's thread 0 writes.
// RUN: env XDG_RUNTIME_DIR=%t tolk-run --quiet %s --kernel mark --backend vulkan --grid 8 --block 4 -o %t/z.npy
// RUN: %python %S/Inputs/npy.py check %t/z.npy 'i + 101' | FileCheck %s
gpu.module @k {
  gpu.func @mark(%x: !tolk.ptr<si32, global, 8>) kernel {
    %g = tolk.special group_id x : si32
    %l = tolk.special local_id x : si32
    %zero = tolk.const 0 : si32
    %first = tolk.cmpeq %l, %zero : (si32, si32) -> i1
    %c101 = tolk.const 101 : si32
    %v = tolk.add %g, %c101 : si32
    %p = tolk.index %x[%g] : !tolk.ptr<si32, global, 8>, si32
    tolk.store %p, %v if %first : !tolk.ptr<si32, global, 8>, si32
    gpu.return
  }
}
