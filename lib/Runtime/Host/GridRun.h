//===- GridRun.h - One launch's workgroups on the host ----------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_RUNTIME_HOST_GRIDRUN_H
#define TOLK_LIB_RUNTIME_HOST_GRIDRUN_H

#include "HostJit.h"
#include "WorkerPool.h"

#include "tolk/Conversion/GPUToHost/GPUToHost.h"

namespace tolk::runtime::host {

/// The function the bounds-checked kernels call on an access out of bounds
/// (tolk::kHostOutOfBoundsFunction).
tolk::HostOutOfBoundsFn *getOutOfBoundsHandler();

/// Runs every workgroup of a launch of `fn` once, on `pool`. `buffers`
/// holds each buffer argument's memory (null for a scalar). Errors: the
/// first access out of bounds (in the launch's order), which ends the
/// launch; a grid larger than an index holds.
llvm::Error runGrid(WorkerPool &pool, HostFunction fn, const KernelInfo &kernel,
                    const LaunchShape &shape, llvm::ArrayRef<LaunchArg> args,
                    llvm::ArrayRef<uint8_t *> buffers, uint64_t launchNumber);

} // namespace tolk::runtime::host

#endif // TOLK_LIB_RUNTIME_HOST_GRIDRUN_H
