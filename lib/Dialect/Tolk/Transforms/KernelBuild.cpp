//===- KernelBuild.cpp - The gpu.func of a kernel plan --------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The second step of --tolk-kernelize: the kernel of a planned function. One
// thread computes `upcast` contiguous elements of the results; it reads
// each input through numpy broadcasting (the coordinates of its first
// element in the dimensions the input keeps), computes the function's graph
// on its elements (elementwise ops commute with broadcasting), and stores
// every result (docs/Kernels.md, "Kernelization").
//
//===----------------------------------------------------------------------===//

#include "KernelPlan.h"

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dialect/Tolk/Utils/ElementwiseBuilder.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tolk;
using namespace tolk::kernelize;
using dtype::DType;

/// Marks a vector access through `ptrType` with the alignment its address
/// has (`tolk.alignment`, bytes), which TolkToGPU hands to LLVM so that the
/// vector is one access and not one per lane. A thread's lanes start at a
/// multiple of their number in every buffer (Access::Lanes), and a host
/// passes buffers aligned to kVectorBytes, so the address is aligned to the
/// vector's size, up to kVectorBytes.
static void markAligned(Operation *access, PtrType ptrType) {
  unsigned width = ptrType.getVecWidth();
  if (width == 1)
    return;
  uint64_t bytes = width * elementBytes(ptrType.getElementType());
  uint64_t align = std::min<uint64_t>(kVectorBytes, bytes & (~bytes + 1));
  MLIRContext *ctx = access->getContext();
  ctx->getLoadedDialect<TolkDialect>()->getAlignmentAttrHelper().setAttr(
      access, IntegerAttr::get(IntegerType::get(ctx, 64), align));
}

namespace {

/// Builds one kernel: its signature, then its body in the order a thread
/// runs it (index, loads, the graph, stores). The index values it makes are
/// built once and reused.
class KernelBuilder {
public:
  KernelBuilder(func::FuncOp func, const KernelPlan &plan)
      : func(func), plan(plan), ctx(func.getContext()), loc(func.getLoc()),
        b(ctx), eb(b, loc), lanes(plan.upcast) {}

  gpu::GPUFuncOp build(gpu::GPUModuleOp module);

private:
  PtrType bufferType(Type elt, int64_t n, unsigned width) const;
  unsigned widthOf(BlockArgument arg) const;
  gpu::GPUFuncOp createKernel(gpu::GPUModuleOp module);
  void startBody();
  Value index(int64_t v);
  Value divide(Value x, int64_t d);
  Value coordinate(size_t d);
  Value zeroOf(Type elt, unsigned width);
  Value loadImage(BlockArgument param, ArrayRef<int64_t> shape);
  Value loadBuffer(BlockArgument arg, BlockArgument param,
                   ArrayRef<int64_t> shape);
  void loadArguments(Block &entry);
  func::ReturnOp cloneBody();
  void storeResults(func::ReturnOp ret, Block &entry);

  func::FuncOp func;
  const KernelPlan &plan;
  MLIRContext *ctx;
  Location loc;
  OpBuilder b;
  ElementwiseBuilder eb;
  unsigned lanes;

  /// The index arithmetic's type: si32, or si64 past 2^31 elements.
  bool wide = false;
  Type indexType;
  DType indexDType = DType::Int32;
  llvm::DenseMap<int64_t, Value> constants;
  /// The thread's global id, the gate of a thread with no element (null
  /// when every thread has one), the index of its first element.
  Value gid, gate, first;
  SmallVector<int64_t, 4> strides;
  SmallVector<Value, 4> coords;
  llvm::DenseMap<std::pair<Value, int64_t>, Value> quotients;
  llvm::DenseMap<Type, Value> zeros;
  IRMapping mapping;
};

} // namespace

/// A buffer of the kernel, of vector width `width`. Bool lanes are read and
/// written as ui8 lanes (one byte each, 0 or 1, what a Bool buffer holds): a
/// vector of i1 in memory is packed bits (LLVM), not bytes.
PtrType KernelBuilder::bufferType(Type elt, int64_t n, unsigned width) const {
  if (width != 1 && elt.isInteger(1))
    elt = IntegerType::get(ctx, 8, IntegerType::Unsigned);
  return PtrType::get(elt.getContext(), elt, AddrSpace::global, n, width,
                      std::nullopt, ArrayRef<int64_t>());
}

