// RUN: tolk-opt --convert-tolk-to-arith --split-input-file %s | FileCheck %s

// Shifts and division: arith's shifts are poison for a count at or past the
// width and LLVM's division is UB for INT_MIN / -1 and a zero divisor; the
// lowering computes Tolk's results there instead.

// The count is clamped to width - 1 (never poison); a count at or past the
// width selects 0.
// CHECK-LABEL: func.func @shl
// CHECK-SAME: (%[[X:.*]]: i32, %[[N:.*]]: i32)
// CHECK: %[[LAST:.*]] = arith.constant 31 : i32
// CHECK: %[[M:.*]] = arith.minui %[[N]], %[[LAST]] : i32
// CHECK: %[[S:.*]] = arith.shli %[[X]], %[[M]] : i32
// CHECK: %[[W:.*]] = arith.constant 32 : i32
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[N]], %[[W]] : i32
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[R:.*]] = arith.select %[[IN]], %[[S]], %[[ZERO]] : i32
// CHECK: return %[[R]]
func.func @shl(%x: si32, %n: si32) -> si32 {
  %0 = tolk.shl %x, %n : si32
  return %0 : si32
}

// -----

// Signed shr is arithmetic: a count clamped to width - 1 gives the sign fill.
// CHECK-LABEL: func.func @shr_signed
// CHECK-SAME: (%[[X:.*]]: i8, %[[N:.*]]: i8)
// CHECK: %[[LAST:.*]] = arith.constant 7 : i8
// CHECK: %[[M:.*]] = arith.minui %[[N]], %[[LAST]] : i8
// CHECK: %[[R:.*]] = arith.shrsi %[[X]], %[[M]] : i8
// CHECK: return %[[R]]
func.func @shr_signed(%x: si8, %n: si8) -> si8 {
  %0 = tolk.shr %x, %n : si8
  return %0 : si8
}

// -----

// CHECK-LABEL: func.func @shr_unsigned
// CHECK-SAME: (%[[X:.*]]: i64, %[[N:.*]]: i64)
// CHECK: %[[LAST:.*]] = arith.constant 63 : i64
// CHECK: %[[M:.*]] = arith.minui %[[N]], %[[LAST]] : i64
// CHECK: %[[S:.*]] = arith.shrui %[[X]], %[[M]] : i64
// CHECK: %[[W:.*]] = arith.constant 64 : i64
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[N]], %[[W]] : i64
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: %[[R:.*]] = arith.select %[[IN]], %[[S]], %[[ZERO]] : i64
// CHECK: return %[[R]]
func.func @shr_unsigned(%x: ui64, %n: ui64) -> ui64 {
  %0 = tolk.shr %x, %n : ui64
  return %0 : ui64
}

// -----

// INT_MIN / -1 and a zero divisor divide by 1: the wrapped INT_MIN, and the
// dividend for the (undefined) division by zero.
// CHECK-LABEL: func.func @truncdiv_signed
// CHECK-SAME: (%[[X:.*]]: i16, %[[Y:.*]]: i16)
// CHECK: %[[ONE:.*]] = arith.constant 1 : i16
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i16
// CHECK: %[[BYZERO:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]] : i16
// CHECK: %[[MIN:.*]] = arith.constant -32768 : i16
// CHECK: %[[XMIN:.*]] = arith.cmpi eq, %[[X]], %[[MIN]] : i16
// CHECK: %[[M1:.*]] = arith.constant -1 : i16
// CHECK: %[[YM1:.*]] = arith.cmpi eq, %[[Y]], %[[M1]] : i16
// CHECK: %[[OVF:.*]] = arith.andi %[[XMIN]], %[[YM1]] : i1
// CHECK: %[[BAD:.*]] = arith.ori %[[BYZERO]], %[[OVF]] : i1
// CHECK: %[[D:.*]] = arith.select %[[BAD]], %[[ONE]], %[[Y]] : i16
// CHECK: %[[R:.*]] = arith.divsi %[[X]], %[[D]] : i16
// CHECK: return %[[R]]
func.func @truncdiv_signed(%x: si16, %y: si16) -> si16 {
  %0 = tolk.truncdiv %x, %y : si16
  return %0 : si16
}

// -----

// CHECK-LABEL: func.func @truncdiv_unsigned
// CHECK-SAME: (%[[X:.*]]: vector<2xi8>, %[[Y:.*]]: vector<2xi8>)
// CHECK: %[[ONE:.*]] = arith.constant dense<1> : vector<2xi8>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<2xi8>
// CHECK: %[[BAD:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]] : vector<2xi8>
// CHECK: %[[D:.*]] = arith.select %[[BAD]], %[[ONE]], %[[Y]] : vector<2xi1>, vector<2xi8>
// CHECK: %[[R:.*]] = arith.divui %[[X]], %[[D]] : vector<2xi8>
// CHECK: return %[[R]]
func.func @truncdiv_unsigned(%x: vector<2xui8>, %y: vector<2xui8>) -> vector<2xui8> {
  %0 = tolk.truncdiv %x, %y : vector<2xui8>
  return %0 : vector<2xui8>
}
