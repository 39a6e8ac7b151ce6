//===- BF16AsI16.cpp - bf16 values carried as their i16 bits --------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Lowering/BF16AsI16.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

Type tolk::getBF16BitsType(Type t) {
  auto i16 = IntegerType::get(t.getContext(), 16);
  if (isa<BFloat16Type>(t))
    return i16;
  if (auto vector = dyn_cast<VectorType>(t))
    if (isa<BFloat16Type>(vector.getElementType()))
      return vector.clone(i16);
  if (auto memref = dyn_cast<MemRefType>(t))
    if (Type element = getBF16BitsType(memref.getElementType()))
      return memref.cloneWith(std::nullopt, element);
  return {};
}

tolk::BF16AsI16TypeConverter::BF16AsI16TypeConverter() {
  addConversion([](Type t) { return t; });
  addConversion([](Type t) -> std::optional<Type> {
    if (Type bits = getBF16BitsType(t))
      return bits;
    return std::nullopt;
  });
}

bool tolk::holdsBF16(Type t) {
  if (auto mem = dyn_cast<MemRefType>(t))
    t = mem.getElementType();
  return getElementTypeOrSelf(t).isBF16();
}

Attribute tolk::getBF16BitsAttr(Attribute value, Type type) {
  if (auto f = dyn_cast<FloatAttr>(value))
    return IntegerAttr::get(type, f.getValue().bitcastToAPInt());
  if (auto dense = dyn_cast<DenseElementsAttr>(value))
    return dense.bitcast(getElementTypeOrSelf(type));
  return {};
}

namespace {
struct BF16Constant : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || type == op.getType())
      return failure();
    auto value =
        dyn_cast_or_null<TypedAttr>(tolk::getBF16BitsAttr(op.getValue(), type));
    if (!value)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

struct BF16Bitcast : public OpConversionPattern<arith::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    if (type == adaptor.getIn().getType())
      rewriter.replaceOp(op, adaptor.getIn());
    else
      rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, type, adaptor.getIn());
    return success();
  }
};

/// Any other op without regions: the same op on the converted types.
struct BF16Generic : public ConversionPattern {
  BF16Generic(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0, ctx) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumRegions() || isa<arith::ConstantOp>(op))
      return failure();
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), results)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, results,
                         op->getAttrs(), op->getSuccessors());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

/// The kernel's signature (no attributions are left).
struct BF16Func : public OpConversionPattern<gpu::GPUFuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::GPUFuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TypeConverter::SignatureConversion signature(op.getNumArguments());
    SmallVector<Type> inputs;
    for (auto [i, type] : llvm::enumerate(op.getArgumentTypes())) {
      Type converted = getTypeConverter()->convertType(type);
      signature.addInputs(i, converted);
      inputs.push_back(converted);
    }
    rewriter.applySignatureConversion(&op.getBody().front(), signature,
                                      getTypeConverter());
    rewriter.modifyOpInPlace(
        op, [&] { op.setFunctionType(rewriter.getFunctionType(inputs, {})); });
    return success();
  }
};
} // namespace

void tolk::populateBF16AsI16Patterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns) {
  patterns.add<BF16Constant, BF16Bitcast, BF16Generic, BF16Func>(
      converter, patterns.getContext());
}
