// Integer conversions to and from the narrow floats: an integer reaches the
// narrow float through the narrowest of f32 and f64 that holds it exactly,
// then rounds once (the truncation is expanded like any other); a narrow
// float extends exactly to f32 before it becomes an integer. The
// canonicalizer makes such conversions out of TolkToArith's exact
// sitofp-then-truncf. An integer wider than f64 holds is rounded to odd
// first (expand-float-conversions-int-table.mlir checks the values).
// RUN: tolk-opt %s -split-input-file --tolk-expand-float-conversions=include-bf16 --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --tolk-expand-float-conversions --verify-each | FileCheck %s --check-prefix=NOBF16

// CHECK-LABEL: func.func @to_narrow(
// CHECK-SAME: %[[I8:.*]]: vector<4xi8>, %[[U32:.*]]: i32, %[[I64:.*]]: i64
// CHECK-DAG: arith.sitofp %[[I8]] : vector<4xi8> to vector<4xf32>
// CHECK-DAG: arith.uitofp %[[U32]] : i32 to f64
// CHECK-DAG: %[[LOWMASK:.*]] = arith.constant 2047 : i64
// CHECK-DAG: %[[HIGHMASK:.*]] = arith.constant -2048 : i64
// CHECK-DAG: %[[ELEVEN:.*]] = arith.constant 11 : i64
// CHECK-DAG: %[[BIG:.*]] = arith.constant 27 : i64
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[ONES:.*]] = arith.constant -1 : i64
// The bits below 2^11 become a sticky bit at 2^11 (round to odd), for
// |x| >= 2^27 (below 2^53 it is exact anyway).
// CHECK: %[[LOW:.*]] = arith.andi %[[I64]], %[[LOWMASK]] : i64
// CHECK: %[[INEXACT:.*]] = arith.cmpi ne, %[[LOW]], %[[ZERO]] : i64
// CHECK: %[[STICKY1:.*]] = arith.extui %[[INEXACT]] : i1 to i64
// CHECK: %[[STICKY:.*]] = arith.shli %[[STICKY1]], %[[ELEVEN]] : i64
// CHECK: %[[HIGH:.*]] = arith.andi %[[I64]], %[[HIGHMASK]] : i64
// CHECK: %[[ODD:.*]] = arith.ori %[[HIGH]], %[[STICKY]] : i64
// CHECK: %[[TOP:.*]] = arith.shrsi %[[I64]], %[[BIG]] : i64
// CHECK: %[[NZ:.*]] = arith.cmpi ne, %[[TOP]], %[[ZERO]] : i64
// CHECK: %[[NM:.*]] = arith.cmpi ne, %[[TOP]], %[[ONES]] : i64
// CHECK: %[[WIDE:.*]] = arith.andi %[[NZ]], %[[NM]] : i1
// CHECK: %[[RO:.*]] = arith.select %[[WIDE]], %[[ODD]], %[[I64]] : i64
// CHECK: arith.sitofp %[[RO]] : i64 to f64
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

// -----

// An unsigned 64-bit integer: the same sticky bit, for x >= 2^27. A 128-bit
// one needs three positions (2^3, 2^39, 2^75), each for the 36 binades from
// 2^(k + 16) up, the largest that applies winning.
// CHECK-LABEL: func.func @wide(
// CHECK-SAME: %[[U64:.*]]: i64, %[[I128:.*]]: i128
// CHECK-DAG: %[[BIG:.*]] = arith.constant 27 : i64
// CHECK: %[[TOP:.*]] = arith.shrui %[[U64]], %[[BIG]] : i64
// CHECK: %[[WIDE:.*]] = arith.cmpi ne, %[[TOP]], %{{.*}} : i64
// CHECK: %[[RO:.*]] = arith.select %[[WIDE]], %{{.*}}, %[[U64]] : i64
// CHECK: arith.uitofp %[[RO]] : i64 to f64
// CHECK: %[[S3:.*]] = arith.select %{{.*}}, %{{.*}}, %[[I128]] : i128
// CHECK: %[[S39:.*]] = arith.select %{{.*}}, %{{.*}}, %[[S3]] : i128
// CHECK: %[[S75:.*]] = arith.select %{{.*}}, %{{.*}}, %[[S39]] : i128
// CHECK: arith.sitofp %[[S75]] : i128 to f64
// CHECK-NOT: {{sitofp|uitofp}} {{.*}}{{bf16|f8E5M2}}
// CHECK: return
func.func @wide(%a: i64, %b: i128) -> (bf16, f8E5M2) {
  %x = arith.uitofp %a : i64 to bf16
  %y = arith.sitofp %b : i128 to f8E5M2
  return %x, %y : bf16, f8E5M2
}
