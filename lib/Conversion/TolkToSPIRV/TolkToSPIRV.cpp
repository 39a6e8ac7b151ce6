//===- TolkToSPIRV.cpp - Lowered Tolk kernels to SPIR-V -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Turns the kernels that --convert-tolk-to-gpu produced into Vulkan
// spirv.modules with Tolk's kernel ABI (docs/Rationale.md, "SPIR-V"). The
// ops are lowered by upstream's patterns (GPU, SCF, arith, math, memref,
// vector); what is Tolk's is around them:
//
// 1. the kernels are checked against the target environment, so that a type
//    the target cannot express is a diagnostic at the op that uses it, not
//    a failure to legalize or a silent emulation (but a float-to-integer
//    cast's i64 intermediate, which becomes 32-bit arithmetic first);
// 2. in a copy of the gpu.module, every buffer access is rebased onto its
//    buffer (SPIR-V's logical addressing has no pointer with an offset: the
//    offset goes into the access chain), workgroup attributions become
//    workgroup allocations (upstream's gpu.func lowering takes none), bf16
//    becomes i16 (SPIR-V has no bf16), float pow becomes C99's pow in f64
//    arithmetic (GLSL's Pow is undefined for x <= 0), float conversions
//    keep Tolk's NaN payloads (OpFConvert may make a NaN canonical),
//    f64 to f16 rounds once (OpFConvert may round through f32), log2 of a
//    subnormal f32 is computed from its significand and exp2 with a
//    subnormal f32 result by scaling a normal one (a driver may flush
//    them), and the entry point and binding ABI attributes are set;
// 3. the copy is converted with upstream's patterns, as convert-gpu-to-spirv
//    does;
// 4. the by-value parameters move into one push-constant block.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"
#include "tolk/Transforms/LaneBuilder.h"
#include "tolk/Transforms/Passes.h"

#include "tolk/Conversion/TolkToArith/TolkToArith.h"
#include "tolk/Dialect/Tolk/IR/KnownLocation.h"

#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Conversion/UBToSPIRV/UBToSPIRV.h"
#include "mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Threading.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

namespace tolk {
#define GEN_PASS_DEF_CONVERTTOLKKERNELSTOSPIRV
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

/// "(Vulkan, v1.3)": how diagnostics name the target.
static std::string describeTarget(spirv::TargetEnvAttr attr) {
  return ("SPIR-V target (" + spirv::stringifyClientAPI(attr.getClientAPI()) +
          ", " + spirv::stringifyVersion(attr.getVersion()) + ")")
      .str();
}

/// The width a scalar type has in SPIR-V code: bf16 and the 8-bit floats are
/// integers of their width there, and Bool is a byte in memory.
static unsigned spirvWidth(Type t, bool inMemory) {
  if (t.isInteger(1))
    return inMemory ? 8 : 1;
  if (t.isIndex())
    return 32;
  if (t.isIntOrFloat())
    return t.getIntOrFloatBitWidth();
  return 0;
}

namespace {
/// Reports, once per kernel and capability, a type the target lacks.
class CapabilityChecker {
public:
  CapabilityChecker(spirv::TargetEnvAttr attr) : attr(attr), env(attr) {}

  /// Checks the type of a value the kernel computes with; `shown` is the
  /// type the diagnostic names (the buffer's, for its elements).
  void checkValue(Operation *op, Type type, Type shown = {}) {
    if (auto mem = dyn_cast<MemRefType>(type))
      return checkMemory(op, mem);
    Type scalar = getElementTypeOrSelf(type);
    if (!shown)
      shown = type;
    if (auto vec = dyn_cast<VectorType>(type)) {
      int64_t n = vec.getNumElements();
      if (vec.getRank() != 1 || n > 16 || (n > 4 && n != 8 && n != 16)) {
        fail(op) << "uses " << shown << ", which has no SPIR-V vector type";
        return;
      }
      if (n > 4)
        need(op, shown, spirv::Capability::Vector16);
    }
    if (scalar.isF64())
      return need(op, shown, spirv::Capability::Float64);
    if (scalar.isF16())
      return need(op, shown, spirv::Capability::Float16);
    switch (spirvWidth(scalar, /*inMemory=*/false)) {
    case 0:
    case 1:
    case 32:
      return;
    case 8:
      return need(op, shown, spirv::Capability::Int8);
    case 16:
      return need(op, shown, spirv::Capability::Int16);
    case 64:
      return need(op, shown, spirv::Capability::Int64);
    default:
      fail(op) << "uses " << shown << ", which has no SPIR-V type";
    }
  }

  /// Checks a buffer's element type: storage buffers need the 8/16-bit
  /// storage capabilities, other memory the arithmetic ones.
  void checkMemory(Operation *op, MemRefType type) {
    Type element = type.getElementType();
    auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
    bool global = !space || space.getValue() == gpu::AddressSpace::Global;
    if (global) {
      unsigned width = spirvWidth(getElementTypeOrSelf(element), true);
      if (width == 8)
        need(op, type, spirv::Capability::StorageBuffer8BitAccess);
      else if (width == 16)
        need(op, type, spirv::Capability::StorageBuffer16BitAccess);
    }
    // The element is also a value once loaded; in workgroup and function
    // memory the value's capability is all that is needed.
    if (element.isInteger(1))
      element = IntegerType::get(element.getContext(), 8);
    checkValue(op, element, type);
  }

