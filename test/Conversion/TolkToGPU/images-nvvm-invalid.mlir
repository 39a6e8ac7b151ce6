// RUN: tolk-opt --convert-tolk-to-gpu=images=nvvm --split-input-file --verify-diagnostics %s

// A CUDA surface's x is a byte offset in an i32: a row of more than 2^31
// bytes has texels no suld or sust reaches.
gpu.module @m {
  // expected-error @below {{'gpu.func' op uses the image pointer '!tolk.ptr<f32, global, imagef<1x134217729x4>>', whose rows of 2147483664 bytes are more than a CUDA surface addresses (x is a byte offset in an i32: at most 2^31 bytes a row)}}
  gpu.func @wide(%img: !tolk.ptr<f32, global, imagef<1x134217729x4>>) kernel {
    gpu.return
  }
}

// -----

// 2^31 bytes exactly is the most: the last texel starts at 2^31 - 8.
gpu.module @m {
  gpu.func @widest(%img: !tolk.ptr<f32, global, imageh<1x268435456x4>>) kernel {
    gpu.return
  }
}
