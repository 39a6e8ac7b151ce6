//===- TolkToGPU.cpp - Tolk kernels to gpu, memref and scf ----------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Lowers Tolk kernels to upstream ops that every GPU target lowers
// (docs/Kernels.md, "Kernels" and "Lowering kernels to NVVM"). A pointer
// is a buffer plus an element offset, so it becomes a rank-1 memref with a
// dynamic offset: tolk.index moves the offset, and every access is at
// element 0 of the moved memref. The value ops go through TolkToArith's
// patterns in the same conversion, so that one type converter maps both.
// A kernel's buffer parameters start at element 0 of their buffers: after
// the conversion they get identity-layout memrefs, so that only the
// pointers that tolk.index moves carry a dynamic offset.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToGPU/TolkToGPU.h"

#include "tolk/Dialect/Tolk/IR/BufferLayout.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Transforms/GPUTargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tolk {
#define GEN_PASS_DEF_CONVERTTOLKTOGPU
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

/// The dialect, whose attribute helpers name the kernel ABI's attributes:
/// tolk.workgroup_attribution, by which prepareTolkToGPU() tells a
/// tolk.define_local the position of its workgroup attribution, and
/// tolk.bounds, the argument attribute of an alu pointer.
static tolk::TolkDialect *getTolkDialect(Operation *op) {
  return op->getContext()->getLoadedDialect<tolk::TolkDialect>();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static gpu::AddressSpace gpuAddressSpace(tolk::AddrSpace as) {
  switch (as) {
  case tolk::AddrSpace::local:
    return gpu::AddressSpace::Workgroup;
  case tolk::AddrSpace::reg:
    return gpu::AddressSpace::Private;
  default:
    return gpu::AddressSpace::Global;
  }
}

/// Whether `type` is lanes of Bool, which a buffer holds as a byte a lane
/// but LLVM keeps as packed bits (a `<4 x i1>` in memory is 4 bits).
static bool isBoolLanes(Type type) {
  auto lanes = dyn_cast<VectorType>(type);
  return lanes && lanes.getElementType().isInteger(1);
}

/// The element of `ptr`'s buffer, from the converted pointee `element`:
/// a scalar where the buffer packs the lanes (tolk::getPackedLanes).
static Type bufferElement(tolk::PtrType ptr, Type element) {
  if (tolk::getPackedLanes(ptr) > 1)
    if (auto lanes = dyn_cast<VectorType>(element))
      return lanes.getElementType();
  return element;
}

/// The elements of `ptr`'s buffer (kDynamic where unknown).
static int64_t bufferSize(tolk::PtrType ptr) {
  return ptr.getSize() < 0 ? ShapedType::kDynamic
                           : ptr.getSize() * tolk::getPackedLanes(ptr);
}

/// An identity-layout memref of `ptr`'s buffer, for allocations.
static MemRefType allocationType(tolk::PtrType ptr, Type element) {
  return MemRefType::get(
      {bufferSize(ptr)}, bufferElement(ptr, element),
      MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(ptr.getContext(),
                                 gpuAddressSpace(ptr.getAddrSpace())));
}

tolk::TolkToGPUTypeConverter::TolkToGPUTypeConverter(
    MLIRContext *ctx, tolk::ImageLowering images) {
  // Added last, so tried before the value types of TolkToArith.
  addConversion([this, ctx, images](tolk::PtrType ptr) -> std::optional<Type> {
    if (ptr.getImage()) {
      switch (images) {
      case tolk::ImageLowering::buffers:
        return getImageBufferType(ptr);
      case tolk::ImageLowering::spirv:
        return getSPIRVImagePointerType(ptr);
      case tolk::ImageLowering::nvvm:
        // A CUDA surface object (cudaSurfaceObject_t).
        return IntegerType::get(ctx, 64);
      case tolk::ImageLowering::rocdl:
        return getImageDescriptorPointerType(ctx);
      default:
        return Type();
      }
    }
    Type element = convertType(ptr.getElementType());
    if (!element)
      return Type();
    if (ptr.getAddrSpace() == tolk::AddrSpace::alu)
      return element;
    auto layout = StridedLayoutAttr::get(ctx, ShapedType::kDynamic, {1});
    return MemRefType::get(
        {bufferSize(ptr)}, bufferElement(ptr, element), layout,
        gpu::AddressSpaceAttr::get(ctx, gpuAddressSpace(ptr.getAddrSpace())));
  });
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// `v` (converted from a value of Tolk type `original`) as an index:
/// signed Tolk integers sign-extend, unsigned ones and Bool zero-extend.
static Value toIndex(OpBuilder &b, Location loc, Value v, Type original) {
  if (v.getType().isIndex())
    return v;
  if (original.isSignedInteger())
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
}

/// The byte alignment that --tolk-kernelize vouches for on a vector access
/// (`tolk.alignment`, a power of two, as the dialect verifies): without it
/// LLVM assumes the element's alignment and splits the vector into scalar
/// accesses.
static llvm::MaybeAlign accessAlignment(Operation *op) {
  IntegerAttr align = getTolkDialect(op)->getAlignmentAttrHelper().getAttr(op);
  if (!align)
    return std::nullopt;
  return llvm::Align(align.getInt());
}

/// The alignment of an access to a whole element of `memType` when the
/// element is a vector (a pointer to lanes): its byte size's largest power
/// of two, at most 16, since buffers are 16-byte aligned and such a pointer
/// moves by whole elements. Without it LLVM assumes the vector's own
/// alignment (32 bytes for vector<4xi64>), and the host's aligned vector
/// moves faulted on a buffer that was only 16-byte aligned.
static IntegerAttr wholeVectorAlignment(OpBuilder &b, MemRefType memType) {
  auto vector = dyn_cast<VectorType>(memType.getElementType());
  if (!vector || !vector.getElementType().isIntOrFloat())
    return nullptr;
  uint64_t bytes =
      vector.getNumElements() *
      llvm::divideCeil(vector.getElementType().getIntOrFloatBitWidth(), 8);
  return b.getI64IntegerAttr(std::min<uint64_t>(16, bytes & -bytes));
}

/// A load of the element (or the vector of elements) at offset 0 of `mem`.
/// Bool lanes are loaded a byte a lane (isBoolLanes).
static Value loadAt0(OpBuilder &b, Location loc, Value mem, Type type,
                     llvm::MaybeAlign align = std::nullopt) {
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  auto memType = cast<MemRefType>(mem.getType());
  if (isBoolLanes(type) && !isa<VectorType>(memType.getElementType())) {
    SmallVector<Value> lanes;
    for (int64_t i = 0, e = cast<VectorType>(type).getNumElements(); i < e; ++i)
      lanes.push_back(memref::LoadOp::create(
          b, loc, mem, ValueRange{arith::ConstantIndexOp::create(b, loc, i)}));
    return vector::FromElementsOp::create(b, loc, cast<VectorType>(type),
                                          lanes);
  }
  if (isa<VectorType>(type) && !isa<VectorType>(memType.getElementType()))
    return vector::LoadOp::create(b, loc, cast<VectorType>(type), mem,
                                  ValueRange{c0}, /*nontemporal=*/false, align);
  return memref::LoadOp::create(b, loc, mem, ValueRange{c0},
                                /*nontemporal=*/false,
                                wholeVectorAlignment(b, memType));
}

static void storeAt0(OpBuilder &b, Location loc, Value v, Value mem,
                     llvm::MaybeAlign align = std::nullopt) {
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  auto memType = cast<MemRefType>(mem.getType());
  if (isBoolLanes(v.getType()) && !isa<VectorType>(memType.getElementType())) {
    for (int64_t i = 0, e = cast<VectorType>(v.getType()).getNumElements();
         i < e; ++i)
      memref::StoreOp::create(
          b, loc, vector::ExtractOp::create(b, loc, v, i), mem,
          ValueRange{arith::ConstantIndexOp::create(b, loc, i)});
    return;
  }
  if (isa<VectorType>(v.getType()) &&
      !isa<VectorType>(memType.getElementType()))
    vector::StoreOp::create(b, loc, v, mem, ValueRange{c0},
                            /*nontemporal=*/false, align);
  else
    memref::StoreOp::create(b, loc, v, mem, ValueRange{c0},
                            /*nontemporal=*/false,
                            wholeVectorAlignment(b, memType));
}

static bool isAlu(Type t) {
  auto ptr = dyn_cast<tolk::PtrType>(t);
  return ptr && ptr.getAddrSpace() == tolk::AddrSpace::alu;
}

namespace {

struct SpecialLowering : public OpConversionPattern<tolk::SpecialOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::SpecialOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dim = static_cast<gpu::Dimension>(op.getDimension());
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result");
    // An id of the op's integer type (the index itself stays an index).
    auto cast = [&](Value v) -> Value {
      if (type.isIndex())
        return v;
      if (op.getType().isUnsignedInteger())
        return arith::IndexCastUIOp::create(rewriter, loc, type, v);
      return arith::IndexCastOp::create(rewriter, loc, type, v);
    };
    Value id;
    switch (op.getKind()) {
    case tolk::SpecialKind::local_id:
      id = cast(gpu::ThreadIdOp::create(rewriter, loc, dim));
      break;
    case tolk::SpecialKind::group_id:
      id = cast(gpu::BlockIdOp::create(rewriter, loc, dim));
      break;
    case tolk::SpecialKind::global_id: {
      // Spelled out rather than gpu.global_id, which not every upstream
      // lowering handles, and in the op's type: an si32 global id wraps at
      // 2^31 as tinygrad's int32 idx does (docs/Kernels.md). Computed in
      // index and then cast, it would not: upstream folds the cast and the
      // index's sign extension (index_cast of index_cast) away, so that the
      // wrapped id addressed element 2^31 instead of -2^31.
      Value block = cast(gpu::BlockIdOp::create(rewriter, loc, dim));
      Value size = cast(gpu::BlockDimOp::create(rewriter, loc, dim));
      Value thread = cast(gpu::ThreadIdOp::create(rewriter, loc, dim));
      Value base = arith::MulIOp::create(rewriter, loc, block, size);
      id = arith::AddIOp::create(rewriter, loc, base, thread);
      break;
    }
    }
    rewriter.replaceOp(op, id);
    return success();
  }
};

struct IndexLowering : public OpConversionPattern<tolk::IndexOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::IndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<MemRefType>(adaptor.getBase().getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "base is not a buffer");
    Location loc = op.getLoc();
    auto meta = memref::ExtractStridedMetadataOp::create(rewriter, loc,
                                                         adaptor.getBase());
    Value step =
        toIndex(rewriter, loc, adaptor.getOffset(), op.getOffset().getType());
    // Whole elements of packed lanes: that many scalars each.
    if (int64_t lanes =
            tolk::getPackedLanes(cast<tolk::PtrType>(op.getBase().getType()));
        lanes > 1)
      step = arith::MulIOp::create(
          rewriter, loc, step,
          arith::ConstantIndexOp::create(rewriter, loc, lanes));
    Value offset = arith::AddIOp::create(rewriter, loc, meta.getOffset(), step);
    OpFoldResult size =
        type.isDynamicDim(0)
            ? OpFoldResult(meta.getSizes()[0])
            : OpFoldResult(rewriter.getIndexAttr(type.getDimSize(0)));
    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        op, type, meta.getBaseBuffer(), OpFoldResult(offset),
        ArrayRef<OpFoldResult>{size},
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
    return success();
  }
};