  bool ok() const { return succeeded; }
  void reset() { reported.clear(); }

private:
  InFlightDiagnostic fail(Operation *op) {
    succeeded = false;
    // At a known location: the canonicalizer's constants have none.
    return tolk::emitOpErrorAtKnownLocation(op, "");
  }

  void need(Operation *op, Type type, spirv::Capability cap) {
    if (env.allows(cap) || !reported.insert(cap).second)
      return;
    InFlightDiagnostic diag = fail(op);
    diag << "uses " << type;
    Type scalar = getElementTypeOrSelf(type);
    if (auto mem = dyn_cast<MemRefType>(type))
      scalar = getElementTypeOrSelf(mem.getElementType());
    if (isa<FloatType>(scalar) && !scalar.isF16() && !scalar.isF32() &&
        !scalar.isF64())
      diag << " (" << scalar << " is "
           << (scalar.getIntOrFloatBitWidth() == 8 ? "an " : "a ")
           << scalar.getIntOrFloatBitWidth() << "-bit integer on SPIR-V)";
    diag << ", which needs the " << spirv::stringifyCapability(cap)
         << " capability: not in the " << describeTarget(attr);
  }

  spirv::TargetEnvAttr attr;
  spirv::TargetEnv env;
  llvm::SmallDenseSet<spirv::Capability> reported;
  bool succeeded = true;
};
} // namespace

/// bf16 values are computed in f32 by the pipeline; only moves, selects and
/// bit casts of them may be left, which become i16.
static bool movesBits(Operation *op) {
  return isa<arith::BitcastOp, arith::ConstantOp, arith::SelectOp,
             memref::LoadOp, memref::StoreOp, vector::LoadOp, vector::StoreOp,
             vector::BroadcastOp, vector::ExtractOp, vector::InsertOp,
             vector::FromElementsOp, vector::ShuffleOp, scf::YieldOp,
             scf::IfOp, memref::AllocaOp, memref::CastOp,
             memref::ReinterpretCastOp, memref::ExtractStridedMetadataOp>(op);
}

static bool hasBF16(Type t) {
  if (auto mem = dyn_cast<MemRefType>(t))
    t = mem.getElementType();
  return getElementTypeOrSelf(t).isBF16();
}

static LogicalResult checkKernels(gpu::GPUModuleOp module,
                                  spirv::TargetEnvAttr attr) {
  CapabilityChecker checker(attr);
  bool ok = true;
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    if (!func.isKernel())
      continue;
    checker.reset();
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      if (!isa<MemRefType>(type) && !type.isIntOrFloat()) {
        func.emitOpError("parameter ")
            << i << " has type " << type
            << ": a by-value parameter of a SPIR-V kernel is a scalar";
        ok = false;
      }
    }
    func.walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        checker.checkValue(op, t);
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (BlockArgument a : b.getArguments())
            checker.checkValue(op, a.getType());
      // GLSL.std.450 has these for 16- and 32-bit floats only.
      if (isa<math::ExpOp, math::Exp2Op, math::LogOp, math::Log2Op,
              math::PowFOp, math::SinOp, math::CosOp, math::TanOp,
              math::TanhOp, math::AtanOp, math::Atan2Op>(op) &&
          getElementTypeOrSelf(op->getResult(0).getType()).isF64()) {
        op->emitOpError("computes in f64, which the ")
            << describeTarget(attr)
            << " has no instruction for (GLSL.std.450 has it for 16- and "
               "32-bit floats only)";
        ok = false;
      }
      if (!movesBits(op) && !isa<gpu::GPUFuncOp>(op) &&
          llvm::any_of(op->getOperandTypes(), hasBF16)) {
        op->emitOpError("computes in bf16, which the ")
            << describeTarget(attr)
            << " has no type for (the SPIR-V pipeline computes it in f32)";
        ok = false;
      }
    });
  }
  return success(ok && checker.ok());
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

/// A memref as --convert-tolk-to-gpu builds it: a buffer (a kernel argument
/// or an allocation, offset 0) and an element offset into it.
struct Buffer {
  Value root;
  OpFoldResult offset;
};

static FailureOr<Buffer> resolveBuffer(Value m) {
  Builder b(m.getContext());
  if (isa<BlockArgument>(m))
    return Buffer{m, b.getIndexAttr(0)};
  Operation *def = m.getDefiningOp();
  if (isa<memref::AllocOp, memref::AllocaOp>(def))
    return Buffer{m, b.getIndexAttr(0)};
  if (auto cast = dyn_cast<memref::CastOp>(def))
    return resolveBuffer(cast.getSource());
  if (auto meta = dyn_cast<memref::ExtractStridedMetadataOp>(def)) {
    // The base buffer of a view is its root.
    FailureOr<Buffer> source = resolveBuffer(meta.getSource());
    if (failed(source))
      return failure();
    return Buffer{source->root, b.getIndexAttr(0)};
  }
  if (auto view = dyn_cast<memref::ReinterpretCastOp>(def)) {
    // Its offset counts from the start of the source's buffer, which is
    // the root's start.
    FailureOr<Buffer> source = resolveBuffer(view.getSource());
    if (failed(source))
      return failure();
    return Buffer{source->root, view.getMixedOffsets()[0]};
  }
  return failure();
}

static Attribute storageClass(MLIRContext *ctx, Attribute space) {
  auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space);
  spirv::StorageClass sc = spirv::StorageClass::StorageBuffer;
  if (gpuSpace && gpuSpace.getValue() == gpu::AddressSpace::Workgroup)
    sc = spirv::StorageClass::Workgroup;
  else if (gpuSpace && gpuSpace.getValue() == gpu::AddressSpace::Private)
    sc = spirv::StorageClass::Function;
  return spirv::StorageClassAttr::get(ctx, sc);
}

