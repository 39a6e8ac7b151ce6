// A malformed tolk.launch is a diagnostic of tolk-translate --launch-json.
// RUN: tolk-translate --launch-json --split-input-file --verify-diagnostics %s

// expected-error @below {{malformed tolk.launch: expected kernel, grid, block and params}}
func.func @f() attributes {tolk.launch = {kernel = @m::@k}} {
  return
}

// -----

// expected-error @below {{malformed tolk.launch parameter: {kind = "buffer"}}}
func.func @g() attributes {tolk.launch = {block = array<i32: 1, 1, 1>, grid = array<i32: 1, 1, 1>, kernel = @m::@k, params = [{kind = "buffer"}]}} {
  return
}
