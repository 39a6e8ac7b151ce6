//===- GPUToHost.h - gpu.func kernels as host loops -------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The rewrite of lowered kernels (gpu.func in gpu.module, over gpu, memref,
// vector, scf and arith: what --convert-tolk-to-gpu gives) into host
// functions that run the whole launch on one CPU thread: loops over the
// workgroups, and in each one loops over the threads, split at every
// top-level gpu.barrier (docs/Rationale.md, "Host lowering").
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_GPUTOHOST_GPUTOHOST_H
#define TOLK_CONVERSION_GPUTOHOST_GPUTOHOST_H

#include "mlir/Pass/Pass.h"

#include <string>

namespace tolk {

#define GEN_PASS_DECL_TOLKGPUTOHOST
#define GEN_PASS_DECL_TOLKHOSTBF16BITS
#include "tolk/Conversion/Passes.h.inc"

/// The name of the host function that --tolk-gpu-to-host makes of kernel
/// `kernel` in gpu.module `module`: "module.kernel".
std::string getHostKernelName(llvm::StringRef module, llvm::StringRef kernel);

/// The number of trailing `index` arguments a host kernel takes after the
/// kernel's own: the grid (x, y, z), then the block (x, y, z).
constexpr unsigned kHostLaunchArgs = 6;

} // namespace tolk

#endif // TOLK_CONVERSION_GPUTOHOST_GPUTOHOST_H
