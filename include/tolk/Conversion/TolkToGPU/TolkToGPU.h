//===- TolkToGPU.h - Tolk kernels to gpu, memref and scf --------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The conversion of Tolk kernels (gpu.func with !tolk.ptr arguments and the
// kernel ops of TolkKernelOps.td) to upstream gpu, memref, vector and scf,
// which convert-gpu-to-nvvm, -rocdl and -spirv lower further.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_TOLKTOGPU_TOLKTOGPU_H
#define TOLK_CONVERSION_TOLKTOGPU_TOLKTOGPU_H

#include "tolk/Conversion/TolkToArith/TolkToArith.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tolk {

class PtrType;

#define GEN_PASS_DECL_CONVERTTOLKTOGPU
#include "tolk/Conversion/Passes.h.inc"

/// TolkToArithTypeConverter plus pointers: `!tolk.ptr<T, s[, n]>` becomes
/// `memref<?xT'>` (`memref<nxT'>` with a count) with layout
/// `strided<[1], offset: ?>` in the gpu address space of `s` (global,
/// workgroup for local, private for reg), T' the converted pointee; an
/// `alu` pointer becomes T' itself (the by-value parameter). Image pointers
/// become getImageBufferType() with `imagesAsBuffers`, and have no
/// conversion otherwise.
class TolkToGPUTypeConverter : public TolkToArithTypeConverter {
public:
  explicit TolkToGPUTypeConverter(mlir::MLIRContext *ctx,
                                  bool imagesAsBuffers = false);
};

/// The host's buffer of an image of shape h x w x 4:
/// `memref<(h*w*4) x T, strided<[1], offset: ?>>` in global memory, T the
/// texel storage type (f16 or f32), row after row.
mlir::Type getImageBufferType(PtrType image);

/// Adds the patterns that lower tolk.image_load and tolk.image_store on
/// images converted to getImageBufferType() (docs/Semantics.md#images).
void populateTolkImagesAsBuffersPatterns(const mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);

/// Adds the patterns of the kernel ops (tolk.special, tolk.index,
/// tolk.load, tolk.store, tolk.define_local, tolk.define_reg, tolk.range)
/// and of gpu.func signatures. tolk.define_local needs
/// prepareTolkToGPU() to have run.
void populateTolkToGPUConversionPatterns(const mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);

/// Checks what the patterns cannot lower (image pointers, workgroup memory
/// outside a gpu.func) and gives every tolk.define_local a workgroup
/// attribution of its gpu.func. Emits diagnostics and fails on bad input.
/// With `imagesAsBuffers`, image pointers are lowered, not errors.
llvm::LogicalResult prepareTolkToGPU(mlir::Operation *root,
                                     bool imagesAsBuffers = false);

} // namespace tolk

#endif // TOLK_CONVERSION_TOLKTOGPU_TOLKTOGPU_H
