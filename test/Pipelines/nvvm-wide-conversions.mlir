// A conversion between a float and ui128 or ui256 on NVVM is an error at the
// cast: the NVPTX back end has no instruction or library function for it,
// and LLVM aborted while serializing the module.
// RUN: tolk-opt %s --tolk-to-nvvm --split-input-file --verify-diagnostics

func.func @to_ui128(%x: tensor<16xf32>) -> tensor<16xui128> {
  // expected-error @+1 {{converts 'f32' to 'i128', which the NVPTX back end cannot compile (no instruction converts between a float and an integer of more than 64 bits)}}
  %r = tolk.cast %x : tensor<16xf32> to tensor<16xui128>
  return %r : tensor<16xui128>
}

// -----

func.func @from_ui256(%x: tensor<16xui256>) -> tensor<16xf64> {
  // expected-error @+1 {{converts 'i256' to 'f64', which the NVPTX back end cannot compile}}
  %r = tolk.cast %x : tensor<16xui256> to tensor<16xf64>
  return %r : tensor<16xf64>
}

// -----

// Integer casts of them compile.
func.func @wrap(%x: tensor<16xui128>) -> tensor<16xsi8> {
  %r = tolk.cast %x : tensor<16xui128> to tensor<16xsi8>
  return %r : tensor<16xsi8>
}
