//===- KernelSignature.h - What a Tolk kernel's launch takes ----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The rules of a kernel's launch (docs/Kernels.md, "Kernels"): its
// known_block_size and known_grid_size count threads and workgroups, so
// each entry is positive; and a launch passes global buffers (and images)
// and by-value alu parameters only, never workgroup (local) or private
// (reg) memory, which the kernel allocates itself. The verifiers of the
// Tolk ops in a kernel check them where they rely on them (tolk.special on
// the sizes, tolk.index, tolk.load and tolk.store on the parameter they
// access); the pipelines check every kernel as a whole.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_KERNELSIGNATURE_H
#define TOLK_DIALECT_TOLK_KERNELSIGNATURE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"

namespace tolk {

/// Fails, with an error from `emitError`, when an entry of `kernel`'s
/// known_block_size or known_grid_size is below 1.
llvm::LogicalResult
verifyLaunchSizes(mlir::gpu::GPUFuncOp kernel,
                  llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// Fails, with an error from `emitError`, when parameter `index` of `kernel`
/// is a local or reg !tolk.ptr.
llvm::LogicalResult
verifyKernelParameter(mlir::gpu::GPUFuncOp kernel, unsigned index,
                      llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// Both, for a gpu.func kernel and all of its parameters, at the kernel.
llvm::LogicalResult verifyKernelSignature(mlir::gpu::GPUFuncOp kernel);

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_KERNELSIGNATURE_H
