// A tensor-level function that the pipelines cannot kernelize is an error
// at the function that says why, and a non-zero exit, on every pipeline
// (it was left for the host, and the pipeline exited 0 with no kernel).
// RUN: tolk-opt %s --tolk-to-nvvm --split-input-file --verify-diagnostics
// RUN: tolk-opt %s --tolk-to-rocdl --split-input-file --verify-diagnostics
// RUN: tolk-opt %s --tolk-to-spirv --split-input-file --verify-diagnostics
// RUN: tolk-opt %s --tolk-to-llvm --split-input-file --verify-diagnostics

// expected-error @+1 {{tolk-kernelize: function 'dynamic' cannot be kernelized: it returns tensor<?xf32> (result 0), but a kernel writes static tensors of a stored data type}}
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = tolk.neg %x : tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// expected-error @+1 {{function 'mismatch' cannot be kernelized: it returns tensor<4xf32> (result 1), but every result of a kernel has the shape of result 0}}
func.func @mismatch(%x: tensor<8xf32>, %y: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
  %n = tolk.neg %y : tensor<4xf32>
  return %x, %n : tensor<8xf32>, tensor<4xf32>
}

// -----

// A function without Tolk is host code, left alone.
func.func @host(%x: i32) -> i32 {
  return %x : i32
}

// -----

// A function of scalars is no kernel: the pipelines kernelize tensor functions.
// expected-error @+1 {{function 'scalar' cannot be kernelized: it returns si8 (result 0), but a kernel writes static tensors of a stored data type}}
func.func @scalar(%a: si8) -> si8 {
  %c = tolk.const 3 : si8
  %0 = tolk.mul %a, %c : si8
  return %0 : si8
}
