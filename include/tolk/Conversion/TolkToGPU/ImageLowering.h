//===- ImageLowering.h - What an image pointer lowers to --------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The value of --convert-tolk-to-gpu's `images` option and of the kernel
// pipeline's: each target has its own view of an image
// (docs/Semantics.md#images).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_TOLKTOGPU_IMAGELOWERING_H
#define TOLK_CONVERSION_TOLKTOGPU_IMAGELOWERING_H

namespace tolk {

/// What --convert-tolk-to-gpu makes of an image pointer.
enum class ImageLowering {
  /// No target: an image pointer is an error.
  none,
  /// A row-major h x w x 4 buffer of its texels (the host).
  buffers,
  /// A pointer to a SPIR-V storage image (Vulkan).
  spirv,
  /// An i64 CUDA surface object, accessed by suld and sust (NVVM).
  nvvm,
  /// A constant-address-space pointer to an image resource descriptor,
  /// accessed by image_load and image_store (ROCDL).
  rocdl,
};

} // namespace tolk

#endif // TOLK_CONVERSION_TOLKTOGPU_IMAGELOWERING_H
