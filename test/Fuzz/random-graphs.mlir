// Random elementwise graphs of scripts/gen-random-graph.py (every data type,
// every op, lanes and broadcast tensors, boundary constants) for a few fixed
// seeds: the module is valid, --canonicalize keeps it valid and converges,
// and --tolk-commit-weak then leaves no weak type. scripts/fuzz.sh runs the
// same pipelines over many seeds.
// RUN: %python %tolk_src_root/scripts/gen-random-graph.py --seed 1 --functions 5 --ops-per-function 40 \
// RUN:   | tolk-opt --verify-each --canonicalize="test-convergence=true" \
// RUN:   | tolk-opt --tolk-commit-weak --canonicalize --verify-each \
// RUN:   | FileCheck %s
// RUN: %python %tolk_src_root/scripts/gen-random-graph.py --seed 2 --functions 5 --ops-per-function 40 \
// RUN:   | tolk-opt --verify-each --canonicalize="test-convergence=true" \
// RUN:   | tolk-opt --tolk-commit-weak --canonicalize --verify-each \
// RUN:   | FileCheck %s
// RUN: %python %tolk_src_root/scripts/gen-random-graph.py --seed 3 --functions 5 --ops-per-function 40 \
// RUN:   | tolk-opt --verify-each --canonicalize="test-convergence=true" \
// RUN:   | tolk-opt --tolk-commit-weak --canonicalize --verify-each \
// RUN:   | FileCheck %s

// The generic form reads back to the same canonical module.
// RUN: %python %tolk_src_root/scripts/gen-random-graph.py --seed 4 --functions 5 --ops-per-function 40 \
// RUN:   | tolk-opt --canonicalize -o %t.canon.mlir
// RUN: tolk-opt %t.canon.mlir --mlir-print-op-generic | tolk-opt -o %t.reread.mlir
// RUN: diff %t.canon.mlir %t.reread.mlir

// The output depends on the seed alone.
// RUN: %python %tolk_src_root/scripts/gen-random-graph.py --seed 5 > %t.a.mlir
// RUN: %python %tolk_src_root/scripts/gen-random-graph.py --seed 5 > %t.b.mlir
// RUN: diff %t.a.mlir %t.b.mlir

// CHECK-NOT: weak
// CHECK: func.func @f4(
// CHECK-NOT: weak
