// RUN: tolk-opt %s -split-input-file --convert-tolk-to-arith=bf16-in-f32 --tolk-expand-saturating-truncf --cse | FileCheck %s
// RUN: tolk-opt %s -split-input-file --convert-tolk-to-arith --tolk-expand-saturating-truncf --cse | FileCheck %s --check-prefix=NATIVE

// With bf16-in-f32, each bf16 op computes in f32 and rounds back once: the
// reciprocal is rounded to bf16 before the product, as the folder rounds
// it (upstream's arith-emulate-unsupported-floats marks its conversions
// `contract`, and the canonicalizer then drops that rounding).

// CHECK-LABEL: func.func @div(
// CHECK-SAME: %[[A:.*]]: bf16, %[[B:.*]]: bf16) -> bf16
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[BW:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK: %[[R:.*]] = arith.divf %[[ONE]], %[[BW]] : f32
// CHECK: %[[RB:.*]] = arith.truncf %[[R]] : f32 to bf16
// CHECK-DAG: %[[AW:.*]] = arith.extf %[[A]] : bf16 to f32
// CHECK-DAG: %[[RW:.*]] = arith.extf %[[RB]] : bf16 to f32
// CHECK: %[[M:.*]] = arith.mulf %[[AW]], %[[RW]] : f32
// CHECK: %[[MB:.*]] = arith.truncf %[[M]] : f32 to bf16
// CHECK: return %[[MB]] : bf16

// NATIVE-LABEL: func.func @div(
// NATIVE: arith.divf %{{.*}}, %{{.*}} : bf16
// NATIVE: arith.mulf %{{.*}}, %{{.*}} : bf16
func.func @div(%a: bf16, %b: bf16) -> bf16 {
  %r = tolk.reciprocal %b : bf16
  %m = tolk.mul %a, %r : bf16
  return %m : bf16
}

// -----

// Comparisons and max compare the exactly widened values; where selects
// the bf16 values themselves; math ops compute in f32 too.

// CHECK-LABEL: func.func @others(
// CHECK-SAME: %[[A:.*]]: vector<4xbf16>, %[[B:.*]]: vector<4xbf16>
// CHECK-DAG: %[[AW:.*]] = arith.extf %[[A]] : vector<4xbf16> to vector<4xf32>
// CHECK-DAG: %[[BW:.*]] = arith.extf %[[B]] : vector<4xbf16> to vector<4xf32>
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[AW]], %[[BW]] : vector<4xf32>
// CHECK: %[[SEL:.*]] = arith.select %[[LT]], %[[A]], %[[B]] : vector<4xi1>, vector<4xbf16>
// CHECK: %[[S:.*]] = math.sqrt %[[AW]] : vector<4xf32>
// CHECK: %[[SB:.*]] = arith.truncf %[[S]] : vector<4xf32> to vector<4xbf16>
// CHECK: return %[[LT]], %[[SEL]], %[[SB]]
// CHECK-NOT: : bf16 to bf16

// NATIVE-LABEL: func.func @others(
// NATIVE: arith.cmpf olt, %{{.*}}, %{{.*}} : vector<4xbf16>
// NATIVE: math.sqrt %{{.*}} : vector<4xbf16>
func.func @others(%a: vector<4xbf16>, %b: vector<4xbf16>)
    -> (vector<4xi1>, vector<4xbf16>, vector<4xbf16>) {
  %lt = tolk.cmplt %a, %b : (vector<4xbf16>, vector<4xbf16>) -> vector<4xi1>
  %sel = tolk.where %lt, %a, %b : (vector<4xi1>, vector<4xbf16>, vector<4xbf16>) -> vector<4xbf16>
  %s = tolk.sqrt %a : vector<4xbf16>
  return %lt, %sel, %s : vector<4xi1>, vector<4xbf16>, vector<4xbf16>
}

// -----

// Casts from bf16 to Bool and integers read the exactly widened f32; an
// integer becomes bf16 through the narrowest float that holds it exactly,
// then rounds once.

// CHECK-LABEL: func.func @casts(
// CHECK-SAME: %[[X:.*]]: bf16, %[[I:.*]]: i32, %[[J:.*]]: i16
// CHECK: %[[XW:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK: arith.cmpf une, %[[XW]], %{{.*}} : f32
// CHECK: %[[N:.*]] = arith.fptosi %{{.*}} : f32 to i64
// CHECK: arith.trunci %[[N]] : i64 to i32
// CHECK: %[[IF:.*]] = arith.sitofp %[[I]] : i32 to f64
// CHECK: arith.truncf %[[IF]] : f64 to bf16
// CHECK: %[[JF:.*]] = arith.sitofp %[[J]] : i16 to f32
// CHECK: arith.truncf %[[JF]] : f32 to bf16
// CHECK-NOT: : bf16 to i
func.func @casts(%x: bf16, %i: si32, %j: si16) -> (i1, si32, bf16, bf16) {
  %b = tolk.cast %x : bf16 to i1
  %n = tolk.cast %x : bf16 to si32
  %f = tolk.cast %i : si32 to bf16
  %g = tolk.cast %j : si16 to bf16
  return %b, %n, %f, %g : i1, si32, bf16, bf16
}

// -----

// A bf16 source of an 8-bit float widens exactly to f32 before the
// saturating compares.

// CHECK-LABEL: func.func @to_fp8(
// CHECK-SAME: %[[X:.*]]: bf16
// CHECK: %[[W:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NOT: arith.cmpf {{.*}} : bf16
// CHECK: arith.truncf %{{.*}} : f32 to f8E4M3FN
func.func @to_fp8(%x: bf16) -> f8E4M3FN {
  %r = tolk.cast %x : bf16 to f8E4M3FN
  return %r : f8E4M3FN
}
