// SPIR-V has no complex type, and Tolk does not split complex values into
// their parts: complex<f32> and complex<f64> (which NVVM, ROCDL and the host
// compile) are an error at the first op that computes on them.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-spirv -o /dev/null
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-spirv="caps=Shader exts=SPV_KHR_storage_buffer_storage_class" -o /dev/null

func.func @add_c64(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{complex<f32> has no SPIR-V lowering: the target has no complex type, and Tolk does not split complex values into their parts (they run on the host, NVVM and ROCDL)}}
  %r = tolk.add %a, %a : tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}

// -----

// A real buffer made complex: at the cast.
func.func @to_c128(%a: tensor<4xf32>, %b: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %two = tolk.const 2.0 : tensor<4xf32>
  %s = tolk.mul %a, %two : tensor<4xf32>
  // expected-error @+1 {{complex<f64> has no SPIR-V lowering}}
  %c = tolk.cast %s : tensor<4xf32> to tensor<4xcomplex<f64>>
  %r = tolk.div %c, %b : tensor<4xcomplex<f64>>
  return %r : tensor<4xcomplex<f64>>
}

// -----

// A complex buffer compared: at the comparison, whose result is real.
func.func @eq_c64(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xi1> {
  // expected-error @+1 {{complex<f32> has no SPIR-V lowering}}
  %r = tolk.cmpeq %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}
