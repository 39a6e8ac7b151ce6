// Hand-written known launch sizes past what every target launches are an
// error at the kernel, on every pipeline (docs/Rationale.md, "Limits"), as
// --tolk-kernelize's block-size option is: NVVM wrote a .maxntid of 100000
// that ptxas only warned about, and ROCDL and SPIR-V compiled it.
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-nvvm
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-rocdl
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-llvm
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-to-spirv

gpu.module @kernels {
  // expected-error @below {{'gpu.func' op kernel 'wide': known_block_size's x is 100000, past 1024, the most every target launches (docs/Rationale.md, "Limits")}}
  gpu.func @wide() kernel attributes {known_block_size = array<i32: 100000, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{kernel 'deep': known_block_size's z is 128, past 64}}
  gpu.func @deep() kernel attributes {known_block_size = array<i32: 1, 1, 128>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{kernel 'many': known_block_size makes blocks of 2048 threads, past 1024}}
  gpu.func @many() kernel attributes {known_block_size = array<i32: 64, 32, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{kernel 'tall': known_grid_size's y is 70000, past 65535}}
  gpu.func @tall() kernel attributes {known_grid_size = array<i32: 1, 70000, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @below {{kernel 'long': known_grid_size and known_block_size make 4294967296 threads in x, past 2^32 - 1}}
  gpu.func @long() kernel attributes {known_block_size = array<i32: 1024, 1, 1>,
                                      known_grid_size = array<i32: 4194304, 1, 1>} {
    gpu.return
  }
}

// -----

// At the limits: every pipeline compiles it.
gpu.module @kernels {
  gpu.func @edge() kernel attributes {known_block_size = array<i32: 1, 16, 64>,
                                      known_grid_size = array<i32: 2097152, 65535, 65535>} {
    gpu.return
  }
}
