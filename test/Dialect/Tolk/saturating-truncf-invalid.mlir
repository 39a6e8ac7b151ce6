// RUN: tolk-opt %s -split-input-file -verify-diagnostics

func.func @to_f16(%x: f32) -> f16 {
  // expected-error @+1 {{result #0 must be f8E4M3FN, f8E5M2, f8E4M3FNUZ or f8E5M2FNUZ}}
  %0 = tolk.saturating_truncf %x : f32 to f16
  return %0 : f16
}

// -----

func.func @from_fp8(%x: f8E5M2) -> f8E4M3FN {
  // expected-error @+1 {{operand #0 must be f16, bf16, f32 or f64}}
  %0 = tolk.saturating_truncf %x : f8E5M2 to f8E4M3FN
  return %0 : f8E4M3FN
}

// -----

func.func @shape(%x: vector<4xf32>) -> vector<2xf8E4M3FN> {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %0 = tolk.saturating_truncf %x : vector<4xf32> to vector<2xf8E4M3FN>
  return %0 : vector<2xf8E4M3FN>
}
