// The NVVM and ROCDL pipelines run gpu-to-llvm only on a module with an op
// it might change (docs/Lowering.md, "Upstream conversions with nothing to
// convert"): a hand-written host side is converted, launch and all; the
// tensor-level function that --tolk-kernelize leaves stays as it is.
// RUN: tolk-opt %s -split-input-file --tolk-to-nvvm=chip=sm_90 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,NVVM
// RUN: tolk-opt %s -split-input-file --tolk-to-rocdl=chip=gfx942 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ROCDL

// CHECK-LABEL: llvm.func @host(
// CHECK-SAME: %[[ALLOCATED:[a-z0-9]+]]: !llvm.ptr, %[[ALIGNED:[a-z0-9]+]]: !llvm.ptr, %[[OFFSET:[a-z0-9]+]]: i64, %[[SIZE:[a-z0-9]+]]: i64, %[[STRIDE:[a-z0-9]+]]: i64)
// CHECK: gpu.launch_func @kernels::@scale
// CHECK-SAME: args(%[[ALLOCATED]] : !llvm.ptr, %[[ALIGNED]] : !llvm.ptr, %[[OFFSET]] : i64, %[[SIZE]] : i64, %[[STRIDE]] : i64)
// CHECK: llvm.return
// NVVM: gpu.binary @kernels [#gpu.object<#nvvm.target
// ROCDL: gpu.binary @kernels [#gpu.object<#rocdl.target
module attributes {gpu.container_module} {
  func.func @host(%m: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%m : memref<64xf32>)
    return
  }
  gpu.module @kernels {
    gpu.func @scale(%m: memref<64xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<64xf32>
      %w = arith.mulf %v, %v : f32
      memref.store %w, %m[%i] : memref<64xf32>
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: func.func @square(
// CHECK-SAME: %[[A:.*]]: tensor<64xf32>) -> tensor<64xf32>
// CHECK-NEXT: %[[R:.*]] = tolk.mul %[[A]], %[[A]] : tensor<64xf32>
// CHECK-NEXT: return %[[R]] : tensor<64xf32>
// CHECK: gpu.binary @square_kernel
func.func @square(%a: tensor<64xf32>) -> tensor<64xf32> {
  %r = tolk.mul %a, %a : tensor<64xf32>
  return %r : tensor<64xf32>
}
