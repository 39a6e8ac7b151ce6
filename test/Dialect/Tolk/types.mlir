// The Tolk types and attributes print and parse back, and pass bytecode.
// (The attributes are held under names outside the dialect: a `tolk.`
// name is one of the dialect's own, which kernel-abi-invalid.mlir checks.)
// RUN: tolk-opt %s | tolk-opt | FileCheck %s
// RUN: tolk-opt %s -emit-bytecode | tolk-opt | FileCheck %s

// CHECK-LABEL: func.func private @weak(!tolk.weakint, !tolk.weakfloat)
func.func private @weak(!tolk.weakint, !tolk.weakfloat)

// CHECK-LABEL: func.func private @pointers
// CHECK-SAME: !tolk.ptr<f32, global>
// CHECK-SAME: !tolk.ptr<f32, local, 256>
// CHECK-SAME: !tolk.ptr<si8, reg, 16>
// CHECK-SAME: !tolk.ptr<si32, alu>
// CHECK-SAME: !tolk.ptr<vector<4xf16>, global, 1024, v = 2>
// CHECK-SAME: !tolk.ptr<f32, global, imagef<4x8x4>>
// CHECK-SAME: !tolk.ptr<f32, global, imageh<2x2>>
// CHECK-SAME: !tolk.ptr<f8E4M3FN, global, v = 4>
func.func private @pointers(!tolk.ptr<f32, global>, !tolk.ptr<f32, local, 256>,
                            !tolk.ptr<si8, reg, 16>, !tolk.ptr<si32, alu>,
                            !tolk.ptr<vector<4xf16>, global, 1024, v = 2>,
                            !tolk.ptr<f32, global, imagef<4x8x4>>,
                            !tolk.ptr<f32, global, imageh<2x2>>,
                            !tolk.ptr<f8E4M3FN, global, v = 4>)

// CHECK-LABEL: func.func private @attrs
// CHECK-SAME: rounding = #tolk.rounding<floor>
// CHECK-SAME: space = #tolk.addrspace<local>
// CHECK-SAME: value = #tolk.const<-42>
// CHECK-SAME: value2 = #tolk.const<float 0x7ff8000000000001>
// CHECK-SAME: value3 = #tolk.const<invalid>
// CHECK-SAME: value4 = #tolk.const<true>
func.func private @attrs() attributes {
  space = #tolk.addrspace<local>, rounding = #tolk.rounding<floor>,
  value = #tolk.const<-42>, value2 = #tolk.const<float 0x7FF8000000000001>,
  value3 = #tolk.const<invalid>, value4 = #tolk.const<true>}
