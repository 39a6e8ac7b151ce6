//===- GPUToHost.cpp - gpu.func kernels as host loops ---------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Runs a range of a launch's workgroups on one CPU thread (docs/Lowering.md,
// "Host lowering"); a launcher may run other ranges of the same launch on
// other threads. A workgroup's threads run one after the other, so a
// barrier is where every thread must have arrived before any goes on: the
// thread loop is split there (loop fission, as PoCL's work-item loops do),
// and what a later part needs from an earlier one is recomputed or kept in
// an array with one element per thread.
//
// A barrier inside an scf.for or scf.if (a tolk.range, a branch) splits
// the thread loops inside that region: the loop or branch itself runs once
// per workgroup, outside the thread loops, which needs its bounds or
// condition to be uniform across the workgroup (a barrier needs every
// thread to reach it anyway). Uniform here is what the lowering can see:
// computed without memory from the kernel's arguments, constants, the
// workgroup's ids and sizes, and the induction variables of enclosing split
// loops. Anything else is a diagnostic, never wrong code.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/GPUToHost/GPUToHost.h"

#include "HostBoundsCheck.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKGPUTOHOST
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

std::string tolk::getHostKernelName(StringRef module, StringRef kernel) {
  return (module + "." + kernel).str();
}

/// `type` without its memory space: the host has one.
static Type stripMemorySpace(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.getMemorySpace())
    return type;
  return MemRefType::get(memref.getShape(), memref.getElementType(),
                         memref.getLayout());
}

/// Whether a value of `type` can be kept per thread in a memref.
static bool isSpillable(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    type = vector.getElementType();
  return isa<IntegerType, IndexType, FloatType>(type);
}

static bool isIdOp(Operation *op) {
  return isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
             gpu::GlobalIdOp>(op);
}

/// Whether `op`'s results are the same for every thread of a workgroup when
/// its operands are: an id of the workgroup or a size of the launch, or a
/// computation without memory or regions.
static bool isUniformOp(Operation *op) {
  if (isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(op))
    return true;
  return !isa<gpu::GPUDialect>(op->getDialect()) && op->getNumRegions() == 0 &&
         isMemoryEffectFree(op);
}

/// Whether a barrier inside `op` can split the thread loops in its regions:
/// a loop or a branch that gives no values (a tolk.range, an scf.if).
static bool isSplittable(Operation *op) {
  return isa<scf::ForOp, scf::IfOp>(op) && op->getNumResults() == 0;
}

/// Whether a later part of the thread loop recomputes `op` rather than
/// reading its results from a per-thread array: constants and ids cost
/// nothing, and views of memory (memref casts) cannot be kept in an array.
static bool isRematerializable(Operation *op) {
  if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
    return false;
  return op->hasTrait<OpTrait::ConstantLike>() || isIdOp(op) ||
         llvm::any_of(op->getResultTypes(),
                      [](Type t) { return !isSpillable(t); });
}

namespace {

/// The rewrite of one kernel into one host function.
class KernelRewriter {
public:
  KernelRewriter(gpu::GPUFuncOp kernel, bool boundsCheck)
      : kernel(kernel), boundsCheck(boundsCheck) {}

  /// Creates the host function named `name` before `insertBefore`.
  FailureOr<func::FuncOp> rewrite(StringRef name, Operation *insertBefore);

private:
  /// One item of a sequence: a part (its ops run in one thread loop nest)
  /// or a loop or branch that a barrier splits (it runs once, its regions
  /// are sequences of their own).
  struct Step {
    unsigned part = 0;
    Operation *split = nullptr;
  };

