// A gpu.func that is not a kernel (a helper of the kernels) has no SPIR-V
// lowering: Tolk's error at the function, where upstream's conversion failed
// with "failed to legalize operation 'gpu.func'" (docs/Lowering.md,
// "SPIR-V"). The other pipelines compile it.
// RUN: tolk-opt %s -verify-diagnostics --tolk-to-spirv
// RUN: tolk-opt %s --tolk-to-nvvm | FileCheck %s --check-prefix=NVVM
// RUN: tolk-opt %s --tolk-to-rocdl | FileCheck %s --check-prefix=ROCDL
// NVVM: gpu.binary @kernels
// ROCDL: gpu.binary @kernels

gpu.module @kernels {
  // expected-error @below {{'gpu.func' op is not a kernel, and the SPIR-V pipeline compiles kernels only: upstream's gpu-to-spirv conversion makes an entry point of each kernel and has no SPIR-V function for any other gpu.func; inline it into its callers, or make it a kernel}}
  gpu.func @twice(%x: f32) -> f32 {
    %r = tolk.add %x, %x : f32
    gpu.return %r : f32
  }
  gpu.func @k(%a: !tolk.ptr<f32, global, 4>) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %p = tolk.index %a[%i] : !tolk.ptr<f32, global, 4>, si32
    %x = tolk.load %p : !tolk.ptr<f32, global, 4> -> f32
    tolk.store %p, %x : !tolk.ptr<f32, global, 4>, f32
    gpu.return
  }
}