struct LoadLowering : public OpConversionPattern<tolk::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result");
    Value ptr = adaptor.getPtr();
    Value gate = adaptor.getGate();
    if (isAlu(op.getPtr().getType())) {
      // The by-value parameter is the value; a gate only selects.
      Value v = ptr;
      if (gate)
        v = arith::SelectOp::create(rewriter, loc, gate, v,
                                    adaptor.getAlternative());
      rewriter.replaceOp(op, v);
      return success();
    }
    if (!gate) {
      rewriter.replaceOp(
          op, loadAt0(rewriter, loc, ptr, type, accessAlignment(op)));
      return success();
    }
    // A gated-off load must not touch memory: a branch, not a select.
    Value alternative = adaptor.getAlternative();
    auto ifOp = scf::IfOp::create(
        rewriter, loc, gate,
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l,
                               loadAt0(b, l, ptr, type, accessAlignment(op)));
        },
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, alternative);
        });
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

struct StoreLowering : public OpConversionPattern<tolk::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!isa<MemRefType>(adaptor.getPtr().getType()))
      return rewriter.notifyMatchFailure(op, "not a buffer");
    if (!adaptor.getGate()) {
      storeAt0(rewriter, loc, adaptor.getValue(), adaptor.getPtr(),
               accessAlignment(op));
      rewriter.eraseOp(op);
      return success();
    }
    scf::IfOp::create(rewriter, loc, adaptor.getGate(),
                      [&](OpBuilder &b, Location l) {
                        storeAt0(b, l, adaptor.getValue(), adaptor.getPtr(),
                                 accessAlignment(op));
                        scf::YieldOp::create(b, l);
                      });
    rewriter.eraseOp(op);
    return success();
  }
};

