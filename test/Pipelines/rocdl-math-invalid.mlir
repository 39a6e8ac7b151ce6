// f64 exp2, log2 and pow on ROCDL: AMD GPUs have no instruction for them,
// ROCm's device library computes them in software, and the ROCDL pipeline
// links no library: an error at the op, once per op, whatever the machine
// has installed.
// RUN: tolk-opt %s --tolk-to-rocdl="chip=gfx942" --split-input-file --verify-diagnostics

func.func @exp2_f64(%x: tensor<64xf64>) -> tensor<64xf64> {
  // expected-error @+1 {{calls __ocml_exp2_f64 of ROCm's device library, which the ROCDL pipeline does not link}}
  %r = tolk.exp2 %x : tensor<64xf64>
  return %r : tensor<64xf64>
}

// -----

func.func @log2_f64(%x: tensor<64xf64>) -> tensor<64xf64> {
  // expected-error @+1 {{calls __ocml_log2_f64 of ROCm's device library}}
  %r = tolk.log2 %x : tensor<64xf64>
  return %r : tensor<64xf64>
}

// -----

func.func @pow_f64(%x: tensor<64xf64>, %y: tensor<64xf64>) -> tensor<64xf64> {
  // expected-error @+1 {{calls __ocml_pow_f64 of ROCm's device library}}
  %r = tolk.pow %x, %y : tensor<64xf64>
  return %r : tensor<64xf64>
}
