// A range runs no iteration when its step is not positive or its constant
// bounds have lb >= ub (docs/Semantics.md#ranges): --canonicalize erases it,
// and keeps every range that may run.
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @zero_step
// CHECK-NOT: tolk.range
func.func @zero_step(%n: si32, %buf: !tolk.ptr<f32, reg, 1>) {
  %c0 = tolk.const 0 : si32
  %x = tolk.const 1.0 : f32
  tolk.range %i = %c0 to %n step %c0 : si32 {
    tolk.store %buf, %x : !tolk.ptr<f32, reg, 1>, f32
  }
  return
}

// -----

// A step that folds to a negative number only in the canonicalizer.
// CHECK-LABEL: func.func @folded_negative_step
// CHECK-NOT: tolk.range
func.func @folded_negative_step(%n: si32, %buf: !tolk.ptr<f32, reg, 1>) {
  %c0 = tolk.const 0 : si32
  %c3 = tolk.const 3 : si32
  %s = tolk.sub %c0, %c3 : si32
  %x = tolk.const 1.0 : f32
  tolk.range %i = %c0 to %n step %s : si32 {
    tolk.store %buf, %x : !tolk.ptr<f32, reg, 1>, f32
  }
  return
}

// -----

// Constant bounds compare as their type reads them: 200 : ui8 is past 100.
// CHECK-LABEL: func.func @empty_span
// CHECK-NOT: tolk.range
func.func @empty_span(%buf: !tolk.ptr<f32, reg, 1>) {
  %lo = tolk.const 200 : ui8
  %hi = tolk.const 100 : ui8
  %one = tolk.const 1 : ui8
  %x = tolk.const 1.0 : f32
  tolk.range %i = %lo to %hi step %one : ui8 {
    tolk.store %buf, %x : !tolk.ptr<f32, reg, 1>, f32
  }
  tolk.range %j = %lo to %lo step %one : ui8 {
    tolk.store %buf, %x : !tolk.ptr<f32, reg, 1>, f32
  }
  return
}

// -----

// An unsigned step is positive unless it is 0 (255 : ui8 is no -1); a
// signed span that reads negative still runs; a step known at run time
// stays for the lowering.
// CHECK-LABEL: func.func @may_run
// CHECK-COUNT-3: tolk.range
func.func @may_run(%s: si32, %buf: !tolk.ptr<f32, reg, 1>) {
  %u0 = tolk.const 0 : ui8
  %u255 = tolk.const 255 : ui8
  %m5 = tolk.const -5 : si32
  %c0 = tolk.const 0 : si32
  %c1 = tolk.const 1 : si32
  %x = tolk.const 1.0 : f32
  tolk.range %i = %u0 to %u255 step %u255 : ui8 {
    tolk.store %buf, %x : !tolk.ptr<f32, reg, 1>, f32
  }
  tolk.range %j = %m5 to %c0 step %c1 : si32 {
    tolk.store %buf, %x : !tolk.ptr<f32, reg, 1>, f32
  }
  tolk.range %k = %m5 to %c0 step %s : si32 {
    tolk.store %buf, %x : !tolk.ptr<f32, reg, 1>, f32
  }
  return
}
