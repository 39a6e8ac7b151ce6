//===- HostBoundsCheck.cpp - Checked buffer accesses in host kernels ------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A kernel that indexes past its buffers corrupts the host's memory when it
// runs on the CPU, where a GPU would at worst fault. So each load and store
// through a buffer parameter becomes
//
//   scf.if (first >= 0 && first <= size - count) { the access }
//   else { tolk_host_out_of_bounds(...) }
//
// with `first` the element offset the access computes (the strided
// metadata's offset plus its index, which is what the lowered access adds
// to the base pointer, so the check and the access cannot disagree) and
// `size` the descriptor's. The comparisons are signed and never overflow:
// size >= 0 and count is small. Accesses to workgroup memory and registers
// (allocations of a static size) are left alone.
//
//===----------------------------------------------------------------------===//

#include "HostBoundsCheck.h"

#include "tolk/Conversion/GPUToHost/GPUToHost.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

/// The memref that `mem` views: through casts, reinterpret_casts and the
/// base buffer of strided metadata (how tolk.index moves a pointer).
static Value rootOf(Value mem) {
  while (Operation *def = mem.getDefiningOp()) {
    if (auto cast = dyn_cast<memref::CastOp>(def))
      mem = cast.getSource();
    else if (auto view = dyn_cast<memref::ReinterpretCastOp>(def))
      mem = view.getSource();
    else if (auto meta = dyn_cast<memref::ExtractStridedMetadataOp>(def))
      mem = meta.getSource();
    else
      break;
  }
  return mem;
}

/// The memref an access reads or writes, its indices, and how many of the
/// memref's elements it touches.
struct Access {
  Value memref;
  ValueRange indices;
  int64_t count = 1;
  bool isStore = false;
};

static std::optional<Access> accessOf(Operation *op) {
  auto elements = [](Type t) -> int64_t {
    auto v = dyn_cast<VectorType>(t);
    return v ? v.getNumElements() : 1;
  };
  auto vectorCount = [&](Value mem, VectorType type) {
    Type element = cast<MemRefType>(mem.getType()).getElementType();
    return elements(type) / elements(element);
  };
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return Access{load.getMemRef(), load.getIndices()};
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return Access{store.getMemRef(), store.getIndices(), 1, true};
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return Access{load.getBase(), load.getIndices(),
                  vectorCount(load.getBase(), load.getVectorType())};
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return Access{store.getBase(), store.getIndices(),
                  vectorCount(store.getBase(), store.getVectorType()), true};
  return std::nullopt;
}

/// Whether `op` reads or writes memory through one of its memref operands.
static bool touchesMemRefOperand(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return op->getNumRegions() == 0 &&
           llvm::any_of(op->getOperandTypes(), llvm::IsaPred<MemRefType>) &&
           !isa<memref::CastOp, memref::ReinterpretCastOp,
                memref::ExtractStridedMetadataOp, memref::DimOp>(op);
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::any_of(list, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read, MemoryEffects::Write>(e.getEffect()) &&
           e.getValue() && isa<MemRefType>(e.getValue().getType());
  });
}

bool tolk::host::isCheckableBuffer(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || memref.getRank() != 1)
    return false;
  if (memref.getLayout().isIdentity())
    return true;
  auto strided = dyn_cast<StridedLayoutAttr>(memref.getLayout());
  return strided && strided.getStrides()[0] == 1;
}

/// tolk::HostOutOfBoundsFn: eleven int64_t, no result.
static FunctionType callbackType(MLIRContext *ctx) {
  SmallVector<Type> inputs(11, IntegerType::get(ctx, 64));
  return FunctionType::get(ctx, inputs, {});
}

static func::FuncOp declareCallback(ModuleOp module, OpBuilder &b,
                                    Location loc) {
  if (auto existing =
          module.lookupSymbol<func::FuncOp>(tolk::kHostOutOfBoundsFunction))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto fn = func::FuncOp::create(b, loc, tolk::kHostOutOfBoundsFunction,
                                 callbackType(module.getContext()));
  fn.setPrivate();
  return fn;
}

namespace {
/// A checked buffer in the host function: its kernel parameter, and its size
/// and offset (elements), read once at the function's entry.
struct BufferInfo {
  unsigned param;
  Value size, offset;
};
} // namespace