/// The identity-layout memref of the storage class of `type`'s space.
static MemRefType rootType(MemRefType type) {
  return MemRefType::get(type.getShape(), type.getElementType(),
                         MemRefLayoutAttrInterface(),
                         storageClass(type.getContext(), type.getMemorySpace()));
}

/// Rebases every access of `func` onto its buffer, so that no view is left,
/// and gives the buffers identity layouts and SPIR-V storage classes.
static LogicalResult rebaseBuffers(gpu::GPUFuncOp func) {
  OpBuilder builder(func.getContext());

  // Workgroup attributions become workgroup allocations, which upstream
  // lowers to Workgroup variables.
  builder.setInsertionPointToStart(&func.getBody().front());
  while (func.getNumWorkgroupAttributions()) {
    BlockArgument arg = func.getWorkgroupAttributions().front();
    auto type = cast<MemRefType>(arg.getType());
    Value alloc = memref::AllocOp::create(builder, arg.getLoc(), type);
    arg.replaceAllUsesWith(alloc);
    func.getBody().front().eraseArgument(arg.getArgNumber());
    func->setAttr(func.getNumWorkgroupAttributionsAttrName(),
                  builder.getI64IntegerAttr(
                      func.getNumWorkgroupAttributions() - 1));
  }

  bool ok = true;
  func.walk([&](memref::ExtractStridedMetadataOp meta) {
    if (meta.getOffset().use_empty())
      return;
    FailureOr<Buffer> buffer = resolveBuffer(meta.getSource());
    if (failed(buffer)) {
      meta.emitOpError("views a buffer that the SPIR-V lowering cannot trace");
      ok = false;
      return;
    }
    builder.setInsertionPoint(meta);
    meta.getOffset().replaceAllUsesWith(
        getValueOrCreateConstantIndexOp(builder, meta.getLoc(), buffer->offset));
  });

  // The memref operand and its index of every access: rank 1, as Tolk's
  // pointers are.
  auto rebase = [&](Operation *op, unsigned memIndex) {
    Value mem = op->getOperand(memIndex);
    if (op->getNumOperands() != memIndex + 2) {
      op->emitOpError("accesses a memref of rank other than 1, which Tolk "
                      "kernels do not have");
      ok = false;
      return;
    }
    FailureOr<Buffer> buffer = resolveBuffer(mem);
    if (failed(buffer)) {
      op->emitOpError("accesses a buffer that the SPIR-V lowering cannot "
                      "trace");
      ok = false;
      return;
    }
    if (buffer->root == mem)
      return;
    builder.setInsertionPoint(op);
    Value index = op->getOperand(memIndex + 1);
    std::optional<int64_t> constant = getConstantIntValue(buffer->offset);
    if (!constant || *constant != 0)
      index = arith::AddIOp::create(
          builder, op->getLoc(),
          getValueOrCreateConstantIndexOp(builder, op->getLoc(),
                                          buffer->offset),
          index);
    op->setOperand(memIndex, buffer->root);
    op->setOperand(memIndex + 1, index);
  };
  func.walk([&](Operation *op) {
    if (isa<memref::LoadOp, vector::LoadOp>(op))
      rebase(op, 0);
    else if (isa<memref::StoreOp, vector::StoreOp>(op))
      rebase(op, 1);
  });
  if (!ok)
    return failure();

  // The views are dead now.
  bool erased = true;
  while (erased) {
    erased = false;
    SmallVector<Operation *> dead;
    func.walk([&](Operation *op) {
      if (isa<memref::CastOp, memref::ReinterpretCastOp,
              memref::ExtractStridedMetadataOp>(op) &&
          op->use_empty())
        dead.push_back(op);
    });
    for (Operation *op : dead)
      op->erase();
    erased = !dead.empty();
  }
  WalkResult left = func.walk([&](Operation *op) {
    if (isa<memref::CastOp, memref::ReinterpretCastOp,
            memref::ExtractStridedMetadataOp, memref::SubViewOp>(op)) {
      op->emitOpError("is a view that the SPIR-V lowering cannot fold into "
                      "its accesses");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (left.wasInterrupted())
    return failure();

  // Identity layouts and storage classes for the buffers.
  SmallVector<Type> inputs;
  for (BlockArgument arg : func.getArguments()) {
    if (auto mem = dyn_cast<MemRefType>(arg.getType()))
      arg.setType(rootType(mem));
    inputs.push_back(arg.getType());
  }
  func.setFunctionType(
      FunctionType::get(func.getContext(), inputs, func.getResultTypes()));
  func.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op))
      op->getResult(0).setType(
          rootType(cast<MemRefType>(op->getResult(0).getType())));
  });
  return success();
}

