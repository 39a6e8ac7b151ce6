// RUN: tolk-opt --convert-tolk-to-arith --tolk-expand-saturating-truncf --split-input-file %s | FileCheck %s

// 8-bit floats compute in f32 (every 8-bit value widens exactly) and round back
// once with Tolk's truncation (docs/Semantics.md#truncate), which arith.truncf
// alone does not do: a finite overflow saturates to the largest finite value,
// an infinity or a NaN becomes the format's NaN (0x7F in Fp8e4m3, 0x80 in the
// fnuz formats), and Fp8e5m2 keeps infinities and the sign of a NaN.

// CHECK-LABEL: func.func @e4m3_mul
// CHECK-SAME: (%[[X:.*]]: f8E4M3FN, %[[Y:.*]]: f8E4M3FN)
// CHECK: %[[WX:.*]] = arith.extf %[[X]] : f8E4M3FN to f32
// CHECK: %[[WY:.*]] = arith.extf %[[Y]] : f8E4M3FN to f32
// CHECK: %[[P:.*]] = arith.mulf %[[WX]], %[[WY]] : f32
// CHECK: %[[MAX:.*]] = arith.constant 4.480000e+02 : f32
// CHECK: %[[MIN:.*]] = arith.constant -4.480000e+02 : f32
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[NOTINF:.*]] = arith.cmpf one, %[[P]], %[[INF]] : f32
// CHECK: %[[NOTNINF:.*]] = arith.cmpf one, %[[P]], %[[NINF]] : f32
// CHECK: %[[FINITE:.*]] = arith.andi %[[NOTINF]], %[[NOTNINF]] : i1
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[P]], %[[MAX]] : f32
// CHECK: %[[ABOVE:.*]] = arith.andi %[[FINITE]], %[[GT]] : i1
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[P]], %[[MIN]] : f32
// CHECK: %[[BELOW:.*]] = arith.andi %[[FINITE]], %[[LT]] : i1
// CHECK: %[[LOW:.*]] = arith.select %[[BELOW]], %[[MIN]], %[[P]] : f32
// CHECK: %[[CLAMPED:.*]] = arith.select %[[ABOVE]], %[[MAX]], %[[LOW]] : f32
// CHECK: %[[T:.*]] = arith.truncf %[[CLAMPED]] : f32 to f8E4M3FN
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[NONFINITE:.*]] = arith.xori %[[FINITE]], %[[TRUE]] : i1
// CHECK: %[[NAN:.*]] = arith.constant 0x7F : f8E4M3FN
// CHECK: %[[R:.*]] = arith.select %[[NONFINITE]], %[[NAN]], %[[T]] : f8E4M3FN
// CHECK: return %[[R]] : f8E4M3FN
func.func @e4m3_mul(%x: f8E4M3FN, %y: f8E4M3FN) -> f8E4M3FN {
  %0 = tolk.mul %x, %y : f8E4M3FN
  return %0 : f8E4M3FN
}

// -----

// Comparisons need no rounding back.
// CHECK-LABEL: func.func @e5m2_cmp
// CHECK-SAME: (%[[X:.*]]: f8E5M2, %[[Y:.*]]: f8E5M2)
// CHECK: %[[WX:.*]] = arith.extf %[[X]] : f8E5M2 to f32
// CHECK: %[[WY:.*]] = arith.extf %[[Y]] : f8E5M2 to f32
// CHECK: %[[R:.*]] = arith.cmpf olt, %[[WX]], %[[WY]] : f32
// CHECK: return %[[R]] : i1
func.func @e5m2_cmp(%x: f8E5M2, %y: f8E5M2) -> i1 {
  %0 = tolk.cmplt %x, %y : (f8E5M2, f8E5M2) -> i1
  return %0 : i1
}

// -----

