// The kernel rules the verifiers of the Tolk ops in a kernel check: a
// launch size below 1 (which the host path ran as 0 threads, or 2^32 - 1
// for -1, and NVVM handed to LLVM as an unparsable maxntid), and a local
// or reg pointer parameter (which no launch can pass).
// RUN: tolk-opt %s -split-input-file -verify-diagnostics

gpu.module @kernels {
  gpu.func @negative_block(%a: !tolk.ptr<f32, global>) kernel
      attributes {known_block_size = array<i32: -1, 1, 1>} {
    // expected-error @below {{'tolk.special' op kernel 'negative_block' has known_block_size array<i32: -1, 1, 1>: each size must be positive}}
    %i = tolk.special global_id x : si32
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @zero_grid(%a: !tolk.ptr<f32, global>) kernel
      attributes {known_grid_size = array<i32: 4, 0, 1>} {
    // expected-error @below {{'tolk.special' op kernel 'zero_grid' has known_grid_size array<i32: 4, 0, 1>: each size must be positive}}
    %i = tolk.special group_id y : si32
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @local_param(%a: !tolk.ptr<f32, local, 64>) kernel {
    %i = tolk.special local_id x : si32
    // expected-error @below {{'tolk.index' op parameter #0 of kernel 'local_param' is '!tolk.ptr<f32, local, 64>': a launch passes global buffers and alu values; allocate workgroup memory with tolk.define_local in the kernel}}
    %p = tolk.index %a[%i] : !tolk.ptr<f32, local, 64>, si32
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @reg_param(%a: !tolk.ptr<f32, reg, 4>) kernel {
    // expected-error @below {{'tolk.load' op parameter #0 of kernel 'reg_param' is '!tolk.ptr<f32, reg, 4>': a launch passes global buffers and alu values; allocate private memory with tolk.define_reg in the kernel}}
    %x = tolk.load %a : !tolk.ptr<f32, reg, 4> -> f32
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @store_local(%a: !tolk.ptr<f32, local, 4>) kernel {
    %x = tolk.const 1.0 : f32
    // expected-error @below {{'tolk.store' op parameter #0 of kernel 'store_local' is}}
    tolk.store %a, %x : !tolk.ptr<f32, local, 4>, f32
    gpu.return
  }
}

// -----

// A function that is not a kernel may take local and reg pointers (a
// helper a kernel calls).
gpu.module @kernels {
  gpu.func @helper(%a: !tolk.ptr<f32, local, 4>) {
    %x = tolk.load %a : !tolk.ptr<f32, local, 4> -> f32
    gpu.return
  }
}