  LogicalResult check();
  /// Whether `v` is the same for every thread of a workgroup (see the file
  /// comment).
  bool isUniform(Value v);
  /// Divides `block` (the kernel's body or a region of a split op) into its
  /// sequence of parts and split ops.
  void planSequence(Block *block);
  LogicalResult planSpills();
  /// The op of a sequence that defines `v` or holds its definition, or null
  /// for an argument or attribution of the kernel.
  Operation *itemOf(Value v);
  /// The part that `op`, an item of a sequence, belongs to; none for a split
  /// op.
  std::optional<unsigned> partIndex(Operation *op) const;
  /// Makes `v` (defined in an earlier part) available at `b`'s insertion
  /// point in the part whose state is `map` and linear thread id `linear`.
  void materialize(OpBuilder &b, Value v, IRMapping &map, Value linear);
  /// Computes the uniform `v` once per workgroup at `b`'s insertion point.
  Value materializeUniform(OpBuilder &b, Value v, IRMapping &scope);
  /// Emits `block`'s sequence at `b`'s insertion point; `scope` maps what is
  /// computed once per workgroup there.
  void emitSequence(OpBuilder &b, Block *block, IRMapping &scope);
  void emitPart(OpBuilder &b, ArrayRef<Operation *> part, IRMapping &scope);
  void emitSplit(OpBuilder &b, Operation *op, IRMapping &scope);

  /// The steps of rewrite(): the host function with the launcher's
  /// attributes; the kernel's arguments and the launch's in it; the memory
  /// of a call; the loop over the call's workgroups; the ids; one memory
  /// space.
  func::FuncOp createHostFunction(OpBuilder &b, StringRef name);
  bool isCheckedBuffer(Type t) const {
    return boundsCheck && tolk::host::isCheckableBuffer(t);
  }
  void mapArguments(OpBuilder &b, Block *entry, IRMapping &global);
  void allocateMemory(OpBuilder &b, IRMapping &global);
  void loopOverGroups(OpBuilder &b, Value firstGroup, Value endGroup);
  Operation *threadLoopOf(Operation *op);
  void replaceIds(OpBuilder &b, func::FuncOp host);

  gpu::GPUFuncOp kernel;
  bool boundsCheck;
  /// The launch's grid and block sizes, the constants 0 and 1, at the
  /// entry; the workgroup ids, in the loop over the workgroups.
  Value grid[3], block[3], c0, c1, groupId[3];
  /// The buffers whose accesses are checked, and their host arguments.
  SmallVector<tolk::host::CheckedBuffer> checkedBuffers;
  /// The ops of each part between barriers, in the kernel's order.
  SmallVector<SmallVector<Operation *>> parts;
  DenseMap<Operation *, unsigned> partOf;
  /// The sequence of each block that barriers divide.
  DenseMap<Block *, SmallVector<Step>> sequences;
  /// The loops and branches that hold a barrier.
  llvm::SmallPtrSet<Operation *, 4> splitOps;
  DenseMap<Value, bool> uniform;
  /// The innermost thread loop of each part, and its thread ids.
  DenseMap<Operation *, std::array<Value, 3>> threadLoops;
  /// A view of the thread's part of `threadMemory[alloca]`.
  Value threadView(OpBuilder &b, memref::AllocaOp alloca, Value linear);

  /// The values kept per thread across a barrier, and their arrays.
  llvm::SetVector<Value> spilled;
  DenseMap<Value, Value> spillArray;
  /// The private allocations (tolk.define_reg) used across a barrier, and
  /// the arrays that hold every thread's.
  llvm::SetVector<Operation *> threadAllocas;
  DenseMap<Operation *, Value> threadMemory;
};

/// A private allocation of a static shape in a sequence, which each thread
/// keeps across barriers in its part of one array.
static bool isThreadAlloca(Operation *op) {
  auto alloca = dyn_cast<memref::AllocaOp>(op);
  return alloca && alloca.getType().hasStaticShape() &&
         alloca.getType().getLayout().isIdentity() &&
         alloca.getDynamicSizes().empty() && alloca.getSymbolOperands().empty();
}

} // namespace

Operation *KernelRewriter::itemOf(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    def = v.getParentBlock()->getParentOp();
  if (def == kernel.getOperation())
    return nullptr;
  while (def && !sequences.count(def->getBlock()))
    def = def->getParentOp();
  return def;
}

std::optional<unsigned> KernelRewriter::partIndex(Operation *op) const {
  auto it = partOf.find(op);
  if (it == partOf.end())
    return std::nullopt;
  return it->second;
}

