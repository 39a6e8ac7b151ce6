// RUN: tolk-opt --convert-tolk-to-arith --split-input-file %s | FileCheck %s

// Integer and Bool ops: signless arith ops, signed or unsigned as the Tolk
// type says; function signatures become signless.

// CHECK-LABEL: func.func @add_mul
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8) -> (i8, i8)
// CHECK: %[[S:.*]] = arith.addi %[[A]], %[[B]] : i8
// CHECK: %[[P:.*]] = arith.muli %[[A]], %[[B]] : i8
// CHECK: return %[[S]], %[[P]] : i8, i8
func.func @add_mul(%a: si8, %b: si8) -> (si8, si8) {
  %0 = tolk.add %a, %b : si8
  %1 = tolk.mul %a, %b : si8
  return %0, %1 : si8, si8
}

// -----

// CHECK-LABEL: func.func @bitwise
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: arith.andi %[[A]], %[[B]] : i32
// CHECK: arith.ori %[[A]], %[[B]] : i32
// CHECK: arith.xori %[[A]], %[[B]] : i32
func.func @bitwise(%a: ui32, %b: ui32) -> (ui32, ui32, ui32) {
  %0 = tolk.and %a, %b : ui32
  %1 = tolk.or %a, %b : ui32
  %2 = tolk.xor %a, %b : ui32
  return %0, %1, %2 : ui32, ui32, ui32
}

// -----

// Bool: add is or (arith.addi on i1 would be xor), mul is and, max is or,
// false < true (unsigned), trunc is the identity.
// CHECK-LABEL: func.func @bool
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1)
// CHECK: %[[ADD:.*]] = arith.ori %[[A]], %[[B]] : i1
// CHECK: %[[MUL:.*]] = arith.andi %[[A]], %[[B]] : i1
// CHECK: %[[MAX:.*]] = arith.ori %[[A]], %[[B]] : i1
// CHECK: %[[LT:.*]] = arith.cmpi ult, %[[A]], %[[B]] : i1
// CHECK: %[[XOR:.*]] = arith.xori %[[A]], %[[B]] : i1
// CHECK: return %[[ADD]], %[[MUL]], %[[MAX]], %[[LT]], %[[A]], %[[XOR]]
func.func @bool(%a: i1, %b: i1) -> (i1, i1, i1, i1, i1, i1) {
  %0 = tolk.add %a, %b : i1
  %1 = tolk.mul %a, %b : i1
  %2 = tolk.max %a, %b : i1
  %3 = tolk.cmplt %a, %b : i1
  %5 = tolk.trunc %a : i1
  %6 = tolk.xor %a, %b : i1
  return %0, %1, %2, %3, %5, %6 : i1, i1, i1, i1, i1, i1
}

// -----

// Integer pow: the exponent is read unsigned; from the width on it is
// reduced to w + ((n - w) mod 2^(w-2)), below 2^(w-1), for math.ipowi.
// CHECK-LABEL: func.func @int_pow
// CHECK-SAME: (%[[X:.*]]: i8, %[[N:.*]]: i8)
// CHECK-DAG: %[[W:.*]] = arith.constant 8 : i8
// CHECK-DAG: %[[MASK:.*]] = arith.constant 63 : i8
// CHECK: %[[PAST:.*]] = arith.subi %[[N]], %[[W]] : i8
// CHECK: %[[REM:.*]] = arith.andi %[[PAST]], %[[MASK]] : i8
// CHECK: %[[RED:.*]] = arith.addi %[[W]], %[[REM]] : i8
// CHECK: %[[SMALL:.*]] = arith.cmpi ult, %[[N]], %[[W]] : i8
// CHECK: %[[E:.*]] = arith.select %[[SMALL]], %[[N]], %[[RED]] : i8
// CHECK: %[[R:.*]] = math.ipowi %[[X]], %[[E]] : i8
// CHECK: return %[[R]]
func.func @int_pow(%x: ui8, %n: ui8) -> ui8 {
  %0 = tolk.pow %x, %n : ui8
  return %0 : ui8
}

// -----

// trunc of an integer is the integer; where is select.
// CHECK-LABEL: func.func @trunc_where
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: i64, %[[Y:.*]]: i64)
// CHECK: %[[R:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : i64
// CHECK: return %[[X]], %[[R]] : i64, i64
func.func @trunc_where(%c: i1, %x: si64, %y: si64) -> (si64, si64) {
  %0 = tolk.trunc %x : si64
  %1 = tolk.where %c, %x, %y : (i1, si64, si64) -> si64
  return %0, %1 : si64, si64
}

// -----

// Constants keep their exact bits; `invalid` (any value will do) is 0.
// CHECK-LABEL: func.func @int_consts
// CHECK-DAG: %[[A:.*]] = arith.constant -1 : i8
// CHECK-DAG: %[[B:.*]] = arith.constant -56 : i8
// CHECK-DAG: %[[C:.*]] = arith.constant true
// CHECK-DAG: %[[D:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[E:.*]] = arith.constant dense<-9223372036854775808> : vector<2xi64>
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @int_consts() -> (si8, ui8, i1, si32, vector<2xui64>) {
  %a = tolk.const -1 : si8
  %b = tolk.const 200 : ui8
  %c = tolk.const true : i1
  %d = tolk.const invalid : si32
  %e = tolk.const 9223372036854775808 : vector<2xui64>
  return %a, %b, %c, %d, %e : si8, ui8, i1, si32, vector<2xui64>
}

// -----

// A call and its callee are converted together.
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[X:.*]]: i16) -> i16
// CHECK: %[[R:.*]] = call @int_consts_callee(%[[X]]) : (i16) -> i16
// CHECK: return %[[R]] : i16
func.func private @int_consts_callee(%x: ui16) -> ui16
func.func @caller(%x: ui16) -> ui16 {
  %0 = func.call @int_consts_callee(%x) : (ui16) -> ui16
  return %0 : ui16
}
