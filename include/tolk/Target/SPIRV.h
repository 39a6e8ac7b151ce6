//===- SPIRV.h - SPIR-V binaries of lowered Tolk kernels --------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The SPIR-V binary of a kernel from a module that --tolk-to-spirv lowered,
// for a Vulkan host (tolk-run) and for tolk-translate --serialize-spirv.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TARGET_SPIRV_H
#define TOLK_TARGET_SPIRV_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace tolk {

/// The words of the SPIR-V binary holding the entry point `kernel`: the
/// spirv.module (one per gpu.module, possibly with other entry points) that
/// declares it, serialized. An empty `kernel` names the only spirv.module
/// of `root`. The workgroup size of a kernel without known_block_size, a
/// composite of specialization constants, is decorated BuiltIn
/// WorkgroupSize in the binary (decorateSpecializedWorkgroupSize). Emits a
/// diagnostic at `root` and fails when there is no such entry point, when
/// `kernel` is empty and there is not exactly one spirv.module, when the
/// module to write mixes kernels with and without a known workgroup size,
/// or when serialization fails.
llvm::FailureOr<llvm::SmallVector<uint32_t>>
serializeSPIRVKernel(mlir::Operation *root, llvm::StringRef kernel);

} // namespace tolk

#endif // TOLK_TARGET_SPIRV_H