bool KernelRewriter::isUniform(Value v) {
  auto [it, inserted] = uniform.try_emplace(v, false);
  if (!inserted)
    return it->second;
  bool result;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    // An argument of the kernel, or the induction variable of a loop that
    // holds the barrier (an enclosing loop of a split op is split too).
    Operation *owner = arg.getOwner()->getParentOp();
    result = owner == kernel.getOperation() ||
             (isa<scf::ForOp>(owner) && isSplittable(owner) &&
              arg.getArgNumber() == 0);
  } else {
    Operation *def = v.getDefiningOp();
    result = isUniformOp(def) && llvm::all_of(def->getOperands(), [&](Value o) {
               return isUniform(o);
             });
  }
  uniform[v] = result;
  return result;
}

LogicalResult KernelRewriter::check() {
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitOpError(
        "has more than one block: the host lowering needs structured control "
        "flow (scf)");
  if (kernel.getNumPrivateAttributions() != 0)
    return kernel.emitOpError(
        "has private attributions, which the host lowering does not support");
  WalkResult result = kernel.walk([&](Operation *op) {
    if (isa<gpu::BarrierOp>(op)) {
      // Every loop and branch around the barrier runs once per workgroup.
      for (Operation *parent = op->getParentOp();
           parent != kernel.getOperation(); parent = parent->getParentOp()) {
        if (!isSplittable(parent)) {
          op->emitOpError("inside '")
              << parent->getName()
              << "' has no host lowering: a barrier splits the thread loop "
                 "only at the kernel's top level, in a loop (tolk.range) or "
                 "in a branch";
          return WalkResult::interrupt();
        }
        if (auto loop = dyn_cast<scf::ForOp>(parent)) {
          if (!isUniform(loop.getLowerBound()) ||
              !isUniform(loop.getUpperBound()) || !isUniform(loop.getStep())) {
            InFlightDiagnostic d = op->emitOpError(
                "inside a loop (a tolk.range) whose bounds may differ between "
                "the threads of a workgroup has no host lowering: every "
                "thread must reach the same barriers");
            d.attachNote(loop.getLoc())
                << "the loop: its bounds must come from the kernel's "
                   "arguments, constants and the workgroup's ids and sizes, "
                   "without memory";
            return WalkResult::interrupt();
          }
        } else if (!isUniform(cast<scf::IfOp>(parent).getCondition())) {
          InFlightDiagnostic d = op->emitOpError(
              "inside a branch whose condition may differ between the threads "
              "of a workgroup has no host lowering: every thread must reach "
              "the same barriers");
          d.attachNote(parent->getLoc())
              << "the branch: its condition must come from the kernel's "
                 "arguments, constants and the workgroup's ids and sizes, "
                 "without memory";
          return WalkResult::interrupt();
        }
        splitOps.insert(parent);
      }
      return WalkResult::advance();
    }
    if (op == kernel.getOperation() || isIdOp(op) || isa<gpu::ReturnOp>(op) ||
        !isa<gpu::GPUDialect>(op->getDialect()))
      return WalkResult::advance();
    op->emitOpError("has no host lowering");
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

void KernelRewriter::planSequence(Block *body) {
  SmallVector<Step> &sequence = sequences[body];
  bool open = false;
  for (Operation &op : *body) {
    if (isa<gpu::BarrierOp>(op)) {
      open = false;
      continue;
    }
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (splitOps.contains(&op)) {
      sequence.push_back({0, &op});
      open = false;
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          planSequence(&nested);
      continue;
    }
    if (!open) {
      parts.emplace_back();
      sequence.push_back({static_cast<unsigned>(parts.size() - 1), nullptr});
      open = true;
    }
    partOf[&op] = parts.size() - 1;
    parts.back().push_back(&op);
  }
}

LogicalResult KernelRewriter::planSpills() {
  planSequence(&kernel.getBody().front());

  // A value used in a later part than its definition's crosses a barrier:
  // it is recomputed there (with whatever its operands need) or spilled.
  // Parts are numbered in the kernel's order, so an earlier part has a
  // smaller number, and one inside a loop runs again in each iteration.
  bool ok = true;
  std::function<void(Value, unsigned)> cross = [&](Value v, unsigned part) {
    Operation *def = itemOf(v);
    std::optional<unsigned> defPart = def ? partIndex(def) : std::nullopt;
    if (!defPart || *defPart >= part || spilled.contains(v))
      return;
    if (isRematerializable(def)) {
      for (Value operand : def->getOperands())
        cross(operand, part);
      return;
    }
    if (isThreadAlloca(def)) {
      threadAllocas.insert(def);
      return;
    }
    if (!isSpillable(v.getType())) {
      def->emitOpError("gives a value of type ")
          << v.getType()
          << " that lives across a gpu.barrier, which the host lowering "
             "cannot keep per thread";
      ok = false;
      return;
    }
    spilled.insert(v);
  };
  for (auto [index, part] : llvm::enumerate(parts))
    for (Operation *op : part)
      op->walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          cross(operand, index);
      });
  return success(ok);
}

void KernelRewriter::materialize(OpBuilder &b, Value v, IRMapping &map,
                                 Value linear) {
  if (map.contains(v))
    return;
  Location loc = v.getLoc();
  if (spilled.contains(v)) {
    map.map(v, memref::LoadOp::create(b, loc, spillArray.lookup(v),
                                      ValueRange{linear}));
    return;
  }
  Operation *def = v.getDefiningOp();
  if (threadAllocas.contains(def)) {
    map.map(v, threadView(b, cast<memref::AllocaOp>(def), linear));
    return;
  }
  for (Value operand : def->getOperands())
    materialize(b, operand, map, linear);
  b.clone(*def, map);
}

Value KernelRewriter::materializeUniform(OpBuilder &b, Value v,
                                         IRMapping &scope) {
  if (Value mapped = scope.lookupOrNull(v))
    return mapped;
  // check() saw that `v` is uniform: an argument or an enclosing loop's
  // induction variable is in `scope`, anything else a pure op.
  Operation *def = v.getDefiningOp();
  for (Value operand : def->getOperands())
    materializeUniform(b, operand, scope);
  b.clone(*def, scope);
  return scope.lookup(v);
}

Value KernelRewriter::threadView(OpBuilder &b, memref::AllocaOp alloca,
                                 Value linear) {
  Location loc = alloca.getLoc();
  MemRefType type = alloca.getType();
  SmallVector<int64_t> strides(type.getRank(), 1);
  for (int64_t d = type.getRank() - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * type.getDimSize(d + 1);
  Value offset = arith::MulIOp::create(
      b, loc, linear,
      arith::ConstantIndexOp::create(b, loc, type.getNumElements()));
  auto viewType = MemRefType::get(
      type.getShape(), type.getElementType(),
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, strides));
  SmallVector<OpFoldResult> sizes, strideAttrs;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
    sizes.push_back(b.getIndexAttr(size));
    strideAttrs.push_back(b.getIndexAttr(stride));
  }
  return memref::ReinterpretCastOp::create(
      b, loc, viewType, threadMemory.lookup(alloca), OpFoldResult(offset),
      sizes, strideAttrs);
}