struct DefineLocalLowering : public OpConversionPattern<tolk::DefineLocalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::DefineLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto func = op->getParentOfType<gpu::GPUFuncOp>();
    IntegerAttr position =
        getTolkDialect(op)->getWorkgroupAttributionAttrHelper().getAttr(op);
    Type type = getTypeConverter()->convertType(op.getType());
    if (!func || !position || !type)
      return rewriter.notifyMatchFailure(op, "not prepared");
    Value buffer = func.getWorkgroupAttributions()[position.getInt()];
    rewriter.replaceOpWithNewOp<memref::CastOp>(op, type, buffer);
    return success();
  }
};

struct DefineRegLowering : public OpConversionPattern<tolk::DefineRegOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::DefineRegOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto ptr = cast<tolk::PtrType>(op.getType());
    auto type =
        dyn_cast_or_null<MemRefType>(getTypeConverter()->convertType(ptr));
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result");
    Value buffer = memref::AllocaOp::create(
        rewriter, op.getLoc(), allocationType(ptr, type.getElementType()));
    rewriter.replaceOpWithNewOp<memref::CastOp>(op, type, buffer);
    return success();
  }
};

struct RangeLowering : public OpConversionPattern<tolk::RangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tolk::RangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Block *> converted =
        rewriter.convertRegionTypes(&op.getRegion(), *getTypeConverter());
    if (failed(converted))
      return rewriter.notifyMatchFailure(op, "unconvertible induction var");
    Block *body = *converted;
    bool isUnsigned = op.getLowerBound().getType().isUnsignedInteger();
    Value upper = adaptor.getUpperBound();
    Value step = adaptor.getStep();
    // A step that is not positive runs no iteration (docs/Semantics.md#ranges)
    // where scf.for leaves it undefined (the host loops forever on 0): a step
    // known only at run time ends the loop at its lower bound then.
    APInt constantStep;
    if (matchPattern(step, m_ConstantInt(&constantStep))) {
      if (isUnsigned ? constantStep.isZero()
                     : !constantStep.isStrictlyPositive()) {
        rewriter.eraseOp(op);
        return success();
      }
    } else {
      Location loc = op.getLoc();
      Value zero = arith::ConstantOp::create(
          rewriter, loc, rewriter.getZeroAttr(step.getType()));
      Value positive = arith::CmpIOp::create(
          rewriter, loc,
          isUnsigned ? arith::CmpIPredicate::ne : arith::CmpIPredicate::sgt,
          step, zero);
      upper = arith::SelectOp::create(rewriter, loc, positive, upper,
                                      adaptor.getLowerBound());
    }
    auto forOp =
        scf::ForOp::create(rewriter, op.getLoc(), adaptor.getLowerBound(),
                           upper, step, ValueRange{},
                           /*bodyBuilder=*/nullptr, isUnsigned);
    rewriter.eraseOp(body->getTerminator());
    rewriter.inlineBlockBefore(body, forOp.getBody()->getTerminator(),
                               forOp.getInductionVar());
    rewriter.eraseOp(op);
    return success();
  }
};

