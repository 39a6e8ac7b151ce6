// What stops --tolk-kernelize from kernelizing a function with an image
// argument (docs/Kernels.md#kernelization): with `strict`, an error at the
// function that says why; without it the function is left alone, as the
// pass's other refusals do.
// RUN: tolk-opt %s -split-input-file --tolk-kernelize="strict upcast=2" -verify-diagnostics
// RUN: tolk-opt %s -split-input-file --tolk-kernelize=upcast=2 | FileCheck %s --check-prefix=LEFT
// LEFT-NOT: gpu.module
// LEFT-NOT: tolk.kernel

// A thread reads a whole texel, four lanes: an explicit upcast below 4
// cannot give them.
// expected-error @+1 {{tolk-kernelize: function 'few_lanes' cannot be kernelized: it has an image argument, read a texel of four lanes a thread, but upcast = 2 allows fewer lanes}}
func.func @few_lanes(%img: tensor<2x4x4xf32> {tolk.image}) -> tensor<2x4x4xf32> {
  %r = tolk.neg %img : tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}

// -----

// The last dimension of an image is its texels' lanes: it does not
// broadcast (an iteration shape whose last dimension is not 4).
// expected-error @+1 {{tolk-kernelize: function 'lanes_broadcast' cannot be kernelized: it takes the image tensor<1x1x4xf32> (argument 0), which does not broadcast to the result shape (the four lanes of a texel are the last dimension of both)}}
func.func @lanes_broadcast(%img: tensor<1x1x4xf32> {tolk.image}, %b: tensor<2x3x1xf32>) -> tensor<2x3x1xf32> {
  %r = tolk.neg %b : tensor<2x3x1xf32>
  return %r : tensor<2x3x1xf32>
}

// -----

// A function that computes on complex numbers has one element a thread.
// expected-error @+1 {{tolk-kernelize: function 'complex' cannot be kernelized: it computes on complex numbers, one element a thread, but an image argument is read a texel of four lanes a thread}}
func.func @complex(%img: tensor<2x2x4xf32> {tolk.image}) -> tensor<2x2x4xcomplex<f32>> {
  %r = tolk.cast %img : tensor<2x2x4xf32> to tensor<2x2x4xcomplex<f32>>
  return %r : tensor<2x2x4xcomplex<f32>>
}

// -----

// A texel coordinate is an si32: an image of 2^31 columns has none for the
// last.
// expected-error @+1 {{tolk-kernelize: function 'too_wide' cannot be kernelized: it takes the image tensor<1x2147483648x4xf32> (argument 0), but a texel coordinate is an si32}}
func.func @too_wide(%img: tensor<1x2147483648x4xf32> {tolk.image}) -> tensor<1x2147483648x4xf32> {
  %r = tolk.neg %img : tensor<1x2147483648x4xf32>
  return %r : tensor<1x2147483648x4xf32>
}
