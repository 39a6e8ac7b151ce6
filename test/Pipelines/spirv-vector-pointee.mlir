// Buffers of lanes on SPIR-V: 4 lanes of f16 are a storage buffer of
// vectors, loaded and stored whole (upstream's conversion failed to
// legalize the access, which carried an alignment); 3 lanes of f32 a
// buffer of scalars, since std430 would give an array of 3-lane vectors a
// stride of 4 lanes (docs/Lowering.md, "Pointers to lanes"). spirv-val
// accepts both.
// REQUIRES: spirv-val
// RUN: tolk-opt %s --tolk-to-spirv -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: tolk-translate --serialize-spirv --kernel=half4 %t.mlir -o %t.half4.spv
// RUN: spirv-val --target-env vulkan1.3 %t.half4.spv
// RUN: tolk-translate --serialize-spirv --kernel=float3 %t.mlir -o %t.float3.spv
// RUN: spirv-val --target-env vulkan1.3 %t.float3.spv

// CHECK-LABEL: spirv.func @half4
// CHECK: spirv.Load "StorageBuffer" %{{.*}} : vector<4xf16>
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} : vector<4xf16>
// CHECK-LABEL: spirv.func @float3
// CHECK-COUNT-3: spirv.Load "StorageBuffer" %{{.*}} : f32
// CHECK-COUNT-3: spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} : f32
gpu.module @m {
  gpu.func @half4(%a: !tolk.ptr<vector<4xf16>, global, 8>,
                  %b: !tolk.ptr<vector<4xf16>, global, 8>) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<vector<4xf16>, global, 8>, si32
    %x = tolk.load %pa : !tolk.ptr<vector<4xf16>, global, 8> -> vector<4xf16>
    %y = tolk.add %x, %x : vector<4xf16>
    %pb = tolk.index %b[%i] : !tolk.ptr<vector<4xf16>, global, 8>, si32
    tolk.store %pb, %y : !tolk.ptr<vector<4xf16>, global, 8>, vector<4xf16>
    gpu.return
  }
  gpu.func @float3(%a: !tolk.ptr<vector<3xf32>, global, 8>,
                   %b: !tolk.ptr<vector<3xf32>, global, 8>) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<vector<3xf32>, global, 8>, si32
    %x = tolk.load %pa : !tolk.ptr<vector<3xf32>, global, 8> -> vector<3xf32>
    %y = tolk.add %x, %x : vector<3xf32>
    %pb = tolk.index %b[%i] : !tolk.ptr<vector<3xf32>, global, 8>, si32
    tolk.store %pb, %y : !tolk.ptr<vector<3xf32>, global, 8>, vector<3xf32>
    gpu.return
  }
}
