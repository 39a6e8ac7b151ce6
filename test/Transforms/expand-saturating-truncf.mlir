// RUN: tolk-opt %s -split-input-file --tolk-expand-saturating-truncf --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefix=FOLD

// The expansion: a clamp to +-448 of the finite lanes, the truncf, and the
// NaN code over the lanes that are not finite.
// CHECK-LABEL: func.func @e4m3
// CHECK-DAG: %[[MAX:.*]] = arith.constant dense<4.480000e+02> : vector<2xf32>
// CHECK-DAG: %[[MIN:.*]] = arith.constant dense<-4.480000e+02> : vector<2xf32>
// CHECK: %[[FIN:.*]] = arith.andi
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %arg0, %[[MAX]]
// CHECK: %[[ABOVE:.*]] = arith.andi %[[FIN]], %[[GT]]
// CHECK: %[[LT:.*]] = arith.cmpf olt, %arg0, %[[MIN]]
// CHECK: %[[BELOW:.*]] = arith.andi %[[FIN]], %[[LT]]
// CHECK: %[[LOW:.*]] = arith.select %[[BELOW]], %[[MIN]], %arg0
// CHECK: %[[C:.*]] = arith.select %[[ABOVE]], %[[MAX]], %[[LOW]]
// CHECK: %[[T:.*]] = arith.truncf %[[C]] : vector<2xf32> to vector<2xf8E4M3FN>
// CHECK: %[[NF:.*]] = arith.xori %[[FIN]]
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7F> : vector<2xf8E4M3FN>
// CHECK: %[[R:.*]] = arith.select %[[NF]], %[[NAN]], %[[T]]
// CHECK: return %[[R]]
func.func @e4m3(%x: vector<2xf32>) -> vector<2xf8E4M3FN> {
  %0 = tolk.saturating_truncf %x : vector<2xf32> to vector<2xf8E4M3FN>
  return %0 : vector<2xf8E4M3FN>
}

// -----

// f8E5M2 keeps the truncf's infinities and selects the NaN of the source's
// sign.
// CHECK-LABEL: func.func @e5m2
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : f16 to f8E5M2
// CHECK: %[[ISNAN:.*]] = arith.cmpf uno, %arg0, %arg0 : f16
// CHECK: %[[BITS:.*]] = arith.bitcast %arg0 : f16 to i16
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[BITS]]
// CHECK: %[[N:.*]] = arith.select %[[NEG]], %{{.*}}, %{{.*}} : f8E5M2
// CHECK: arith.select %[[ISNAN]], %[[N]], %[[T]] : f8E5M2
func.func @e5m2(%x: f16) -> f8E5M2 {
  %0 = tolk.saturating_truncf %x : f16 to f8E5M2
  return %0 : f8E5M2
}

// -----

// Constants fold to the folder's codes (lib/Dtype's truncate, as tolk.cast
// folds): rounding to nearest even, saturation of either sign, infinities,
// NaNs of either sign, and fnuz's -0.0.
// FOLD-LABEL: func.func @fold
// FOLD-DAG: arith.constant dense<[1.000000e+00, 4.480000e+02, -4.480000e+02, 0x7F, 0x7F, 0x7F, 0x7F, 2.500000e-01]> : vector<8xf8E4M3FN>
// FOLD-DAG: arith.constant dense<[1.000000e+00, 5.734400e+04, -5.734400e+04, 0x7C, 0xFC, 0x7F, 0xFF, 2.500000e-01]> : vector<8xf8E5M2>
// FOLD-DAG: arith.constant dense<[1.000000e+00, 2.400000e+02, -2.400000e+02, 0x80, 0x80, 0x80, 0x80, 2.500000e-01]> : vector<8xf8E4M3FNUZ>
// FOLD-DAG: arith.constant dense<[0.000000e+00, 0.000000e+00, 1.000000e+00]> : vector<3xf8E5M2FNUZ>
// FOLD-DAG: arith.constant 4.480000e+02 : f8E4M3FN
func.func @fold() -> (vector<8xf8E4M3FN>, vector<8xf8E5M2>, vector<8xf8E4M3FNUZ>, vector<3xf8E5M2FNUZ>, f8E4M3FN) {
  %x = arith.constant dense<[1.0, 1.0e6, -1.0e6, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0.2509765625]> : vector<8xf32>
  %z = arith.constant dense<[-0.0, -1.0e-30, 1.125]> : vector<3xf64>
  %s = arith.constant 1.0e4 : bf16
  %0 = tolk.saturating_truncf %x : vector<8xf32> to vector<8xf8E4M3FN>
  %1 = tolk.saturating_truncf %x : vector<8xf32> to vector<8xf8E5M2>
  %2 = tolk.saturating_truncf %x : vector<8xf32> to vector<8xf8E4M3FNUZ>
  %3 = tolk.saturating_truncf %z : vector<3xf64> to vector<3xf8E5M2FNUZ>
  %4 = tolk.saturating_truncf %s : bf16 to f8E4M3FN
  return %0, %1, %2, %3, %4 : vector<8xf8E4M3FN>, vector<8xf8E5M2>, vector<8xf8E4M3FNUZ>, vector<3xf8E5M2FNUZ>, f8E4M3FN
}
