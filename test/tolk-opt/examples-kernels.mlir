// The main job canonicalizes examples/kernels.mlir too: the weak mask folds
// into an si32 constant, promotion before the multiplication becomes a cast,
// and the kernel ops, the barrier and the launch size stay as they are.
// RUN: tolk-opt --canonicalize %tolk_src_root/examples/kernels.mlir | FileCheck %s

// CHECK-LABEL: gpu.func @neighbour_sum
// CHECK-SAME:    (%[[X:.*]]: !tolk.ptr<f16, global>, %[[Y:.*]]: !tolk.ptr<f32, global>, %[[SP:.*]]: !tolk.ptr<f32, alu>, %[[NP:.*]]: !tolk.ptr<si32, alu> {tolk.bounds = array<i64: 0, 1048576>})
// CHECK-SAME:    kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK-DAG:     %[[MASK:.*]] = tolk.const 255 : si32
// CHECK-DAG:     %[[ONE:.*]] = tolk.const 1 : si32
// CHECK-DAG:     %[[ZERO:.*]] = tolk.const 0.0 : f16
// CHECK:         %[[TILE:.*]] = tolk.define_local : !tolk.ptr<f16, local, 256>
// CHECK:         %[[I:.*]] = tolk.special global_id x : si32
// CHECK:         %[[L:.*]] = tolk.special local_id x : si32
// CHECK:         %[[N:.*]] = tolk.load %[[NP]] : !tolk.ptr<si32, alu> -> si32
// CHECK:         %[[SCALE:.*]] = tolk.load %[[SP]] : !tolk.ptr<f32, alu> -> f32
// CHECK:         %[[VALID:.*]] = tolk.cmplt %[[I]], %[[N]] : (si32, si32) -> i1
// CHECK:         %[[PX:.*]] = tolk.index %[[X]][%[[I]]] : !tolk.ptr<f16, global>, si32
// CHECK:         %[[XI:.*]] = tolk.load %[[PX]] if %[[VALID]] else %[[ZERO]] : !tolk.ptr<f16, global> -> f16
// CHECK:         %[[PT:.*]] = tolk.index %[[TILE]][%[[L]]]
// CHECK:         tolk.store %[[PT]], %[[XI]] : !tolk.ptr<f16, local, 256>, f16
// CHECK:         gpu.barrier
// CHECK:         %[[NEXT:.*]] = tolk.add %[[L]], %[[ONE]] : si32
// CHECK:         %[[W:.*]] = tolk.and %[[NEXT]], %[[MASK]] : si32
// CHECK:         %[[PN:.*]] = tolk.index %[[TILE]][%[[W]]]
// CHECK:         %[[XN:.*]] = tolk.load %[[PN]] : !tolk.ptr<f16, local, 256> -> f16
// CHECK:         %[[SUM:.*]] = tolk.add %[[XI]], %[[XN]] : f16
// CHECK:         %[[WIDE:.*]] = tolk.cast %[[SUM]] : f16 to f32
// CHECK:         %[[R:.*]] = tolk.mul %[[WIDE]], %[[SCALE]] : f32
// CHECK:         %[[PY:.*]] = tolk.index %[[Y]][%[[I]]] : !tolk.ptr<f32, global>, si32
// CHECK:         tolk.store %[[PY]], %[[R]] if %[[VALID]] : !tolk.ptr<f32, global>, f32
// CHECK:         gpu.return
