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
// functions that run a range of a launch's workgroups on one CPU thread: a
// loop over the workgroups, and in each one loops over the threads, split at
// every top-level gpu.barrier (docs/Lowering.md, "Host lowering").
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_GPUTOHOST_GPUTOHOST_H
#define TOLK_CONVERSION_GPUTOHOST_GPUTOHOST_H

#include "mlir/Pass/Pass.h"

#include <cstdint>
#include <string>

namespace tolk {

#define GEN_PASS_DECL_TOLKGPUTOHOST
#define GEN_PASS_DECL_TOLKHOSTBF16ASI16
#include "tolk/Conversion/Passes.h.inc"

/// The name of the host function that --tolk-gpu-to-host makes of kernel
/// `kernel` in gpu.module `module`: "module.kernel".
std::string getHostKernelName(llvm::StringRef module, llvm::StringRef kernel);

/// The number of trailing `index` arguments a host kernel takes after the
/// kernel's own: the grid (x, y, z), the block (x, y, z), then the
/// workgroups it runs, [first, end) in the launch's linear order (x
/// fastest, then y, then z; [0, x * y * z) is the whole launch). Workgroups
/// are independent, so a launcher may run disjoint ranges of one launch on
/// several threads at once.
constexpr unsigned kHostLaunchArgs = 8;

/// The function that a host kernel lowered with `bounds-check` calls, instead
/// of making the access, when a load or store through a buffer parameter
/// falls outside the buffer. The launcher defines it with this signature;
/// the access is skipped when it returns (a load gives zero), and it may
/// also not return (tolk-run stops the run there).
constexpr llvm::StringLiteral kHostOutOfBoundsFunction =
    "tolk_host_out_of_bounds";
/// Its C signature. `param`: the kernel parameter's position; `isStore`: 1 for
/// a store; `index`, `count`: the first element accessed and how many (the
/// lanes of a vector access); `size`: the buffer's element count (its
/// descriptor's); then the thread's ids in its workgroup and the workgroup's.
using HostOutOfBoundsFn = void(int64_t param, int64_t isStore, int64_t index,
                               int64_t count, int64_t size, int64_t threadX,
                               int64_t threadY, int64_t threadZ, int64_t blockX,
                               int64_t blockY, int64_t blockZ);

} // namespace tolk

#endif // TOLK_CONVERSION_GPUTOHOST_GPUTOHOST_H
