//===- TolkToArith.cpp - Tolk values to arith and math --------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Lowers the homogeneous primitive ops (docs/Semantics.md#primitive-operations;
// and tolk.const, tolk.cast, tolk.bitcast) to arith and math, computing the
// folder's bits (lib/Dtype/Alu.cpp, Cast.cpp). arith leaves several corners
// poison or unordered where Tolk defines them; each is built here from compares
// and selects, and docs/Lowering.md ("Lowering to arith") lists them
// (Elementwise.cpp builds the ops, Conversions.cpp const, cast and bitcast):
//
// - max on floats: the non-NaN operand, -0.0 < +0.0 (arith.maxnumf leaves the
//   signed zeros unordered);
// - shifts: a count at or past the width gives 0 or the sign fill (arith's
//   shifts are poison there);
// - truncdiv: INT_MIN / -1 wraps and division by zero divides by 1 (LLVM's
//   sdiv is UB there);
// - pow on integers: the exponent is read unsigned and reduced, so that
//   math.ipowi never sees a negative exponent;
// - float to integer casts wrap modulo 2^w, NaN gives 0 and infinities
//   saturate (fptosi is poison out of range): a wider fptosi and a
//   truncation where it holds every value, float arithmetic beyond;
// - an 8-bit float NaN that a bitcast, an identity cast or a where reads
//   or makes is the format's NaN code, as in the folder's storage;
// - conversions to an 8-bit float saturate a finite overflow and map infinities
//   and NaNs as the folder does (docs/Semantics.md#8-bit-floats; arith.truncf
//   does neither), and arithmetic on 8-bit floats runs in f32, rounded back
//   once.
//
// Complex values (scalars) lower to the complex dialect, whose ops
// complex-to-standard then expands as the folder computes them
// (docs/Semantics.md#complex-numbers-and-float128); f128 is one more float
// (LLVM computes it with soft-float calls on the host).
//
// This file holds the type conversion, the signless rewrite of upstream ops,
// the input checks and the pass.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToArith/TolkToArith.h"

#include "ArithLowering.h"

#include "tolk/Dialect/Tolk/IR/KnownLocation.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/DType.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tolk {
#define GEN_PASS_DEF_CONVERTTOLKTOARITH
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using tolk::dtype::DType;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The arith element type of a Tolk scalar type: signless integers of the
/// same width; null for the weak types.
static Type convertScalar(Type t) {
  if (isa<tolk::WeakIntType, tolk::WeakFloatType>(t))
    return {};
  if (auto it = dyn_cast<IntegerType>(t))
    return IntegerType::get(t.getContext(), it.getWidth());
  return t;
}

tolk::TolkToArithTypeConverter::TolkToArithTypeConverter() {
  // Tried last: every other type (index, pointers, ...) is kept.
  addConversion([](Type t) { return t; });
  addConversion([](Type t) -> std::optional<Type> {
    if (auto shaped = dyn_cast<ShapedType>(t)) {
      if (!isa<VectorType, TensorType>(t))
        return std::nullopt;
      Type elt = convertScalar(shaped.getElementType());
      if (!elt)
        return Type();
      return shaped.clone(elt);
    }
    if (!isa<IntegerType, tolk::WeakIntType, tolk::WeakFloatType>(t))
      return std::nullopt;
    Type r = convertScalar(t);
    return r ? std::optional<Type>(r) : std::optional<Type>(Type());
  });
  auto materialize = [](OpBuilder &b, Type type, ValueRange inputs,
                        Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// An op of arith, vector or tensor that carries Tolk's signed or unsigned
/// integer types: the same op on signless integers. Upstream folders make
/// them from Tolk values (vector.from_elements of two tolk.const folds to an
/// arith.constant of vector<2xsi8>); none of these ops depends on
/// signedness (arith's other ops verify signless operands), so only
/// arith.constant's attribute needs a new type, and its bits stay.
struct SignlessUpstreamOp : public ConversionPattern {
  SignlessUpstreamOp(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::ArithDialect, vector::VectorDialect, tensor::TensorDialect>(
            op->getDialect()))
      return failure();
    // An op with regions would need its blocks' types converted too; none
    // of the ops the folders build has one.
    if (op->getNumRegions() != 0 || getTypeConverter()->isLegal(op))
      return rewriter.notifyMatchFailure(op, "nothing to convert");
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "no signless type");
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      TypedAttr value = constant.getValue();
      Type elt = getElementTypeOrSelf(types[0]);
      if (auto i = dyn_cast<IntegerAttr>(value))
        value = IntegerAttr::get(types[0], i.getValue());
      else if (auto dense = dyn_cast<DenseIntElementsAttr>(value))
        value = dense.bitcast(elt);
      else
        return rewriter.notifyMatchFailure(op, "unknown constant attribute");
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
      return success();
    }
    OperationState state(op->getLoc(), op->getName(), operands, types,
                         op->getAttrs(), op->getSuccessors());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

} // namespace

void tolk::populateTolkToArithConversionPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns,
                                                 bool bf16InF32) {
  detail::populateConversionOpPatterns(converter, patterns, bf16InF32);
  patterns.add<SignlessUpstreamOp>(converter, patterns.getContext());
  detail::populateElementwisePatterns(converter, patterns, bf16InF32);
}

void tolk::addSignlessUpstreamLegality(ConversionTarget &target,
                                       const TypeConverter &converter) {
  target.addDynamicallyLegalDialect<arith::ArithDialect, vector::VectorDialect,
                                    tensor::TensorDialect>(
      [&converter](Operation *op) { return converter.isLegal(op); });
}

//===----------------------------------------------------------------------===//
// Input checks
//===----------------------------------------------------------------------===//

