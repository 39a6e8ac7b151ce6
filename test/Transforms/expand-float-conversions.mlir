// --tolk-expand-float-conversions leaves no conversion to or from an 8-bit
// float (or bf16, with include-bf16): they become integer arithmetic on the
// bits, on scalars, vectors and tensors alike. Other conversions are
// untouched. (The bits are checked in expand-float-conversions-table.mlir.)
// RUN: tolk-opt %s -split-input-file --tolk-expand-float-conversions --verify-each | FileCheck %s
// RUN: tolk-opt %s -split-input-file --tolk-expand-float-conversions=include-bf16 --verify-each | FileCheck %s --check-prefix=BF16

// CHECK-LABEL: func.func @truncate
// CHECK-NOT: arith.truncf {{.*}} to {{.*}}f8
// CHECK: %[[B:.*]] = arith.trunci %{{.*}} : vector<4xi32> to vector<4xi8>
// CHECK: arith.bitcast %[[B]] : vector<4xi8> to vector<4xf8E4M3FN>
// CHECK-NOT: arith.truncf {{.*}} to {{.*}}f8
// CHECK: %[[T:.*]] = arith.trunci %{{.*}} : tensor<2x3xi64> to tensor<2x3xi8>
// CHECK: arith.bitcast %[[T]] : tensor<2x3xi8> to tensor<2x3xf8E5M2FNUZ>
func.func @truncate(%v: vector<4xf32>, %t: tensor<2x3xf64>) -> (vector<4xf8E4M3FN>, tensor<2x3xf8E5M2FNUZ>) {
  %0 = arith.truncf %v : vector<4xf32> to vector<4xf8E4M3FN>
  %1 = arith.truncf %t : tensor<2x3xf64> to tensor<2x3xf8E5M2FNUZ>
  return %0, %1 : vector<4xf8E4M3FN>, tensor<2x3xf8E5M2FNUZ>
}

// -----

// An f16 source extends to f32 first, exactly: one rounding.
// CHECK-LABEL: func.func @truncate_f16
// CHECK: %[[E:.*]] = arith.extf %arg0 : f16 to f32
// CHECK: arith.bitcast %[[E]] : f32 to i32
// CHECK-NOT: arith.truncf
func.func @truncate_f16(%h: f16) -> f8E5M2 {
  %0 = arith.truncf %h : f16 to f8E5M2
  return %0 : f8E5M2
}

// -----

// CHECK-LABEL: func.func @extend
// CHECK: %[[B:.*]] = arith.bitcast %arg0 : vector<4xf8E5M2> to vector<4xi8>
// CHECK: arith.extui %[[B]] : vector<4xi8> to vector<4xi32>
// CHECK-NOT: arith.extf {{.*}}f8
// CHECK: arith.extf %{{.*}} : vector<4xf32> to vector<4xf64>
// CHECK-NOT: arith.extf {{.*}}f8
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @extend(%v: vector<4xf8E5M2>, %s: f8E4M3FNUZ) -> (vector<4xf64>, bf16) {
  %0 = arith.extf %v : vector<4xf8E5M2> to vector<4xf64>
  %1 = arith.extf %s : f8E4M3FNUZ to bf16
  return %0, %1 : vector<4xf64>, bf16
}

// -----

// Without include-bf16, bf16 stays as it is.
// CHECK-LABEL: func.func @others
// CHECK-NEXT: arith.truncf %arg0 : f32 to f16
// CHECK-NEXT: arith.extf %arg1 : bf16 to f32
// BF16-LABEL: func.func @others
// BF16: arith.truncf %arg0 : f32 to f16
// BF16-NEXT: %[[B:.*]] = arith.bitcast %arg1 : bf16 to i16
// BF16-NEXT: %[[W:.*]] = arith.extui %[[B]] : i16 to i32
// BF16: arith.shli %[[W]], %{{.*}} : i32
// BF16-NOT: arith.extf
func.func @others(%x: f32, %y: bf16) -> (f16, f32) {
  %0 = arith.truncf %x : f32 to f16
  %1 = arith.extf %y : bf16 to f32
  return %0, %1 : f16, f32
}

