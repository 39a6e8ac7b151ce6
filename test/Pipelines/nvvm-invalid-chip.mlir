// An NVIDIA chip that is not sm_XX is a diagnostic (from the native fp8
// conversions, the first pass that reads the chip), not an LLVM error.
// RUN: not tolk-opt %s --tolk-to-nvvm="chip=sm_abc" 2>&1 | FileCheck %s

// CHECK: error: tolk-native-float-conversions: unknown chip 'sm_abc' (expected sm_XX or gfxXXX)
gpu.module @kernels {
  gpu.func @k(%x: !tolk.ptr<f32, global>) kernel {
    gpu.return
  }
}
