// RUN: tolk-opt --canonicalize --split-input-file %s | FileCheck %s

// An 8-bit float value that is a NaN has one code in the folder (its
// format's: S.11111.11 of its sign in f8E5M2, 0x7F in f8E4M3FN). A cast or
// bitcast to the same 8-bit float is therefore not the identity on bits:
// an operand from memory may hold another NaN code. It folds on constants
// and stays on other values; other types' identity conversions fold away,
// the fnuz formats' too (0x80 is their one NaN).
// CHECK-LABEL: func.func @identity(
// CHECK-SAME: %[[E:.*]]: f8E5M2, %[[F:.*]]: f8E4M3FN, %[[X:.*]]: f32, %[[U:.*]]: f8E4M3FNUZ
// CHECK-NEXT: %[[C:.*]] = tolk.cast %[[E]] : f8E5M2 to f8E5M2
// CHECK-NEXT: %[[B:.*]] = tolk.bitcast %[[F]] : f8E4M3FN to f8E4M3FN
// CHECK-NEXT: return %[[C]], %[[B]], %[[X]], %[[X]], %[[U]]
func.func @identity(%e: f8E5M2, %f: f8E4M3FN, %x: f32, %u: f8E4M3FNUZ)
    -> (f8E5M2, f8E4M3FN, f32, f32, f8E4M3FNUZ) {
  %0 = tolk.cast %e : f8E5M2 to f8E5M2
  %1 = tolk.bitcast %f : f8E4M3FN to f8E4M3FN
  %2 = tolk.cast %x : f32 to f32
  %3 = tolk.bitcast %x : f32 to f32
  %4 = tolk.cast %u : f8E4M3FNUZ to f8E4M3FNUZ
  return %0, %1, %2, %3, %4 : f8E5M2, f8E4M3FN, f32, f32, f8E4M3FNUZ
}

// -----

// On constants: the NaN codes read as the NaN of their sign (f8E5M2) or the
// one NaN (f8E4M3FN), which stores as the format's code.
// CHECK-LABEL: func.func @codes(
// CHECK-DAG: %[[A:.*]] = tolk.const 127 : ui8
// CHECK-DAG: %[[B:.*]] = tolk.const 255 : ui8
// CHECK: return %[[A]], %[[A]], %[[B]], %[[A]], %[[A]]
func.func @codes() -> (ui8, ui8, ui8, ui8, ui8) {
  %c7d = tolk.const 125 : ui8
  %c7e = tolk.const 126 : ui8
  %cfd = tolk.const 253 : ui8
  %cff = tolk.const 255 : ui8
  %e0 = tolk.bitcast %c7d : ui8 to f8E5M2
  %e1 = tolk.bitcast %c7e : ui8 to f8E5M2
  %e2 = tolk.bitcast %cfd : ui8 to f8E5M2
  %f3 = tolk.bitcast %cff : ui8 to f8E4M3FN
  %i4 = tolk.cast %e0 : f8E5M2 to f8E5M2
  %0 = tolk.bitcast %e0 : f8E5M2 to ui8
  %1 = tolk.bitcast %e1 : f8E5M2 to ui8
  %2 = tolk.bitcast %e2 : f8E5M2 to ui8
  %3 = tolk.bitcast %f3 : f8E4M3FN to ui8
  %4 = tolk.bitcast %i4 : f8E5M2 to ui8
  return %0, %1, %2, %3, %4 : ui8, ui8, ui8, ui8, ui8
}
