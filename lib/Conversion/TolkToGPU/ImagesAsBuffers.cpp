//===- ImagesAsBuffers.cpp - Images as row-major texel buffers ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The host's images (docs/Semantics.md#images): an image of shape h x w x 4
// is a buffer of h * w * 4 scalars of its storage type, row after row, and
// a texel access is a 4-lane vector access at (y * w + x) * 4 inside an
// scf.if on the coordinate's bounds (and the gate), so that a texel outside
// the image reads as zeros and writes nothing without memory outside the
// buffer ever being touched.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToGPU/TolkToGPU.h"

#include "tolk/Conversion/TolkToGPU/Texels.h"

#include "tolk/Dialect/Tolk/IR/Images.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

Type tolk::getImageBufferType(PtrType image) {
  ArrayRef<int64_t> shape = image.getImageShape();
  int64_t size = 1;
  for (int64_t d : shape)
    size *= d;
  MLIRContext *ctx = image.getContext();
  return MemRefType::get(
      {size}, getTexelStorageType(image),
      StridedLayoutAttr::get(ctx, ShapedType::kDynamic, {1}),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Global));
}

namespace {

/// The texel's element offset in the buffer and whether it is in the image
/// and the gate (if any) is true.
struct Texel {
  Value inside; // i1: in the image, and gated on.
  Value coordinate;
  int64_t width;
};

Texel locate(OpBuilder &b, Location loc, tolk::PtrType image, Value coordinate,
             Value gate) {
  return {tolk::buildTexelInside(b, loc, image, coordinate, gate), coordinate,
          image.getImageShape()[1]};
}

/// (y * w + x) * 4, in index arithmetic: only evaluated for a texel inside
/// the image, where x and y are non-negative and it cannot overflow.
Value offsetOf(OpBuilder &b, Location loc, const Texel &t) {
  Value x = arith::IndexCastUIOp::create(
      b, loc, b.getIndexType(),
      vector::ExtractOp::create(b, loc, t.coordinate, 0));
  Value y = arith::IndexCastUIOp::create(
      b, loc, b.getIndexType(),
      vector::ExtractOp::create(b, loc, t.coordinate, 1));
  Value w = arith::ConstantIndexOp::create(b, loc, t.width);
  Value four = arith::ConstantIndexOp::create(b, loc, 4);
  Value row = arith::MulIOp::create(b, loc, y, w);
  Value texel = arith::AddIOp::create(b, loc, row, x);
  return arith::MulIOp::create(b, loc, texel, four);
}

/// A texel's four lanes start at a multiple of four elements of a buffer
/// that is 16-byte aligned: 8 bytes for f16, 16 for f32. Without it LLVM
/// assumes the element's alignment and splits the access.
llvm::MaybeAlign texelAlignment(MemRefType mem) {
  return llvm::Align(4 * mem.getElementType().getIntOrFloatBitWidth() / 8);
}

struct ImageLoadLowering : public OpConversionPattern<tolk::ImageLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::ImageLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto mem = dyn_cast<MemRefType>(adaptor.getImage().getType());
    auto type = dyn_cast_if_present<VectorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!mem || !type)
      return rewriter.notifyMatchFailure(op, "not an image buffer");
    Location loc = op.getLoc();
    tolk::PtrType image = op.getImage().getType();
    Texel t = locate(rewriter, loc, image, adaptor.getCoordinate(),
                     adaptor.getGate());
    Value v = tolk::buildGuardedTexelLoad(
        rewriter, loc, t.inside, adaptor.getGate(), adaptor.getAlternative(),
        type, [&](OpBuilder &b, Location l) {
          auto stored = VectorType::get({4}, mem.getElementType());
          return vector::LoadOp::create(
              b, l, stored, adaptor.getImage(), ValueRange{offsetOf(b, l, t)},
              /*nontemporal=*/false, texelAlignment(mem));
        });
    rewriter.replaceOp(op, v);
    return success();
  }
};

struct ImageStoreLowering : public OpConversionPattern<tolk::ImageStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::ImageStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto mem = dyn_cast<MemRefType>(adaptor.getImage().getType());
    if (!mem)
      return rewriter.notifyMatchFailure(op, "not an image buffer");
    Location loc = op.getLoc();
    Texel t = locate(rewriter, loc, op.getImage().getType(),
                     adaptor.getCoordinate(), adaptor.getGate());
    tolk::buildGuardedTexelStore(
        rewriter, loc, t.inside, [&](OpBuilder &b, Location l) {
          Value v = tolk::roundTexelToStorage(b, l, op.getImage().getType(),
                                              adaptor.getValue());
          vector::StoreOp::create(b, l, v, adaptor.getImage(),
                                  ValueRange{offsetOf(b, l, t)},
                                  /*nontemporal=*/false, texelAlignment(mem));
        });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tolk::populateTolkImagesAsBuffersPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<ImageLoadLowering, ImageStoreLowering>(converter,
                                                      patterns.getContext());
}
