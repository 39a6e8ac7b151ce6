// A tensor-level function with an image argument (docs/Kernels.md,
// "Kernelization"): the image's texels plus a bias of four lanes, rounded
// once to f16. tolk-run kernelizes it: the argument marked tolk.image is an
// image parameter (a row-major texel buffer on the host, a storage image on
// Vulkan) read a texel a thread, the bias a four-lane vector, the result a
// buffer.
//
//   python3 -c 'import numpy; numpy.save("in.npy", numpy.arange(32, dtype="<f4").reshape(2, 4, 4) / 3)'
//   python3 -c 'import numpy; numpy.save("bias.npy", numpy.array([0.5, -1, 2**-20, 0], dtype="<f4"))'
//   tolk-run examples/images/add_bias.mlir --kernel add_bias in.npy bias.npy -o out.npy
//   tolk-run examples/images/add_bias.mlir --kernel add_bias --backend vulkan in.npy bias.npy -o out.npy
func.func @add_bias(%img: tensor<2x4x4xf32> {tolk.image}, %bias: tensor<4xf32>) -> tensor<2x4x4xf16> {
  %s = tolk.add %img, %bias : (tensor<2x4x4xf32>, tensor<4xf32>) -> tensor<2x4x4xf32>
  %r = tolk.cast %s : tensor<2x4x4xf32> to tensor<2x4x4xf16>
  return %r : tensor<2x4x4xf16>
}
