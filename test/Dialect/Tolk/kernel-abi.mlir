// The kernel ABI's attributes print and parse back, and pass bytecode: a
// #tolk.param prints without its prefix inside a #tolk.launch, and parses
// with or without it.
// RUN: tolk-opt %s | tolk-opt | FileCheck %s
// RUN: tolk-opt %s -emit-bytecode | tolk-opt | FileCheck %s

// CHECK-LABEL: func.func private @scale(tensor<4x8xf16>, si8) -> tensor<4x8xi1>
// CHECK-SAME: attributes {tolk.kernel = @scale_kernel::@scale, tolk.launch = #tolk.launch<kernel = @scale_kernel::@scale, grid = [1, 1, 1], block = [8, 1, 1], params = [
// CHECK-SAME: <buffer f16, arg 0, count = 32, vector = 4>, <scalar si8, arg 1>, <buffer i1, result 0, count = 32, vector = 4>]>}
func.func private @scale(tensor<4x8xf16>, si8) -> tensor<4x8xi1> attributes {
  tolk.kernel = @scale_kernel::@scale,
  tolk.launch = #tolk.launch<kernel = @scale_kernel::@scale, grid = [1, 1, 1],
                             block = [8, 1, 1],
                             params = [#tolk.param<buffer f16, arg 0, count = 32, vector = 4>,
                                       <scalar si8, arg 1>,
                                       <buffer i1, result 0, count = 32, vector = 4>]>}

// A function of no arguments and no results has a launch of no parameters.
// CHECK-LABEL: func.func private @nothing()
// CHECK-SAME: tolk.launch = #tolk.launch<kernel = @none::@k, grid = [2], block = [3, 4], params = []>
func.func private @nothing() attributes {
  tolk.kernel = @none::@k,
  tolk.launch = #tolk.launch<kernel = @none::@k, grid = [2], block = [3, 4], params = []>}

// CHECK-LABEL: func.func private @m.k
// CHECK-SAME: attributes {tolk.args = array<i64: 0>, tolk.known_block_size = array<i32: 64, 1, 1>, tolk.known_grid_size = array<i32: 2, 1, 1>, tolk.results = array<i64: 1>}
func.func private @"m.k"(memref<?xf32>, memref<?xf32>, index, index, index, index, index, index, index, index) attributes {
  tolk.args = array<i64: 0>, tolk.results = array<i64: 1>,
  tolk.known_block_size = array<i32: 64, 1, 1>, tolk.known_grid_size = array<i32: 2, 1, 1>}

// CHECK-LABEL: gpu.func @k(
// CHECK-SAME: {tolk.bounds = array<i64: 0, 100>}
// CHECK-SAME: tolk.args = array<i64: 0, 1>, tolk.results = array<i64: 2>
// CHECK: tolk.load %{{.*}} {tolk.alignment = 16 : i64}
// CHECK: tolk.store %{{.*}}, %{{.*}} {tolk.alignment = 16 : i64}
gpu.module @m {
  gpu.func @k(%p: !tolk.ptr<f32, global, 8, v = 4>, %n: !tolk.ptr<si32, alu> {tolk.bounds = array<i64: 0, 100>},
              %r: !tolk.ptr<f32, global, 8, v = 4>) kernel
      attributes {tolk.args = array<i64: 0, 1>, tolk.results = array<i64: 2>} {
    %i = tolk.special global_id x : si32
    %q = tolk.index %p[%i] : !tolk.ptr<f32, global, 8, v = 4>, si32
    %x = tolk.load %q {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 8, v = 4> -> vector<4xf32>
    %s = tolk.index %r[%i] : !tolk.ptr<f32, global, 8, v = 4>, si32
    tolk.store %s, %x {tolk.alignment = 16 : i64} : !tolk.ptr<f32, global, 8, v = 4>, vector<4xf32>
    gpu.return
  }
}