/// Vector loads and stores of a buffer of scalars as one access per lane:
/// upstream lowers them to a bitcast of the element pointer to a vector
/// pointer, which logical addressing (Vulkan) forbids.
static void scalarizeVectorAccesses(gpu::GPUFuncOp func) {
  OpBuilder builder(func.getContext());
  auto laneIndex = [&](Location loc, Value base, int64_t lane) -> Value {
    if (lane == 0)
      return base;
    return arith::AddIOp::create(
        builder, loc, base, arith::ConstantIndexOp::create(builder, loc, lane));
  };
  SmallVector<Operation *> accesses;
  func.walk([&](Operation *op) {
    if (isa<vector::LoadOp, vector::StoreOp>(op))
      accesses.push_back(op);
  });
  for (Operation *op : accesses) {
    builder.setInsertionPoint(op);
    Location loc = op->getLoc();
    if (auto load = dyn_cast<vector::LoadOp>(op)) {
      VectorType type = load.getVectorType();
      if (isa<VectorType>(load.getMemRefType().getElementType()) ||
          type.getRank() != 1 || load.getIndices().size() != 1)
        continue;
      SmallVector<Value> lanes;
      for (int64_t i = 0, e = type.getNumElements(); i < e; ++i)
        lanes.push_back(memref::LoadOp::create(
            builder, loc, load.getBase(),
            ValueRange{laneIndex(loc, load.getIndices()[0], i)}));
      load.replaceAllUsesWith(
          vector::FromElementsOp::create(builder, loc, type, lanes)
              .getResult());
      load.erase();
      continue;
    }
    auto store = cast<vector::StoreOp>(op);
    VectorType type = store.getVectorType();
    if (isa<VectorType>(store.getMemRefType().getElementType()) ||
        type.getRank() != 1 || store.getIndices().size() != 1)
      continue;
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
      Value lane = vector::ExtractOp::create(builder, loc,
                                             store.getValueToStore(), i);
      memref::StoreOp::create(
          builder, loc, lane, store.getBase(),
          ValueRange{laneIndex(loc, store.getIndices()[0], i)});
    }
    store.erase();
  }
}

/// math.trunc as floor or ceil by the sign: GLSL.std.450's Trunc has no op
/// in MLIR's SPIR-V dialect. `x >= 0` is false for NaN, whose ceil is NaN,
/// and -0.0 takes floor, which keeps it.
static void expandTrunc(gpu::GPUFuncOp func) {
  SmallVector<math::TruncOp> truncs;
  func.walk([&](math::TruncOp op) { truncs.push_back(op); });
  for (math::TruncOp op : truncs) {
    OpBuilder builder(op);
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Value zero = arith::ConstantOp::create(
        builder, loc, x.getType(), builder.getZeroAttr(x.getType()));
    Value positive = arith::CmpFOp::create(builder, loc,
                                           arith::CmpFPredicate::OGE, x, zero);
    Value down = math::FloorOp::create(builder, loc, x);
    Value up = math::CeilOp::create(builder, loc, x);
    op.replaceAllUsesWith(
        arith::SelectOp::create(builder, loc, positive, down, up).getResult());
    op.erase();
  }
}

using tolk::LaneBuilder;

//===----------------------------------------------------------------------===//
// log2 of a subnormal
//===----------------------------------------------------------------------===//

/// math.log2 of f32 where the operand is a positive subnormal: log2(m) - 149
/// for its integer significand m = bits (exact in f32, a normal value).
/// Without shaderDenormPreserve a driver may flush a subnormal operand, and
/// lavapipe's Log2 reads its exponent field as if it were normal (log2 of
/// 2^-149 is -127 there). One log2 a lane still: the operand is selected.
static void log2OfSubnormals(gpu::GPUFuncOp func) {
  SmallVector<math::Log2Op> logs;
  func.walk([&](math::Log2Op op) {
    if (getElementTypeOrSelf(op.getType()).isF32())
      logs.push_back(op);
  });
  for (math::Log2Op op : logs) {
    OpBuilder builder(op);
    Value x = op.getOperand();
    LaneBuilder lb{builder, op.getLoc(), dyn_cast<VectorType>(x.getType())};
    Type i32 = builder.getI32Type();
    Value bits = lb.bitcast(x, i32);
    // 1 <= bits <= 0x7FFFFF: a positive subnormal (unsigned bits - 1).
    Value subnormal = lb.cmpi(arith::CmpIPredicate::ult,
                              lb.subi(bits, lb.i32(1)), lb.i32(0x7FFFFF));
    Value significand = arith::UIToFPOp::create(builder, lb.loc, x.getType(),
                                                bits);
    Value log = math::Log2Op::create(builder, lb.loc,
                                     lb.select(subnormal, significand, x));
    Value scaled = lb.subf(log, lb.f32(149.0));
    op.replaceAllUsesWith(lb.select(subnormal, scaled, log));
    op.erase();
  }
}

//===----------------------------------------------------------------------===//
// exp2 with a subnormal result
//===----------------------------------------------------------------------===//

/// math.exp2 of f32 where the result is subnormal (x below -126): exp2(x + 64)
/// times 2^-64, a normal value scaled by a power of two, which rounds once.
/// Without shaderDenormPreserve a driver may flush a subnormal result of
/// Exp2 (lavapipe's exp2(-128) is 0, not 2^-128), and not one of an FMul
/// (the differential tests compare both). x + 64 is exact there. One exp2 a
/// lane still: the operand is selected.
static void exp2OfSubnormalResults(gpu::GPUFuncOp func) {
  SmallVector<math::Exp2Op> exps;
  func.walk([&](math::Exp2Op op) {
    if (getElementTypeOrSelf(op.getType()).isF32())
      exps.push_back(op);
  });
  for (math::Exp2Op op : exps) {
    OpBuilder builder(op);
    Value x = op.getOperand();
    LaneBuilder lb{builder, op.getLoc(), dyn_cast<VectorType>(x.getType())};
    Value small = lb.cmpf(arith::CmpFPredicate::OLT, x, lb.f32(-126.0));
    Value shifted = lb.select(small, lb.addf(x, lb.f32(64.0)), x);
    Value e = math::Exp2Op::create(builder, lb.loc, shifted);
    Value scaled = arith::MulFOp::create(builder, lb.loc, e,
                                         lb.f32(std::ldexp(1.0, -64)));
    op.replaceAllUsesWith(lb.select(small, scaled, e));
    op.erase();
  }
}