// -----

// From f32 to bf16, whose exponent is f32's: round to nearest even by adding
// 0x7FFF plus the lowest kept bit, then the shift (a carry is the next binade
// or the infinity); a NaN keeps its sign and the top of its payload, with
// the lowest fraction bit where all of it falls off.
// CHECK-LABEL: func.func @f32_to_bf16
// CHECK: arith.truncf %arg0 : vector<4xf32> to vector<4xbf16>
// BF16-LABEL: func.func @f32_to_bf16
// BF16-DAG: %[[Z:.*]] = arith.constant dense<0> : vector<4xi32>
// BF16-DAG: %[[P:.*]] = arith.constant dense<127> : vector<4xi32>
// BF16-DAG: %[[H:.*]] = arith.constant dense<32767> : vector<4xi32>
// BF16-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<4xi32>
// BF16-DAG: %[[D:.*]] = arith.constant dense<16> : vector<4xi32>
// BF16-DAG: %[[ABS:.*]] = arith.constant dense<2147483647> : vector<4xi32>
// BF16-DAG: %[[INF:.*]] = arith.constant dense<2139095040> : vector<4xi32>
// BF16: %[[X:.*]] = arith.bitcast %arg0 : vector<4xf32> to vector<4xi32>
// BF16-NEXT: %[[A:.*]] = arith.andi %[[X]], %[[ABS]]
// BF16-NEXT: %[[NAN:.*]] = arith.cmpi ugt, %[[A]], %[[INF]]
// BF16-NEXT: %[[K:.*]] = arith.shrui %[[X]], %[[D]]
// BF16-NEXT: %[[L:.*]] = arith.andi %[[K]], %[[ONE]]
// BF16-NEXT: %[[R:.*]] = arith.addi %[[L]], %[[H]]
// BF16-NEXT: %[[S:.*]] = arith.addi %[[X]], %[[R]]
// BF16-NEXT: %[[ROUNDED:.*]] = arith.shrui %[[S]], %[[D]]
// BF16-NEXT: %[[PAY:.*]] = arith.andi %[[K]], %[[P]]
// BF16-NEXT: %[[Q:.*]] = arith.ori %[[K]], %[[ONE]]
// BF16-NEXT: %[[EMPTY:.*]] = arith.cmpi eq, %[[PAY]], %[[Z]]
// BF16-NEXT: %[[N:.*]] = arith.select %[[EMPTY]], %[[Q]], %[[K]]
// BF16-NEXT: %[[C:.*]] = arith.select %[[NAN]], %[[N]], %[[ROUNDED]]
// BF16-NEXT: %[[T:.*]] = arith.trunci %[[C]] : vector<4xi32> to vector<4xi16>
// BF16-NEXT: arith.bitcast %[[T]] : vector<4xi16> to vector<4xbf16>
func.func @f32_to_bf16(%x: vector<4xf32>) -> vector<4xbf16> {
  %0 = arith.truncf %x : vector<4xf32> to vector<4xbf16>
  return %0 : vector<4xbf16>
}

// -----

