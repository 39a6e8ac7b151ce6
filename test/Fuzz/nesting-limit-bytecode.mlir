// REQUIRES: mlir-runner
// Bytecode holds no brackets, and MLIR's bytecode reader does not recurse:
// an op inside more than 1000 regions is an error at its location before
// anything recurses on it (upstream's mlir-opt writes the input).
// RUN: %python %S/Inputs/nest.py module 1500 > %t.mlir
// RUN: %upstream_mlir_opt %t.mlir --emit-bytecode -o %t.mlirbc
// RUN: not tolk-opt %t.mlirbc 2>&1 | FileCheck %s
// RUN: not tolk-translate --launch-json %t.mlirbc 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/nest.py module 999 | %upstream_mlir_opt --emit-bytecode | tolk-opt --canonicalize -o /dev/null

// CHECK: .mlir:1002:1: error: 'builtin.module' is nested in more than 1000 regions, the most a Tolk tool reads (docs/Rationale.md, "Limits")
