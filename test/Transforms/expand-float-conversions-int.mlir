// Integer conversions to and from the narrow floats: an integer reaches the
// narrow float through the narrowest of f32 and f64 that holds it exactly,
// then rounds once (the truncation is expanded like any other); a narrow
// float extends exactly to f32 before it becomes an integer. The
// canonicalizer makes such conversions out of TolkToArith's exact
// sitofp-then-truncf.
// RUN: tolk-opt %s -split-input-file --tolk-expand-float-conversions=include-bf16 --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --tolk-expand-float-conversions --verify-each | FileCheck %s --check-prefix=NOBF16

// CHECK-LABEL: func.func @to_narrow(
// CHECK-SAME: %[[I8:.*]]: vector<4xi8>, %[[U32:.*]]: i32, %[[I64:.*]]: i64
// CHECK-DAG: arith.sitofp %[[I8]] : vector<4xi8> to vector<4xf32>
// CHECK-DAG: arith.uitofp %[[U32]] : i32 to f64
// CHECK-DAG: arith.sitofp %[[I64]] : i64 to f64
// CHECK-NOT: {{sitofp|uitofp}} {{.*}}{{bf16|f8E4M3FN}}
// CHECK: return
// NOBF16-LABEL: func.func @to_narrow(
// NOBF16: arith.sitofp %{{.*}} : vector<4xi8> to vector<4xbf16>
func.func @to_narrow(%a: vector<4xi8>, %b: i32, %c: i64)
    -> (vector<4xbf16>, f8E4M3FN, bf16) {
  %x = arith.sitofp %a : vector<4xi8> to vector<4xbf16>
  %y = arith.uitofp %b : i32 to f8E4M3FN
  %z = arith.sitofp %c : i64 to bf16
  return %x, %y, %z : vector<4xbf16>, f8E4M3FN, bf16
}

// -----

// CHECK-LABEL: func.func @from_narrow(
// CHECK: %[[W:.*]] = arith.shli %{{.*}}, %{{.*}} : i32
// CHECK: %[[F:.*]] = arith.bitcast %[[W]] : i32 to f32
// CHECK: arith.fptosi %[[F]] : f32 to i16
// CHECK: arith.fptoui %{{.*}} : f32 to i8
// CHECK-NOT: {{fptosi|fptoui}} {{.*}}{{bf16|f8E5M2}}
func.func @from_narrow(%a: bf16, %b: f8E5M2) -> (i16, i8) {
  %x = arith.fptosi %a : bf16 to i16
  %y = arith.fptoui %b : f8E5M2 to i8
  return %x, %y : i16, i8
}
