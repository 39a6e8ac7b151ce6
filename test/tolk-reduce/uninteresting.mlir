// An input that the script does not find interesting has nothing to reduce:
// tolk-reduce says so (mlir-reduce exited 1 without a word).
// RUN: not tolk-reduce %s --reduction-tree='traversal-mode=0 test=%S/Inputs/never.sh' -o %t.mlir 2>&1 | FileCheck %s
// CHECK: tolk-reduce: error: the input '{{.*}}uninteresting.mlir' is not interesting: '{{.*}}never.sh' does not exit with 1 on it, so there is nothing to reduce (docs/Reducing.md)
func.func @f(%x: si8) -> si8 {
  return %x : si8
}
