// A gpu.module with an NVVM target is refused by the ROCDL pipeline, and
// one with a ROCDL target by the NVVM pipeline: each lowers the kernels
// for its own target only (docs/Lowering.md, "What the NVVM and ROCDL
// pipelines refuse"). The module's own target's pipeline compiles it.
// RUN: not tolk-opt %s --tolk-to-rocdl=chip=gfx942 2>&1 | FileCheck %s --check-prefix=ROCDL
// RUN: not tolk-opt %s --tolk-to-nvvm=chip=sm_90 2>&1 | FileCheck %s --check-prefix=NVVM

// ROCDL: error: 'gpu.module' op has the target #nvvm.target<chip = "sm_89">, which the ROCDL pipeline does not compile for
// ROCDL-NOT: error: 'gpu.module' op has the target #rocdl.target
// NVVM-NOT: error: 'gpu.module' op has the target #nvvm.target
// NVVM: error: 'gpu.module' op has the target #rocdl.target<chip = "gfx942">, which the NVVM pipeline does not compile for
gpu.module @cuda [#nvvm.target<chip = "sm_89">] {
  gpu.func @k(%a: memref<16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>} {
    gpu.return
  }
}
gpu.module @amd [#rocdl.target<chip = "gfx942">] {
  gpu.func @k(%a: memref<16xf32>) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>} {
    gpu.return
  }
}
