// RUN: tolk-opt --convert-tolk-to-arith --split-input-file %s | FileCheck %s

// Float ops of 16 bits or more map one to one to arith and math (max and the
// comparisons are in comparisons.mlir, the 8-bit floats in fp8-bf16.mlir).

// CHECK-LABEL: func.func @float_ops
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK: %[[ADD:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK: %[[MUL:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[RCP:.*]] = arith.divf %[[ONE]], %[[X]] : f32
// CHECK: %[[TRUNC:.*]] = math.trunc %[[X]] : f32
// CHECK: %[[SQRT:.*]] = math.sqrt %[[X]] : f32
// CHECK: %[[EXP2:.*]] = math.exp2 %[[X]] : f32
// CHECK: %[[LOG2:.*]] = math.log2 %[[X]] : f32
// CHECK: %[[POW:.*]] = math.powf %[[X]], %[[Y]] : f32
// CHECK: return %[[ADD]], %[[MUL]], %[[RCP]], %[[TRUNC]], %[[SQRT]], %[[EXP2]], %[[LOG2]], %[[POW]]
func.func @float_ops(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %0 = tolk.add %x, %y : f32
  %1 = tolk.mul %x, %y : f32
  %2 = tolk.reciprocal %x : f32
  %3 = tolk.trunc %x : f32
  %4 = tolk.sqrt %x : f32
  %5 = tolk.exp2 %x : f32
  %6 = tolk.log2 %x : f32
  %7 = tolk.pow %x, %y : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

// f16 and bf16 compute in their own type.
// CHECK-LABEL: func.func @half
// CHECK-SAME: (%[[X:.*]]: f16, %[[Y:.*]]: bf16)
// CHECK: arith.addf %[[X]], %[[X]] : f16
// CHECK: arith.mulf %[[Y]], %[[Y]] : bf16
// CHECK: math.sqrt %[[Y]] : bf16
func.func @half(%x: f16, %y: bf16) -> (f16, bf16, bf16) {
  %0 = tolk.add %x, %x : f16
  %1 = tolk.mul %y, %y : bf16
  %2 = tolk.sqrt %y : bf16
  return %0, %1, %2 : f16, bf16, bf16
}

// -----

// Constants keep their exact bits, NaN payloads and -0.0 included;
// `invalid` is 0.
// CHECK-LABEL: func.func @float_consts
// CHECK-DAG: %[[A:.*]] = arith.constant 0x7FC00001 : f32
// CHECK-DAG: %[[B:.*]] = arith.constant 0x7C01 : f16
// CHECK-DAG: %[[C:.*]] = arith.constant -0.000000e+00 : bf16
// CHECK-DAG: %[[D:.*]] = arith.constant 1.000000e-01 : f64
// CHECK-DAG: %[[E:.*]] = arith.constant dense<0xFC00> : vector<2xf16>
// CHECK-DAG: %[[F:.*]] = arith.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]]
func.func @float_consts() -> (f32, f16, bf16, f64, vector<2xf16>, tensor<2xf32>) {
  %a = tolk.const 0x7FC00001 : f32
  %b = tolk.const 0x7C01 : f16
  %c = tolk.const -0.0 : bf16
  %d = tolk.const 0.1 : f64
  %e = tolk.const 0xFC00 : vector<2xf16>
  %f = tolk.const invalid : tensor<2xf32>
  return %a, %b, %c, %d, %e, %f : f32, f16, bf16, f64, vector<2xf16>, tensor<2xf32>
}
