// Tensor-level functions with an image argument (docs/Kernels.md#kernelization):
// tolk-run kernelizes them, the argument marked tolk.image is an image
// parameter bound to the .npy of its (h, w, 4) texels, the others buffers,
// and every element of the result is checked bit for bit.
// kernelized-images-vulkan.test runs them on Vulkan and compares the bytes.
// RUN: rm -rf %t && mkdir -p %t

// An imagef plus a row broadcast over its 9 rows, summed in f32 and rounded
// once to f16: sums of multiples of 2^-21 and of quarters and halves of
// 2^-24 (the f16 step below 2^-13, subnormals included), ties to even, and
// sums near 1. 135 threads of 4 lanes: the last block is gated.
// RUN: %python %S/Inputs/npy.py write %t/img.npy '<f4' 9,15,4 'expr:((i * 37) % 541 - 270) * 2.0 ** -21'
// RUN: %python %S/Inputs/npy.py write %t/row.npy '<f4' 15,4 'expr:(1.0 if i % 3 == 0 else 0.0) + (i % 4) * 2.0 ** -26 - (i // 4) * 2.0 ** -25'
// RUN: tolk-run --quiet %s --kernel add_row %t/img.npy %t/row.npy -o %t/sum.npy
// RUN: %python %S/Inputs/npy.py check %t/sum.npy 'f16(f32(in0[i] + in1[i % 60]))' %t/img.npy %t/row.npy | FileCheck %s --check-prefix=SUM
// RUN: %python %S/Inputs/npy.py print %t/sum.npy | FileCheck %s --check-prefix=BITS
// SUM: ok 540
// In units of 2^-24: element 0 is 1 - 270 * 8, which rounds to 1 (the f16
// step below 1 is 2^13 units); element 1 -233 * 8 + 1/4, to -1864;
// element 2 -196 * 8 + 1/2, a tie, to the even -1568; element 4
// -122 * 8 - 1/2, a subnormal tie, to the even -976.
// BITS: descr <f2 shape [9, 15, 4]
// BITS-NEXT: 0x3c00 1.0
// BITS-NEXT: 0x8748
// BITS-NEXT: 0x8620
// BITS-NEXT: 0x3c00 1.0
// BITS-NEXT: 0x83d0
func.func @add_row(%img: tensor<9x15x4xf32> {tolk.image}, %row: tensor<15x4xf32>) -> tensor<9x15x4xf16> {
  %s = tolk.add %img, %row : (tensor<9x15x4xf32>, tensor<15x4xf32>) -> tensor<9x15x4xf32>
  %r = tolk.cast %s : tensor<9x15x4xf32> to tensor<9x15x4xf16>
  return %r : tensor<9x15x4xf16>
}

// An imageh of one row, broadcast over 9, plus an f16 tensor: the image's
// texels read as f16 lanes, subnormals and both signs included (exponents
// up to 11101, so that no sum overflows), each sum rounded once.
// RUN: %python %S/Inputs/npy.py write %t/himg.npy '<f2' 1,15,4 'expr:((i * 0x0d37) & 0x77ff) | ((i & 1) << 15)'
// RUN: %python %S/Inputs/npy.py write %t/h.npy '<f2' 9,15,4 'expr:((i * 0x1b3) & 0x77ff) | ((i & 2) << 14)'
// RUN: tolk-run --quiet %s --kernel add_half %t/himg.npy %t/h.npy -o %t/hsum.npy
// RUN: %python %S/Inputs/npy.py check %t/hsum.npy 'f16(in0[i % 60] + in1[i])' %t/himg.npy %t/h.npy | FileCheck %s --check-prefix=HALF
// HALF: ok 540
func.func @add_half(%img: tensor<1x15x4xf16> {tolk.image}, %b: tensor<9x15x4xf16>) -> tensor<9x15x4xf16> {
  %r = tolk.add %img, %b : (tensor<1x15x4xf16>, tensor<9x15x4xf16>) -> tensor<9x15x4xf16>
  return %r : tensor<9x15x4xf16>
}