//===----------------------------------------------------------------------===//
// NaN payloads of float conversions
//===----------------------------------------------------------------------===//

/// arith.truncf and arith.extf between f16, f32 and f64 with Tolk's NaN:
/// the source's sign and the top of its payload (narrowing) or all of it
/// (widening), quiet bit set (lib/Dtype's narrowNaN; a signalling NaN into a
/// conversion is the exception of rule 2). Vulkan's OpFConvert may make a
/// NaN canonical (lavapipe turns f32 0x7fffffff into f16 0x7e00, Tolk
/// keeps 0x7fff). The NaN bits are integer arithmetic on the source's bits,
/// selected on an unordered compare; a conversion whose integer types the
/// target lacks (f64 without Int64, f16 without Int16) is left as it is.
static void keepConversionNaNs(gpu::GPUFuncOp func,
                               const spirv::TargetEnv &env) {
  auto intAllowed = [&](unsigned width) {
    return width == 32 ||
           (width == 16 && env.allows(spirv::Capability::Int16)) ||
           (width == 64 && env.allows(spirv::Capability::Int64));
  };
  auto native = [](Type t) { return t.isF16() || t.isF32() || t.isF64(); };
  SmallVector<Operation *> conversions;
  func.walk([&](Operation *op) {
    if (!isa<arith::TruncFOp, arith::ExtFOp>(op))
      return;
    Type src = getElementTypeOrSelf(op->getOperand(0).getType());
    Type dst = getElementTypeOrSelf(op->getResult(0).getType());
    if (native(src) && native(dst) &&
        intAllowed(src.getIntOrFloatBitWidth()) &&
        intAllowed(dst.getIntOrFloatBitWidth()))
      conversions.push_back(op);
  });
  for (Operation *op : conversions) {
    OpBuilder builder(op);
    builder.setInsertionPointAfter(op);
    Value x = op->getOperand(0);
    LaneBuilder lb{builder, op->getLoc(), dyn_cast<VectorType>(x.getType())};
    auto src = cast<FloatType>(getElementTypeOrSelf(x.getType()));
    auto dst = cast<FloatType>(getElementTypeOrSelf(op->getResult(0).getType()));
    unsigned sw = src.getWidth(), dw = dst.getWidth();
    unsigned sm = src.getFPMantissaWidth() - 1, dm = dst.getFPMantissaWidth() - 1;
    Type si = builder.getIntegerType(sw), di = builder.getIntegerType(dw);
    Value bits = lb.bitcast(x, si);
    // Sign and payload moved to their places in the destination's bits.
    Value sign, payload;
    if (sw > dw) {
      auto narrow = [&](Value v) {
        return arith::TruncIOp::create(builder, lb.loc, lb.of(di), v);
      };
      sign = narrow(lb.shrui(bits, lb.intOf(si, sw - dw)));
      payload = narrow(lb.shrui(bits, lb.intOf(si, sm - dm)));
    } else {
      Value wide = arith::ExtUIOp::create(builder, lb.loc, lb.of(di), bits);
      sign = lb.shli(wide, lb.intOf(di, dw - sw));
      payload = lb.shli(wide, lb.intOf(di, dm - sm));
    }
    APInt signMask = APInt::getSignMask(dw);
    APInt fracMask = APInt::getLowBitsSet(dw, dm);
    // Exponent all ones and the quiet bit.
    APInt nanBase = APInt::getBitsSet(dw, dm - 1, dw - 1);
    Value nanBits =
        lb.ori(lb.ori(lb.andi(sign, lb.intOf(di, signMask.getZExtValue())),
                      lb.andi(payload, lb.intOf(di, fracMask.getZExtValue()))),
               lb.intOf(di, nanBase.getZExtValue()));
    Value isNaN = lb.cmpf(arith::CmpFPredicate::UNO, x, x);
    Value converted = op->getResult(0);
    Value r = lb.select(isNaN, lb.bitcast(nanBits, dst), converted);
    converted.replaceAllUsesExcept(r, r.getDefiningOp());
  }
}

