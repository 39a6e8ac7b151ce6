//===- Launch.h - What tolk-run hands the runtime ---------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The kernel tolk-run runs (its signature, from the runtime, and its op, for
// binding files to parameters) and one launch with the bytes of every buffer
// and the bits of every scalar, which tolk-run copies into the runtime's
// buffers and back (tolk/Runtime/Runtime.h).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TOOLS_TOLK_RUN_LAUNCH_H
#define TOLK_TOOLS_TOLK_RUN_LAUNCH_H

#include "tolk/Runtime/Runtime.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <array>
#include <cstdint>
#include <vector>

namespace tolk::run {

using Param = runtime::ParamInfo;

/// The kernel to run: a gpu.func kernel in a gpu.module.
struct Kernel : runtime::KernelInfo {
  mlir::gpu::GPUFuncOp op;
};

/// One launch: its size and its data.
struct Launch {
  std::array<uint32_t, 3> grid = {1, 1, 1};
  std::array<uint32_t, 3> block = {1, 1, 1};
  /// The bytes of each buffer, by slot.
  std::vector<std::vector<uint8_t>> buffers;
  /// The bits of each scalar, zero-extended, by slot.
  std::vector<uint64_t> scalars;
  /// By slot: whether the kernel both reads and writes the buffer (in
  /// place), so that every run of a repeated launch starts from the same
  /// contents: such a buffer is restored before every run but the first.
  std::vector<bool> inPlace;
};

} // namespace tolk::run

#endif // TOLK_TOOLS_TOLK_RUN_LAUNCH_H
