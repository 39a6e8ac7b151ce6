// A derived op on a weak value that is not a literal (here a weak float an
// si32 made) waits for --tolk-commit-weak: decomposed before it, the
// reciprocal of its weak divisor would fold in binary64 (1/0.001 is 1000),
// where the committed f32 gives 999.99994 (docs/Semantics.md#weak-types).
// The pipelines decompose again after the commit.
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-decompose --canonicalize | FileCheck %s --check-prefix=BEFORE
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-decompose --canonicalize --tolk-commit-weak --tolk-decompose --canonicalize | FileCheck %s --check-prefix=AFTER
// RUN: tolk-opt %s -split-input-file --canonicalize --tolk-commit-weak --canonicalize | FileCheck %s --check-prefix=AFTER

// 71 / 0.001 is 71 * f32(1 / f32(0.001)) = 70999.9921875 in f32, and
// 71000 with the reciprocal in binary64.
// BEFORE-LABEL: func.func @int_by_weak
// BEFORE: tolk.div %{{.*}}, %{{.*}} : !tolk.weakfloat
// AFTER-LABEL: func.func @int_by_weak
// AFTER: tolk.const 70999.9921875 : f32
func.func @int_by_weak() -> f32 {
  %n = tolk.const 71 : si32
  %c = tolk.const 1.0e-3 : !tolk.weakfloat
  %d = tolk.div %n, %c : (si32, !tolk.weakfloat) -> !tolk.weakfloat
  %r = tolk.cast %d : !tolk.weakfloat to f32
  return %r : f32
}

// -----

// Literals alone decompose (and fold) before the commit, in binary64.
// BEFORE-LABEL: func.func @literals
// BEFORE: tolk.const 71000.0 : !tolk.weakfloat
// AFTER-LABEL: func.func @literals
// AFTER: tolk.const 71000.0 : f32
func.func @literals() -> !tolk.weakfloat {
  %n = tolk.const 71 : !tolk.weakint
  %c = tolk.const 1.0e-3 : !tolk.weakfloat
  %d = tolk.div %n, %c : (!tolk.weakint, !tolk.weakfloat) -> !tolk.weakfloat
  return %d : !tolk.weakfloat
}

// -----

// A strong derived op decomposes before the commit, as it always did.
// BEFORE-LABEL: func.func @strong
// BEFORE-NOT: tolk.div
// BEFORE: tolk.reciprocal
func.func @strong(%x: f32, %y: f32) -> f32 {
  %d = tolk.div %x, %y : f32
  return %d : f32
}