/// An input buffer is read `lanes` at a time where its lanes are
/// contiguous, one element at a time where they are uniform or it is
/// unused.
unsigned KernelBuilder::widthOf(BlockArgument arg) const {
  auto it = plan.access.find(arg.getArgNumber());
  return it != plan.access.end() && it->second == Access::Lanes ? lanes : 1;
}

/// The gpu.func with its parameters (the arguments, then one buffer per
/// result) and attributes: kernel, read-only images, the launch sizes and
/// the buffer bindings.
gpu::GPUFuncOp KernelBuilder::createKernel(gpu::GPUModuleOp module) {
  SmallVector<Type> params;
  for (BlockArgument arg : func.getArguments()) {
    Type elt = mlir::getElementTypeOrSelf(arg.getType());
    int64_t n = product(*getStaticShape(arg.getType()));
    bool byValue = !isa<RankedTensorType>(arg.getType()) ||
                   cast<RankedTensorType>(arg.getType()).getRank() == 0;
    if (isImage(func, arg)) {
      // The image of the tensor's texels, stored as its element type.
      ImageKind kind = elt.isF16() ? ImageKind::imageh : ImageKind::imagef;
      params.push_back(
          PtrType::get(ctx, elt, AddrSpace::global, n,
                       /*vecWidth=*/1, kind,
                       cast<RankedTensorType>(arg.getType()).getShape()));
      continue;
    }
    params.push_back(byValue ? PtrType::get(elt, AddrSpace::alu)
                             : bufferType(elt, n, widthOf(arg)));
  }
  for (Type type : func.getResultTypes())
    params.push_back(
        bufferType(mlir::getElementTypeOrSelf(type), plan.size, lanes));

  b.setInsertionPointToEnd(module.getBody());
  auto kernel = gpu::GPUFuncOp::create(b, loc, func.getSymName(),
                                       b.getFunctionType(params, {}));
  kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  // An image argument is only read (docs/Semantics.md#images).
  for (BlockArgument arg : func.getArguments())
    if (isImage(func, arg))
      kernel.setArgAttr(arg.getArgNumber(),
                        TolkDialect::ReadonlyAttrHelper::getNameStr(),
                        b.getUnitAttr());
  kernel.setKnownBlockSizeAttr(
      b.getDenseI32ArrayAttr({static_cast<int32_t>(plan.block), 1, 1}));
  kernel.setKnownGridSizeAttr(
      b.getDenseI32ArrayAttr({static_cast<int32_t>(plan.grid), 1, 1}));
  // The buffer bindings, for a host that launches the kernel: the parameter
  // of each function argument, then of each result.
  unsigned numArgs = func.getNumArguments();
  SmallVector<int64_t> argParams, resultParams;
  for (unsigned i = 0; i < numArgs; ++i)
    argParams.push_back(i);
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    resultParams.push_back(numArgs + i);
  auto *tolk = ctx->getLoadedDialect<TolkDialect>();
  tolk->getArgsAttrHelper().setAttr(kernel, b.getDenseI64ArrayAttr(argParams));
  tolk->getResultsAttrHelper().setAttr(kernel,
                                       b.getDenseI64ArrayAttr(resultParams));
  return kernel;
}

/// The thread's index values: its global id, the gate, its first element.
void KernelBuilder::startBody() {
  // Index arithmetic is 32-bit when the largest element index of the launch
  // fits, as tinygrad's is: every buffer is no larger than the launch's
  // threads times their lanes, and every index and offset is below that.
  int64_t threads = plan.grid * plan.block;
  int64_t work = plan.size / lanes;
  wide = threads * lanes - 1 > std::numeric_limits<int32_t>::max();
  indexType = IntegerType::get(ctx, wide ? 64 : 32, IntegerType::Signed);
  indexDType = wide ? DType::Int64 : DType::Int32;
  gid = SpecialOp::create(b, loc, indexType, SpecialKind::global_id,
                          Dimension::x);
  // The tail of the last block has no element: its loads and stores are
  // gated off.
  if (threads != work)
    gate = eb.lt(gid, index(work));
  first = lanes == 1 ? gid : Value(eb.mul(gid, index(lanes)));
  strides = stridesOf(plan.shape);
  coords.assign(plan.shape.size(), Value());
}

