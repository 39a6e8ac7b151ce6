//===- SPIRVPatterns.cpp - Tolk's patterns of the SPIR-V conversion -------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What --tolk-gpu-to-spirv adds to upstream's patterns: exact exp2 and log2,
// selects of complex numbers, and the workgroup size of a kernel compiled
// without one.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace {
/// math.exp2 and math.log2 as GLSL.std.450's Exp2 and Log2: upstream's math
/// patterns have no exp2, and make log2 a Log times 1/ln 2, which is not
/// exact where Log2 is (log2(8) = 2.9999998).
template <typename MathOp, typename GLOp>
struct GLSLUnaryLowering : public OpConversionPattern<MathOp> {
  GLSLUnaryLowering(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern<MathOp>(converter, ctx, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    unsigned width = getElementTypeOrSelf(op.getType()).getIntOrFloatBitWidth();
    if (!type || width > 32)
      return rewriter.notifyMatchFailure(op, "GLSL.std.450 is 16/32-bit");
    rewriter.replaceOpWithNewOp<GLOp>(op, type, adaptor.getOperand());
    return success();
  }
};

/// arith.select of complex numbers (tolk.where), which upstream's arith
/// patterns take only on integers and floats: one select of the two-lane
/// vectors that the type converter makes of them. Before SPIR-V 1.4 a
/// select of vectors takes a condition per lane, so the condition is
/// splat over the two.
struct ComplexSelectLowering : public OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::SelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<ComplexType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "not a select of complex values");
    auto type = dyn_cast_or_null<VectorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "no SPIR-V type for the value");
    Value condition = adaptor.getCondition();
    if (!isa<VectorType>(condition.getType()))
      condition = spirv::CompositeConstructOp::create(
          rewriter, op.getLoc(), type.clone(rewriter.getI1Type()),
          ValueRange{condition, condition});
    rewriter.replaceOpWithNewOp<spirv::SelectOp>(
        op, type, condition, adaptor.getTrueValue(), adaptor.getFalseValue());
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// The workgroup size of a kernel without known_block_size
//===----------------------------------------------------------------------===//

/// gpu.block_dim of a kernel without a known workgroup size: the module's
/// specialization constants tolk_local_size_{x,y,z} (SpecIds 0, 1, 2,
/// default 1), which the launcher sets when it creates the pipeline, and
/// their composite tolk_workgroup_size, which serializeSPIRVKernel
/// decorates BuiltIn WorkgroupSize (MLIR's serializer decorates no
/// specialization constant but with SpecId), as GLSL's local_size_x_id
/// does. Upstream's pattern reads the entry point's workgroup_size and,
/// without one, a WorkgroupSize variable, which Vulkan does not allow.
static std::string localSizeName(unsigned dim) {
  return (tolk::kSpirvLocalSizeName + Twine("_") +
          StringRef("xyz").substr(dim, 1))
      .str();
}

namespace {
struct SpecializedBlockDim : public OpConversionPattern<gpu::BlockDimOp> {
  SpecializedBlockDim(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(gpu::BlockDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (spirv::lookupLocalWorkGroupSize(op))
      return rewriter.notifyMatchFailure(op, "the workgroup size is known");
    auto module = op->getParentOfType<spirv::ModuleOp>();
    Type indexType = getTypeConverter()->convertType(op.getType());
    if (!module || !indexType)
      return rewriter.notifyMatchFailure(op, "not in a spirv.module");
    Type i32 = rewriter.getI32Type();
    unsigned dim = static_cast<unsigned>(op.getDimension());
    if (!SymbolTable::lookupSymbolIn(module, tolk::kSpirvWorkgroupSizeName)) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      SmallVector<Attribute, 3> constituents;
      for (unsigned d = 0; d < 3; ++d) {
        auto spec = spirv::SpecConstantOp::create(
            rewriter, module.getLoc(), localSizeName(d),
            rewriter.getI32IntegerAttr(1));
        spec->setAttr("spec_id", rewriter.getI32IntegerAttr(
                                     tolk::kSpirvLocalSizeSpecIds[d]));
        constituents.push_back(SymbolRefAttr::get(spec));
      }
      spirv::SpecConstantCompositeOp::create(
          rewriter, module.getLoc(), TypeAttr::get(VectorType::get({3}, i32)),
          rewriter.getStringAttr(tolk::kSpirvWorkgroupSizeName),
          rewriter.getArrayAttr(constituents));
    }
    Value size = spirv::ReferenceOfOp::create(rewriter, op.getLoc(), i32,
                                              localSizeName(dim));
    if (indexType != i32)
      size = spirv::UConvertOp::create(rewriter, op.getLoc(), indexType, size);
    rewriter.replaceOp(op, size);
    return success();
  }
};

} // namespace

