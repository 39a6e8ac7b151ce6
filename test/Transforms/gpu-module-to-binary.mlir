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

// -----

// A thread compiles module after module with one code generator (one per
// target machine and optimization level): each assembly holds its own
// module alone, with its own shared arrays, at its own level.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.binary @shared_first
// CHECK-SAME: .version
// CHECK-NOT: .version
// CHECK-SAME: .entry shared_first_kernel
// CHECK-SAME: .shared .align 4 .b8 tile[256]
// CHECK-NOT: {{\.version|\.entry}}
// CHECK: gpu.binary @plain
// CHECK-SAME: .version
// CHECK-NOT: {{\.version|\.shared|shared_first_kernel}}
// CHECK-SAME: .entry plain_kernel
// CHECK-NOT: {{\.version|\.shared|\.entry}}
// CHECK: gpu.binary @unoptimized [#gpu.object<#nvvm.target<O = 0, chip = "sm_90">
// CHECK-SAME: .version
// CHECK-NOT: {{\.version|tile\[}}
// CHECK-SAME: .entry unoptimized_kernel
// CHECK-SAME: .shared .align 4 .b8 other[32]
// CHECK-NOT: {{\.version|\.entry}}
// CHECK: gpu.binary @plain_again
// CHECK-SAME: .version
// CHECK-NOT: {{\.version|\.shared}}
// CHECK-SAME: .entry plain_again_kernel
module attributes {gpu.container_module} {
  gpu.module @shared_first [#nvvm.target<chip = "sm_90">] {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 4 : i64} : !llvm.array<64 x f32>
    llvm.func @shared_first_kernel(%v: f32) attributes {gpu.kernel, nvvm.kernel} {
      %p = llvm.mlir.addressof @tile : !llvm.ptr<3>
      llvm.store volatile %v, %p : f32, !llvm.ptr<3>
      llvm.return
    }
  }
  gpu.module @plain [#nvvm.target<chip = "sm_90">] {
    llvm.func @plain_kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @unoptimized [#nvvm.target<O = 0, chip = "sm_90">] {
    llvm.mlir.global internal @other() {addr_space = 3 : i32, alignment = 4 : i64} : !llvm.array<8 x f32>
    llvm.func @unoptimized_kernel(%v: f32) attributes {gpu.kernel, nvvm.kernel} {
      %p = llvm.mlir.addressof @other : !llvm.ptr<3>
      llvm.store volatile %v, %p : f32, !llvm.ptr<3>
      llvm.return
    }
  }
  gpu.module @plain_again [#nvvm.target<chip = "sm_90">] {
    llvm.func @plain_again_kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
