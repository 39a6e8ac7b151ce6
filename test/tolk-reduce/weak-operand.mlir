// tolk-reduce keeps the smallest module in which --tolk-commit-weak still
// fails the same way (Inputs/weak-operand.sh): the unrelated function goes,
// and so does every op of the chain around the one weak operand that
// matters, replaced by an operand or by a zero constant.
// (The reduction tree's rejected variants print verifier errors; they are
// not the result.)
// RUN: not %S/Inputs/weak-operand.sh %s
// RUN: tolk-reduce %s --reduction-tree='traversal-mode=0 test=%S/Inputs/weak-operand.sh' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: not %S/Inputs/weak-operand.sh %t.mlir

// CHECK-NOT: func.func @unrelated
// CHECK-LABEL: func.func @program
// CHECK-NEXT:    %[[C:.*]] = tolk.const 0.5 : !tolk.weakfloat
// CHECK-NEXT:    %[[M:.*]] = tolk.mul %arg2, %[[C]] : (f16, !tolk.weakfloat) -> f16
// CHECK-NEXT:    return %arg0, %[[M]] : si8, f16
// CHECK-NEXT:  }
func.func @unrelated(%a: f32) -> f32 {
  %0 = tolk.mul %a, %a : f32
  return %0 : f32
}

func.func @program(%x: si8, %y: si8, %h: f16) -> (si8, f16) {
  %c3 = tolk.const 3 : !tolk.weakint
  %c100 = tolk.const 100 : !tolk.weakint
  %0 = tolk.mul %x, %c3 : (si8, !tolk.weakint) -> si8
  %1 = tolk.add %0, %y : si8
  %2 = tolk.max %1, %x : si8
  %3 = tolk.add %2, %c100 : (si8, !tolk.weakint) -> si8
  %half = tolk.const 0.5 : !tolk.weakfloat
  %4 = tolk.mul %h, %half : (f16, !tolk.weakfloat) -> f16
  %5 = tolk.sqrt %4 : f16
  return %3, %5 : si8, f16
}
