// RUN: tolk-opt --convert-tolk-to-arith --split-input-file %s | FileCheck %s

// tolk.cast: `const` on values (docs/Semantics.md#const); a float converts to
// an integer by rounding towards zero and wrapping, as the folder does. 8-bit
// float targets are in fp8-bf16.mlir, their NaN codes in fp8-nan-codes.mlir.

// Integers: the source's signedness chooses the extension; Bool is
// unsigned; same width is the same signless value.
// CHECK-LABEL: func.func @int_to_int
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8, %[[C:.*]]: i1, %[[D:.*]]: i64)
// CHECK: %[[R0:.*]] = arith.extsi %[[A]] : i8 to i32
// CHECK: %[[R1:.*]] = arith.extui %[[B]] : i8 to i32
// CHECK: %[[R2:.*]] = arith.extui %[[C]] : i1 to i64
// CHECK: %[[R3:.*]] = arith.trunci %[[D]] : i64 to i8
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[B]], %[[R3]]
func.func @int_to_int(%a: si8, %b: ui8, %c: i1, %d: ui64) -> (si32, si32, ui64, si8, si8) {
  %0 = tolk.cast %a : si8 to si32
  %1 = tolk.cast %b : ui8 to si32
  %2 = tolk.cast %c : i1 to ui64
  %3 = tolk.cast %b : ui8 to si8
  %4 = tolk.cast %d : ui64 to si8
  return %0, %1, %2, %3, %4 : si32, si32, ui64, si8, si8
}

// -----

// CHECK-LABEL: func.func @int_to_float
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i64, %[[C:.*]]: i1)
// CHECK: arith.sitofp %[[A]] : i8 to f32
// CHECK: arith.uitofp %[[B]] : i64 to bf16
// CHECK: arith.uitofp %[[C]] : i1 to f64
func.func @int_to_float(%a: si8, %b: ui64, %c: i1) -> (f32, bf16, f64) {
  %0 = tolk.cast %a : si8 to f32
  %1 = tolk.cast %b : ui64 to bf16
  %2 = tolk.cast %c : i1 to f64
  return %0, %1, %2 : f32, bf16, f64
}

// -----

// Bool is nonzero-ness; a NaN is nonzero (une).
// CHECK-LABEL: func.func @to_bool
// CHECK-SAME: (%[[A:.*]]: i8, %[[F:.*]]: f32)
// CHECK: %[[Z:.*]] = arith.constant 0 : i8
// CHECK: arith.cmpi ne, %[[A]], %[[Z]] : i8
// CHECK: %[[FZ:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.cmpf une, %[[F]], %[[FZ]] : f32
func.func @to_bool(%a: si8, %f: f32) -> (i1, i1) {
  %0 = tolk.cast %a : si8 to i1
  %1 = tolk.cast %f : f32 to i1
  return %0, %1 : i1, i1
}

// -----

// Float to float: one rounding; f16 <-> bf16 through f32 (exact widening).
// CHECK-LABEL: func.func @float_to_float
// CHECK-SAME: (%[[F:.*]]: f32, %[[D:.*]]: f64, %[[H:.*]]: f16)
// CHECK: arith.extf %[[F]] : f32 to f64
// CHECK: arith.truncf %[[D]] : f64 to f32
// CHECK: %[[W:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK: arith.truncf %[[W]] : f32 to bf16
func.func @float_to_float(%f: f32, %d: f64, %h: f16) -> (f64, f32, bf16) {
  %0 = tolk.cast %f : f32 to f64
  %1 = tolk.cast %d : f64 to f32
  %2 = tolk.cast %h : f16 to bf16
  return %0, %1, %2 : f64, f32, bf16
}

// -----

// Float to integer wraps modulo 2^w, NaN gives 0 and an infinity the
// integer's least or greatest value; fptosi only sees values that convert
// exactly. Every f16 is below 2^31 in magnitude: one conversion to i32 of
// the finite values (the others become 0 first), and a select for the
// infinities.
// CHECK-LABEL: func.func @f16_to_si32
// CHECK-SAME: (%[[H:.*]]: f16)
// CHECK: %[[ABS:.*]] = math.absf %[[H]] : f16
// CHECK: %[[INF:.*]] = arith.constant 0x7C00 : f16
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: %[[FIN:.*]] = arith.cmpf olt, %[[ABS]], %[[INF]] : f16
// CHECK: %[[SAFE:.*]] = arith.select %[[FIN]], %[[H]], %[[Z]] : f16
// CHECK: %[[I:.*]] = arith.fptosi %[[SAFE]] : f16 to i32
// CHECK: %[[ISINF:.*]] = arith.cmpf oeq, %[[ABS]], %[[INF]] : f16
// CHECK: %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[H]], %[[Z]] : f16
// CHECK: %[[SAT:.*]] = arith.select %[[NEG]], %[[MIN]], %[[MAX]] : i32
// CHECK: %[[R:.*]] = arith.select %[[ISINF]], %[[SAT]], %[[I]] : i32
// CHECK: return %[[R]]
func.func @f16_to_si32(%h: f16) -> si32 {
  %0 = tolk.cast %h : f16 to si32
  return %0 : si32
}

