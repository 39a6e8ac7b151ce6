// RUN: tolk-opt --convert-tolk-to-gpu=images=spirv --split-input-file --verify-diagnostics %s

// On SPIR-V an image is a descriptor binding of its kernel: a function that
// is not a kernel cannot take one.
gpu.module @m {
  // expected-error @below {{'gpu.func' op uses the image pointer '!tolk.ptr<f32, global, imagef<4x8x4>>' other than as a parameter of a kernel, which SPIR-V cannot express: an image there is a descriptor binding of the kernel}}
  gpu.func @helper(%img: !tolk.ptr<f32, global, imagef<4x8x4>>) {
    gpu.return
  }
}

// -----

// expected-error @below {{'func.func' op uses the image pointer '!tolk.ptr<f32, global, imageh<2x2x4>>' other than as a parameter of a kernel}}
func.func @host(%img: !tolk.ptr<f32, global, imageh<2x2x4>>) {
  return
}
