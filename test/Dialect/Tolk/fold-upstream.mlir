// Upstream folders that take a tolk.const operand read its value: tolk.const
// folds to a builtin attribute where its type has one (ConstantMapping.h),
// and upstream folders read any other attribute as zero.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @from_elements
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<[5, -3]> : vector<2xsi64>
// CHECK-NEXT: return %[[C]]
func.func @from_elements() -> vector<2xsi64> {
  %a = tolk.const 5 : si64
  %b = tolk.const -3 : si64
  %v = vector.from_elements %a, %b : vector<2xsi64>
  return %v : vector<2xsi64>
}

// -----

// Float bits, NaN payloads included, and Bool.
// CHECK-LABEL: func.func @floats_and_bools
// CHECK-DAG: arith.constant dense<[1.500000e+00, 0x7E01]> : vector<2xf16>
// CHECK-DAG: arith.constant dense<[true, false]> : vector<2xi1>
func.func @floats_and_bools() -> (vector<2xf16>, vector<2xi1>) {
  %a = tolk.const 1.5 : f16
  %b = tolk.const 0x7E01 : f16
  %v = vector.from_elements %a, %b : vector<2xf16>
  %t = tolk.const true : i1
  %f = tolk.const false : i1
  %w = vector.from_elements %t, %f : vector<2xi1>
  return %v, %w : vector<2xf16>, vector<2xi1>
}

// -----

// A splat operand: vector.broadcast of a constant folds to its splat.
// CHECK-LABEL: func.func @broadcast
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<200> : vector<4xui8>
// CHECK-NEXT: return %[[C]]
func.func @broadcast() -> vector<4xui8> {
  %a = tolk.const 200 : ui8
  %v = vector.broadcast %a : ui8 to vector<4xui8>
  return %v : vector<4xui8>
}

// -----

// Tolk's own folders read the builtin attributes back exactly, and a weak or
// invalid constant, which has no builtin attribute, stays #tolk.const.
// CHECK-LABEL: func.func @tolk_folds
// CHECK-DAG: tolk.const -128 : si8
// CHECK-DAG: tolk.const 0x7E01 : f16
// CHECK-DAG: tolk.const 600 : !tolk.weakint
// CHECK-DAG: tolk.const invalid : f32
func.func @tolk_folds() -> (si8, f16, !tolk.weakint, f32) {
  %a = tolk.const 127 : si8
  %one = tolk.const 1 : si8
  %0 = tolk.add %a, %one : si8
  %n = tolk.const 0x7E01 : f16
  %z = tolk.const 0.0 : f16
  %1 = tolk.add %n, %z : f16
  %w = tolk.const 300 : !tolk.weakint
  %2 = tolk.add %w, %w : !tolk.weakint
  %i = tolk.const invalid : f32
  %x = tolk.const 2.0 : f32
  %3 = tolk.mul %i, %x : f32
  return %0, %1, %2, %3 : si8, f16, !tolk.weakint, f32
}
