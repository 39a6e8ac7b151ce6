// The kernel ABI's attributes (docs/Kernels.md, "The kernel ABI"): each
// belongs on one kind of op and has one type, and its values are in range;
// a `tolk.` attribute that the dialect does not declare is an error.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// #tolk.param and #tolk.launch, wherever they are
//===----------------------------------------------------------------------===//

// expected-error @+1 {{#tolk.param's type must be a Tolk data type, not 'tensor<4xf32>'}}
func.func private @f() attributes {x = #tolk.param<buffer tensor<4xf32>, arg 0, count = 4, vector = 1>}

// -----

// expected-error @+1 {{#tolk.param binds arg -1: the index must be at least 0}}
func.func private @f() attributes {x = #tolk.param<scalar si32, arg -1>}

// -----

// expected-error @+1 {{#tolk.param: a scalar has no count or vector}}
func.func private @f() attributes {x = #tolk.param<scalar si32, arg 0, count = 4>}

// -----

// expected-error @+1 {{#tolk.param: a buffer needs a count and a vector}}
func.func private @f() attributes {x = #tolk.param<buffer f32, result 0, count = 4>}

// -----

// expected-error @+1 {{#tolk.param's count must be at least 0, not -5}}
func.func private @f() attributes {x = #tolk.param<buffer f32, arg 0, count = -5, vector = 1>}

// -----

// expected-error @+1 {{#tolk.param's vector must be at least 1, not 0}}
func.func private @f() attributes {x = #tolk.param<buffer f32, arg 0, count = 4, vector = 0>}

// -----

// expected-error @+1 {{#tolk.launch's kernel must be @module::@kernel, not @k}}
func.func private @f() attributes {x = #tolk.launch<kernel = @k, grid = [1], block = [1], params = []>}

// -----

// expected-error @+1 {{#tolk.launch's block has 4 sizes, expected 1 to 3}}
func.func private @f() attributes {x = #tolk.launch<kernel = @m::@k, grid = [1], block = [1, 1, 1, 1], params = []>}

// -----

// expected-error @+1 {{#tolk.launch's grid size -1 is below 1}}
func.func private @f() attributes {x = #tolk.launch<kernel = @m::@k, grid = [-1, 1, 1], block = [1], params = []>}

// -----

//===----------------------------------------------------------------------===//
// tolk.kernel and tolk.launch: on a kernelized func.func
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'tolk.kernel' belongs on a kernelized func.func, not on 'builtin.module'}}
module attributes {tolk.kernel = @m::@k} {}

// -----

// expected-error @+1 {{'tolk.kernel' must be @module::@kernel, not @k}}
func.func private @f() attributes {tolk.kernel = @k}

// -----

gpu.module @m {
  // expected-error @+1 {{'tolk.launch' belongs on a kernelized func.func, not on 'gpu.func'}}
  gpu.func @k() kernel attributes {tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [1], params = []>} {
    gpu.return
  }
}

// -----

// expected-error @+1 {{'tolk.launch' must be a #tolk.launch, not {kernel = @m::@k}}}
func.func private @f() attributes {tolk.kernel = @m::@k, tolk.launch = {kernel = @m::@k}}

// -----

// expected-error @+1 {{'tolk.launch' needs the function's 'tolk.kernel'}}
func.func private @f() attributes {tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [1], params = []>}

// -----

// expected-error @+1 {{'tolk.launch' launches @m::@k, but the function's 'tolk.kernel' is @m::@other}}
func.func private @f() attributes {tolk.kernel = @m::@other, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [1], params = []>}

// -----

// expected-error @+1 {{'tolk.launch' parameter #1 binds arg 1: the function has 1 arg}}
func.func private @f(tensor<4xf32>) -> tensor<4xf32> attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [4], params = [<buffer f32, arg 0, count = 4, vector = 1>, <buffer f32, arg 1, count = 4, vector = 1>]>}

// -----

// expected-error @+1 {{'tolk.launch' parameter #1 binds result 0: another parameter binds it too}}
func.func private @f(tensor<4xf32>) -> tensor<4xf32> attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [4], params = [<buffer f32, result 0, count = 4, vector = 1>, <buffer f32, result 0, count = 4, vector = 1>]>}

// -----

// expected-error @+1 {{'tolk.launch' parameter #0 binds arg 0: its type is 'tensor<4xf32>', not of 'f16'}}
func.func private @f(tensor<4xf32>) -> tensor<4xf32> attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [4], params = [<buffer f16, arg 0, count = 4, vector = 1>, <buffer f32, result 0, count = 4, vector = 1>]>}

// -----

// expected-error @+1 {{'tolk.launch' parameter #0 binds arg 0: a 'si32' is passed as a scalar}}
func.func private @f(si32) -> tensor<4xf32> attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [4], params = [<buffer si32, arg 0, count = 1, vector = 1>, <buffer f32, result 0, count = 4, vector = 1>]>}

// -----

// expected-error @+1 {{'tolk.launch' parameter #1 binds result 0: a 'tensor<4xf32>' has 4 elements, not 8}}
func.func private @f(si32) -> tensor<4xf32> attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [4], params = [<scalar si32, arg 0>, <buffer f32, result 0, count = 8, vector = 1>]>}

// -----

// expected-error @+1 {{'tolk.launch' binds no parameter to result 1}}
func.func private @f(si32) -> (tensor<4xf32>, tensor<4xf32>) attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [4], params = [<scalar si32, arg 0>, <buffer f32, result 0, count = 4, vector = 1>]>}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{'tolk.launch' has 1 parameters, but kernel @m::@k has 2}}
  func.func private @f() -> tensor<4xf32> attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [4], params = [<buffer f32, result 0, count = 4, vector = 1>]>}
  gpu.module @m {
    gpu.func @k(%a: !tolk.ptr<f32, global, 4>, %b: !tolk.ptr<f32, global, 4>) kernel {
      gpu.return
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// tolk.args and tolk.results: on a kernel or its host function, together
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'tolk.args' belongs on a kernel or its host function, not on 'builtin.module'}}
module attributes {tolk.args = array<i64: 0>, tolk.results = array<i64: 1>} {}

