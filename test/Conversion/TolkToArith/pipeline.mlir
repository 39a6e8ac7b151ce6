// RUN: tolk-opt --canonicalize --tolk-decompose --canonicalize --tolk-commit-weak --convert-tolk-to-arith %s | FileCheck %s

// The input contract: after canonicalization, decomposition and committing
// the weak types, everything lowers. Promotion became casts (si8 - ui8 is
// si16), a weak 3 became f16's 1/3, ne became not cmpeq, and pow by a
// constant became multiplications.

// CHECK-LABEL: func.func @mixed
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8, %[[F:.*]]: f16) -> (i16, f16, i1, i8)
// CHECK-DAG: %[[THIRD:.*]] = arith.constant 3.332520e-01 : f16
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : i16
// CHECK: %[[A16:.*]] = arith.extsi %[[A]] : i8 to i16
// CHECK: %[[B16:.*]] = arith.extui %[[B]] : i8 to i16
// CHECK: %[[NEGB:.*]] = arith.muli %[[B16]], %[[M1]] : i16
// CHECK: %[[SUB:.*]] = arith.addi %[[A16]], %[[NEGB]] : i16
// CHECK: %[[DIV:.*]] = arith.mulf %[[F]], %[[THIRD]] : f16
// CHECK: %[[AF:.*]] = arith.sitofp %[[A]] : i8 to f16
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[F]], %[[AF]] : f16
// CHECK: %[[NE:.*]] = arith.cmpi eq, %[[EQ]], %[[FALSE]] : i1
// CHECK: %[[SQ:.*]] = arith.muli %[[A]], %[[A]] : i8
// CHECK: %[[CUBE:.*]] = arith.muli %[[A]], %[[SQ]] : i8
// CHECK: return %[[SUB]], %[[DIV]], %[[NE]], %[[CUBE]]
func.func @mixed(%a: si8, %b: ui8, %f: f16) -> (si16, f16, i1, si8) {
  %c = tolk.const 3 : !tolk.weakint
  %0 = tolk.sub %a, %b : (si8, ui8) -> si16
  %1 = tolk.div %f, %c : (f16, !tolk.weakint) -> f16
  %2 = tolk.ne %f, %a : (f16, si8) -> i1
  %3 = tolk.pow %a, %c : (si8, !tolk.weakint) -> si8
  return %0, %1, %2, %3 : si16, f16, i1, si8
}