// A conversion from f64 rounds once, straight into the 8-bit format (never
// through f32). Fp8e5m2 keeps infinities; a NaN keeps its sign.
// CHECK-LABEL: func.func @f64_to_e5m2
// CHECK-SAME: (%[[D:.*]]: f64)
// CHECK-DAG: %[[MAX:.*]] = arith.constant 5.734400e+04 : f64
// CHECK-DAG: %[[MIN:.*]] = arith.constant -5.734400e+04 : f64
// CHECK: %[[CLAMPED:.*]] = arith.select %{{.*}}, %[[MAX]], %{{.*}} : f64
// CHECK: %[[T:.*]] = arith.truncf %[[CLAMPED]] : f64 to f8E5M2
// CHECK: %[[ISNAN:.*]] = arith.cmpf uno, %[[D]], %[[D]] : f64
// CHECK: %[[BITS:.*]] = arith.bitcast %[[D]] : f64 to i64
// CHECK: %[[Z:.*]] = arith.constant 0 : i64
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[BITS]], %[[Z]] : i64
// CHECK: %[[NNAN:.*]] = arith.constant 0xFF : f8E5M2
// CHECK: %[[PNAN:.*]] = arith.constant 0x7F : f8E5M2
// CHECK: %[[NAN:.*]] = arith.select %[[NEG]], %[[NNAN]], %[[PNAN]] : f8E5M2
// CHECK: %[[R:.*]] = arith.select %[[ISNAN]], %[[NAN]], %[[T]] : f8E5M2
// CHECK: return %[[R]]
func.func @f64_to_e5m2(%d: f64) -> f8E5M2 {
  %0 = tolk.cast %d : f64 to f8E5M2
  return %0 : f8E5M2
}

// -----

// Between 8-bit formats through f32 (exact); fnuz's NaN is 0x80 and its
// largest finite value 240.
// CHECK-LABEL: func.func @e5m2_to_e4m3fnuz
// CHECK-SAME: (%[[X:.*]]: f8E5M2)
// CHECK: %[[W:.*]] = arith.extf %[[X]] : f8E5M2 to f32
// CHECK: arith.constant 2.400000e+02 : f32
// CHECK: arith.truncf %{{.*}} : f32 to f8E4M3FNUZ
// CHECK: %[[NAN:.*]] = arith.constant 0x80 : f8E4M3FNUZ
// CHECK: arith.select %{{.*}}, %[[NAN]], %{{.*}} : f8E4M3FNUZ
func.func @e5m2_to_e4m3fnuz(%x: f8E5M2) -> f8E4M3FNUZ {
  %0 = tolk.cast %x : f8E5M2 to f8E4M3FNUZ
  return %0 : f8E4M3FNUZ
}

// -----

// An integer goes through f32: exact below 2^24, and anything larger
// saturates either way. Widening an 8-bit float is exact; every 8-bit
// value is below 2^31, so one conversion to i32 and a truncation wrap it,
// and f8E4M3FNUZ has no infinity to saturate.
// CHECK-LABEL: func.func @int_and_fp8
// CHECK-SAME: (%[[I:.*]]: i32, %[[X:.*]]: f8E4M3FNUZ)
// CHECK: %[[F:.*]] = arith.sitofp %[[I]] : i32 to f32
// CHECK: arith.truncf %{{.*}} : f32 to f8E4M3FN
// CHECK: %[[W:.*]] = arith.extf %[[X]] : f8E4M3FNUZ to f32
// CHECK: %[[N:.*]] = arith.fptosi %{{.*}} : f32 to i32
// CHECK-NEXT: %[[U:.*]] = arith.trunci %[[N]] : i32 to i16
// CHECK-NOT: arith.select
// CHECK: %[[H:.*]] = arith.extf %[[X]] : f8E4M3FNUZ to f16
// CHECK: return %{{.*}}, %[[U]], %[[H]]
func.func @int_and_fp8(%i: si32, %x: f8E4M3FNUZ) -> (f8E4M3FN, ui16, f16) {
  %0 = tolk.cast %i : si32 to f8E4M3FN
  %1 = tolk.cast %x : f8E4M3FNUZ to ui16
  %2 = tolk.cast %x : f8E4M3FNUZ to f16
  return %0, %1, %2 : f8E4M3FN, ui16, f16
}

// -----