/// The accesses of `host` to the checked buffers of `sizeOf`; an error at an
/// access to a buffer the check cannot follow.
static FailureOr<SmallVector<std::pair<Operation *, Access>>>
collectAccesses(func::FuncOp host, const DenseMap<Value, BufferInfo> &sizeOf) {
  SmallVector<std::pair<Operation *, Access>> accesses;
  WalkResult walked = host.walk([&](Operation *op) {
    std::optional<Access> access = accessOf(op);
    if (!access) {
      if (!touchesMemRefOperand(op))
        return WalkResult::advance();
      for (Value operand : op->getOperands())
        if (isa<MemRefType>(operand.getType()) &&
            sizeOf.count(rootOf(operand))) {
          op->emitOpError("accesses a buffer parameter in a way the host "
                          "bounds check does not know (lower with "
                          "bounds-check=false to leave it unchecked)");
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    }
    Value root = rootOf(access->memref);
    if (sizeOf.count(root)) {
      if (cast<MemRefType>(access->memref.getType()).getRank() != 1) {
        op->emitOpError("accesses a buffer through a memref of rank ")
            << cast<MemRefType>(access->memref.getType()).getRank()
            << ": the host bounds check knows rank-1 buffers";
        return WalkResult::interrupt();
      }
      accesses.push_back({op, *access});
      return WalkResult::advance();
    }
    // Workgroup memory, registers and the lowering's own arrays.
    if (root.getDefiningOp<memref::AllocaOp>() ||
        root.getDefiningOp<memref::AllocOp>() ||
        root.getDefiningOp<memref::GetGlobalOp>())
      return WalkResult::advance();
    if (auto arg = dyn_cast<BlockArgument>(root);
        arg && arg.getOwner() == &host.getBody().front())
      op->emitOpError("accesses parameter #")
          << arg.getArgNumber() << " of type " << arg.getType()
          << ", which the host bounds check does not handle (it checks "
             "rank-1 buffers of stride 1; lower with bounds-check=false to "
             "leave it unchecked)";
    else
      op->emitOpError("accesses memory that the host bounds check cannot "
                      "trace to a buffer parameter or an allocation (lower "
                      "with bounds-check=false to leave it unchecked)");
    return WalkResult::interrupt();
  });
  if (walked.wasInterrupted())
    return failure();
  return accesses;
}

/// The zeros of `types`, which a refused load yields.
static SmallVector<Value> zerosOf(OpBuilder &b, Location loc, TypeRange types) {
  SmallVector<Value> zeros;
  for (Type t : types) {
    // arith.constant has no complex values.
    if (auto c = dyn_cast<ComplexType>(t)) {
      Attribute zero = b.getZeroAttr(c.getElementType());
      zeros.push_back(
          complex::ConstantOp::create(b, loc, c, b.getArrayAttr({zero, zero})));
      continue;
    }
    zeros.push_back(
        arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(t))));
  }
  return zeros;
}

/// Puts `op`, an access to `buffer`, under the check of its elements: in
/// bounds it runs; out of bounds, `callback` reports the access, the thread
/// and the workgroup, and a load yields zeros.
static void
guardAccess(OpBuilder &b, Operation *op, const Access &access,
            const BufferInfo &buffer, func::FuncOp callback,
            function_ref<std::array<Value, 3>(Operation *)> threadIds,
            std::array<Value, 3> blockIds) {
  Location loc = op->getLoc();
  b.setInsertionPoint(op);
  // The element the access starts at, counted from the buffer's first.
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, access.memref);
  Value first = arith::SubIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, meta.getOffset(),
                            arith::MulIOp::create(b, loc, access.indices[0],
                                                  meta.getStrides()[0])),
      buffer.offset);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value last = arith::SubIOp::create(
      b, loc, buffer.size,
      arith::ConstantIndexOp::create(b, loc, access.count));
  Value inBounds = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, first, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, first, last));

  auto report = [&](OpBuilder &eb, Location l) {
    auto i64 = [&](Value v) -> Value {
      return arith::IndexCastOp::create(eb, l, eb.getI64Type(), v);
    };
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(eb, l, v, 64);
    };
    std::array<Value, 3> thread = threadIds(op);
    SmallVector<Value, 11> args = {constant(buffer.param),
                                   constant(access.isStore), i64(first),
                                   constant(access.count), i64(buffer.size)};
    for (Value id : thread)
      args.push_back(i64(id));
    for (Value id : blockIds)
      args.push_back(i64(id));
    func::CallOp::create(eb, l, callback, args);
  };
  auto ifOp = scf::IfOp::create(
      b, loc, inBounds,
      [&](OpBuilder &tb, Location l) {
        Operation *checked = tb.clone(*op);
        scf::YieldOp::create(tb, l, checked->getResults());
      },
      [&](OpBuilder &eb, Location l) {
        report(eb, l);
        scf::YieldOp::create(eb, l, zerosOf(eb, l, op->getResultTypes()));
      });
  op->replaceAllUsesWith(ifOp.getResults());
  op->erase();
}

LogicalResult tolk::host::insertBoundsChecks(
    ModuleOp module, func::FuncOp host, ArrayRef<CheckedBuffer> buffers,
    function_ref<std::array<Value, 3>(Operation *)> threadIds,
    std::array<Value, 3> blockIds) {
  if (Operation *existing = module.lookupSymbol(kHostOutOfBoundsFunction)) {
    auto fn = dyn_cast<func::FuncOp>(existing);
    if (!fn || fn.getFunctionType() != callbackType(module.getContext()))
      return existing->emitOpError("is named like the host kernels' "
                                   "out-of-bounds callback, a function of "
                                   "type ")
             << callbackType(module.getContext());
  }

  // The buffers' sizes, read once at the function's entry.
  OpBuilder b(host.getContext());
  b.setInsertionPointToStart(&host.getBody().front());
  DenseMap<Value, BufferInfo> sizeOf;
  for (const CheckedBuffer &buffer : buffers) {
    auto meta = memref::ExtractStridedMetadataOp::create(b, buffer.arg.getLoc(),
                                                         buffer.arg);
    sizeOf[buffer.arg] = {buffer.param, meta.getSizes()[0], meta.getOffset()};
  }

  FailureOr<SmallVector<std::pair<Operation *, Access>>> accesses =
      collectAccesses(host, sizeOf);
  if (failed(accesses))
    return failure();
  if (accesses->empty())
    return success();
  func::FuncOp callback = declareCallback(module, b, host.getLoc());
  for (auto &[op, access] : *accesses)
    guardAccess(b, op, access, sizeOf.lookup(rootOf(access.memref)), callback,
                threadIds, blockIds);
  return success();
}
