// Every pipeline checks every kernel against the kernel rules first, also
// where no Tolk op relies on them: a launch size below 1, an unused local
// or reg pointer parameter (the PTX got `.param .ptr .shared`).
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-nvvm
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-rocdl
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-spirv
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-llvm

gpu.module @kernels {
  // expected-error @below {{'gpu.func' op kernel 'empty_block' has known_block_size array<i32: 0, 1, 1>: each size must be positive}}
  gpu.func @empty_block() kernel
      attributes {known_block_size = array<i32: 0, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{'gpu.func' op kernel 'negative_grid' has known_grid_size array<i32: -1, 1, 1>: each size must be positive}}
  gpu.func @negative_grid() kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: -1, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{'gpu.func' op parameter #1 of kernel 'unused_local' is '!tolk.ptr<f32, local, 64>': a launch passes global buffers and alu values}}
  gpu.func @unused_local(%a: !tolk.ptr<f32, global>,
                         %b: !tolk.ptr<f32, local, 64>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{'gpu.func' op parameter #0 of kernel 'unused_reg' is '!tolk.ptr<si32, reg, 1>'}}
  gpu.func @unused_reg(%a: !tolk.ptr<si32, reg, 1>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    gpu.return
  }
}