// -----

// expected-error @+1 {{'tolk.args' must be array<i64: ...>, not array<i32: 0>}}
func.func private @f(memref<4xf32>) attributes {tolk.args = array<i32: 0>, tolk.results = array<i64>}

// -----

// expected-error @+1 {{'tolk.results' needs 'tolk.args'}}
func.func private @f(memref<4xf32>) attributes {tolk.results = array<i64: 0>}

// -----

// expected-error @+1 {{'tolk.args' binds parameter -1: a parameter is at least 0}}
func.func private @f(memref<4xf32>) attributes {tolk.args = array<i64: -1>, tolk.results = array<i64>}

// -----

gpu.module @m {
  // expected-error @+1 {{'tolk.results' binds parameter 1, but the function has 1}}
  gpu.func @k(%a: !tolk.ptr<f32, global, 4>) kernel attributes {tolk.args = array<i64>, tolk.results = array<i64: 1>} {
    gpu.return
  }
}

// -----

// expected-error @+1 {{'tolk.args' binds parameter 0 twice}}
func.func private @f(memref<4xf32>, memref<4xf32>) attributes {tolk.args = array<i64: 0, 0>, tolk.results = array<i64: 1>}

// -----

// expected-error @+1 {{'tolk.results' binds parameter 0 twice}}
func.func private @f(memref<4xf32>, memref<4xf32>) attributes {tolk.args = array<i64: 0>, tolk.results = array<i64: 0>}

// -----

//===----------------------------------------------------------------------===//
// tolk.known_block_size and tolk.known_grid_size: on a host function
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'tolk.known_block_size' belongs on a kernel's host function, not on 'builtin.module'}}
module attributes {tolk.known_block_size = array<i32: 1, 1, 1>} {}

// -----

// expected-error @+1 {{'tolk.known_grid_size' must be array<i32: x, y, z>, each at least 1, not array<i32: 4, 1>}}
func.func private @f() attributes {tolk.known_grid_size = array<i32: 4, 1>}

// -----

// expected-error @+1 {{'tolk.known_block_size' must be array<i32: x, y, z>, each at least 1, not array<i32: 0, 1, 1>}}
func.func private @f() attributes {tolk.known_block_size = array<i32: 0, 1, 1>}

// -----

//===----------------------------------------------------------------------===//
// tolk.alignment: a power of two on a tolk.load or tolk.store
//===----------------------------------------------------------------------===//

