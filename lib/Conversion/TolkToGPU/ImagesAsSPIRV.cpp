//===- ImagesAsSPIRV.cpp - Images as Vulkan storage images ----------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The SPIR-V images (docs/Semantics.md#images): an image parameter becomes
// a pointer to a 2-D storage image in UniformConstant, of format Rgba16f
// (imageh) or Rgba32f (imagef) and sampled type f32, and a texel access an
// OpImageRead or OpImageWrite inside an scf.if on the coordinate's bounds
// (and the gate): Vulkan leaves a read outside the image undefined without
// robustImageAccess, so no access outside ever reaches the image.
//
// The spirv ops are built here, at the level of gpu and scf, because no
// upstream op says "a texel of a storage image"; the conversion to SPIR-V
// keeps them and the types as they are.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToGPU/TolkToGPU.h"

#include "tolk/Conversion/TolkToGPU/Texels.h"
#include "tolk/Dialect/Tolk/IR/Images.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

Type tolk::getSPIRVImagePointerType(PtrType image) {
  MLIRContext *ctx = image.getContext();
  // Vulkan: the sampled type of a float format is a 32-bit float, whatever
  // the format's width.
  auto format = getTexelStorageType(image).isF16()
                    ? spirv::ImageFormat::Rgba16f
                    : spirv::ImageFormat::Rgba32f;
  auto texels = spirv::ImageType::get(
      Float32Type::get(ctx), spirv::Dim::Dim2D, spirv::ImageDepthInfo::NoDepth,
      spirv::ImageArrayedInfo::NonArrayed,
      spirv::ImageSamplingInfo::SingleSampled,
      spirv::ImageSamplerUseInfo::NoSampler, format);
  return spirv::PointerType::get(texels, spirv::StorageClass::UniformConstant);
}

namespace {

/// The storage image a converted image parameter points to, loaded where
/// it is used (an OpLoad of a UniformConstant image is the handle).
Value loadImage(OpBuilder &b, Location loc, Value pointer) {
  return spirv::LoadOp::create(b, loc, pointer);
}

struct ImageLoadLowering : public OpConversionPattern<tolk::ImageLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::ImageLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto ptr = dyn_cast<spirv::PointerType>(adaptor.getImage().getType());
    auto type = dyn_cast_if_present<VectorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!ptr || !type)
      return rewriter.notifyMatchFailure(op, "not a SPIR-V image");
    Location loc = op.getLoc();
    Value inside =
        tolk::buildTexelInside(rewriter, loc, op.getImage().getType(),
                               adaptor.getCoordinate(), adaptor.getGate());
    Value v = tolk::buildGuardedTexelLoad(
        rewriter, loc, inside, adaptor.getGate(), adaptor.getAlternative(),
        type,
        [&](OpBuilder &b, Location l) {
          // An Rgba16f texel read as f32 is an f16 value: exact as f16.
          auto read = VectorType::get({4}, b.getF32Type());
          return spirv::ImageReadOp::create(
              b, l, read, loadImage(b, l, adaptor.getImage()),
              adaptor.getCoordinate(), spirv::ImageOperandsAttr(),
              ValueRange{});
        },
        /*laneCondition=*/true);
    rewriter.replaceOp(op, v);
    return success();
  }
};

struct ImageStoreLowering : public OpConversionPattern<tolk::ImageStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::ImageStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<spirv::PointerType>(adaptor.getImage().getType()))
      return rewriter.notifyMatchFailure(op, "not a SPIR-V image");
    Location loc = op.getLoc();
    tolk::PtrType image = op.getImage().getType();
    Value inside = tolk::buildTexelInside(
        rewriter, loc, image, adaptor.getCoordinate(), adaptor.getGate());
    tolk::buildGuardedTexelStore(
        rewriter, loc, inside, [&](OpBuilder &b, Location l) {
          // Vulkan leaves the rounding of an image store's conversion to the
          // implementation: an imageh is written f16 values, rounded once to
          // nearest even here, which every rounding keeps.
          Value v = tolk::roundTexelToStorage(b, l, image, adaptor.getValue());
          auto written = VectorType::get({4}, b.getF32Type());
          if (v.getType() != written)
            v = arith::ExtFOp::create(b, l, written, v);
          spirv::ImageWriteOp::create(b, l, loadImage(b, l, adaptor.getImage()),
                                      adaptor.getCoordinate(), v,
                                      spirv::ImageOperandsAttr(), ValueRange{});
        });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tolk::populateTolkImagesAsSPIRVPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<ImageLoadLowering, ImageStoreLowering>(converter,
                                                      patterns.getContext());
}
