// Found by scripts/fuzz-tools.py: the SPIR-V capability check reported a
// constant that the canonicalizer had made (its constants have no
// location) at <unknown>. It is reported at the op that uses it.
// RUN: not tolk-opt %s --tolk-to-spirv=caps=Shader -o /dev/null 2>&1 | FileCheck %s

// CHECK-NOT: <unknown>
// CHECK: spirv-unknown-location.mlir:[[@LINE+10]]:10: error: 'arith.constant' op uses 'f8E4M3FN' ('f8E4M3FN' is an 8-bit integer on SPIR-V), which needs the Int8 capability: not in the SPIR-V target (Vulkan, v1.3)
// CHECK-NOT: <unknown>
gpu.module @kernels {
  gpu.func @k(%a: !tolk.ptr<f8E4M3FN, global, 4>, %n: !tolk.ptr<si32, alu>) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>} {
    %i = tolk.special global_id x : si32
    %p = tolk.index %a[%i] : !tolk.ptr<f8E4M3FN, global, 4>, si32
    %x = tolk.load %p : !tolk.ptr<f8E4M3FN, global, 4> -> f8E4M3FN
    %m = tolk.load %n : !tolk.ptr<si32, alu> -> si32
    // The f8E4M3FN maximum's NaN code, a constant of the canonicalizer's.
    %y = tolk.max %x, %m : (f8E4M3FN, si32) -> f8E4M3FN
    tolk.store %p, %y : !tolk.ptr<f8E4M3FN, global, 4>, f8E4M3FN
    gpu.return
  }
}