/// arith.truncf from f64 to f16 as two conversions that round once: to f32
/// rounded to odd (to nearest, then, when that was inexact, the one of the
/// two f32 around the value whose last bit is set), then to f16. f32 has
/// 24 bits, at least f16's 11 plus 2, so the second rounding gives the f16
/// nearest the f64 (the argument of the integer conversions' round to odd,
/// lib/Transforms/ExpandFloatConversions.cpp). Vulkan's OpFConvert from f64
/// to f16 may round twice: lavapipe converts through f32, rounding to
/// nearest both times. Runs after keepConversionNaNs, whose select gives a
/// NaN its bits, so only the numbers take this path.
static void roundF64ToF16Once(gpu::GPUFuncOp func) {
  SmallVector<arith::TruncFOp> truncs;
  func.walk([&](arith::TruncFOp op) {
    if (getElementTypeOrSelf(op.getIn().getType()).isF64() &&
        getElementTypeOrSelf(op.getType()).isF16())
      truncs.push_back(op);
  });
  for (arith::TruncFOp op : truncs) {
    OpBuilder builder(op);
    Value x = op.getIn();
    LaneBuilder lb{builder, op.getLoc(), dyn_cast<VectorType>(x.getType())};
    Type f32 = builder.getF32Type(), f64 = builder.getF64Type();
    Type i32 = builder.getI32Type();
    Value nearest = arith::TruncFOp::create(builder, lb.loc, lb.of(f32), x);
    Value back = arith::ExtFOp::create(builder, lb.loc, lb.of(f64), nearest);
    // Ordered: false for NaN; an infinity converts exactly.
    Value inexact = lb.cmpf(arith::CmpFPredicate::ONE, back, x);
    Value away = lb.cmpf(arith::CmpFPredicate::OGT,
                         math::AbsFOp::create(builder, lb.loc, back),
                         math::AbsFOp::create(builder, lb.loc, x));
    // In sign and magnitude, the f32 next to `nearest` towards zero is one
    // code lower (an overflow to infinity becomes the largest finite).
    Value bits = lb.bitcast(nearest, i32);
    Value towardZero = lb.select(away, lb.subi(bits, lb.i32(1)), bits);
    Value odd = lb.select(inexact, lb.ori(towardZero, lb.i32(1)), bits);
    Value r = arith::TruncFOp::create(builder, lb.loc, op.getType(),
                                      lb.bitcast(odd, f32));
    op.replaceAllUsesWith(r);
    op.erase();
  }
}

/// Without Int64, the float-to-integer casts that TolkToArith builds from a
/// conversion to i64 and a truncation to 32 bits or fewer (arith.fptosi to
/// i64 of a value below 2^63 in magnitude, then arith.trunci) take the
/// low 32 bits from tolk::truncFloatModulo instead, in f32 or f64 and i32
/// arithmetic. Done on the gpu.module before it is checked, so that the
/// i64 the target lacks is gone.
static void narrowFloatToInt64(gpu::GPUModuleOp module,
                               const spirv::TargetEnv &env) {
  if (env.allows(spirv::Capability::Int64))
    return;
  SmallVector<arith::FPToSIOp> conversions;
  module.walk([&](arith::FPToSIOp op) {
    if (!getElementTypeOrSelf(op.getType()).isInteger(64) ||
        op->use_empty())
      return;
    bool truncated = llvm::all_of(op->getUsers(), [](Operation *user) {
      auto trunc = dyn_cast<arith::TruncIOp>(user);
      return trunc &&
             getElementTypeOrSelf(trunc.getType()).getIntOrFloatBitWidth() <=
                 32;
    });
    if (truncated)
      conversions.push_back(op);
  });
  for (arith::FPToSIOp op : conversions) {
    OpBuilder builder(op);
    Value low = tolk::truncFloatModulo(builder, op.getLoc(), op.getIn(), 32);
    for (Operation *user : llvm::make_early_inc_range(op->getUsers())) {
      auto trunc = cast<arith::TruncIOp>(user);
      Value r = low;
      if (r.getType() != trunc.getType()) {
        builder.setInsertionPoint(trunc);
        r = arith::TruncIOp::create(builder, trunc.getLoc(), trunc.getType(),
                                    low);
      }
      trunc.replaceAllUsesWith(r);
      trunc.erase();
    }
    op.erase();
  }
}


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
} // namespace

//===----------------------------------------------------------------------===//
// bf16 as i16
//===----------------------------------------------------------------------===//

namespace {
/// bf16 (scalars, vectors, memref elements) as i16.
class BF16StorageTypeConverter : public TypeConverter {
public:
  BF16StorageTypeConverter() {
    addConversion([](Type t) { return t; });
    addConversion([](BFloat16Type t) -> Type {
      return IntegerType::get(t.getContext(), 16);
    });
    addConversion([this](VectorType t) -> Type {
      return t.clone(convertType(t.getElementType()));
    });
    addConversion([this](MemRefType t) -> Type {
      return t.cloneWith(std::nullopt, convertType(t.getElementType()));
    });
  }
};

struct BF16Constant : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || type == op.getType())
      return failure();
    TypedAttr value;
    if (auto f = dyn_cast<FloatAttr>(op.getValue()))
      value = IntegerAttr::get(type, f.getValue().bitcastToAPInt());
    else if (auto dense = dyn_cast<DenseElementsAttr>(op.getValue()))
      value = dense.bitcast(getElementTypeOrSelf(type));
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
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0, ctx) {
  }
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
    rewriter.modifyOpInPlace(op, [&] {
      op.setFunctionType(rewriter.getFunctionType(inputs, {}));
    });
    return success();
  }
};
} // namespace

static LogicalResult storeBF16AsI16(gpu::GPUFuncOp func) {
  bool any = false;
  func.walk([&](Operation *op) {
    any |= llvm::any_of(op->getResultTypes(), hasBF16) ||
           llvm::any_of(op->getOperandTypes(), hasBF16);
  });
  any |= llvm::any_of(func.getArgumentTypes(), hasBF16);
  if (!any)
    return success();

  MLIRContext *ctx = func.getContext();
  BF16StorageTypeConverter converter;
  RewritePatternSet patterns(ctx);
  patterns.add<BF16Constant, BF16Bitcast, BF16Generic, BF16Func>(converter,
                                                                  ctx);
  ConversionTarget target(*ctx);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  target.markUnknownOpDynamicallyLegal(
      [&](Operation *op) { return converter.isLegal(op); });
  target.addDynamicallyLegalOp<gpu::GPUFuncOp>([&](gpu::GPUFuncOp op) {
    return converter.isLegal(op.getArgumentTypes());
  });
  return applyPartialConversion(func, target, std::move(patterns));
}

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
  return (tolk::kSpirvLocalSizeName + Twine("_") + StringRef("xyz").substr(dim, 1))
      .str();
}

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
        spec->setAttr("spec_id",
                      rewriter.getI32IntegerAttr(tolk::kSpirvLocalSizeSpecIds[d]));
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
    fixedSizes += opcode == OpExecutionMode && ops.size() >= 2 &&
                  ops[1] == ModeLocalSize;
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

