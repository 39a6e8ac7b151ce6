// Every pipeline compiles the functions and gpu.modules of the module it
// runs on; its nested pass managers never reach those of a module nested
// in it, which were left as they were, with exit code 0. The first pass
// refuses such a module (docs/Rationale.md, "Limits").
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-nvvm
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-rocdl
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-spirv
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-llvm

module {
  // expected-error @below {{'builtin.module' op is nested in the module the pipeline runs on, which compiles only that module's own functions and gpu.modules: move this module's up, or run the pipeline on it (--pass-pipeline='builtin.module(builtin.module(...))')}}
  module @inner {
    func.func @square(%a: tensor<64xf32>) -> tensor<64xf32> {
      %r = tolk.mul %a, %a : tensor<64xf32>
      return %r : tensor<64xf32>
    }
  }
}

// -----

// A kernel, two modules down: the outer nested module is reported, once.
// (A file of one module makes that module the top level.)
module {
  // expected-error @below {{'builtin.module' op is nested in the module the pipeline runs on}}
  module @outer {
    module @inner {
      gpu.module @kernels {
        gpu.func @copy(%a: memref<16xf32>, %b: memref<16xf32>) kernel
            attributes {known_block_size = array<i32: 16, 1, 1>} {
          %i = gpu.thread_id x
          %v = memref.load %a[%i] : memref<16xf32>
          memref.store %v, %b[%i] : memref<16xf32>
          gpu.return
        }
      }
    }
  }
}

// -----

// A nested module without code is nothing to compile, and stays.
module @empty {
}
func.func @square(%a: tensor<64xf32>) -> tensor<64xf32> {
  %r = tolk.mul %a, %a : tensor<64xf32>
  return %r : tensor<64xf32>
}
