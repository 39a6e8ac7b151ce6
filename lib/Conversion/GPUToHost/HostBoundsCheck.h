//===- HostBoundsCheck.h - Checked buffer accesses in host kernels -*- C++
//-*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `bounds-check` step of --tolk-gpu-to-host, private to the pass.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_CONVERSION_GPUTOHOST_HOSTBOUNDSCHECK_H
#define TOLK_LIB_CONVERSION_GPUTOHOST_HOSTBOUNDSCHECK_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <array>

namespace tolk::host {

/// A buffer parameter of a host function: the kernel parameter's position
/// and the host function's argument, a `memref<?xT>` whose size is the
/// launcher's.
struct CheckedBuffer {
  unsigned param;
  mlir::Value arg;
};

/// Whether the bounds check handles a buffer parameter of `type`: a rank-1
/// memref of stride 1 (the identity layout, or a strided one with any
/// offset), whose descriptor's size is its element count.
bool isCheckableBuffer(mlir::Type type);

/// Guards every load and store of `host` that goes through one of
/// `buffers` (through casts, reinterpret_casts and strided metadata) with a
/// check of the elements it touches against the buffer's size; an access
/// out of bounds calls kHostOutOfBoundsFunction (declared in `module` if
/// it is not yet) instead. `threadIds` gives the thread ids at an op inside
/// the thread loops, `blockIds` the workgroup's. Fails with a diagnostic at
/// an access it cannot check (memory that it cannot trace to a buffer
/// parameter or an allocation, a buffer of another rank than 1).
mlir::LogicalResult insertBoundsChecks(
    mlir::ModuleOp module, mlir::func::FuncOp host,
    llvm::ArrayRef<CheckedBuffer> buffers,
    llvm::function_ref<std::array<mlir::Value, 3>(mlir::Operation *)> threadIds,
    std::array<mlir::Value, 3> blockIds);

} // namespace tolk::host

#endif // TOLK_LIB_CONVERSION_GPUTOHOST_HOSTBOUNDSCHECK_H
