// f128 has no GPU lowering (no GPU has binary128 arithmetic), and so
// complex<f128> has none: an error at the first op that computes on the
// type (the op's location, not the kernel's), once per type and kernel; a
// type that no op computes on (a buffer the kernel never reads) is reported
// at the function. complex<f32> and complex<f64> compile on every GPU
// target (complex-gpu.mlir, spirv-complex.mlir); what SPIR-V still refuses
// of them is in spirv-complex-invalid.mlir.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-nvvm="chip=sm_90 features=+ptx80" -o /dev/null
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-rocdl="chip=gfx942 features=" -o /dev/null
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-spirv -o /dev/null
// Each message names its target.
// RUN: not tolk-opt %s -split-input-file --tolk-to-nvvm="chip=sm_90 features=+ptx80" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NVVM
// RUN: not tolk-opt %s -split-input-file --tolk-to-rocdl="chip=gfx942 features=" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROCDL
// RUN: not tolk-opt %s -split-input-file --tolk-to-spirv -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPIRV

// NVVM: error: f128 has no NVVM lowering: no GPU has binary128 arithmetic, and Tolk has no soft-float library for one (it runs on the host)
// ROCDL: error: f128 has no ROCDL lowering: no GPU has binary128 arithmetic
// SPIRV: error: f128 has no SPIR-V lowering: no GPU has binary128 arithmetic
func.func @add_f128(%a: tensor<4xf128>, %b: tensor<4xf128>) -> tensor<4xf128> {
  // expected-error-re @+1 {{f128 has no {{NVVM|ROCDL|SPIR-V}} lowering: no GPU has binary128 arithmetic, and Tolk has no soft-float library for one (it runs on the host)}}
  %r = tolk.add %a, %b : tensor<4xf128>
  return %r : tensor<4xf128>
}

// -----

// One error for complex<f128>, not one more for its parts.
// NVVM: error: complex<f128> has f128 parts, which NVVM has no arithmetic for
// ROCDL: error: complex<f128> has f128 parts, which ROCDL has no arithmetic for
// SPIRV: error: complex<f128> has f128 parts, which SPIR-V has no arithmetic for
func.func @mul_c256(%a: tensor<4xcomplex<f128>>) -> tensor<4xcomplex<f128>> {
  // expected-error-re @+1 {{complex<f128> has f128 parts, which {{NVVM|ROCDL|SPIR-V}} has no arithmetic for}}
  %r = tolk.mul %a, %a : tensor<4xcomplex<f128>>
  return %r : tensor<4xcomplex<f128>>
}

// -----

// A buffer of f128 that is only converted: the error is at the conversion,
// not at the loads of the buffer (whose location is the function's).
func.func @narrow_f128(%a: tensor<4xf128>) -> tensor<4xf32> {
  %one = tolk.const 1.0 : tensor<4xf32>
  // expected-error-re @+1 {{f128 has no {{NVVM|ROCDL|SPIR-V}} lowering}}
  %n = tolk.cast %a : tensor<4xf128> to tensor<4xf32>
  %r = tolk.add %n, %one : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Each type once, at its first op: the cast makes both.
func.func @two_types(%a: tensor<4xf128>, %b: tensor<4xcomplex<f128>>) -> tensor<4xcomplex<f128>> {
  // expected-error-re @+2 {{f128 has no {{NVVM|ROCDL|SPIR-V}} lowering}}
  // expected-error-re @+1 {{complex<f128> has f128 parts, which {{NVVM|ROCDL|SPIR-V}} has no arithmetic for}}
  %c = tolk.cast %a : tensor<4xf128> to tensor<4xcomplex<f128>>
  %r = tolk.mul %c, %b : tensor<4xcomplex<f128>>
  %s = tolk.mul %r, %r : tensor<4xcomplex<f128>>
  return %s : tensor<4xcomplex<f128>>
}

// -----

// A buffer the kernel holds but no op computes on: at the function.
// expected-error-re @+1 {{f128 has no {{NVVM|ROCDL|SPIR-V}} lowering}}
func.func @unused_f128(%a: tensor<4xf128>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = tolk.add %b, %b : tensor<4xf32>
  return %r : tensor<4xf32>
}
