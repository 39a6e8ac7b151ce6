// --convert-tolk-to-arith leaves 8-bit extf/truncf for the target;
// --tolk-expand-float-conversions turns them into integer arithmetic, so no
// 8-bit conversion is left for a target that has none. Folding the result
// gives the bits Tolk's own folder gives: 464 saturates to 448 in e4m3fn,
// an infinity is e4m3fn's NaN, and 57344 + 57344 saturates in e5m2.
// RUN: tolk-opt %s -split-input-file --convert-tolk-to-arith --tolk-expand-saturating-truncf --tolk-expand-float-conversions | FileCheck %s --check-prefix=EXPAND
// RUN: tolk-opt %s -split-input-file --convert-tolk-to-arith --tolk-expand-saturating-truncf --tolk-expand-float-conversions --canonicalize | FileCheck %s --check-prefix=FOLD
// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefix=TOLK

// EXPAND-LABEL: func.func @cast
// EXPAND-NOT: arith.truncf
// EXPAND: arith.bitcast %{{.*}} : i8 to f8E4M3FN
func.func @cast(%x: f32) -> f8E4M3FN {
  %0 = tolk.cast %x : f32 to f8E4M3FN
  return %0 : f8E4M3FN
}

// -----

// EXPAND-LABEL: func.func @add
// EXPAND-NOT: arith.extf {{.*}}f8
// EXPAND: arith.addf %{{.*}}, %{{.*}} : f32
// EXPAND-NOT: arith.truncf {{.*}}f8
// EXPAND: arith.bitcast %{{.*}} : i8 to f8E5M2
func.func @add(%a: f8E5M2, %b: f8E5M2) -> f8E5M2 {
  %0 = tolk.add %a, %b : f8E5M2
  return %0 : f8E5M2
}

// -----

// FOLD-LABEL: func.func @folded
// FOLD-DAG: arith.constant 4.480000e+02 : f8E4M3FN
// FOLD-DAG: arith.constant 0x7F : f8E4M3FN
// FOLD-DAG: arith.constant 5.734400e+04 : f8E5M2
// TOLK-LABEL: func.func @folded
// TOLK-DAG: tolk.const 448.0 : f8E4M3FN
// TOLK-DAG: tolk.const 0x7F : f8E4M3FN
// TOLK-DAG: tolk.const 57344.0 : f8E5M2
func.func @folded() -> (f8E4M3FN, f8E4M3FN, f8E5M2) {
  %big = tolk.const 464.0 : f32
  %inf = tolk.const 0x7F800000 : f32
  %0 = tolk.cast %big : f32 to f8E4M3FN
  %1 = tolk.cast %inf : f32 to f8E4M3FN
  %a = tolk.const 57344.0 : f8E5M2
  %2 = tolk.add %a, %a : f8E5M2
  return %0, %1, %2 : f8E4M3FN, f8E4M3FN, f8E5M2
}
