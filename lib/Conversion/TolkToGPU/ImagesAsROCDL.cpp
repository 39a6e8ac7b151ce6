//===- ImagesAsROCDL.cpp - Images as AMDGPU image resources ---------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ROCDL images (docs/Semantics.md#images): an image parameter becomes a
// pointer in the constant address space (4) to the 8-dword image resource
// descriptor of a 2-D image of four f16 (imageh) or f32 (imagef) channels,
// as HIP's hipSurfaceObject_t points to one, and a texel access an
// image_load or image_store with all four channels (dmask 0xf) inside an
// scf.if on the coordinate's bounds (and the gate). An imageh texel is
// loaded and stored as f16 lanes (d16), so that no conversion of the
// hardware's rounds: the f32 to f16 rounding is arith.truncf's.
//
// The descriptor is loaded where it is used (a uniform, invariant s_load of
// eight dwords); no ROCDL dialect op is an image access, so the intrinsics
// are called with llvm.call_intrinsic.
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

Type tolk::getImageDescriptorPointerType(MLIRContext *ctx) {
  return LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/4);
}

namespace {

bool isDescriptorPointer(Value v) {
  auto ptr = dyn_cast<LLVM::LLVMPointerType>(v.getType());
  return ptr && ptr.getAddressSpace() == 4;
}

/// The operands an image intrinsic takes after the data (for a store):
/// dmask, x, y, the descriptor, texfailctrl and cachepolicy.
SmallVector<Value> imageOperands(OpBuilder &b, Location loc, Value pointer,
                                 Value coordinate) {
  // As HIP's __ockl_image_load_2D reads it: eight dwords, 32-byte aligned.
  auto rsrcType = VectorType::get({8}, b.getI32Type());
  Value rsrc = LLVM::LoadOp::create(b, loc, rsrcType, pointer, /*alignment=*/32,
                                    /*isVolatile=*/false,
                                    /*isNonTemporal=*/false,
                                    /*isInvariant=*/true);
  auto i32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  };
  Value x = vector::ExtractOp::create(b, loc, coordinate, 0);
  Value y = vector::ExtractOp::create(b, loc, coordinate, 1);
  return {i32(0xf), x, y, rsrc, i32(0), i32(0)};
}

/// The texel's lanes as image_load and image_store take them: four f16
/// (d16) for an imageh, four f32 for an imagef; and the intrinsic suffix.
std::pair<VectorType, std::string> imageTexel(tolk::PtrType image) {
  FloatType storage = tolk::getTexelStorageType(image);
  return {VectorType::get({4}, storage),
          storage.isF16() ? "v4f16.i32" : "v4f32.i32"};
}

struct ImageLoadLowering : public OpConversionPattern<tolk::ImageLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::ImageLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_if_present<VectorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!isDescriptorPointer(adaptor.getImage()) || !type)
      return rewriter.notifyMatchFailure(op, "not an image descriptor");
    Location loc = op.getLoc();
    tolk::PtrType image = op.getImage().getType();
    Value inside = tolk::buildTexelInside(
        rewriter, loc, image, adaptor.getCoordinate(), adaptor.getGate());
    Value v = tolk::buildGuardedTexelLoad(
        rewriter, loc, inside, adaptor.getGate(), adaptor.getAlternative(),
        type, [&](OpBuilder &b, Location l) {
          auto [lanes, suffix] = imageTexel(image);
          // An imagef texel is loaded as i32 bits: LLVM's AMDGPU combines
          // would turn a float load whose lanes are only truncated to f16
          // into a d16 load, whose conversion is the hardware's, not the
          // rounding to nearest even of docs/Semantics.md#images.
          Type loaded = lanes;
          if (!lanes.getElementType().isF16()) {
            loaded = VectorType::get({4}, b.getI32Type());
            suffix = "v4i32.i32";
          }
          Value v = LLVM::CallIntrinsicOp::create(
                        b, l, loaded,
                        b.getStringAttr("llvm.amdgcn.image.load.2d." + suffix),
                        imageOperands(b, l, adaptor.getImage(),
                                      adaptor.getCoordinate()))
                        .getResult(0);
          if (loaded != lanes)
            v = arith::BitcastOp::create(b, l, lanes, v);
          return v;
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
    if (!isDescriptorPointer(adaptor.getImage()))
      return rewriter.notifyMatchFailure(op, "not an image descriptor");
    Location loc = op.getLoc();
    tolk::PtrType image = op.getImage().getType();
    Value inside = tolk::buildTexelInside(
        rewriter, loc, image, adaptor.getCoordinate(), adaptor.getGate());
    tolk::buildGuardedTexelStore(
        rewriter, loc, inside, [&](OpBuilder &b, Location l) {
          auto [lanes, suffix] = imageTexel(image);
          Value v = tolk::roundTexelToStorage(b, l, image, adaptor.getValue());
          SmallVector<Value> operands = {v};
          llvm::append_range(operands, imageOperands(b, l, adaptor.getImage(),
                                                     adaptor.getCoordinate()));
          LLVM::CallIntrinsicOp::create(
              b, l, b.getStringAttr("llvm.amdgcn.image.store.2d." + suffix),
              operands);
        });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tolk::populateTolkImagesAsROCDLPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<ImageLoadLowering, ImageStoreLowering>(converter,
                                                      patterns.getContext());
}