/// True for the value ops this conversion lowers: the primitives, constants
/// and conversions (the dialect's kernel ops are TolkToGPU's).
static bool isValueOp(Operation *op) {
  return tolk::isPrimitiveOp(op) ||
         isa<tolk::ConstOp, tolk::CastOp, tolk::BitcastOp>(op);
}

/// The weak type in `t` (a scalar, lanes or a tensor of it), if any.
static bool isWeakType(Type t) {
  return isa<tolk::WeakIntType, tolk::WeakFloatType>(getElementTypeOrSelf(t));
}

/// Checks one tolk op; emits the diagnostic and fails if it cannot be
/// lowered.
static LogicalResult checkTolkOp(Operation *op) {
  auto types =
      llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes());
  for (Type t : types)
    if (isWeakType(t))
      return tolk::emitOpErrorAtKnownLocation(op, "has the weak type ")
             << t
             << ", which has no arith lowering: run --tolk-commit-weak "
                "first";
  if (tolk::isDerivedOp(op))
    return tolk::emitOpErrorAtKnownLocation(
        op, "is a derived op, which has no arith lowering: "
            "run --tolk-decompose first");
  if (!isValueOp(op))
    return success(); // Not a value op (kernel ops): not ours.
  bool conversion = isa<tolk::CastOp, tolk::BitcastOp>(op);
  for (Type t : types) {
    // The storage helpers convert (as unsigned integers) but take no
    // arithmetic, which the verifier already rejects.
    std::optional<tolk::ElementwiseType> et = tolk::classify(t);
    bool storage =
        et && (et->dtype == DType::Uint128 || et->dtype == DType::Uint256);
    if (!et ||
        !(tolk::dtype::isBool(et->dtype) || tolk::dtype::isInt(et->dtype) ||
          tolk::dtype::isFloat(et->dtype) ||
          tolk::dtype::isComplex(et->dtype) ||
          (storage && !tolk::isPrimitiveOp(op))))
      return tolk::emitOpErrorAtKnownLocation(
                 op, "has no arith lowering for the type ")
             << t;
    // The complex dialect computes on scalars: tensors of complex numbers
    // are kernelized into loops over them first.
    if (tolk::dtype::isComplex(et->dtype) && isa<ShapedType>(t))
      return tolk::emitOpErrorAtKnownLocation(op, "has no arith lowering for ")
             << t
             << ", a tensor of complex numbers: run --tolk-kernelize "
                "first";
  }
  if (auto c = dyn_cast<tolk::ConstOp>(op)) {
    auto shaped = dyn_cast<ShapedType>(c.getType());
    if (shaped && !shaped.hasStaticShape())
      return tolk::emitOpErrorAtKnownLocation(
          op, "of a dynamic shape has no arith lowering");
    return success();
  }
  if (conversion)
    return success();

  // Homogeneous data types: every value operand has the result's (the
  // operands' for a comparison, the arms' for a where).
  unsigned first = isa<tolk::WhereOp>(op) ? 1 : 0;
  DType dt = *tolk::detail::computeDType(op);
  auto mixed = [&]() {
    InFlightDiagnostic d = tolk::emitOpErrorAtKnownLocation(
        op, "has operands of mixed data types (");
    llvm::interleaveComma(op->getOperandTypes(), d);
    d << "): run --canonicalize first";
    return d;
  };
  for (Value v : op->getOperands().drop_front(first))
    if (tolk::classify(v.getType())->dtype != dt)
      return mixed();
  bool compare = isa<tolk::CmpLtOp, tolk::CmpEqOp>(op);
  if (!compare && tolk::classify(op->getResult(0).getType())->dtype != dt)
    return mixed();

  // Shapes: a tensor result takes operands of its own shape or scalars.
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (result)
    for (Type t : op->getOperandTypes()) {
      auto tensor = dyn_cast<ShapedType>(t);
      if (tensor && tensor.getShape() != result.getShape())
        return tolk::emitOpErrorAtKnownLocation(op, "broadcasts ")
               << t << " to " << result
               << ": broadcast tensors are lowered by kernelization";
    }
  return success();
}

LogicalResult tolk::checkTolkToArithInput(Operation *root) {
  bool ok = true;
  root->walk([&](Operation *op) {
    if (isa_and_present<TolkDialect>(op->getDialect())) {
      ok &= succeeded(checkTolkOp(op));
      return;
    }
    // Other ops (functions, calls, returns) carry values whose types the
    // conversion rewrites: a weak one has no arith type.
    auto weak = [&](Type t) {
      if (!isWeakType(t))
        return false;
      tolk::emitOpErrorAtKnownLocation(op, "has the weak type ")
          << t
          << ", which has no arith lowering: run --tolk-commit-weak "
             "first";
      ok = false;
      return true;
    };
    for (Type t : op->getResultTypes())
      if (weak(t))
        return;
    for (Region &r : op->getRegions())
      for (Block &block : r)
        for (BlockArgument a : block.getArguments())
          if (weak(a.getType()))
            return;
  });
  return success(ok);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertTolkToArithPass
    : public tolk::impl::ConvertTolkToArithBase<ConvertTolkToArithPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (failed(tolk::checkTolkToArithInput(root)))
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    tolk::TolkToArithTypeConverter converter;
    RewritePatternSet patterns(ctx);
    tolk::populateTolkToArithConversionPatterns(converter, patterns, bf16InF32);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);

    ConversionTarget target(*ctx);
    target.addLegalDialect<complex::ComplexDialect, math::MathDialect>();
    tolk::addSignlessUpstreamLegality(target, converter);
    // Every value op of the dialect; its other ops (kernels) stay.
    target.addDynamicallyLegalDialect<tolk::TolkDialect>(
        [](Operation *op) { return !isValueOp(op); });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
