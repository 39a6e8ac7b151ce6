// Every pass that reads a gpu.module's SPIR-V target environment falls back
// to the default one when none is attached, without a spirv op in the input
// (the default is a spirv attribute, so the passes load the SPIR-V dialect).
// RUN: tolk-opt --tolk-spirv-narrow-int64-casts %s | FileCheck %s
// RUN: tolk-opt --tolk-spirv-check-kernels %s | FileCheck %s
// RUN: tolk-opt --tolk-spirv-expand-math %s | FileCheck %s
// RUN: tolk-opt --tolk-spirv-exact-float-conversions %s | FileCheck %s

// CHECK: gpu.module @m
gpu.module @m {
}
