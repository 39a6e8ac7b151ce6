//===- ImagesAsNVVM.cpp - Images as CUDA surface objects ------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The NVVM images (docs/Semantics.md#images): an image parameter becomes an
// i64, a CUDA surface object (cudaSurfaceObject_t) over a 2-D array of four
// f16 (imageh) or f32 (imagef) channels, and a texel access PTX's
// unformatted surface load or store of the texel's 8 or 16 bytes,
// `suld.b.2d.v4.b16`/`.b32` and `sust.b.2d.v4.b16`/`.b32`, inside an scf.if
// on the coordinate's bounds (and the gate). The `.zero` mode only keeps
// an access outside from trapping; it is never what the bounds rule rests
// on. A surface's x coordinate is in bytes.
//
// No NVVM dialect op is a surface access, so the intrinsics are called
// with llvm.call_intrinsic, on values whose types the LLVM lowering keeps.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToGPU/TolkToGPU.h"

#include "tolk/Conversion/TolkToGPU/Texels.h"
#include "tolk/Dialect/Tolk/IR/Images.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

int64_t tolk::getSurfaceRowBytes(PtrType image) {
  return image.getImageShape()[1] * 4 * getTexelStorageType(image).getWidth() /
         8;
}

namespace {

/// What a texel is to a surface access: four i16 (imageh) or i32 (imagef)
/// lanes, their type, and the intrinsics' suffix.
struct SurfaceTexel {
  IntegerType lane;
  VectorType bits;
  StringRef suffix;
};

SurfaceTexel getSurfaceTexel(tolk::PtrType image) {
  unsigned width = tolk::getTexelStorageType(image).getWidth();
  auto lane = IntegerType::get(image.getContext(), width);
  return {lane, VectorType::get({4}, lane), width == 16 ? "v4i16" : "v4i32"};
}

/// x in bytes, then y: only evaluated inside the image, where x * 16 <
/// 2^31 (getSurfaceRowBytes is checked by prepareTolkToGPU).
std::pair<Value, Value> surfaceCoordinate(OpBuilder &b, Location loc,
                                          tolk::PtrType image,
                                          Value coordinate) {
  Value x = vector::ExtractOp::create(b, loc, coordinate, 0);
  Value y = vector::ExtractOp::create(b, loc, coordinate, 1);
  Value bytes = arith::ConstantIntOp::create(b, loc, b.getI32Type(),
                                             tolk::getSurfaceRowBytes(image) /
                                                 image.getImageShape()[1]);
  return {arith::MulIOp::create(b, loc, x, bytes), y};
}

struct ImageLoadLowering : public OpConversionPattern<tolk::ImageLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::ImageLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_if_present<VectorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!adaptor.getImage().getType().isInteger(64) || !type)
      return rewriter.notifyMatchFailure(op, "not a surface object");
    Location loc = op.getLoc();
    tolk::PtrType image = op.getImage().getType();
    Value inside = tolk::buildTexelInside(
        rewriter, loc, image, adaptor.getCoordinate(), adaptor.getGate());
    Value v = tolk::buildGuardedTexelLoad(
        rewriter, loc, inside, adaptor.getGate(), adaptor.getAlternative(),
        type, [&](OpBuilder &b, Location l) {
          SurfaceTexel texel = getSurfaceTexel(image);
          auto [x, y] = surfaceCoordinate(b, l, image, adaptor.getCoordinate());
          SmallVector<Type> lanes(4, texel.lane);
          auto result = LLVM::LLVMStructType::getLiteral(b.getContext(), lanes);
          Value s = LLVM::CallIntrinsicOp::create(
                        b, l, result,
                        b.getStringAttr("llvm.nvvm.suld.2d." + texel.suffix +
                                        ".zero"),
                        ValueRange{adaptor.getImage(), x, y})
                        .getResult(0);
          SmallVector<Value> elements;
          for (int64_t i = 0; i < 4; ++i)
            elements.push_back(LLVM::ExtractValueOp::create(b, l, s, i));
          Value v = vector::FromElementsOp::create(b, l, texel.bits, elements);
          auto stored = VectorType::get({4}, tolk::getTexelStorageType(image));
          return arith::BitcastOp::create(b, l, stored, v);
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
    if (!adaptor.getImage().getType().isInteger(64))
      return rewriter.notifyMatchFailure(op, "not a surface object");
    Location loc = op.getLoc();
    tolk::PtrType image = op.getImage().getType();
    Value inside = tolk::buildTexelInside(
        rewriter, loc, image, adaptor.getCoordinate(), adaptor.getGate());
    tolk::buildGuardedTexelStore(
        rewriter, loc, inside, [&](OpBuilder &b, Location l) {
          SurfaceTexel texel = getSurfaceTexel(image);
          // The store itself writes bits.
          Value v = tolk::roundTexelToStorage(b, l, image, adaptor.getValue());
          v = arith::BitcastOp::create(b, l, texel.bits, v);
          auto [x, y] = surfaceCoordinate(b, l, image, adaptor.getCoordinate());
          SmallVector<Value> operands = {adaptor.getImage(), x, y};
          for (int64_t i = 0; i < 4; ++i)
            operands.push_back(vector::ExtractOp::create(b, l, v, i));
          LLVM::CallIntrinsicOp::create(
              b, l,
              b.getStringAttr("llvm.nvvm.sust.b.2d." + texel.suffix + ".zero"),
              operands);
        });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tolk::populateTolkImagesAsNVVMPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<ImageLoadLowering, ImageStoreLowering>(converter,
                                                      patterns.getContext());
}