// exp2 in f32 can overflow where the folder's binary64 does not
// (exp2(200)): an infinity from a finite operand is a finite overflow and
// saturates.
// CHECK-LABEL: func.func @fnuz_exp2
// CHECK-SAME: (%[[X:.*]]: f8E5M2FNUZ)
// CHECK: %[[W:.*]] = arith.extf %[[X]] : f8E5M2FNUZ to f32
// CHECK: %[[E:.*]] = math.exp2 %[[W]] : f32
// CHECK: %[[ORD:.*]] = arith.cmpf ord, %[[E]], %[[E]] : f32
// CHECK: %[[RFIN:.*]] = arith.andi
// CHECK: %[[RINF:.*]] = arith.xori %[[RFIN]], %{{.*}} : i1
// CHECK: %[[ISINF:.*]] = arith.andi %[[ORD]], %[[RINF]] : i1
// CHECK: %[[XFIN:.*]] = arith.andi
// CHECK: %[[OVF:.*]] = arith.andi %[[ISINF]], %[[XFIN]] : i1
// CHECK: arith.constant -3.40282347E+38 : f32
// CHECK: arith.constant 3.40282347E+38 : f32
// CHECK: %[[SAT:.*]] = arith.select %{{.*}} : f32
// CHECK: %[[R:.*]] = arith.select %[[OVF]], %[[SAT]], %[[E]] : f32
// CHECK: arith.constant 5.734400e+04 : f32
// CHECK: arith.truncf %{{.*}} : f32 to f8E5M2FNUZ
// CHECK: arith.constant 0x80 : f8E5M2FNUZ
func.func @fnuz_exp2(%x: f8E5M2FNUZ) -> f8E5M2FNUZ {
  %0 = tolk.exp2 %x : f8E5M2FNUZ
  return %0 : f8E5M2FNUZ
}

// -----

// pow(0, -1) is an exact infinity (a pole), not an overflow.
// CHECK-LABEL: func.func @e4m3_pow
// CHECK: math.powf %{{.*}}, %{{.*}} : f32
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.cmpf une, %{{.*}}, %[[Z]] : f32
// CHECK: arith.truncf %{{.*}} : f32 to f8E4M3FN
func.func @e4m3_pow(%x: f8E4M3FN, %y: f8E4M3FN) -> f8E4M3FN {
  %0 = tolk.pow %x, %y : f8E4M3FN
  return %0 : f8E4M3FN
}

// -----

// Lanes of 8-bit floats: constants are splat.
// CHECK-LABEL: func.func @lanes
// CHECK: arith.extf %{{.*}} : vector<4xf8E4M3FN> to vector<4xf32>
// CHECK: arith.addf %{{.*}} : vector<4xf32>
// CHECK: arith.constant dense<4.480000e+02> : vector<4xf32>
// CHECK: arith.truncf %{{.*}} : vector<4xf32> to vector<4xf8E4M3FN>
// CHECK: arith.constant dense<0x7F> : vector<4xf8E4M3FN>
func.func @lanes(%x: vector<4xf8E4M3FN>) -> vector<4xf8E4M3FN> {
  %0 = tolk.add %x, %x : vector<4xf8E4M3FN>
  return %0 : vector<4xf8E4M3FN>
}

// -----

// bf16 computes in its own type (a target without it widens later).
// CHECK-LABEL: func.func @bf16
// CHECK-SAME: (%[[X:.*]]: bf16)
// CHECK: %[[R:.*]] = arith.addf %[[X]], %[[X]] : bf16
// CHECK: return %[[R]] : bf16
func.func @bf16(%x: bf16) -> bf16 {
  %0 = tolk.add %x, %x : bf16
  return %0 : bf16
}

// -----

// Constants of a dynamic tensor shape are splat to the operand's size.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?xf8E5M2>)
// CHECK: %[[W:.*]] = arith.extf %[[X]] : tensor<?xf8E5M2> to tensor<?xf32>
// CHECK: %[[W2:.*]] = arith.extf %[[X]] : tensor<?xf8E5M2> to tensor<?xf32>
// CHECK: %[[S:.*]] = arith.addf %[[W]], %[[W2]] : tensor<?xf32>
// CHECK: %[[MAX:.*]] = arith.constant 5.734400e+04 : f32
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[DIM:.*]] = tensor.dim %[[S]], %[[C0]] : tensor<?xf32>
// CHECK: tensor.splat %[[MAX]][%[[DIM]]] : tensor<?xf32>
// CHECK: arith.truncf %{{.*}} : tensor<?xf32> to tensor<?xf8E5M2>
func.func @dynamic(%x: tensor<?xf8E5M2>) -> tensor<?xf8E5M2> {
  %0 = tolk.add %x, %x : tensor<?xf8E5M2>
  return %0 : tensor<?xf8E5M2>
}