func.func @f(%a: si32) -> si32 {
  // expected-error @+1 {{'tolk.alignment' belongs on a tolk.load or tolk.store, not on 'tolk.add'}}
  %r = tolk.add %a, %a {tolk.alignment = 4 : i64} : si32
  return %r : si32
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tolk.ptr<f32, global, 8, v = 4>) kernel {
    %i = tolk.special global_id x : si32
    %q = tolk.index %p[%i] : !tolk.ptr<f32, global, 8, v = 4>, si32
    // expected-error @+1 {{'tolk.alignment' must be a power of two, not 12 : i64}}
    %x = tolk.load %q {tolk.alignment = 12 : i64} : !tolk.ptr<f32, global, 8, v = 4> -> vector<4xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tolk.ptr<f32, global, 8, v = 4>, %v: vector<4xf32>) kernel {
    %i = tolk.special global_id x : si32
    %q = tolk.index %p[%i] : !tolk.ptr<f32, global, 8, v = 4>, si32
    // expected-error @+1 {{'tolk.alignment' must be a power of two, not 0 : i64}}
    tolk.store %q, %v {tolk.alignment = 0 : i64} : !tolk.ptr<f32, global, 8, v = 4>, vector<4xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tolk.ptr<f32, global, 8, v = 4>, %v: vector<4xf32>) kernel {
    %i = tolk.special global_id x : si32
    %q = tolk.index %p[%i] : !tolk.ptr<f32, global, 8, v = 4>, si32
    // expected-error @+1 {{'tolk.alignment' must be a power of two, not true}}
    tolk.store %q, %v {tolk.alignment = true} : !tolk.ptr<f32, global, 8, v = 4>, vector<4xf32>
    gpu.return
  }
}

// -----

//===----------------------------------------------------------------------===//
// tolk.workgroup_attribution, tolk.bounds, and names the dialect lacks
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'tolk.workgroup_attribution' belongs on a tolk.define_local, not on 'func.func'}}
func.func private @f() attributes {tolk.workgroup_attribution = 0 : i64}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tolk.workgroup_attribution' must be an integer of at least 0, not -1 : i64}}
    %l = tolk.define_local {tolk.workgroup_attribution = -1 : i64} : !tolk.ptr<f32, local, 16>
    gpu.return
  }
}

// -----

// expected-error @+1 {{'tolk.bounds' is an argument attribute, of a kernel's by-value (alu) parameter}}
func.func private @f() attributes {tolk.bounds = array<i64: 0, 1>}

// -----

// expected-error @+1 {{unknown attribute 'tolk.launches'}}
func.func private @f() attributes {tolk.launches = 1}

// -----

// A tensor argument marked tolk.image is passed as an image, and only it.
// expected-error @+1 {{'tolk.launch' parameter #0 binds arg 0: a 'tensor<2x4x4xf32>' marked 'tolk.image' is passed as an image}}
func.func private @f(tensor<2x4x4xf32> {tolk.image}) -> tensor<2x4x4xf32> attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [8], params = [<buffer f32, arg 0, count = 32, vector = 4>, <buffer f32, result 0, count = 32, vector = 4>]>}

// -----

// expected-error @+1 {{'tolk.launch' parameter #0 binds arg 0: a 'tensor<2x4x4xf32>' is passed as a buffer}}
func.func private @f(tensor<2x4x4xf32>) -> tensor<2x4x4xf32> attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [8], params = [<image f32, arg 0, count = 32, vector = 4>, <buffer f32, result 0, count = 32, vector = 4>]>}

// -----

// expected-error @+1 {{'tolk.launch' parameter #0 binds arg 0: an image is read a texel (4 lanes) at a time, not 2}}
func.func private @f(tensor<2x4x4xf32> {tolk.image}) -> tensor<2x4x4xf32> attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [8], params = [<image f32, arg 0, count = 32, vector = 2>, <buffer f32, result 0, count = 32, vector = 4>]>}

// -----

// expected-error @+1 {{#tolk.param: an image needs a count and a vector}}
func.func private @f(tensor<2x4x4xf32> {tolk.image}) -> tensor<2x4x4xf32> attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [8], params = [<image f32, arg 0>, <buffer f32, result 0, count = 32, vector = 4>]>}
