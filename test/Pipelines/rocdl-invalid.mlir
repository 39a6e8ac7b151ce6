// An unknown chip is an error while the pipeline is parsed: LLVM's AMDGPU
// backend would only warn about it and then abort in instruction selection.
// RUN: not tolk-opt %s --tolk-to-rocdl="chip=gfx9999" 2>&1 | FileCheck %s
// RUN: not tolk-opt %s --tolk-to-rocdl="chip=sm_90" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVIDIA

// CHECK: error: tolk-to-rocdl: unknown AMD GPU chip 'gfx9999' (expected e.g. gfx942)
// NVIDIA: error: tolk-to-rocdl: unknown AMD GPU chip 'sm_90'
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
