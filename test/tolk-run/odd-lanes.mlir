// Odd inner sizes keep their lanes: --tolk-kernelize gives each thread of
// a 500x1001 broadcast 7 lanes (1001 = 7 * 11 * 13), whose vector accesses
// are aligned to an element only, and the last block is gated (71500
// threads in 559 blocks of 128). Run on the host, bounds-checked, its bits
// are those of one element a thread, and each element is the product of
// its row's ui8 and its column's bf16 plus the scalar: none lost, none out
// of place. 13 columns take 13 lanes, a prime 17 one lane.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py write %t/a.npy '|u1' 500,1 'expr:(i * 7) % 16'
// RUN: %python %S/Inputs/npy.py write %t/b.npy '<u2' 1,1001 'expr:(0x3f00 + ((i * 5) % 8) * 0x20) if i % 3 else (0xbf00 + (i % 8) * 0x20)'
// RUN: tolk-opt %s --tolk-kernelize -o %t/lanes.mlir
// RUN: tolk-opt %s --tolk-kernelize=upcast=1 -o %t/one.mlir
// RUN: tolk-translate --launch-json %t/lanes.mlir | %python -c "import json, sys; [print(l['function'], l['grid'][0], max(p.get('vector', 1) for p in l['params'])) for l in json.load(sys.stdin)['launches']]" | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: bcast 559 7
// LAUNCH-NEXT: rows 1 13
// LAUNCH-NEXT: prime 2 1
// RUN: tolk-run --quiet %t/lanes.mlir --kernel bcast --arg 0.375 %t/a.npy %t/b.npy -o %t/r7.npy
// RUN: tolk-run --quiet %t/one.mlir --kernel bcast --arg 0.375 %t/a.npy %t/b.npy -o %t/r1.npy
// RUN: cmp %t/r1.npy %t/r7.npy
// RUN: %python %S/Inputs/npy.py check %t/r7.npy 'f32(in0[i // 1001] * __import__("struct").unpack("<f", __import__("struct").pack("<I", in1[i %% 1001] << 16))[0] + 0.375)' %t/a.npy %t/b.npy | FileCheck %s --check-prefix=BCAST
// BCAST: ok 500500
func.func @bcast(%a: tensor<500x1xui8>, %b: tensor<1x1001xbf16>, %c: tensor<f32>) -> tensor<500x1001xf32> {
  %m = tolk.mul %a, %b : (tensor<500x1xui8>, tensor<1x1001xbf16>) -> tensor<500x1001xbf16>
  %r = tolk.add %m, %c : (tensor<500x1001xbf16>, tensor<f32>) -> tensor<500x1001xf32>
  return %r : tensor<500x1001xf32>
}

// RUN: %python %S/Inputs/npy.py write %t/x.npy '<f4' 1,13 'expr:i * 0.5 - 3'
// RUN: %python %S/Inputs/npy.py write %t/y.npy '<f4' 9,13 'expr:i * 0.25'
// RUN: tolk-run --quiet %t/lanes.mlir --kernel rows %t/x.npy %t/y.npy -o %t/s13.npy
// RUN: tolk-run --quiet %t/one.mlir --kernel rows %t/x.npy %t/y.npy -o %t/s1.npy
// RUN: cmp %t/s1.npy %t/s13.npy
// RUN: %python %S/Inputs/npy.py check %t/s13.npy 'in0[i %% 13] + in1[i]' %t/x.npy %t/y.npy | FileCheck %s --check-prefix=ROWS
// ROWS: ok 117
func.func @rows(%a: tensor<1x13xf32>, %b: tensor<9x13xf32>) -> tensor<9x13xf32> {
  %r = tolk.add %a, %b : (tensor<1x13xf32>, tensor<9x13xf32>) -> tensor<9x13xf32>
  return %r : tensor<9x13xf32>
}

func.func @prime(%a: tensor<9x1xf32>, %b: tensor<9x17xf32>) -> tensor<9x17xf32> {
  %r = tolk.add %a, %b : (tensor<9x1xf32>, tensor<9x17xf32>) -> tensor<9x17xf32>
  return %r : tensor<9x17xf32>
}