void KernelRewriter::emitSequence(OpBuilder &b, Block *body, IRMapping &scope) {
  for (const Step &step : sequences.lookup(body)) {
    if (step.split)
      emitSplit(b, step.split, scope);
    else
      emitPart(b, parts[step.part], scope);
  }
}

void KernelRewriter::emitPart(OpBuilder &b, ArrayRef<Operation *> part,
                              IRMapping &scope) {
  OpBuilder::InsertionGuard guard(b);
  Location loc = kernel.getLoc();
  std::array<Value, 3> threadId;
  scf::ForOp inner;
  for (int dim = 2; dim >= 0; --dim) {
    inner = scf::ForOp::create(b, loc, c0, block[dim], c1);
    threadId[dim] = inner.getInductionVar();
    b.setInsertionPoint(inner.getBody()->getTerminator());
  }
  threadLoops[inner] = threadId;
  Value linear = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(
          b, loc,
          arith::AddIOp::create(
              b, loc, arith::MulIOp::create(b, loc, threadId[2], block[1]),
              threadId[1]),
          block[0]),
      threadId[0]);

  IRMapping map = scope;
  for (Operation *op : part) {
    unsigned index = partOf.lookup(op);
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = itemOf(operand);
        std::optional<unsigned> defPart = def ? partIndex(def) : std::nullopt;
        if (defPart && *defPart < index)
          materialize(b, operand, map, linear);
      }
    });
    if (threadAllocas.contains(op)) {
      map.map(op->getResult(0),
              threadView(b, cast<memref::AllocaOp>(op), linear));
      continue;
    }
    Operation *clone = b.clone(*op, map);
    for (auto [original, result] :
         llvm::zip(op->getResults(), clone->getResults()))
      if (spilled.contains(original))
        memref::StoreOp::create(b, loc, result, spillArray.lookup(original),
                                ValueRange{linear});
  }
}