// From f32 to an 8-bit float: a magnitude at or past the least normal
// (2^-6 in f8E4M3FN, bits 0x3C800000) is rebiased by subtracting
// (127 - 7) << 23 from its bits, rounded by adding 2^19 - 1 plus the lowest
// kept bit, and shifted; one below it is scaled exactly to units of the
// least subnormal (2^-9) and rounded by math.roundeven. The clamp keeps the
// unselected lanes (infinities, NaNs) in range of the fptosi.
// CHECK-LABEL: func.func @f32_to_fp8
// CHECK-DAG: %[[NAN:.*]] = arith.constant dense<127> : vector<8xi32>
// CHECK-DAG: %[[MAX:.*]] = arith.constant dense<126> : vector<8xi32>
// CHECK-DAG: %[[SCALE:.*]] = arith.constant dense<5.120000e+02> : vector<8xf32>
// CHECK-DAG: %[[LEAST:.*]] = arith.constant dense<1015021568> : vector<8xi32>
// CHECK-DAG: %[[REBIAS:.*]] = arith.constant dense<-1006108673> : vector<8xi32>
// CHECK-DAG: %[[D:.*]] = arith.constant dense<20> : vector<8xi32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<8xi32>
// CHECK-DAG: %[[ABSMASK:.*]] = arith.constant dense<2147483647> : vector<8xi32>
// CHECK: %[[X:.*]] = arith.bitcast %arg0 : vector<8xf32> to vector<8xi32>
// CHECK: %[[A:.*]] = arith.andi %[[X]], %[[ABSMASK]]
// CHECK: %[[K:.*]] = arith.shrui %[[A]], %[[D]]
// CHECK-NEXT: %[[L:.*]] = arith.andi %[[K]], %[[ONE]]
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[L]], %[[REBIAS]]
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %[[R]]
// CHECK-NEXT: %[[NORMAL:.*]] = arith.shrui %[[S]], %[[D]]
// CHECK-NEXT: %[[CL:.*]] = arith.minui %[[A]], %[[LEAST]]
// CHECK-NEXT: %[[F:.*]] = arith.bitcast %[[CL]] : vector<8xi32> to vector<8xf32>
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[F]], %[[SCALE]]
// CHECK-NEXT: %[[RE:.*]] = math.roundeven %[[M]]
// CHECK-NEXT: %[[SUB:.*]] = arith.fptosi %[[RE]] : vector<8xf32> to vector<8xi32>
// CHECK-NEXT: %[[BELOW:.*]] = arith.cmpi ult, %[[A]], %[[LEAST]]
// CHECK-NEXT: %[[CODE:.*]] = arith.select %[[BELOW]], %[[SUB]], %[[NORMAL]]
// CHECK-NEXT: %[[OVER:.*]] = arith.cmpi ugt, %[[CODE]], %[[MAX]]
// CHECK-NEXT: arith.select %[[OVER]], %[[MAX]], %[[CODE]]
// CHECK-NOT: math.roundeven
// CHECK: return
func.func @f32_to_fp8(%x: vector<8xf32>) -> vector<8xf8E4M3FN> {
  %0 = arith.truncf %x : vector<8xf32> to vector<8xf8E4M3FN>
  return %0 : vector<8xf8E4M3FN>
}

// -----

// tolk.saturating_truncf expands as arith.truncf does: the integer expansion
// saturates and gives the non-finite codes itself, so no clamp (a cmpf) and
// no select on the float are left.
// CHECK-LABEL: func.func @saturating
// CHECK-NOT: tolk.saturating_truncf
// CHECK-NOT: arith.cmpf
// CHECK: arith.bitcast %{{.*}} : f64 to i64
// CHECK: %[[C:.*]] = arith.trunci %{{.*}} : i64 to i8
// CHECK-NEXT: arith.bitcast %[[C]] : i8 to f8E5M2
// CHECK-NOT: arith.cmpf
// CHECK: arith.bitcast %{{.*}} : vector<8xf32> to vector<8xi32>
// CHECK: math.roundeven
// CHECK: arith.trunci %{{.*}} : vector<8xi32> to vector<8xi8>
// CHECK-NOT: tolk.saturating_truncf
func.func @saturating(%x: f64, %v: vector<8xf32>) -> (f8E5M2, vector<8xf8E4M3FNUZ>) {
  %0 = tolk.saturating_truncf %x : f64 to f8E5M2
  %1 = tolk.saturating_truncf %v : vector<8xf32> to vector<8xf8E4M3FNUZ>
  return %0, %1 : f8E5M2, vector<8xf8E4M3FNUZ>
}
