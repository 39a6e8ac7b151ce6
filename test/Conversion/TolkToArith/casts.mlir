// RUN: tolk-opt --convert-tolk-to-arith --split-input-file %s | FileCheck %s

// tolk.cast: seed 000's const on values, with saturating float-to-integer
// conversions (DESIGN rule 2's exception). 8-bit float targets are in
// fp8-bf16.mlir.

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

// Float to integer saturates and NaN gives 0; fptosi only sees in-range
// values. The bounds are rounded upwards into the format: 2^31 overflows f16
// to +inf (only +inf is too high), -2^31 - 1 rounds to -65504 (only -inf is
// below it, so the comparison is strict).
// CHECK-LABEL: func.func @f16_to_si32
// CHECK-SAME: (%[[H:.*]]: f16)
// CHECK: %[[HI:.*]] = arith.constant 0x7C00 : f16
// CHECK: %[[TOOHIGH:.*]] = arith.cmpf oge, %[[H]], %[[HI]] : f16
// CHECK: %[[LO:.*]] = arith.constant -6.550400e+04 : f16
// CHECK: %[[TOOLOW:.*]] = arith.cmpf olt, %[[H]], %[[LO]] : f16
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[H]], %[[H]] : f16
// CHECK: %[[B1:.*]] = arith.ori %[[TOOHIGH]], %[[TOOLOW]] : i1
// CHECK: %[[B2:.*]] = arith.ori %[[B1]], %[[NAN]] : i1
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: %[[SAFE:.*]] = arith.select %[[B2]], %[[Z]], %[[H]] : f16
// CHECK: %[[I:.*]] = arith.fptosi %[[SAFE]] : f16 to i32
// CHECK: %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[R1:.*]] = arith.select %[[TOOHIGH]], %[[MAX]], %[[I]] : i32
// CHECK: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[R2:.*]] = arith.select %[[TOOLOW]], %[[MIN]], %[[R1]] : i32
// CHECK: return %[[R2]]
func.func @f16_to_si32(%h: f16) -> si32 {
  %0 = tolk.cast %h : f16 to si32
  return %0 : si32
}

// -----

// Exact bounds: x >= 256 is too high, x <= -1 too low (-0.5 truncates to 0).
// CHECK-LABEL: func.func @f64_to_ui8
// CHECK-SAME: (%[[D:.*]]: f64)
// CHECK: %[[HI:.*]] = arith.constant 2.560000e+02 : f64
// CHECK: %[[TOOHIGH:.*]] = arith.cmpf oge, %[[D]], %[[HI]] : f64
// CHECK: %[[LO:.*]] = arith.constant -1.000000e+00 : f64
// CHECK: %[[TOOLOW:.*]] = arith.cmpf ole, %[[D]], %[[LO]] : f64
// CHECK: arith.fptoui %{{.*}} : f64 to i8
// CHECK: %[[MAX:.*]] = arith.constant -1 : i8
// CHECK: arith.select %[[TOOHIGH]], %[[MAX]], %{{.*}} : i8
// CHECK: %[[MIN:.*]] = arith.constant 0 : i8
// CHECK: arith.select %[[TOOLOW]], %[[MIN]], %{{.*}} : i8
func.func @f64_to_ui8(%d: f64) -> ui8 {
  %0 = tolk.cast %d : f64 to ui8
  return %0 : ui8
}

// -----

// -2^63 - 1 is not a double: the next double above it is -2^63, and a value
// below that is too low.
// CHECK-LABEL: func.func @f64_to_si64
// CHECK: arith.constant 9.2233720368547758E+18 : f64
// CHECK: arith.cmpf oge
// CHECK: %[[LO:.*]] = arith.constant -9.2233720368547758E+18 : f64
// CHECK: arith.cmpf olt, %{{.*}}, %[[LO]] : f64
func.func @f64_to_si64(%d: f64) -> si64 {
  %0 = tolk.cast %d : f64 to si64
  return %0 : si64
}

// -----

// Seed 004's lanes: lanes into a scalar keep lane 0; a scalar into lanes
// is converted, then broadcast.
// CHECK-LABEL: func.func @lanes
// CHECK-SAME: (%[[V:.*]]: vector<4xi16>, %[[F:.*]]: f32)
// CHECK: %[[L0:.*]] = vector.extract %[[V]][0] : i16 from vector<4xi16>
// CHECK: %[[E:.*]] = arith.extsi %[[L0]] : i16 to i32
// CHECK: %[[I:.*]] = arith.fptosi %{{.*}} : f32 to i8
// CHECK: arith.select %{{.*}} : i8
// CHECK: %[[S:.*]] = arith.select %{{.*}} : i8
// CHECK: vector.broadcast %[[S]] : i8 to vector<2xi8>
func.func @lanes(%v: vector<4xsi16>, %f: f32) -> (si32, vector<2xsi8>) {
  %0 = tolk.cast %v : vector<4xsi16> to si32
  %1 = tolk.cast %f : f32 to vector<2xsi8>
  return %0, %1 : si32, vector<2xsi8>
}

// -----

// tolk.bitcast: same width, bits kept. Bool's storage is a byte.
// CHECK-LABEL: func.func @bitcast
// CHECK-SAME: (%[[F:.*]]: f32, %[[A:.*]]: i8, %[[B:.*]]: i1, %[[E:.*]]: f8E4M3FN)
// CHECK: %[[I:.*]] = arith.bitcast %[[F]] : f32 to i32
// CHECK: %[[Z:.*]] = arith.constant 0 : i8
// CHECK: %[[AB:.*]] = arith.cmpi ne, %[[A]], %[[Z]] : i8
// CHECK: %[[BB:.*]] = arith.extui %[[B]] : i1 to i8
// CHECK: %[[BE:.*]] = arith.bitcast %[[BB]] : i8 to f8E4M3FN
// CHECK: %[[EB:.*]] = arith.bitcast %[[E]] : f8E4M3FN to i8
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
// (seed 001); their constants wrap to the width.
// CHECK-LABEL: func.func @storage
// CHECK-SAME: (%[[A:.*]]: i8, %[[F:.*]]: f32, %[[B:.*]]: i128)
// CHECK: %[[W:.*]] = arith.extsi %[[A]] : i8 to i128
// CHECK: %[[N:.*]] = arith.trunci %[[W]] : i128 to i16
// CHECK: arith.fptoui %{{.*}} : f32 to i256
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
