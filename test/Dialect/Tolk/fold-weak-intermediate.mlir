// A weak float that a strong value makes is a value of the committed float
// (docs/Semantics.md#weak-types): --canonicalize leaves the conversion and
// the ops on it until --tolk-commit-weak, and then folds them in that float,
// as every target computes them. Weak literals alone still fold in binary64.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-commit-weak --canonicalize | FileCheck %s --check-prefix=COMMIT
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-commit-weak="default-float=f64" --canonicalize | FileCheck %s --check-prefix=F64

// An si32 past f32's exact range times a weak 1.5, then added to an f32: in
// f32, 16777217 is 16777216 and the product 25165824 (binary64 would give
// 25165825.5, rounded once to 25165826). Committed to f64, the product is
// exact, and rounded once to f32 for the add.
// CANON-LABEL: func.func @int_times_weak
// CANON: %[[N:.*]] = tolk.cast %{{.*}} : si32 to !tolk.weakfloat
// CANON: tolk.mul %[[N]], %{{.*}} : !tolk.weakfloat
// COMMIT-LABEL: func.func @int_times_weak
// COMMIT: %[[P:.*]] = tolk.const 25165824.0 : f32
// COMMIT: tolk.add %arg0, %[[P]] : f32
// F64-LABEL: func.func @int_times_weak
// F64: %[[P:.*]] = tolk.const 25165826.0 : f32
// F64: tolk.add %arg0, %[[P]] : f32
func.func @int_times_weak(%y: f32) -> f32 {
  %n = tolk.const 16777217 : si32
  %half = tolk.const 1.5 : !tolk.weakfloat
  %p = tolk.mul %n, %half : (si32, !tolk.weakfloat) -> !tolk.weakfloat
  %r = tolk.add %p, %y : (!tolk.weakfloat, f32) -> f32
  return %r : f32
}

// -----

// A comparison through the weak float compares committed values: 16777217
// is 16777216 in f32.
// CANON-LABEL: func.func @compare
// CANON: tolk.cmpeq
// COMMIT-LABEL: func.func @compare
// COMMIT: %[[T:.*]] = tolk.const true
// COMMIT: return %[[T]]
func.func @compare() -> i1 {
  %n = tolk.const 16777217 : si32
  %f = tolk.const 16777216.0 : !tolk.weakfloat
  %r = tolk.cmpeq %n, %f : (si32, !tolk.weakfloat) -> i1
  return %r : i1
}

// -----

// Strong operands that promote to a weak float (si64 with ui64), and a cast
// of a strong constant to one, wait for the commit too.
// CANON-LABEL: func.func @strong_pair
// CANON-DAG: tolk.cast %{{.*}} : si64 to !tolk.weakfloat
// CANON-DAG: tolk.cast %{{.*}} : ui64 to !tolk.weakfloat
// CANON-DAG: tolk.cast %{{.*}} : i1 to !tolk.weakfloat
// COMMIT-LABEL: func.func @strong_pair
// COMMIT-DAG: tolk.const 9007199254740992.0 : f32
// COMMIT-DAG: tolk.const 1.0 : f32
func.func @strong_pair() -> (!tolk.weakfloat, !tolk.weakfloat) {
  %a = tolk.const 9007199254740993 : si64
  %b = tolk.const 0 : ui64
  %r = tolk.add %a, %b : (si64, ui64) -> !tolk.weakfloat
  %t = tolk.const true : i1
  %c = tolk.cast %t : i1 to !tolk.weakfloat
  return %r, %c : !tolk.weakfloat, !tolk.weakfloat
}

// -----

// Weak literals alone fold in binary64, as Python computes them.
// CANON-LABEL: func.func @literals
// CANON: tolk.const 0.30000000000000004 : !tolk.weakfloat
func.func @literals() -> !tolk.weakfloat {
  %a = tolk.const 0.1 : !tolk.weakfloat
  %b = tolk.const 3 : !tolk.weakint
  %r = tolk.mul %a, %b : (!tolk.weakfloat, !tolk.weakint) -> !tolk.weakfloat
  return %r : !tolk.weakfloat
}