void KernelRewriter::emitSplit(OpBuilder &b, Operation *op, IRMapping &scope) {
  // The loop or branch runs once per workgroup, on its uniform operands;
  // each of its regions holds its own sequence of thread loops.
  for (Value operand : op->getOperands())
    materializeUniform(b, operand, scope);
  Operation *clone = b.cloneWithoutRegions(*op, scope);
  OpBuilder::InsertionGuard guard(b);
  for (auto [from, to] : llvm::zip(op->getRegions(), clone->getRegions())) {
    for (Block &body : from) {
      IRMapping inner = scope;
      SmallVector<Location> locs;
      for (BlockArgument a : body.getArguments())
        locs.push_back(a.getLoc());
      Block *copy = b.createBlock(&to, to.end(), body.getArgumentTypes(), locs);
      inner.map(body.getArguments(), copy->getArguments());
      emitSequence(b, &body, inner);
      b.clone(*body.getTerminator(), inner);
    }
  }
}

/// The host function of the kernel: its arguments, then the launch's. A
/// checked buffer's size is the launcher's: the host function takes it as
/// `memref<?xT>` (the same descriptor) and casts it to the kernel's static
/// type, if it has one, inside.
func::FuncOp KernelRewriter::createHostFunction(OpBuilder &b, StringRef name) {
  MLIRContext *ctx = kernel.getContext();
  SmallVector<Type> inputs;
  for (Type t : kernel.getArgumentTypes()) {
    if (isCheckedBuffer(t)) {
      auto memref = cast<MemRefType>(t);
      t = MemRefType::get({ShapedType::kDynamic}, memref.getElementType(),
                          memref.getLayout());
    }
    inputs.push_back(stripMemorySpace(t));
  }
  inputs.append(tolk::kHostLaunchArgs, b.getIndexType());
  auto host = func::FuncOp::create(b, kernel.getLoc(), name,
                                   FunctionType::get(ctx, inputs, {}));
  // What a launcher reads: the default launch and the bindings of a
  // kernelized function.
  auto *tolk = ctx->getLoadedDialect<tolk::TolkDialect>();
  if (auto size = kernel.getKnownBlockSizeAttr())
    tolk->getKnownBlockSizeAttrHelper().setAttr(host, size);
  if (auto size = kernel.getKnownGridSizeAttr())
    tolk->getKnownGridSizeAttrHelper().setAttr(host, size);
  if (auto args = tolk->getArgsAttrHelper().getAttr(kernel))
    tolk->getArgsAttrHelper().setAttr(host, args);
  if (auto results = tolk->getResultsAttrHelper().getAttr(kernel))
    tolk->getResultsAttrHelper().setAttr(host, results);
  return host;
}

