// --tolk-spirv-lower-push-constants: the PushConstant parameters become
// loads from one block of 4-byte slots (an 8-byte one, aligned to 8, for
// 64 bits); a narrower value is the low lanes of its slot, an i1 the slot
// compared with 0.
// RUN: tolk-opt %s --tolk-spirv-lower-push-constants | FileCheck %s

// CHECK: spirv.GlobalVariable @k_push_constants : !spirv.ptr<!spirv.struct<(i32 [0], i32 [4], i64 [8], i32 [16])>, PushConstant>
// CHECK-LABEL: spirv.func @k() "None"
// CHECK: %[[BASE:.+]] = spirv.mlir.addressof @k_push_constants
// CHECK: spirv.Load "PushConstant" %{{.*}} : i32
// CHECK: %[[H:.+]] = spirv.Load "PushConstant" %{{.*}} : i32
// CHECK: %[[LANES:.+]] = spirv.Bitcast %[[H]] : i32 to vector<2xi16>
// CHECK: spirv.CompositeExtract %[[LANES]][0 : i32] : vector<2xi16>
// CHECK: spirv.Load "PushConstant" %{{.*}} : i64
// CHECK: %[[B:.+]] = spirv.Load "PushConstant" %{{.*}} : i32
// CHECK: spirv.INotEqual %[[B]], %{{.*}} : i32
module {
  spirv.module Logical GLSL450 {
    spirv.func @k(%n: i32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), PushConstant>},
                  %h: i16 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), PushConstant>},
                  %d: i64 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), PushConstant>},
                  %b: i1 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), PushConstant>}) "None" {
      spirv.Return
    }
  }
}