/// Converts a gpu.func's argument types. The entry block also holds the
/// workgroup and private attributions after the arguments, which the
/// generic FunctionOpInterface pattern does not expect.
struct GPUFuncSignatureLowering : public OpConversionPattern<gpu::GPUFuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::GPUFuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Block &entry = op.getBody().front();
    unsigned numInputs = op.getFunctionType().getNumInputs();
    TypeConverter::SignatureConversion signature(entry.getNumArguments());
    SmallVector<Type> inputs;
    for (BlockArgument arg : entry.getArguments()) {
      Type type = getTypeConverter()->convertType(arg.getType());
      if (!type)
        return rewriter.notifyMatchFailure(op, "unconvertible argument");
      signature.addInputs(arg.getArgNumber(), type);
      if (arg.getArgNumber() < numInputs)
        inputs.push_back(type);
    }
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(
            op.getFunctionType().getResults(), results)))
      return rewriter.notifyMatchFailure(op, "unconvertible result");
    SmallVector<unsigned> aluArgs;
    for (auto [i, type] : llvm::enumerate(op.getArgumentTypes()))
      if (isAlu(type))
        aluArgs.push_back(i);
    rewriter.applySignatureConversion(&entry, signature, getTypeConverter());
    rewriter.modifyOpInPlace(op, [&] {
      op.setFunctionType(rewriter.getFunctionType(inputs, results));
      // The bounds belong to the alu pointer, which is gone: the dialect
      // verifies them on alu pointers only. They are not yet forwarded to
      // a target's range metadata.
      for (unsigned i : aluArgs)
        op.removeArgAttr(i,
                         getTolkDialect(op)->getBoundsAttrHelper().getName());
      // Likewise the read-only mark of an image, checked by the verifier.
      for (unsigned i = 0; i < numInputs; ++i)
        op.removeArgAttr(i,
                         getTolkDialect(op)->getReadonlyAttrHelper().getName());
    });
    return success();
  }
};

} // namespace

void tolk::populateTolkToGPUConversionPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<SpecialLowering, IndexLowering, LoadLowering, StoreLowering,
               DefineLocalLowering, DefineRegLowering, RangeLowering,
               GPUFuncSignatureLowering>(converter, patterns.getContext());
}

//===----------------------------------------------------------------------===//
// Kernel parameters
//===----------------------------------------------------------------------===//

/// The kernel ABI (docs/Lowering.md, "A kernel's buffer parameter starts
/// at element 0"): a buffer parameter of a kernel starts at element 0 of its
/// buffer, so its memref has an identity layout and the offset field of its
/// descriptor is never read (on NVVM it was an ld.param, a shift and an add
/// per buffer). The conversion maps every pointer to the one memref type
/// with a dynamic offset, so the parameters are retyped after it: a
/// memref.cast at the entry gives the body the converted type, and what
/// reads the parameter itself (the accesses at element 0, and the metadata
/// of tolk.index) reads the cast's source, where the offset is the
/// constant 0. A device function (not a kernel) keeps the dynamic offset:
/// it may be passed a pointer that tolk.index moved.
static void zeroOffsetParameters(gpu::GPUFuncOp func) {
  if (!func.isKernel())
    return;
  Block &entry = func.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  SmallVector<Type> inputs(func.getFunctionType().getInputs());
  for (unsigned i = 0, e = inputs.size(); i < e; ++i) {
    BlockArgument arg = entry.getArgument(i);
    auto type = dyn_cast<MemRefType>(arg.getType());
    auto space = dyn_cast_if_present<gpu::AddressSpaceAttr>(
        type ? type.getMemorySpace() : Attribute());
    if (!type || type.getLayout().isIdentity() || !space ||
        space.getValue() != gpu::AddressSpace::Global)
      continue;
    auto base =
        MemRefType::get(type.getShape(), type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace());
    arg.setType(base);
    inputs[i] = base;
    auto cast = memref::CastOp::create(b, arg.getLoc(), type, arg);
    arg.replaceAllUsesExcept(cast, cast);
    for (OpOperand &use : llvm::make_early_inc_range(cast->getUses())) {
      Operation *user = use.getOwner();
      if (isa<memref::LoadOp, memref::StoreOp, vector::LoadOp, vector::StoreOp>(
              user)) {
        use.set(arg);
        continue;
      }
      auto meta = dyn_cast<memref::ExtractStridedMetadataOp>(user);
      if (!meta)
        continue;
      use.set(arg);
      // tolk.index's offset is the parameter's, 0, plus its own.
      for (OpOperand &offsetUse :
           llvm::make_early_inc_range(meta.getOffset().getUses())) {
        auto add = dyn_cast<arith::AddIOp>(offsetUse.getOwner());
        if (!add || add.getLhs() == add.getRhs())
          continue;
        add.replaceAllUsesWith(
            add->getOperand(1 - offsetUse.getOperandNumber()));
        add.erase();
      }
      if (!meta.getOffset().use_empty()) {
        OpBuilder mb(meta);
        meta.getOffset().replaceAllUsesWith(
            arith::ConstantIndexOp::create(mb, meta.getLoc(), 0));
      }
    }
    if (cast.use_empty())
      cast.erase();
  }
  func.setFunctionType(
      FunctionType::get(func.getContext(), inputs, func.getResultTypes()));
}