/// Maps the kernel's arguments to the host function's (a checked buffer
/// cast back to its static type), and reads the launch's sizes.
void KernelRewriter::mapArguments(OpBuilder &b, Block *entry,
                                  IRMapping &global) {
  unsigned numArgs = kernel.getNumArguments();
  for (unsigned i = 0; i < numArgs; ++i) {
    Value arg = entry->getArgument(i);
    Type kernelType = kernel.getArgument(i).getType();
    if (isCheckedBuffer(kernelType)) {
      checkedBuffers.push_back({i, arg});
      if (arg.getType() != stripMemorySpace(kernelType))
        arg = memref::CastOp::create(b, arg.getLoc(),
                                     stripMemorySpace(kernelType), arg);
    }
    global.map(kernel.getArgument(i), arg);
  }
  ArrayRef<BlockArgument> launch =
      entry->getArguments().take_back(tolk::kHostLaunchArgs);
  for (unsigned dim = 0; dim < 3; ++dim) {
    grid[dim] = launch[dim];
    block[dim] = launch[3 + dim];
  }
}

/// The memory of one call: workgroup memory, and the arrays of what each
/// thread keeps across a barrier.
void KernelRewriter::allocateMemory(OpBuilder &b, IRMapping &global) {
  Location loc = kernel.getLoc();
  // The workgroups of one call run one after the other, so one allocation
  // serves them all; its contents at a workgroup's start are undefined, as
  // on a GPU. Calls on other threads have their own.
  for (BlockArgument a : kernel.getWorkgroupAttributions())
    global.map(
        a, memref::AllocaOp::create(
               b, a.getLoc(), cast<MemRefType>(stripMemorySpace(a.getType()))));
  c0 = arith::ConstantIndexOp::create(b, loc, 0);
  c1 = arith::ConstantIndexOp::create(b, loc, 1);
  Value threads = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, block[0], block[1]), block[2]);
  for (Value v : spilled)
    spillArray[v] = memref::AllocaOp::create(
        b, v.getLoc(), MemRefType::get({ShapedType::kDynamic}, v.getType()),
        ValueRange{threads});
  for (Operation *op : threadAllocas) {
    MemRefType type = cast<memref::AllocaOp>(op).getType();
    Value size = arith::MulIOp::create(
        b, loc, threads,
        arith::ConstantIndexOp::create(b, loc, type.getNumElements()));
    threadMemory[op] = memref::AllocaOp::create(
        b, op->getLoc(),
        MemRefType::get({ShapedType::kDynamic}, type.getElementType()),
        ValueRange{size});
  }
}

/// The workgroups [first, end) of the launch in linear order (x fastest),
/// so that a launcher can split the grid among threads: one loop, whose
/// induction variable is split into the three workgroup ids. Leaves `b` in
/// the loop's body.
void KernelRewriter::loopOverGroups(OpBuilder &b, Value firstGroup,
                                    Value endGroup) {
  Location loc = kernel.getLoc();
  auto loop = scf::ForOp::create(b, loc, firstGroup, endGroup, c1);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  Value linear = loop.getInductionVar();
  Value yz = arith::DivUIOp::create(b, loc, linear, grid[0]);
  groupId[0] = arith::RemUIOp::create(b, loc, linear, grid[0]);
  groupId[1] = arith::RemUIOp::create(b, loc, yz, grid[1]);
  groupId[2] = arith::DivUIOp::create(b, loc, yz, grid[1]);
}

/// The innermost thread loop around `op`.
Operation *KernelRewriter::threadLoopOf(Operation *op) {
  Operation *loop = op->getParentOp();
  while (!threadLoops.count(loop))
    loop = loop->getParentOp();
  return loop;
}

