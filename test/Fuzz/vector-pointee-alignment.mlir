// Found by scripts/fuzz-tools.py (tolk-run --backend host): a pointer to
// lanes (a vector pointee) moves by whole vectors from a 16-byte aligned
// buffer, but its loads and stores took the vector's own alignment (32
// bytes for vector<4xi64>), and the host's aligned vector moves faulted,
// now and then, on tolk-run's 16-byte aligned buffers. An access to a whole
// vector element is aligned to its size's largest power of two, at most 16.
// RUN: tolk-opt %s --tolk-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @m.k(
// CHECK-DAG: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xi64>
// CHECK-DAG: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi64>, !llvm.ptr
// CHECK-DAG: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<3xf32>, !llvm.ptr
// CHECK-DAG: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : vector<2xi8>, !llvm.ptr
gpu.module @m {
  gpu.func @k(%a: !tolk.ptr<vector<4xsi64>, global, 8>,
              %b: !tolk.ptr<vector<3xf32>, global, 8>,
              %c: !tolk.ptr<vector<2xui8>, global, 8>) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<vector<4xsi64>, global, 8>, si32
    %x = tolk.load %pa : !tolk.ptr<vector<4xsi64>, global, 8> -> vector<4xsi64>
    %y = tolk.add %x, %x : vector<4xsi64>
    tolk.store %pa, %y : !tolk.ptr<vector<4xsi64>, global, 8>, vector<4xsi64>
    %pb = tolk.index %b[%i] : !tolk.ptr<vector<3xf32>, global, 8>, si32
    %f = tolk.const 1.0 : vector<3xf32>
    tolk.store %pb, %f : !tolk.ptr<vector<3xf32>, global, 8>, vector<3xf32>
    %pc = tolk.index %c[%i] : !tolk.ptr<vector<2xui8>, global, 8>, si32
    %u = tolk.const 7 : vector<2xui8>
    tolk.store %pc, %u : !tolk.ptr<vector<2xui8>, global, 8>, vector<2xui8>
    gpu.return
  }
}
