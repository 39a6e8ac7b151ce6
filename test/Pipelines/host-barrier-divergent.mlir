// A barrier inside a tolk.range whose bound differs between the threads of
// a workgroup: the host pipeline reports it at the barrier, with a note at
// the range, the ops the kernel was written with (docs/Lowering.md, "Host
// lowering"). The uniform case runs: test/tolk-run/barrier-in-range.mlir.
// RUN: tolk-opt %s --tolk-to-llvm -split-input-file -verify-diagnostics

gpu.module @ring {
  gpu.func @divergent(%x: !tolk.ptr<si32, global, 4>)
      kernel attributes {known_block_size = array<i32: 4, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %l = tolk.special local_id x : si32
    %c0 = tolk.const 0 : si32
    %c1 = tolk.const 1 : si32
    // expected-note @below {{the loop: its bounds must come from the kernel's arguments, constants and the workgroup's ids and sizes, without memory}}
    tolk.range %k = %c0 to %l step %c1 : si32 {
      // expected-error @below {{'gpu.barrier' op inside a loop (a tolk.range) whose bounds may differ between the threads of a workgroup has no host lowering: every thread must reach the same barriers}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// A bound loaded from memory: every thread reads it, but another thread may
// have stored it, so the lowering cannot see that it is uniform.
gpu.module @ring {
  gpu.func @loaded(%x: !tolk.ptr<si32, global, 4>)
      kernel attributes {known_block_size = array<i32: 4, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = tolk.const 0 : si32
    %c1 = tolk.const 1 : si32
    %p = tolk.index %x[%c0] : !tolk.ptr<si32, global, 4>, si32
    %n = tolk.load %p : !tolk.ptr<si32, global, 4> -> si32
    // expected-note @below {{the loop}}
    tolk.range %k = %c0 to %n step %c1 : si32 {
      // expected-error @below {{inside a loop (a tolk.range) whose bounds may differ}}
      gpu.barrier
    }
    gpu.return
  }
}
