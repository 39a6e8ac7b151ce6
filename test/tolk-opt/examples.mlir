// The README's main command canonicalizes every example; this keeps them
// parsing and folding.
// RUN: tolk-opt --canonicalize %tolk_src_root/examples/elementwise.mlir | FileCheck %s

// CHECK-LABEL: func.func @scale_and_shift
// CHECK-DAG:     %[[SIX:.*]] = arith.constant 6.000000e+00 : f32
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         %[[Y:.*]] = arith.mulf %{{.*}}, %[[SIX]] : f32
// CHECK:         arith.addf %[[Y]], %[[TWO]] : f32
