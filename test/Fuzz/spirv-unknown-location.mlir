// Found by scripts/fuzz-tools.py: the SPIR-V capability check reported a
// constant that the canonicalizer had made (its constants have no
// location) at <unknown>. It is reported at the op that uses it.
// RUN: not tolk-opt %s -split-input-file --tolk-to-spirv=caps=Shader -o /dev/null 2>&1 | FileCheck %s
// CHECK-NOT: <unknown>

// Two constants of two locations, which the canonicalizer merges into one
// without a location, and two selects that fold to it: the store uses it.
// CHECK: spirv-unknown-location.mlir:[[@LINE+13]]:5: error: 'tolk.store' op of type '(!tolk.ptr<f8E4M3FN, global, 4>, f8E4M3FN) -> ()', lowered to 'arith.constant', uses 'f8E4M3FN' ('f8E4M3FN' is an 8-bit integer on SPIR-V), which needs the Int8 capability: not in the SPIR-V target (Vulkan, v1.3)
gpu.module @kernels {
  gpu.func @k(%a: !tolk.ptr<f8E4M3FN, global, 4>, %n: !tolk.ptr<si32, alu>) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>} {
    %i = tolk.special global_id x : si32
    %p = tolk.index %a[%i] : !tolk.ptr<f8E4M3FN, global, 4>, si32
    %x = tolk.load %p : !tolk.ptr<f8E4M3FN, global, 4> -> f8E4M3FN
    %m = tolk.load %n : !tolk.ptr<si32, alu> -> si32
    %b = tolk.cmplt %m, %i : (si32, si32) -> i1
    %c1 = tolk.const 2.0 : f8E4M3FN
    %y = tolk.where %b, %x, %c1 : (i1, f8E4M3FN, f8E4M3FN) -> f8E4M3FN
    %c2 = tolk.const 2.0 : f8E4M3FN
    %z = tolk.where %b, %c2, %y : (i1, f8E4M3FN, f8E4M3FN) -> f8E4M3FN
    tolk.store %p, %z : !tolk.ptr<f8E4M3FN, global, 4>, f8E4M3FN
    gpu.return
  }
}

// -----

// The program the fuzzer found: the f8E4M3FN maximum's NaN code was such a
// constant of the expansion's. The integer expansion makes none now, and
// the buffer is what needs the capabilities.
// CHECK: spirv-unknown-location.mlir:[[@LINE+6]]:10: error: 'tolk.index' op of type '(!tolk.ptr<f8E4M3FN, global, 4>, si32) -> !tolk.ptr<f8E4M3FN, global, 4>', lowered to 'memref.reinterpret_cast', uses 'memref<4xf8E4M3FN, strided<[1], offset: ?>, #gpu.address_space<global>>' ('f8E4M3FN' is an 8-bit integer on SPIR-V), which needs the StorageBuffer8BitAccess capability: not in the SPIR-V target (Vulkan, v1.3)
// CHECK-NOT: <unknown>
gpu.module @kernels {
  gpu.func @k(%a: !tolk.ptr<f8E4M3FN, global, 4>, %n: !tolk.ptr<si32, alu>) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>} {
    %i = tolk.special global_id x : si32
    %p = tolk.index %a[%i] : !tolk.ptr<f8E4M3FN, global, 4>, si32
    %x = tolk.load %p : !tolk.ptr<f8E4M3FN, global, 4> -> f8E4M3FN
    %m = tolk.load %n : !tolk.ptr<si32, alu> -> si32
    %y = tolk.max %x, %m : (f8E4M3FN, si32) -> f8E4M3FN
    tolk.store %p, %y : !tolk.ptr<f8E4M3FN, global, 4>, f8E4M3FN
    gpu.return
  }
}