// -----

// An f32 from 2^63 on is a multiple of 2^40, which wraps to 0 in 32 bits:
// the values below 2^63 convert to i64, and the truncation wraps them.
// CHECK-LABEL: func.func @f32_to_si32
// CHECK-SAME: (%[[F:.*]]: f32)
// CHECK: %[[ABS:.*]] = math.absf %[[F]] : f32
// CHECK: %[[B:.*]] = arith.constant 9.22337203E+18 : f32
// CHECK: %[[IN:.*]] = arith.cmpf olt, %[[ABS]], %[[B]] : f32
// CHECK: %[[SAFE:.*]] = arith.select %[[IN]], %[[F]], %{{.*}} : f32
// CHECK: %[[W:.*]] = arith.fptosi %[[SAFE]] : f32 to i64
// CHECK: %[[T:.*]] = arith.trunci %[[W]] : i64 to i32
// CHECK: %[[ISINF:.*]] = arith.cmpf oeq, %[[ABS]], %{{.*}} : f32
// CHECK: arith.select %[[ISINF]], %{{.*}}, %[[T]] : i32
func.func @f32_to_si32(%f: f32) -> si32 {
  %0 = tolk.cast %f : f32 to si32
  return %0 : si32
}

// -----

// From 2^31 on an f32 is a multiple of 2^8: 32 bits suffice for 8. Unsigned
// integers wrap alike (-1.5 is 255); -inf gives 0, +inf 255.
// CHECK-LABEL: func.func @f32_to_ui8
// CHECK: %[[B:.*]] = arith.constant 2.14748365E+9 : f32
// CHECK: arith.cmpf olt, %{{.*}}, %[[B]] : f32
// CHECK: %[[W:.*]] = arith.fptosi %{{.*}} : f32 to i32
// CHECK: %[[T:.*]] = arith.trunci %[[W]] : i32 to i8
// CHECK: %[[MAX:.*]] = arith.constant -1 : i8
// CHECK: %[[MIN:.*]] = arith.constant 0 : i8
// CHECK: arith.select %{{.*}}, %[[MIN]], %[[MAX]] : i8
func.func @f32_to_ui8(%f: f32) -> ui8 {
  %0 = tolk.cast %f : f32 to ui8
  return %0 : ui8
}

// -----

// f64 past 2^63 has bits below 2^64 (a multiple of 2^11): the finite value
// is reduced modulo 2^64 in f64, exactly (x - trunc(x / 2^64) * 2^64, an
// fma), and its magnitude converted unsigned, then negated for a negative
// value.
// CHECK-LABEL: func.func @f64_to_si64
// CHECK-SAME: (%[[D:.*]]: f64)
// CHECK: %[[ABS:.*]] = math.absf %[[D]] : f64
// CHECK: %[[FIN:.*]] = arith.cmpf olt, %[[ABS]], %{{.*}} : f64
// CHECK: %[[SAFE:.*]] = arith.select %[[FIN]], %[[D]], %{{.*}} : f64
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[D]], %{{.*}} : f64
// CHECK: %[[INV:.*]] = arith.constant 5.4210108624275222E-20 : f64
// CHECK: %[[S:.*]] = arith.mulf %[[SAFE]], %[[INV]] : f64
// CHECK: %[[Q:.*]] = math.trunc %[[S]] : f64
// CHECK: %[[M:.*]] = arith.constant -1.8446744073709552E+19 : f64
// CHECK: %[[R:.*]] = math.fma %[[Q]], %[[M]], %[[SAFE]] : f64
// CHECK: %[[A:.*]] = math.absf %[[R]] : f64
// CHECK: %[[U:.*]] = arith.fptoui %[[A]] : f64 to i64
// CHECK: %[[N:.*]] = arith.subi %{{.*}}, %[[U]] : i64
// CHECK: %[[V:.*]] = arith.select %[[NEG]], %[[N]], %[[U]] : i64
// CHECK: %[[ISINF:.*]] = arith.cmpf oeq, %[[ABS]], %{{.*}} : f64
// CHECK: %[[SAT:.*]] = arith.select %[[NEG]], %{{.*}}, %{{.*}} : i64
// CHECK: arith.select %[[ISINF]], %[[SAT]], %[[V]] : i64
func.func @f64_to_si64(%d: f64) -> si64 {
  %0 = tolk.cast %d : f64 to si64
  return %0 : si64
}

// -----

