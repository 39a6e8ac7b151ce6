// Bad input is a diagnostic at its location and a non-zero exit, never a
// crash.
// RUN: not tolk-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: bad-input.mlir:[[@LINE+1]]:3: error: custom op 'arith.nonexistent' is unknown
  arith.nonexistent

// -----

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: use of undeclared SSA value name
func.func @f() -> f32 {
  return %undefined : f32
}
