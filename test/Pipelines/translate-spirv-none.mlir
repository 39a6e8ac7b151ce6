// tolk-translate --serialize-spirv on a module without a kernel, lowered or
// not, says why there is nothing to serialize, once.
// RUN: not tolk-translate --serialize-spirv %s -o %t.spv 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: tolk-opt --tolk-to-spirv %s | not tolk-translate --serialize-spirv -o %t.spv 2>&1 | FileCheck %s --implicit-check-not=error:

// CHECK: error: no spirv.module to serialize: --tolk-to-spirv makes one for each kernel, and the input has none
func.func @scalar(%a: si8) -> si8 {
  %c = tolk.const 3 : si8
  %0 = tolk.mul %a, %c : si8
  return %0 : si8
}
