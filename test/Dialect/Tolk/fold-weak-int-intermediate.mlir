// A weak integer that a strong value makes (Bool with a weak integer, a cast
// of a strong integer to !tolk.weakint) is a value of the committed integer
// (docs/Semantics.md#weak-types): --canonicalize leaves the conversion and
// the ops on it until --tolk-commit-weak, and then folds them at that width,
// as every target computes them. Weak literals alone stay exact.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-commit-weak --canonicalize | FileCheck %s --check-prefix=COMMIT
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-commit-weak="default-int=si64" --canonicalize | FileCheck %s --check-prefix=I64

// Bool plus a weak 2^32, then added to an f32: committed to si32 the weak
// 2^32 wraps to 0 and the sum is 1; committed to si64 it is 2^32 + 1,
// rounded once to f32 for the add.
// CANON-LABEL: func.func @bool_plus_weak
// CANON: %[[B:.*]] = tolk.cast %{{.*}} : i1 to !tolk.weakint
// CANON: tolk.add %[[B]], %{{.*}} : !tolk.weakint
// COMMIT-LABEL: func.func @bool_plus_weak
// COMMIT: %[[P:.*]] = tolk.const 1.0 : f32
// COMMIT: tolk.add %arg0, %[[P]] : f32
// I64-LABEL: func.func @bool_plus_weak
// I64: %[[P:.*]] = tolk.const 4294967296.0 : f32
// I64: tolk.add %arg0, %[[P]] : f32
func.func @bool_plus_weak(%y: f32) -> f32 {
  %b = tolk.const true : i1
  %big = tolk.const 4294967296 : !tolk.weakint
  %p = tolk.add %b, %big : (i1, !tolk.weakint) -> !tolk.weakint
  %r = tolk.add %p, %y : (!tolk.weakint, f32) -> f32
  return %r : f32
}

// -----

// A comparison of Bool with a weak integer compares committed values: in
// si32, 2^32 is 0, not above true.
// CANON-LABEL: func.func @compare
// CANON: tolk.cmplt
// COMMIT-LABEL: func.func @compare
// COMMIT: %[[F:.*]] = tolk.const false
// COMMIT: return %[[F]]
// I64-LABEL: func.func @compare
// I64: %[[T:.*]] = tolk.const true
// I64: return %[[T]]
func.func @compare() -> i1 {
  %b = tolk.const true : i1
  %big = tolk.const 4294967296 : !tolk.weakint
  %r = tolk.cmplt %b, %big : (i1, !tolk.weakint) -> i1
  return %r : i1
}

// -----

// A strong integer cast to a weak integer, then compared with a weak
// literal: 2^31 is negative in si32.
// CANON-LABEL: func.func @cast_then_weak
// CANON: tolk.cast %{{.*}} : si64 to !tolk.weakint
// COMMIT-LABEL: func.func @cast_then_weak
// COMMIT: %[[T:.*]] = tolk.const true
// COMMIT: return %[[T]]
// I64-LABEL: func.func @cast_then_weak
// I64: %[[F:.*]] = tolk.const false
// I64: return %[[F]]
func.func @cast_then_weak() -> i1 {
  %x = tolk.const 2147483648 : si64
  %w = tolk.cast %x : si64 to !tolk.weakint
  %z = tolk.const 0 : !tolk.weakint
  %r = tolk.cmplt %w, %z : (!tolk.weakint, !tolk.weakint) -> i1
  return %r : i1
}

// -----

// Weak literals alone stay exact.
// CANON-LABEL: func.func @literals
// CANON: tolk.const 4294967297 : !tolk.weakint
func.func @literals() -> !tolk.weakint {
  %a = tolk.const 1 : !tolk.weakint
  %b = tolk.const 4294967296 : !tolk.weakint
  %r = tolk.add %a, %b : !tolk.weakint
  return %r : !tolk.weakint
}

// -----

// No identity looks through a conversion that waits: false + 2^40 is not
// the weak 2^40 (which an si64 would take whole), but si32's 0 + 0 made an
// si64.
// CANON-LABEL: func.func @identity
// CANON: tolk.add
// COMMIT-LABEL: func.func @identity
// COMMIT: %[[T:.*]] = tolk.const true
// COMMIT: return %[[T]]
// I64-LABEL: func.func @identity
// I64: %[[F:.*]] = tolk.const false
// I64: return %[[F]]
func.func @identity() -> i1 {
  %b = tolk.const false : i1
  %big = tolk.const 1099511627776 : !tolk.weakint
  %w = tolk.add %b, %big : (i1, !tolk.weakint) -> !tolk.weakint
  %s = tolk.const 16777219 : si64
  %r = tolk.cmplt %w, %s : (!tolk.weakint, si64) -> i1
  return %r : i1
}