Value KernelBuilder::index(int64_t v) {
  Value &c = constants[v];
  if (!c)
    c = eb.constant(indexDType, v);
  return c;
}

Value KernelBuilder::divide(Value x, int64_t d) {
  if (d == 1)
    return x;
  Value &q = quotients[{x, d}];
  if (!q)
    q = eb.truncDiv(x, index(d));
  return q;
}

/// The coordinate of the thread's (first) element in dimension `d`, built
/// once and only for the dimensions some broadcast input needs.
Value KernelBuilder::coordinate(size_t d) {
  if (coords[d])
    return coords[d];
  Value q = divide(first, strides[d]);
  // The outermost coordinate needs no remainder: a thread with an element
  // has first < size. The others are nonnegative, so that the remainder of
  // truncdiv is the coordinate (primitives only).
  if (d != 0) {
    // Built in sequence: argument evaluation order would make the IR depend
    // on the compiler.
    Value outer = divide(q, plan.shape[d]);
    Value back = eb.mul(outer, index(-plan.shape[d]));
    q = eb.add(q, back);
  }
  return coords[d] = q;
}

/// The value a gated-off load of `width` lanes of `elt` yields (zeros),
/// built once per loaded type.
Value KernelBuilder::zeroOf(Type elt, unsigned width) {
  Value &zero = zeros[width == 1 ? elt : Type(VectorType::get({width}, elt))];
  if (!zero) {
    zero = eb.constant(*getDType(elt), static_cast<int64_t>(0));
    if (width != 1) {
      // The same value splat over the lanes; the scalar goes.
      auto scalar = zero.getDefiningOp<ConstOp>();
      zero = eb.constant(VectorType::get({width}, elt),
                         scalar.getValue().getValue());
      scalar.erase();
    }
  }
  return zero;
}

/// The texel of the thread's first element: x its column (the
/// second-to-last dimension), y its row (the one before), each 0 where the
/// image broadcasts (the strides rule on texels). Its four lanes are the
/// thread's.
Value KernelBuilder::loadImage(BlockArgument param, ArrayRef<int64_t> shape) {
  auto ptrType = cast<PtrType>(param.getType());
  size_t rank = shape.size();
  Type si32 = IntegerType::get(ctx, 32, IntegerType::Signed);
  auto texelCoordinate = [&](size_t d) -> Value {
    if (shape[d] == 1)
      return wide ? Value(eb.constant(DType::Int32, 0)) : index(0);
    Value c = coordinate(d);
    // Below the image's extent, which is an si32: exact.
    return wide ? Value(CastOp::create(b, loc, si32, c)) : c;
  };
  Value x = texelCoordinate(rank - 2);
  Value y = texelCoordinate(rank - 3);
  Value xy = vector::FromElementsOp::create(b, loc, VectorType::get({2}, si32),
                                            ValueRange{x, y});
  // An imageh reads as f16 lanes, exactly the tensor's elements.
  Type elt = ptrType.getElementType();
  Type texel = VectorType::get({kTexelLanes}, elt);
  return gate ? ImageLoadOp::create(b, loc, texel, param, xy, gate,
                                    zeroOf(elt, kTexelLanes))
              : ImageLoadOp::create(b, loc, texel, param, xy, Value(), Value());
}

/// The thread's elements of buffer argument `arg` (parameter `param`, of
/// aligned shape `shape`), as the function's element type.
Value KernelBuilder::loadBuffer(BlockArgument arg, BlockArgument param,
                                ArrayRef<int64_t> shape) {
  auto ptrType = cast<PtrType>(param.getType());
  // The element offset: the flat index where the shapes agree, otherwise
  // the coordinates of the non-broadcast dimensions times their strides.
  Value offset = first;
  if (shape != ArrayRef<int64_t>(plan.shape)) {
    SmallVector<int64_t, 4> argStrides = stridesOf(shape);
    offset = Value();
    for (size_t d = 0; d < shape.size(); ++d) {
      if (shape[d] == 1)
        continue;
      Value term = coordinate(d);
      if (argStrides[d] != 1)
        term = eb.mul(term, index(argStrides[d]));
      offset = offset ? Value(eb.add(offset, term)) : term;
    }
    // Every dimension broadcast: one element.
    if (!offset)
      offset = index(0);
  }
  Value ptr = IndexOp::create(b, loc, ptrType, param, offset);
  Value value;
  if (gate) {
    value =
        LoadOp::create(b, loc, ptr, gate,
                       zeroOf(ptrType.getElementType(), ptrType.getVecWidth()));
  } else {
    value = LoadOp::create(b, loc, ptr);
  }
  markAligned(value.getDefiningOp(), ptrType);
  Type argElt = mlir::getElementTypeOrSelf(arg.getType());
  if (argElt != ptrType.getElementType())
    value = CastOp::create(
        b, loc, VectorType::get({ptrType.getVecWidth()}, argElt), value);
  return value;
}