//===----------------------------------------------------------------------===//
// ABI attributes
//===----------------------------------------------------------------------===//

/// Entry point and interface attributes that convert-gpu-to-spirv's
/// patterns read: buffers get (set 0, binding b) in the order of the global
/// pointers; by-value parameters are marked PushConstant, which
/// movePushConstants() then gathers into one block.
static void setABIAttributes(gpu::GPUFuncOp func) {
  MLIRContext *ctx = func.getContext();
  // Without a known_block_size there is no LocalSize: the workgroup size
  // is specialization constants (SpecializedBlockDim below).
  ArrayRef<int32_t> blockSize;
  if (DenseI32ArrayAttr known = func.getKnownBlockSizeAttr())
    blockSize = known.asArrayRef();
  func->setAttr(spirv::getEntryPointABIAttrName(),
                spirv::getEntryPointABIAttr(ctx, blockSize));
  int32_t binding = 0;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    spirv::InterfaceVarABIAttr abi;
    if (isa<MemRefType>(type))
      abi = spirv::getInterfaceVarABIAttr(0, binding++, std::nullopt, ctx);
    else
      abi = spirv::getInterfaceVarABIAttr(0, 0, spirv::StorageClass::PushConstant,
                                          ctx);
    func.setArgAttr(i, spirv::getInterfaceVarABIAttrName(), abi);
  }
}

//===----------------------------------------------------------------------===//
// Push constants
//===----------------------------------------------------------------------===//

/// Replaces the PushConstant-marked parameters of an entry function by
/// loads from one push-constant block: a struct with one member per
/// parameter, each in a 4-byte slot holding its bits zero-extended (an
/// 8-byte slot, aligned to 8, for 64-bit types).
static LogicalResult movePushConstants(spirv::FuncOp func) {
  MLIRContext *ctx = func.getContext();
  StringRef abiName = spirv::getInterfaceVarABIAttrName();
  SmallVector<unsigned> params;
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    auto abi = func.getArgAttrOfType<spirv::InterfaceVarABIAttr>(i, abiName);
    if (abi && abi.getStorageClass() == spirv::StorageClass::PushConstant)
      params.push_back(i);
  }
  if (params.empty())
    return success();

  auto i32 = IntegerType::get(ctx, 32);
  SmallVector<Type> members;
  SmallVector<spirv::StructType::OffsetInfo> offsets;
  uint32_t offset = 0;
  for (unsigned i : params) {
    Type type = func.getArgument(i).getType();
    if (!type.isIntOrFloat())
      return func.emitOpError("has a by-value parameter of type ")
             << type << ", which a push-constant slot cannot hold";
    if (type.getIntOrFloatBitWidth() == 64) {
      offset = llvm::alignTo(offset, 8);
      members.push_back(type);
      offsets.push_back(offset);
      offset += 8;
    } else {
      members.push_back(type.getIntOrFloatBitWidth() == 32 ? type : i32);
      offsets.push_back(offset);
      offset += 4;
    }
  }
  auto block = spirv::StructType::get(members, offsets);
  auto ptrType =
      spirv::PointerType::get(block, spirv::StorageClass::PushConstant);

  OpBuilder builder(func);
  auto var = spirv::GlobalVariableOp::create(
      builder, func.getLoc(), TypeAttr::get(ptrType),
      builder.getStringAttr(func.getName() + "_push_constants"),
      /*initializer=*/nullptr);

  Block &entry = func.getBody().front();
  builder.setInsertionPointToStart(&entry);
  Location loc = func.getLoc();
  Value base = spirv::AddressOfOp::create(builder, loc, var);
  for (auto [member, i] : llvm::enumerate(params)) {
    BlockArgument arg = func.getArgument(i);
    Type memberType = members[member];
    Value index = spirv::ConstantOp::create(
        builder, loc, i32, builder.getI32IntegerAttr(member));
    Value ptr = spirv::AccessChainOp::create(builder, loc, base,
                                             ValueRange{index});
    Value v = spirv::LoadOp::create(builder, loc, ptr);
    Type type = arg.getType();
    if (type.isInteger(1)) {
      Value zero = spirv::ConstantOp::getZero(i32, loc, builder);
      v = spirv::INotEqualOp::create(builder, loc, v, zero);
    } else if (type != memberType) {
      // The low bits of the slot, as lanes of the narrow type (little
      // endian: lane 0), so that no 8- or 16-bit push-constant capability
      // is needed.
      unsigned lanes = 32 / type.getIntOrFloatBitWidth();
      auto vec = VectorType::get({lanes}, type);
      v = spirv::BitcastOp::create(builder, loc, vec, v);
      v = spirv::CompositeExtractOp::create(builder, loc, v,
                                            ArrayRef<int32_t>{0});
    }
    arg.replaceAllUsesWith(v);
  }
  BitVector erase(func.getNumArguments());
  for (unsigned i : params)
    erase.set(i);
  if (failed(func.eraseArguments(erase)))
    return func.emitOpError("could not drop its by-value parameters");
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// The target environment of a gpu.module: the one spirv-attach-target put
/// in its targets, else the nearest `spirv.target_env` or the default.
static spirv::TargetEnvAttr targetEnvOf(gpu::GPUModuleOp module) {
  if (ArrayAttr targets = module.getTargetsAttr())
    for (Attribute target : targets)
      if (auto env = dyn_cast<spirv::TargetEnvAttr>(target))
        return env;
  return spirv::lookupTargetEnvOrDefault(module);
}

