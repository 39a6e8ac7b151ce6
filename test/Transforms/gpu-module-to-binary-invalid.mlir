// RUN: not tolk-opt %s --tolk-gpu-module-to-binary=format=ptx 2>&1 | FileCheck %s

// CHECK: error: tolk-gpu-module-to-binary: unknown format 'ptx' (expected offloading, isa, bin or fatbin)
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
  }
}