/// Maps each used argument of the function to the thread's elements of it.
void KernelBuilder::loadArguments(Block &entry) {
  for (auto [arg, param] :
       llvm::zip_equal(func.getArguments(), entry.getArguments())) {
    // An unused argument keeps its parameter (the bindings stay those of
    // the function) but is never read.
    if (arg.use_empty())
      continue;
    auto ptrType = cast<PtrType>(param.getType());
    if (ptrType.getAddrSpace() == AddrSpace::alu) {
      mapping.map(arg, LoadOp::create(b, loc, param).getResult());
      continue;
    }
    SmallVector<int64_t, 4> shape =
        *alignTo(*getStaticShape(arg.getType()), plan.shape);
    mapping.map(arg, ptrType.getImage() ? loadImage(param, shape)
                                        : loadBuffer(arg, param, shape));
  }
}

/// The graph on scalars: each op with its operands' elements gives the
/// element of its result (elementwise ops commute with broadcasting).
func::ReturnOp KernelBuilder::cloneBody() {
  for (Operation &op : func.getBody().front()) {
    if (auto ret = dyn_cast<func::ReturnOp>(op))
      return ret;
    if (auto cst = dyn_cast<ConstOp>(op)) {
      mapping.map(cst.getResult(),
                  eb.constant(mlir::getElementTypeOrSelf(cst.getType()),
                              cst.getValue().getValue()));
      continue;
    }
    Operation *clone = b.clone(op, mapping);
    // Lanes when an operand has lanes; otherwise a scalar (constants and
    // alu parameters broadcast to the lanes where they meet them).
    bool vector = llvm::any_of(clone->getOperandTypes(),
                               [](Type t) { return isa<VectorType>(t); });
    for (Value v : clone->getResults()) {
      Type elt = mlir::getElementTypeOrSelf(v.getType());
      v.setType(vector ? VectorType::get({lanes}, elt) : elt);
    }
  }
  llvm_unreachable("a planned function ends with its return");
}

void KernelBuilder::storeResults(func::ReturnOp ret, Block &entry) {
  unsigned numArgs = func.getNumArguments();
  for (auto [i, result] : llvm::enumerate(ret.getOperands())) {
    BlockArgument out = entry.getArgument(numArgs + i);
    Value ptr = IndexOp::create(b, loc, out.getType(), out, first);
    Value value = mapping.lookup(result);
    // A result of constants and scalars only: a cast broadcasts it to the
    // lanes (docs/Semantics.md#lanes-and-shapes); Bool lanes become bytes.
    Type elt = cast<PtrType>(out.getType()).getElementType();
    if (lanes != 1 && (!isa<VectorType>(value.getType()) ||
                       mlir::getElementTypeOrSelf(value.getType()) != elt))
      value = CastOp::create(b, loc, VectorType::get({lanes}, elt), value);
    auto store = StoreOp::create(b, loc, ptr, value, gate);
    markAligned(store, cast<PtrType>(out.getType()));
  }
}

gpu::GPUFuncOp KernelBuilder::build(gpu::GPUModuleOp module) {
  gpu::GPUFuncOp kernel = createKernel(module);
  Block &entry = kernel.getBody().front();
  b.setInsertionPointToStart(&entry);
  startBody();
  loadArguments(entry);
  storeResults(cloneBody(), entry);
  gpu::ReturnOp::create(b, loc);
  return kernel;
}

gpu::GPUFuncOp tolk::kernelize::buildKernel(func::FuncOp func,
                                            const KernelPlan &plan,
                                            gpu::GPUModuleOp module) {
  return KernelBuilder(func, plan).build(module);
}
