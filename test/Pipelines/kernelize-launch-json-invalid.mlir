// A malformed tolk.launch is a diagnostic of tolk-translate --launch-json,
// the dialect's own, at the function: a host would launch it.
// Every rule of the attribute: test/Dialect/Tolk/kernel-abi-invalid.mlir.
// RUN: tolk-translate --launch-json --split-input-file --verify-diagnostics %s

// expected-error @below {{'tolk.launch' must be a #tolk.launch, not {block = array<i32: 1, 1, 1>, grid = array<i32: 1, 1, 1>, kernel = @m::@k, params = []}}}
func.func @dictionary() attributes {tolk.kernel = @m::@k, tolk.launch = {block = array<i32: 1, 1, 1>, grid = array<i32: 1, 1, 1>, kernel = @m::@k, params = []}} {
  return
}

// -----

// expected-error @below {{#tolk.launch's grid size -1 is below 1}}
func.func @negative_grid() attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [-1, 1, 1], block = [1, 1, 1], params = []>} {
  return
}

// -----

// expected-error @below {{'tolk.launch' parameter #0 binds arg 0: the function has 0 args}}
func.func @unbound() attributes {tolk.kernel = @m::@k, tolk.launch = #tolk.launch<kernel = @m::@k, grid = [1], block = [1], params = [<buffer f32, arg 0, count = 4, vector = 1>]>} {
  return
}
