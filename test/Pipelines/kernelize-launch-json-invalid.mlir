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

// -----

// What a host would launch is checked: sizes and counts in range, every
// field of the type it must be.
// expected-error @below {{malformed tolk.launch: grid array<i32: -1, 1, 1> has a size below 1}}
func.func @negative_grid() attributes {tolk.launch = {block = array<i32: 1, 1, 1>, grid = array<i32: -1, 1, 1>, kernel = @m::@k, params = []}} {
  return
}

// -----

// expected-error @below {{malformed tolk.launch: block has 4 sizes, expected 1 to 3}}
func.func @four_sizes() attributes {tolk.launch = {block = array<i32: 1, 1, 1, 1>, grid = array<i32: 1, 1, 1>, kernel = @m::@k, params = []}} {
  return
}

// -----

// expected-error @below {{malformed tolk.launch parameter: its count must be an integer of at least 0, not -5 : i64}}
func.func @negative_count() attributes {tolk.launch = {block = array<i32: 1, 1, 1>, grid = array<i32: 1, 1, 1>, kernel = @m::@k, params = [{kind = "buffer", type = f32, count = -5 : i64}]}} {
  return
}

// -----

// expected-error @below {{malformed tolk.launch parameter: its vector must be an integer of at least 1, not "4"}}
func.func @string_width() attributes {tolk.launch = {block = array<i32: 1, 1, 1>, grid = array<i32: 1, 1, 1>, kernel = @m::@k, params = [{kind = "buffer", type = f32, vector = "4"}]}} {
  return
}

// -----

// expected-error @below {{malformed tolk.launch parameter: {kind = "texture", type = f32}}}
func.func @unknown_kind() attributes {tolk.launch = {block = array<i32: 1, 1, 1>, grid = array<i32: 1, 1, 1>, kernel = @m::@k, params = [{kind = "texture", type = f32}]}} {
  return
}

// -----

// A tolk.launch that is not a dictionary was ignored.
// expected-error @below {{malformed tolk.launch: expected a dictionary, not 1 : i64}}
func.func @not_a_dictionary() attributes {tolk.launch = 1} {
  return
}
