// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-gpu-module-to-binary | FileCheck %s
// RUN: tolk-opt %s -split-input-file -verify-diagnostics --tolk-gpu-module-to-binary --mlir-disable-threading | FileCheck %s

// Every gpu.module becomes a gpu.binary of its name, in the modules' order
// whatever the threads, with one object per target; other ops stay where
// they are.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.binary @first [#gpu.object<#nvvm.target<chip = "sm_90">, properties = {{.*}}, assembly = "{{.*}}.visible .entry first_kernel
// CHECK-NEXT: func.func @between
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: gpu.binary @second [#gpu.object<#rocdl.target<chip = "gfx942">, assembly = "{{.*}}second_kernel:{{.*}}">, #gpu.object<#nvvm.target<chip = "sm_80">, properties = {{.*}}, assembly = "{{.*}}.target sm_80{{.*}} second_kernel(
// CHECK-NEXT: gpu.binary @third
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  gpu.module @first [#nvvm.target<chip = "sm_90">] {
    llvm.func @first_kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  func.func @between() {
    return
  }
  gpu.module @second [#rocdl.target<chip = "gfx942">, #nvvm.target<chip = "sm_80">] {
    llvm.func @second_kernel() attributes {gpu.kernel, nvvm.kernel, rocdl.kernel} {
      llvm.return
    }
  }
  gpu.module @third [#nvvm.target<chip = "sm_90">] {
    llvm.func @third_kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{the module has no target attributes}}
  gpu.module @untargeted {
    llvm.func @k() attributes {gpu.kernel} {
      llvm.return
    }
  }
}
