// The README's main command canonicalizes every example; this keeps its
// output what the example promises: constants folded exactly, promotion made
// explicit.
// RUN: tolk-opt --canonicalize %tolk_src_root/examples/elementwise.mlir | FileCheck %s

// CHECK-LABEL: func.func @scale_and_shift
// CHECK-SAME:    (%[[X:.*]]: tensor<4x8xf16>, %[[N:.*]]: si8)
// CHECK:         %[[SIX:.*]] = tolk.const 6.0 : f16
// CHECK:         %[[S:.*]] = tolk.mul %[[X]], %[[SIX]] : (tensor<4x8xf16>, f16) -> tensor<4x8xf16>
// CHECK:         %[[C:.*]] = tolk.cast %[[N]] : si8 to f16
// CHECK:         %[[T:.*]] = tolk.add %[[S]], %[[C]] : (tensor<4x8xf16>, f16) -> tensor<4x8xf16>
// CHECK:         return %[[T]]
