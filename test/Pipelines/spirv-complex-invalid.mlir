// What --tolk-to-spirv still refuses of complex numbers, which it lowers to
// two-lane vectors of their parts (spirv-complex.mlir): a complex<f64> on a
// target without Float64, at the first op of the kernel that has an f64
// (its location is the Tolk op's), and a hand-written kernel with a
// by-value complex parameter, which is no scalar. complex<f128> is
// refused with f128 on every GPU target (complex-gpu-invalid.mlir).
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-spirv="caps=Shader exts=SPV_KHR_storage_buffer_storage_class" -o /dev/null

func.func @div_c128(%a: tensor<4xcomplex<f64>>, %b: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  // expected-error @+1 {{uses 'f64', which needs the Float64 capability: not in the SPIR-V target (Vulkan, v1.3)}}
  %r = tolk.div %a, %b : tensor<4xcomplex<f64>>
  return %r : tensor<4xcomplex<f64>>
}

// -----

// A real buffer made complex: at the cast.
func.func @to_c128(%a: tensor<4xf32>) -> tensor<4xcomplex<f64>> {
  %two = tolk.const 2.0 : tensor<4xf32>
  %s = tolk.mul %a, %two : tensor<4xf32>
  // expected-error @+1 {{which needs the Float64 capability}}
  %c = tolk.cast %s : tensor<4xf32> to tensor<4xcomplex<f64>>
  return %c : tensor<4xcomplex<f64>>
}

// -----

// A complex<f64> buffer that is only copied: at its first view, an
// element of which is two f64 parts.
gpu.module @kernels {
  gpu.func @copy_c128(%a: !tolk.ptr<complex<f64>, global>, %b: !tolk.ptr<complex<f64>, global>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %i = tolk.special local_id x : si32
    // expected-error @+1 {{uses 'memref<complex<f64>, #gpu.address_space<global>>', which needs the Float64 capability}}
    %pa = tolk.index %a[%i] : !tolk.ptr<complex<f64>, global>, si32
    %pb = tolk.index %b[%i] : !tolk.ptr<complex<f64>, global>, si32
    %v = tolk.load %pa : !tolk.ptr<complex<f64>, global> -> complex<f64>
    tolk.store %pb, %v : !tolk.ptr<complex<f64>, global>, complex<f64>
    gpu.return
  }
}

// -----

// A by-value complex number: SPIR-V kernels take scalars by value (a
// complex one is passed as a buffer of one element).
gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op parameter 0 has type 'complex<f32>': a by-value parameter of a SPIR-V kernel is a scalar}}
  gpu.func @by_value(%x: !tolk.ptr<complex<f32>, alu>, %out: !tolk.ptr<complex<f32>, global>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %i = tolk.const 0 : si32
    %p = tolk.index %out[%i] : !tolk.ptr<complex<f32>, global>, si32
    %v = tolk.load %x : !tolk.ptr<complex<f32>, alu> -> complex<f32>
    tolk.store %p, %v : !tolk.ptr<complex<f32>, global>, complex<f32>
    gpu.return
  }
}