/// The ids become the loops' induction variables and the launch arguments;
/// a thread id reads the thread loop it is in.
void KernelRewriter::replaceIds(OpBuilder &b, func::FuncOp host) {
  SmallVector<Operation *> ids;
  host.walk([&](Operation *op) {
    if (isIdOp(op))
      ids.push_back(op);
  });
  for (Operation *op : ids) {
    b.setInsertionPoint(op);
    auto threadId = [&](gpu::Dimension dim) {
      return threadLoops[threadLoopOf(op)][static_cast<unsigned>(dim)];
    };
    Value id;
    if (auto t = dyn_cast<gpu::ThreadIdOp>(op)) {
      id = threadId(t.getDimension());
    } else if (auto g = dyn_cast<gpu::BlockIdOp>(op)) {
      id = groupId[static_cast<unsigned>(g.getDimension())];
    } else if (auto d = dyn_cast<gpu::BlockDimOp>(op)) {
      id = block[static_cast<unsigned>(d.getDimension())];
    } else if (auto d = dyn_cast<gpu::GridDimOp>(op)) {
      id = grid[static_cast<unsigned>(d.getDimension())];
    } else {
      auto g = cast<gpu::GlobalIdOp>(op);
      unsigned dim = static_cast<unsigned>(g.getDimension());
      id = arith::AddIOp::create(
          b, op->getLoc(),
          arith::MulIOp::create(b, op->getLoc(), groupId[dim], block[dim]),
          threadId(g.getDimension()));
    }
    op->getResult(0).replaceAllUsesWith(id);
    op->erase();
  }
}

/// One memory space on the host.
static void stripMemorySpaces(func::FuncOp host) {
  host.walk([&](Operation *op) {
    for (OpResult r : op->getResults())
      r.setType(stripMemorySpace(r.getType()));
    for (Region &region : op->getRegions())
      for (Block &blk : region)
        for (BlockArgument a : blk.getArguments())
          a.setType(stripMemorySpace(a.getType()));
  });
}

FailureOr<func::FuncOp> KernelRewriter::rewrite(StringRef name,
                                                Operation *insertBefore) {
  if (failed(check()) || failed(planSpills()))
    return failure();
  OpBuilder b(insertBefore);
  func::FuncOp host = createHostFunction(b, name);
  Block *entry = host.addEntryBlock();
  b.setInsertionPointToStart(entry);
  IRMapping global;
  mapArguments(b, entry, global);
  allocateMemory(b, global);
  ArrayRef<BlockArgument> launch =
      entry->getArguments().take_back(tolk::kHostLaunchArgs);
  loopOverGroups(b, launch[6], launch[7]);
  // One thread loop nest per part, in order; a loop or branch that holds a
  // barrier once per workgroup, around its parts.
  emitSequence(b, &kernel.getBody().front(), global);
  b.setInsertionPointToEnd(entry);
  func::ReturnOp::create(b, kernel.getLoc());
  replaceIds(b, host);
  stripMemorySpaces(host);
  if (boundsCheck &&
      failed(tolk::host::insertBoundsChecks(
          host->getParentOfType<ModuleOp>(), host, checkedBuffers,
          [&](Operation *op) { return threadLoops[threadLoopOf(op)]; },
          {groupId[0], groupId[1], groupId[2]})))
    return failure();
  return host;
}

namespace {
struct TolkGPUToHostPass
    : public tolk::impl::TolkGPUToHostBase<TolkGPUToHostPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool ok = true;
    SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      for (Operation &op : gpuModule.getBody()->getOperations()) {
        auto kernel = dyn_cast<gpu::GPUFuncOp>(op);
        if (!kernel || !kernel.isKernel()) {
          op.emitOpError("has no host lowering (only gpu.func kernels do)");
          ok = false;
          continue;
        }
        std::string name =
            tolk::getHostKernelName(gpuModule.getName(), kernel.getName());
        if (SymbolTable::lookupSymbolIn(module, name)) {
          kernel.emitOpError("becomes the host function @\"")
              << name << "\", a symbol the module already has";
          ok = false;
          continue;
        }
        KernelRewriter rewriter(kernel, boundsCheck);
        if (failed(rewriter.rewrite(name, gpuModule)))
          ok = false;
      }
    }
    if (!ok)
      return signalPassFailure();
    for (gpu::GPUModuleOp gpuModule : gpuModules)
      gpuModule.erase();
    // A kernelized function's tensor-level body has no host lowering; its
    // kernel, now a host function, is its lowering.
    auto kernelAttr = module.getContext()
                          ->getLoadedDialect<tolk::TolkDialect>()
                          ->getKernelAttrHelper();
    for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (kernelAttr.isAttrPresent(func))
        func.erase();
    module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  }
};
} // namespace
