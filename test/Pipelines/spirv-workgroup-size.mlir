// A kernel without known_block_size lowers to SPIR-V with its workgroup
// size in specialization constants, as a GLSL shader with local_size_x_id:
// tolk_local_size_{x,y,z} (SpecIds 0, 1, 2, default 1) in the composite
// tolk_workgroup_size, which the serialized binary decorates BuiltIn
// WorkgroupSize; gpu.block_dim reads them, and the entry point has no
// LocalSize. A host sets them when it creates the pipeline (tolk-run
// --backend vulkan --block: test/tolk-run/vulkan.test). spirv-val accepts
// the binary (spirv-val.mlir).
// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s
// A module with kernels of both kinds serializes one at a time: the
// decoration would override every LocalSize of the module.
// RUN: tolk-opt %s --tolk-to-spirv -o %t.mlir
// RUN: tolk-translate --serialize-spirv --kernel=any_size %t.mlir -o %t.any.spv
// RUN: tolk-translate --serialize-spirv --kernel=fixed_size %t.mlir -o %t.fixed.spv
// RUN: not tolk-translate --serialize-spirv %t.mlir -o %t.both.spv 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: error: the spirv.module has kernels with a known_block_size and kernels without one, whose workgroup size is set for the whole module: serialize one kernel at a time

// CHECK-LABEL: spirv.module
// CHECK-DAG: spirv.SpecConstant @tolk_local_size_x spec_id(0) = 1 : i32
// CHECK-DAG: spirv.SpecConstant @tolk_local_size_y spec_id(1) = 1 : i32
// CHECK-DAG: spirv.SpecConstant @tolk_local_size_z spec_id(2) = 1 : i32
// CHECK-DAG: spirv.SpecConstantComposite @tolk_workgroup_size (@tolk_local_size_x, @tolk_local_size_y, @tolk_local_size_z) : vector<3xi32>
// CHECK: spirv.func @any_size(
// CHECK-DAG: spirv.mlir.referenceof @tolk_local_size_x : i32
// CHECK-DAG: spirv.mlir.referenceof @tolk_local_size_y : i32
// CHECK: spirv.func @fixed_size(
// CHECK-NOT: spirv.mlir.referenceof
// CHECK: spirv.EntryPoint "GLCompute" @any_size
// CHECK: spirv.EntryPoint "GLCompute" @fixed_size
// CHECK-NOT: spirv.ExecutionMode @any_size "LocalSize"
// CHECK: spirv.ExecutionMode @fixed_size "LocalSize", 64, 1, 1
// CHECK-NOT: spirv.ExecutionMode @any_size "LocalSize"
gpu.module @kernels {
  // x[gy * 8 + gx] = gx + gy: global ids in two dimensions need the
  // workgroup's size in both.
  gpu.func @any_size(%x: !tolk.ptr<si32, global>) kernel {
    %gx = tolk.special global_id x : si32
    %gy = tolk.special global_id y : si32
    %w = tolk.const 8 : si32
    %row = tolk.mul %gy, %w : si32
    %i = tolk.add %row, %gx : si32
    %v = tolk.add %gx, %gy : si32
    %p = tolk.index %x[%i] : !tolk.ptr<si32, global>, si32
    tolk.store %p, %v : !tolk.ptr<si32, global>, si32
    gpu.return
  }
  gpu.func @fixed_size(%x: !tolk.ptr<si32, global>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special global_id x : si32
    %p = tolk.index %x[%i] : !tolk.ptr<si32, global>, si32
    tolk.store %p, %i : !tolk.ptr<si32, global>, si32
    gpu.return
  }
}
