// The launch description as JSON: tolk-translate --launch-json prints the
// tolk.launch of every kernelized function, before the lowering and after
// it (the function, and its description, stay beside the binary).
// RUN: tolk-opt %s --tolk-kernelize | tolk-translate --launch-json | FileCheck %s
// RUN: tolk-opt %s --tolk-to-nvvm | tolk-translate --launch-json | FileCheck %s

// CHECK:      {
// CHECK-NEXT:   "launches": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "function": "scale",
// CHECK-NEXT:       "module": "scale_kernel",
// CHECK-NEXT:       "kernel": "scale",
// CHECK-NEXT:       "grid": [
// CHECK-NEXT:         2,
// CHECK-NEXT:         1,
// CHECK-NEXT:         1
// CHECK-NEXT:       ],
// CHECK-NEXT:       "block": [
// CHECK-NEXT:         128,
// CHECK-NEXT:         1,
// CHECK-NEXT:         1
// CHECK-NEXT:       ],
// CHECK-NEXT:       "params": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "kind": "buffer",
// CHECK-NEXT:           "dtype": "f16",
// CHECK-NEXT:           "count": 2048,
// CHECK-NEXT:           "vector": 8,
// CHECK-NEXT:           "arg": 0
// CHECK-NEXT:         },
// CHECK-NEXT:         {
// CHECK-NEXT:           "kind": "scalar",
// CHECK-NEXT:           "dtype": "si8",
// CHECK-NEXT:           "arg": 1
// CHECK-NEXT:         },
// CHECK-NEXT:         {
// CHECK-NEXT:           "kind": "buffer",
// CHECK-NEXT:           "dtype": "f16",
// CHECK-NEXT:           "count": 2048,
// CHECK-NEXT:           "vector": 8,
// CHECK-NEXT:           "result": 0
// CHECK-NEXT:         }
// CHECK-NEXT:       ]
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "function": "to_fp8",
// CHECK-NEXT:       "module": "to_fp8_kernel",
// CHECK-NEXT:       "kernel": "to_fp8",
// CHECK-NEXT:       "grid": [
// CHECK-NEXT:         2,
// CHECK-NEXT:         1,
// CHECK-NEXT:         1
// CHECK-NEXT:       ],
// CHECK-NEXT:       "block": [
// CHECK-NEXT:         128,
// CHECK-NEXT:         1,
// CHECK-NEXT:         1
// CHECK-NEXT:       ],
// CHECK-NEXT:       "params": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "kind": "buffer",
// CHECK-NEXT:           "dtype": "f32",
// CHECK-NEXT:           "count": 1000,
// CHECK-NEXT:           "vector": 4,
// CHECK-NEXT:           "arg": 0
// CHECK-NEXT:         },
// CHECK-NEXT:         {
// CHECK-NEXT:           "kind": "buffer",
// CHECK-NEXT:           "dtype": "f8E4M3FN",
// CHECK-NEXT:           "count": 1000,
// CHECK-NEXT:           "vector": 4,
// CHECK-NEXT:           "result": 0
// CHECK-NEXT:         }
// CHECK-NEXT:       ]
// CHECK-NEXT:     }
// CHECK-NEXT:   ]
// CHECK-NEXT: }
func.func @scale(%x: tensor<64x32xf16>, %n: si8) -> tensor<64x32xf16> {
  %t = tolk.add %x, %n : (tensor<64x32xf16>, si8) -> tensor<64x32xf16>
  return %t : tensor<64x32xf16>
}
func.func @to_fp8(%a: tensor<1000xf32>) -> tensor<1000xf8E4M3FN> {
  %r = tolk.cast %a : tensor<1000xf32> to tensor<1000xf8E4M3FN>
  return %r : tensor<1000xf8E4M3FN>
}
// A function that is not kernelized (a dynamic shape) has no launch.
// CHECK-NOT: dynamic
func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