FailureOr<SmallVector<uint32_t>>
tolk::decorateSpecializedWorkgroupSize(ArrayRef<uint32_t> words) {
  // SPIR-V's logical layout: the header, then capabilities, extensions,
  // imports, the memory model, entry points, execution modes and debug
  // instructions, then the annotations, then types and constants.
  constexpr uint32_t OpName = 5, OpEntryPoint = 15, OpExecutionMode = 16,
                     OpDecorate = 71, OpSpecConstantComposite = 51,
                     ModeLocalSize = 17, DecorationBuiltIn = 11,
                     BuiltInWorkgroupSize = 25;
  auto isLayoutPreamble = [](uint32_t op) {
    // OpSourceContinued .. OpMemberName, OpString, OpLine, OpExtension ..
    // OpExecutionMode, OpCapability, OpNoLine, OpModuleProcessed,
    // OpExecutionModeId, and the annotations (OpDecorate ..
    // OpGroupMemberDecorate, OpDecorateId, OpDecorateString and
    // OpMemberDecorateString).
    return (op >= 2 && op <= 8) || (op >= 10 && op <= 17) || op == 317 ||
           op == 330 || op == 331 || (op >= 71 && op <= 75) || op == 332 ||
           op == 5632 || op == 5633;
  };
  if (words.size() < 5)
    return failure();
  std::optional<uint32_t> composite;
  bool isComposite = false;
  unsigned entryPoints = 0, fixedSizes = 0;
  size_t insertAt = words.size();
  for (size_t pos = 5; pos < words.size();) {
    uint32_t count = words[pos] >> 16, opcode = words[pos] & 0xffff;
    if (count == 0 || pos + count > words.size())
      return failure();
    ArrayRef<uint32_t> ops = words.slice(pos + 1, count - 1);
    if (opcode == OpName && ops.size() >= 2) {
      // The name's bytes, NUL-terminated, in little-endian words.
      std::string name;
      for (uint32_t w : ops.drop_front())
        for (unsigned b = 0; b < 4 && char(w >> (8 * b)); ++b)
          name.push_back(char(w >> (8 * b)));
      if (name == kSpirvWorkgroupSizeName)
        composite = ops[0];
    }
    entryPoints += opcode == OpEntryPoint;
    fixedSizes +=
        opcode == OpExecutionMode && ops.size() >= 2 && ops[1] == ModeLocalSize;
    if (opcode == OpSpecConstantComposite && composite && ops.size() >= 2 &&
        ops[1] == *composite)
      isComposite = true;
    if (insertAt == words.size() && !isLayoutPreamble(opcode))
      insertAt = pos;
    pos += count;
  }
  SmallVector<uint32_t> result(words.begin(), words.end());
  // A module whose kernels all have a LocalSize keeps it: an unused
  // composite is harmless, a decorated one would override every LocalSize.
  if (!composite || !isComposite || fixedSizes == entryPoints)
    return result;
  if (fixedSizes != 0)
    return failure();
  uint32_t decoration[] = {(4u << 16) | OpDecorate, *composite,
                           DecorationBuiltIn, BuiltInWorkgroupSize};
  result.insert(result.begin() + insertAt, std::begin(decoration),
                std::end(decoration));
  return result;
}

void tolk::populateTolkToSPIRVPatterns(const SPIRVTypeConverter &converter,
                                       RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<SpecializedBlockDim>(converter, ctx);
  patterns.add<ComplexSelectLowering>(converter, ctx);
  patterns.add<GLSLUnaryLowering<math::Exp2Op, spirv::GLExp2Op>,
               GLSLUnaryLowering<math::Log2Op, spirv::GLLog2Op>>(converter,
                                                                 ctx);
}
