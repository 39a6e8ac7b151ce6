// f128 has no GPU lowering (no GPU has binary128 arithmetic), nor have
// complex numbers on SPIR-V: a diagnostic at the function, not a failed
// translation.
// RUN: not tolk-opt %s -split-input-file --tolk-to-nvvm="chip=sm_90 features=+ptx80" 2>&1 | FileCheck %s --check-prefix=NVVM
// RUN: not tolk-opt %s -split-input-file --tolk-to-rocdl="chip=gfx942 features=" 2>&1 | FileCheck %s --check-prefix=ROCDL
// RUN: not tolk-opt %s -split-input-file --tolk-to-spirv 2>&1 | FileCheck %s --check-prefix=SPIRV


// NVVM: complex-gpu-invalid.mlir:[[#@LINE+3]]:1: error: f128 has no NVVM lowering: no GPU has binary128 arithmetic, and Tolk has no soft-float library for one (it runs on the host)
// ROCDL: complex-gpu-invalid.mlir:[[#@LINE+2]]:1: error: f128 has no ROCDL lowering
// SPIRV: complex-gpu-invalid.mlir:[[#@LINE+1]]:1: error: f128 has no SPIR-V lowering
func.func @add_f128(%a: tensor<4xf128>, %b: tensor<4xf128>) -> tensor<4xf128> {
  %r = tolk.add %a, %b : tensor<4xf128>
  return %r : tensor<4xf128>
}

// -----

// NVVM: complex-gpu-invalid.mlir:[[#@LINE+3]]:1: error: complex<f128> has f128 parts, which NVVM has no arithmetic for
// ROCDL: complex-gpu-invalid.mlir:[[#@LINE+2]]:1: error: complex<f128> has f128 parts, which ROCDL has no arithmetic for
// SPIRV: complex-gpu-invalid.mlir:[[#@LINE+1]]:1: error: complex<f128> has f128 parts, which SPIR-V has no arithmetic for
func.func @mul_c256(%a: tensor<4xcomplex<f128>>) -> tensor<4xcomplex<f128>> {
  %r = tolk.mul %a, %a : tensor<4xcomplex<f128>>
  return %r : tensor<4xcomplex<f128>>
}

// -----

// SPIRV: complex-gpu-invalid.mlir:[[#@LINE+1]]:1: error: complex<f32> has no SPIR-V lowering: the target has no complex type, and Tolk does not split complex values into their parts (they run on the host, NVVM and ROCDL)
func.func @add_c64(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %r = tolk.add %a, %a : tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}