//===----------------------------------------------------------------------===//
// Preparation
//===----------------------------------------------------------------------===//

LogicalResult tolk::prepareTolkToGPU(Operation *root,
                                     tolk::ImageLowering images) {
  bool ok = true;
  bool imagesAsSPIRV = images == tolk::ImageLowering::spirv;
  auto image = [&](Operation *op, Type t, bool kernelParameter) {
    auto ptr = dyn_cast<tolk::PtrType>(t);
    if (!ptr || !ptr.getImage())
      return false;
    if (images == tolk::ImageLowering::nvvm &&
        getSurfaceRowBytes(ptr) > (int64_t(1) << 31)) {
      op->emitOpError("uses the image pointer ")
          << t << ", whose rows of " << getSurfaceRowBytes(ptr)
          << " bytes are more than a CUDA surface addresses (x is a byte "
             "offset in an i32: at most 2^31 bytes a row)";
      ok = false;
      return true;
    }
    if (images == tolk::ImageLowering::buffers ||
        images == tolk::ImageLowering::nvvm ||
        images == tolk::ImageLowering::rocdl)
      return false;
    if (imagesAsSPIRV && kernelParameter)
      return false;
    if (imagesAsSPIRV)
      op->emitOpError("uses the image pointer ")
          << t
          << " other than as a parameter of a kernel, which SPIR-V cannot "
             "express: an image there is a descriptor binding of the kernel";
    else
      op->emitOpError("uses the image pointer ")
          << t
          << ", which nothing lowers with images=none (the `images` option "
             "says what an image becomes)";
    ok = false;
    return true;
  };
  root->walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (image(op, t, /*kernelParameter=*/false))
        return;
    auto func = dyn_cast<gpu::GPUFuncOp>(op);
    for (Region &r : op->getRegions())
      for (Block &block : r) {
        bool parameters = func && func.isKernel() && &r == &func.getBody() &&
                          block.isEntryBlock();
        for (BlockArgument a : block.getArguments())
          if (image(op, a.getType(), parameters))
            return;
      }
  });
  if (!ok)
    return failure();

  // Workgroup memory is an attribution of the kernel: added here, outside
  // the conversion, since the pattern cannot grow its function's entry
  // block.
  TolkToArithTypeConverter converter;
  root->walk([&](tolk::DefineLocalOp op) {
    auto func = op->getParentOfType<gpu::GPUFuncOp>();
    if (!func || !func.isKernel()) {
      op.emitOpError("lowers to a workgroup attribution, which needs an "
                     "enclosing gpu.func kernel");
      ok = false;
      return;
    }
    auto ptr = cast<tolk::PtrType>(op.getType());
    Type element = converter.convertType(ptr.getElementType());
    if (!element) {
      op.emitOpError("has no lowering for the element type ")
          << ptr.getElementType();
      ok = false;
      return;
    }
    func.addWorkgroupAttribution(allocationType(ptr, element), op.getLoc());
    getTolkDialect(op)->getWorkgroupAttributionAttrHelper().setAttr(
        op, IntegerAttr::get(IntegerType::get(op.getContext(), 64),
                             func.getNumWorkgroupAttributions() - 1));
  });
  return success(ok);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertTolkToGPUPass
    : public tolk::impl::ConvertTolkToGPUBase<ConvertTolkToGPUPass> {
  using Base::Base;

  /// gfx942, gfx950 and gfx1250 have no image instructions, yet LLVM emits
  /// them for an image intrinsic and only the assembler rejects them: an
  /// image kernel for such a chip is an error here, at the kernel
  /// (docs/Semantics.md#texels).
  LogicalResult checkImageChip(Operation *root) {
    if (images != tolk::ImageLowering::rocdl || chip.empty())
      return success();
    bool ok = true;
    std::optional<bool> hasImages;
    root->walk([&](gpu::GPUFuncOp func) {
      auto image = llvm::find_if(func.getArgumentTypes(), [](Type t) {
        auto ptr = dyn_cast<tolk::PtrType>(t);
        return ptr && ptr.getImage();
      });
      if (!ok || image == func.getArgumentTypes().end())
        return;
      if (!hasImages) {
        llvm::Expected<bool> has =
            tolk::hasGPUFeature(tolk::GPUVendor::AMD, chip, "image-insts");
        if (!has) {
          func.emitOpError("has the image parameter ")
              << *image << ", but the chip cannot be asked about images: "
              << llvm::toString(has.takeError());
          ok = false;
          return;
        }
        hasImages = *has;
      }
      if (!*hasImages) {
        func.emitOpError("has the image parameter ")
            << *image << ", but " << chip
            << " has no image instructions (LLVM's AMDGPU back end gives it "
               "no image-insts feature)";
        ok = false;
      }
    });
    return success(ok);
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    if (failed(tolk::checkTolkToArithInput(root)) ||
        failed(tolk::prepareTolkToGPU(root, images)) ||
        failed(checkImageChip(root)))
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    tolk::TolkToGPUTypeConverter converter(ctx, images);
    RewritePatternSet patterns(ctx);
    tolk::populateTolkToArithConversionPatterns(converter, patterns, bf16InF32);
    tolk::populateTolkToGPUConversionPatterns(converter, patterns);
    if (images == tolk::ImageLowering::buffers)
      tolk::populateTolkImagesAsBuffersPatterns(converter, patterns);
    else if (images == tolk::ImageLowering::spirv)
      tolk::populateTolkImagesAsSPIRVPatterns(converter, patterns);
    else if (images == tolk::ImageLowering::nvvm)
      tolk::populateTolkImagesAsNVVMPatterns(converter, patterns);
    else if (images == tolk::ImageLowering::rocdl)
      tolk::populateTolkImagesAsROCDLPatterns(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);

    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect, complex::ComplexDialect,
                           math::MathDialect, memref::MemRefDialect,
                           scf::SCFDialect, tensor::TensorDialect,
                           vector::VectorDialect, gpu::GPUDialect>();
    // Upstream ops on Tolk's signed types (a texel coordinate built by
    // vector.from_elements of si32) become signless, as in
    // --convert-tolk-to-arith: SPIR-V has no cast back for what is left.
    tolk::addSignlessUpstreamLegality(target, converter);
    // The texel accesses of images=spirv, nvvm and rocdl.
    target.addLegalDialect<spirv::SPIRVDialect, LLVM::LLVMDialect>();
    target.addIllegalDialect<tolk::TolkDialect>();
    // The conversion to an 8-bit float that the value-op lowering emits, for
    // --tolk-native-float-conversions or --tolk-expand-saturating-truncf.
    target.addLegalOp<tolk::SaturatingTruncFOp>();
    target.addDynamicallyLegalOp<gpu::GPUFuncOp>([&](gpu::GPUFuncOp op) {
      return converter.isLegal(op.getBody().front().getArgumentTypes());
    });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      return signalPassFailure();
    root->walk(zeroOffsetParameters);
  }
};
} // namespace