// To 16 bits from f64 the reduction is modulo 2^32, then truncated; to 8
// bits the f64 from 2^63 on (multiples of 2^11) wrap to 0.
// CHECK-LABEL: func.func @f64_to_narrow
// CHECK: %[[U:.*]] = arith.fptoui %{{.*}} : f64 to i32
// CHECK: arith.trunci %{{.*}} : i32 to i16
// CHECK: %[[W:.*]] = arith.fptosi %{{.*}} : f64 to i64
// CHECK: arith.trunci %[[W]] : i64 to i8
func.func @f64_to_narrow(%d: f64) -> (si16, ui8) {
  %0 = tolk.cast %d : f64 to si16
  %1 = tolk.cast %d : f64 to ui8
  return %0, %1 : si16, ui8
}

// -----

// Lanes (docs/Semantics.md#lanes-and-shapes): lanes into a scalar keep lane 0;
// a scalar into lanes is converted, then broadcast.
// CHECK-LABEL: func.func @lanes
// CHECK-SAME: (%[[V:.*]]: vector<4xi16>, %[[F:.*]]: f32)
// CHECK: %[[L0:.*]] = vector.extract %[[V]][0] : i16 from vector<4xi16>
// CHECK: %[[E:.*]] = arith.extsi %[[L0]] : i16 to i32
// CHECK: %[[I:.*]] = arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.trunci %[[I]] : i32 to i8
// CHECK: arith.select
// CHECK: %[[S:.*]] = arith.select %{{.*}} : i8
// CHECK-NEXT: vector.broadcast %[[S]] : i8 to vector<2xi8>
func.func @lanes(%v: vector<4xsi16>, %f: f32) -> (si32, vector<2xsi8>) {
  %0 = tolk.cast %v : vector<4xsi16> to si32
  %1 = tolk.cast %f : f32 to vector<2xsi8>
  return %0, %1 : si32, vector<2xsi8>
}

// -----

// tolk.bitcast: same width, bits kept. Bool's storage is a byte (0 or 1,
// never an 8-bit NaN code). An 8-bit float's NaN codes: fp8-nan-codes.mlir.
// CHECK-LABEL: func.func @bitcast
// CHECK-SAME: (%[[F:.*]]: f32, %[[A:.*]]: i8, %[[B:.*]]: i1, %[[E:.*]]: f8E4M3FN)
// CHECK: %[[I:.*]] = arith.bitcast %[[F]] : f32 to i32
// CHECK: %[[Z:.*]] = arith.constant 0 : i8
// CHECK: %[[AB:.*]] = arith.cmpi ne, %[[A]], %[[Z]] : i8
// CHECK: %[[BB:.*]] = arith.extui %[[B]] : i1 to i8
// CHECK: %[[BE:.*]] = arith.bitcast %[[BB]] : i8 to f8E4M3FN
// CHECK: arith.bitcast %[[E]] : f8E4M3FN to i8
// CHECK: %[[EB:.*]] = arith.bitcast %{{.*}} : f8E4M3FN to i8
// CHECK: return %[[I]], %[[A]], %[[AB]], %[[BE]], %[[EB]]
func.func @bitcast(%f: f32, %a: si8, %b: i1, %e: f8E4M3FN) -> (ui32, ui8, i1, f8E4M3FN, si8) {
  %0 = tolk.bitcast %f : f32 to ui32
  %1 = tolk.bitcast %a : si8 to ui8
  %2 = tolk.bitcast %a : si8 to i1
  %3 = tolk.bitcast %b : i1 to f8E4M3FN
  %4 = tolk.bitcast %e : f8E4M3FN to si8
  return %0, %1, %2, %3, %4 : ui32, ui8, i1, f8E4M3FN, si8
}

// -----

// The storage helpers convert as unsigned integers of 128 and 256 bits
// (docs/Semantics.md#storage-helpers); their constants wrap to the width.
// CHECK-LABEL: func.func @storage
// CHECK-SAME: (%[[A:.*]]: i8, %[[F:.*]]: f32, %[[B:.*]]: i128)
// CHECK: %[[W:.*]] = arith.extsi %[[A]] : i8 to i128
// CHECK: %[[N:.*]] = arith.trunci %[[W]] : i128 to i16
// CHECK: arith.fptoui %{{.*}} : f32 to i256
// CHECK: arith.subi
// CHECK: %[[D:.*]] = arith.uitofp %[[B]] : i128 to f64
// CHECK: %[[C:.*]] = arith.constant -1 : i128
// CHECK: return %[[N]], %{{.*}}, %[[D]], %[[C]]
func.func @storage(%a: si8, %f: f32, %b: ui128) -> (si16, ui256, f64, ui128) {
  %0 = tolk.cast %a : si8 to ui128
  %1 = tolk.cast %0 : ui128 to si16
  %2 = tolk.cast %f : f32 to ui256
  %3 = tolk.cast %b : ui128 to f64
  %c = tolk.const 340282366920938463463374607431768211455 : ui128
  return %1, %2, %3, %c : si16, ui256, f64, ui128
}