namespace {
struct ConvertTolkKernelsToSPIRVPass
    : public tolk::impl::ConvertTolkKernelsToSPIRVBase<
          ConvertTolkKernelsToSPIRVPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    SmallVector<gpu::GPUModuleOp> gpuModules(
        module.getBody()->getOps<gpu::GPUModuleOp>());

    bool ok = true;
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      spirv::TargetEnvAttr attr = targetEnvOf(gpuModule);
      narrowFloatToInt64(gpuModule, spirv::TargetEnv(attr));
      ok &= succeeded(checkKernels(gpuModule, attr));
    }
    if (!ok)
      return signalPassFailure();

    // As convert-gpu-to-spirv: each spirv.module is made from a copy of its
    // gpu.module, which a host's launch still names, and is placed next to
    // it. The copies are converted in parallel (bench/README.md, "Parallel
    // compilation of GPU kernels"): each in a module of its own, since the
    // conversion inserts the spirv.module beside the op it converts, and
    // then moved here in the order of the gpu.modules. The patterns that
    // look the environment up find it on the copy.
    struct Work {
      gpu::GPUModuleOp original;
      OwningOpRef<ModuleOp> scratch;
      spirv::TargetEnvAttr targetAttr;
      gpu::GPUModuleOp copy;
    };
    SmallVector<Work> work;
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      Work w;
      w.original = gpuModule;
      w.targetAttr = targetEnvOf(gpuModule);
      w.scratch = ModuleOp::create(gpuModule.getLoc());
      OpBuilder builder = OpBuilder::atBlockEnd(w.scratch->getBody());
      w.copy = cast<gpu::GPUModuleOp>(builder.clone(*gpuModule));
      w.copy->setAttr(spirv::getTargetEnvAttrName(), w.targetAttr);
      work.push_back(std::move(w));
    }

    auto convert = [&](Work &w) -> LogicalResult {
      spirv::TargetEnvAttr targetAttr = w.targetAttr;
      gpu::GPUModuleOp copy = w.copy;
      for (auto func :
           llvm::make_early_inc_range(copy.getOps<gpu::GPUFuncOp>())) {
        if (!func.isKernel())
          continue;
        if (failed(rebaseBuffers(func)))
          return failure();
        scalarizeVectorAccesses(func);
        expandTrunc(func);
        spirv::TargetEnv env(targetAttr);
        tolk::expandPowF(func, env.allows(spirv::Capability::Float64));
        log2OfSubnormals(func);
        exp2OfSubnormalResults(func);
        keepConversionNaNs(func, env);
        roundF64ToF16Once(func);
        if (failed(storeBF16AsI16(func)))
          return failure();
        setABIAttributes(func);
      }

      std::unique_ptr<ConversionTarget> target =
          SPIRVConversionTarget::get(targetAttr);
      SPIRVConversionOptions options;
      // checkKernels() rejected what the target lacks: never widen an 8- or
      // 16-bit value silently, whose arithmetic would then not wrap.
      options.emulateLT32BitScalarTypes = false;
      SPIRVTypeConverter typeConverter(targetAttr, options);
      RewritePatternSet patterns(ctx);
      populateGPUToSPIRVPatterns(typeConverter, patterns);
      patterns.add<SpecializedBlockDim>(typeConverter, ctx);
      ScfToSPIRVContext scfContext;
      populateSCFToSPIRVPatterns(typeConverter, scfContext, patterns);
      arith::populateArithToSPIRVPatterns(typeConverter, patterns);
      populateMathToSPIRVPatterns(typeConverter, patterns);
      patterns.add<GLSLUnaryLowering<math::Exp2Op, spirv::GLExp2Op>,
                   GLSLUnaryLowering<math::Log2Op, spirv::GLLog2Op>>(
          typeConverter, ctx);
      populateMemRefToSPIRVPatterns(typeConverter, patterns);
      populateVectorToSPIRVPatterns(typeConverter, patterns);
      populateFuncToSPIRVPatterns(typeConverter, patterns);
      ub::populateUBToSPIRVConversionPatterns(typeConverter, patterns);
      return applyFullConversion(copy, *target, std::move(patterns));
    };
    // Diagnostics in the order of the gpu.modules, whichever thread reports.
    ParallelDiagnosticHandler diagnostics(ctx);
    LogicalResult converted =
        failableParallelForEach(ctx, work, [&](Work &w) -> LogicalResult {
          diagnostics.setOrderIDForThread(&w - work.data());
          LogicalResult r = convert(w);
          diagnostics.eraseOrderIDForThread();
          return r;
        });
    if (failed(converted))
      return signalPassFailure();
    for (Work &w : work)
      for (Operation &op :
           llvm::make_early_inc_range(w.scratch->getBody()->getOperations()))
        op.moveBefore(w.original);

    WalkResult moved = module.walk([](spirv::FuncOp func) {
      // Copied from the gpu.func; the pass removed the attributions.
      func->removeAttr(gpu::GPUFuncOp::getNumWorkgroupAttributionsAttrName());
      if (failed(movePushConstants(func)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (moved.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
