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
#include "tolk/Conversion/TolkToGPU/ImageLowering.h"

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
/// become what `images` says (getImageBufferType(),
/// getSPIRVImagePointerType()), and have no conversion with
/// ImageLowering::none.
class TolkToGPUTypeConverter : public TolkToArithTypeConverter {
public:
  explicit TolkToGPUTypeConverter(mlir::MLIRContext *ctx,
                                  ImageLowering images = ImageLowering::none);
};

/// The host's buffer of an image of shape h x w x 4:
/// `memref<(h*w*4) x T, strided<[1], offset: ?>>` in global memory, T the
/// texel storage type (f16 or f32), row after row.
mlir::Type getImageBufferType(PtrType image);

/// Adds the patterns that lower tolk.image_load and tolk.image_store on
/// images converted to getImageBufferType() (docs/Semantics.md#images).
void populateTolkImagesAsBuffersPatterns(const mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);

/// Vulkan's view of an image parameter: `!spirv.ptr<!spirv.image<f32, Dim2D,
/// NoDepth, NonArrayed, SingleSampled, NoSampler, F>, UniformConstant>`, F
/// Rgba16f for an imageh and Rgba32f for an imagef (a storage image).
mlir::Type getSPIRVImagePointerType(PtrType image);

/// Adds the patterns that lower tolk.image_load and tolk.image_store on
/// images converted to getSPIRVImagePointerType(): spirv.ImageRead and
/// spirv.ImageWrite inside an scf.if on the texel's bounds
/// (docs/Semantics.md#images).
void populateTolkImagesAsSPIRVPatterns(const mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

/// The bytes of a row of `image` as a CUDA surface sees it: w texels of 8
/// (imageh) or 16 (imagef) bytes. A surface's x coordinate is a byte offset
/// in an i32, so NVVM takes images whose rows are at most 2^31 bytes.
int64_t getSurfaceRowBytes(PtrType image);

/// Adds the patterns that lower tolk.image_load and tolk.image_store on
/// images converted to an i64 CUDA surface object: the intrinsics
/// llvm.nvvm.suld.2d.{v4i16,v4i32}.zero and
/// llvm.nvvm.sust.b.2d.{v4i16,v4i32}.zero, with x in bytes, inside an
/// scf.if on the texel's bounds (docs/Semantics.md#images).
void populateTolkImagesAsNVVMPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

/// ROCDL's view of an image parameter: `!llvm.ptr<4>`, a pointer in the
/// constant address space to its 8-dword image resource descriptor (as
/// HIP's hipSurfaceObject_t).
mlir::Type getImageDescriptorPointerType(mlir::MLIRContext *ctx);

/// Adds the patterns that lower tolk.image_load and tolk.image_store on
/// images converted to getImageDescriptorPointerType(): the descriptor
/// loaded, then llvm.amdgcn.image.load.2d or .store.2d of four f32 (imagef)
/// or f16 (imageh) lanes inside an scf.if on the texel's bounds
/// (docs/Semantics.md#images).
void populateTolkImagesAsROCDLPatterns(const mlir::TypeConverter &converter,
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
/// With ImageLowering::none an image pointer is an error; with
/// ImageLowering::spirv, an image pointer anywhere but as a parameter of a
/// kernel is (a SPIR-V image is a descriptor binding).
llvm::LogicalResult
prepareTolkToGPU(mlir::Operation *root,
                 ImageLowering images = ImageLowering::none);

} // namespace tolk

#endif // TOLK_CONVERSION_TOLKTOGPU_TOLKTOGPU_H
