// RUN: tolk-opt --convert-tolk-to-arith --split-input-file %s | FileCheck %s
// RUN: tolk-opt --convert-tolk-to-arith --sccp --canonicalize --split-input-file %s \
// RUN:   | FileCheck %s --check-prefix=FOLD

// An 8-bit float's NaN is one code in the folder: S.11111.11 of its sign in
// f8E5M2 (0x7D, 0x7E and 0x7F are NaNs), 0x7F in f8E4M3FN (0xFF is its
// other NaN). A bitcast reads and writes that code, on the storage bits.
// CHECK-LABEL: func.func @bitcast_e5m2(
// CHECK-SAME: %[[A:.*]]: i8, %[[E:.*]]: f8E5M2
// CHECK: %[[X:.*]] = arith.bitcast %[[A]] : i8 to f8E5M2
// CHECK: %[[XB:.*]] = arith.bitcast %[[X]] : f8E5M2 to i8
// CHECK: %[[MAG:.*]] = arith.andi %[[XB]], %{{.*}} : i8
// CHECK: %[[NAN:.*]] = arith.cmpi ugt, %[[MAG]], %{{.*}} : i8
// CHECK: %[[Q:.*]] = arith.ori %[[XB]], %{{.*}} : i8
// CHECK: %[[S:.*]] = arith.select %[[NAN]], %[[Q]], %[[XB]] : i8
// CHECK: %[[R0:.*]] = arith.bitcast %[[S]] : i8 to f8E5M2
// CHECK: %[[EB:.*]] = arith.bitcast %[[E]] : f8E5M2 to i8
// CHECK: arith.select %{{.*}} : i8
// CHECK: %[[R1:.*]] = arith.bitcast %{{.*}} : f8E5M2 to i8
// CHECK: return %[[R0]], %[[R1]]
func.func @bitcast_e5m2(%a: ui8, %e: f8E5M2) -> (f8E5M2, ui8) {
  %0 = tolk.bitcast %a : ui8 to f8E5M2
  %1 = tolk.bitcast %e : f8E5M2 to ui8
  return %0, %1 : f8E5M2, ui8
}

// -----

// f8E4M3FN: 0xFF (the NaN with the sign bit) becomes 0x7F. An identity
// cast makes the code too (the folder keeps it: it is no identity), a
// where of values from memory too; the fnuz formats have one NaN code.
// CHECK-LABEL: func.func @identity_e4m3(
// CHECK-SAME: %[[F:.*]]: f8E4M3FN, %[[C:.*]]: i1, %[[U:.*]]: f8E4M3FNUZ, %[[G:.*]]: f8E4M3FN
// CHECK: %[[FB:.*]] = arith.bitcast %[[F]] : f8E4M3FN to i8
// CHECK: %[[FF:.*]] = arith.constant -1 : i8
// CHECK: %[[NEG:.*]] = arith.cmpi eq, %[[FB]], %[[FF]] : i8
// CHECK: %[[C7F:.*]] = arith.constant 127 : i8
// CHECK: %[[S:.*]] = arith.select %[[NEG]], %[[C7F]], %[[FB]] : i8
// CHECK: %[[R0:.*]] = arith.bitcast %[[S]] : i8 to f8E4M3FN
// CHECK: %[[W:.*]] = arith.select %[[C]], %[[F]], %[[G]] : f8E4M3FN
// CHECK: arith.bitcast %[[W]] : f8E4M3FN to i8
// CHECK: %[[R1:.*]] = arith.bitcast %{{.*}} : i8 to f8E4M3FN
// CHECK: return %[[R0]], %[[R1]], %[[U]]
func.func @identity_e4m3(%f: f8E4M3FN, %c: i1, %u: f8E4M3FNUZ, %g: f8E4M3FN)
    -> (f8E4M3FN, f8E4M3FN, f8E4M3FNUZ) {
  %0 = tolk.cast %f : f8E4M3FN to f8E4M3FN
  %1 = tolk.where %c, %f, %g : (i1, f8E4M3FN, f8E4M3FN) -> f8E4M3FN
  %2 = tolk.cast %u : f8E4M3FNUZ to f8E4M3FNUZ
  return %0, %1, %2 : f8E4M3FN, f8E4M3FN, f8E4M3FNUZ
}

// -----

// The lowered code on constants, which --sccp carries into the private
// function and arith's folders evaluate: the folder's codes
// (test/Dialect/Tolk/fold-fp8-nan-codes.mlir folds the same ops).
// FOLD-LABEL: func.func @main(
// FOLD-DAG: %[[A:.*]] = arith.constant 127 : i8
// FOLD-DAG: %[[B:.*]] = arith.constant -1 : i8
// FOLD-DAG: %[[C:.*]] = arith.constant 124 : i8
// FOLD: return %[[A]], %[[A]], %[[B]], %[[A]], %[[C]] :
func.func private @codes(%c7d: ui8, %c7e: ui8, %cfd: ui8, %cff: ui8, %c7c: ui8)
    -> (ui8, ui8, ui8, ui8, ui8) {
  %e0 = tolk.bitcast %c7d : ui8 to f8E5M2
  %e1 = tolk.bitcast %c7e : ui8 to f8E5M2
  %e2 = tolk.bitcast %cfd : ui8 to f8E5M2
  %f3 = tolk.bitcast %cff : ui8 to f8E4M3FN
  %e4 = tolk.bitcast %c7c : ui8 to f8E5M2
  %0 = tolk.bitcast %e0 : f8E5M2 to ui8
  %1 = tolk.bitcast %e1 : f8E5M2 to ui8
  %2 = tolk.bitcast %e2 : f8E5M2 to ui8
  %3 = tolk.bitcast %f3 : f8E4M3FN to ui8
  %4 = tolk.bitcast %e4 : f8E5M2 to ui8
  return %0, %1, %2, %3, %4 : ui8, ui8, ui8, ui8, ui8
}

func.func @main() -> (ui8, ui8, ui8, ui8, ui8) {
  %a = tolk.const 125 : ui8
  %b = tolk.const 126 : ui8
  %c = tolk.const 253 : ui8
  %d = tolk.const 255 : ui8
  %e = tolk.const 124 : ui8
  %r:5 = func.call @codes(%a, %b, %c, %d, %e)
      : (ui8, ui8, ui8, ui8, ui8) -> (ui8, ui8, ui8, ui8, ui8)
  return %r#0, %r#1, %r#2, %r#3, %r#4 : ui8, ui8, ui8, ui8, ui8
}
