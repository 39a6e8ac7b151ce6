//===- Kernelize.cpp - Tensor-level elementwise functions into kernels ----===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-kernelize: each func.func whose body is a graph of Tolk elementwise
// ops over static tensors gets one fused gpu.func kernel, as tinygrad fuses
// an elementwise graph into one kernel. One thread computes one element of
// the results; inputs read through numpy broadcasting (stride 0 in a
// broadcast dimension), so that no broadcast is ever materialized. With an
// upcast factor U, a thread handles U contiguous elements as one vector
// where every buffer is contiguous along the lanes.
//
// The function is kept and only names its kernel (tolk.kernel): without
// bufferization there is no host-side memref to launch on, and the tensor
// function remains the kernel's reference semantics. docs/Rationale.md
// ("Kernelization") records the decisions.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/ElementwiseBuilder.h"
#include "tolk/Dialect/Tolk/Passes.h"
#include "tolk/Dialect/Tolk/TolkOps.h"
#include "tolk/Dialect/Tolk/TolkTypes.h"
#include "tolk/Dialect/Tolk/TypeMapping.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/MathExtras.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKKERNELIZE
#include "tolk/Dialect/Tolk/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using namespace tolk;
using dtype::Const;
using dtype::DType;

namespace {

struct Kernelize : public tolk::impl::TolkKernelizeBase<Kernelize> {
  using TolkKernelizeBase::TolkKernelizeBase;
  void runOnOperation() override;
};

/// The largest block size a launch allows on every target.
constexpr int64_t kMaxBlockSize = 1024;
/// The widest vector a thread loads (16 lanes of one byte: 128 bits).
constexpr int64_t kMaxUpcast = 16;

/// The ops a kernel body is cloned from.
static bool isElementwise(Operation *op) {
  return isa<ConstOp, CastOp, BitcastOp
#define TOLK_ELEMENTWISE(OpClass) , OpClass
#include "tolk/Dialect/Tolk/TolkOpList.def"
             >(op);
}

/// The static shape of a value a kernel handles: a scalar (rank 0) or a
/// static ranked tensor, of a data type. Nothing for anything else (vectors,
/// dynamic or unranked tensors, non-Tolk types).
static std::optional<SmallVector<int64_t, 4>> getStaticShape(Type type) {
  std::optional<ElementwiseType> et = classify(type);
  if (!et || et->shape.kind == ValueShape::Kind::Vector)
    return std::nullopt;
  if (et->shape.kind == ValueShape::Kind::Scalar)
    return SmallVector<int64_t, 4>();
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return std::nullopt;
  return SmallVector<int64_t, 4>(tensor.getShape());
}

/// `shape` with leading 1s up to `rank` (numpy's right alignment); nothing
/// when it does not broadcast to `target`, which would make a thread of the
/// kernel stand for more than one of its elements.
static std::optional<SmallVector<int64_t, 4>>
alignTo(ArrayRef<int64_t> shape, ArrayRef<int64_t> target) {
  if (shape.size() > target.size())
    return std::nullopt;
  SmallVector<int64_t, 4> aligned(target.size() - shape.size(), 1);
  aligned.append(shape.begin(), shape.end());
  for (auto [d, t] : llvm::zip_equal(aligned, target))
    if (d != 1 && d != t)
      return std::nullopt;
  return aligned;
}

/// Whether a buffer or by-value parameter can hold `dt`: a weak type has no
/// width to pass it with, and Void no value.
static bool isPassable(DType dt) {
  return dt != DType::Void && !dtype::isWeak(dt);
}

/// The element count of `shape`; nothing when it overflows int64_t.
static std::optional<int64_t> checkedProduct(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (llvm::MulOverflow(n, d, n))
      return std::nullopt;
  return n;
}

static int64_t product(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// Row-major strides of `shape`.
static SmallVector<int64_t, 4> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// What a function's kernel is built from, once the function is known to
/// have the form the pass handles.
struct KernelPlan {
  /// The iteration shape: every result's shape.
  SmallVector<int64_t, 4> shape;
  int64_t size = 0;
  /// Contiguous elements per thread (vector width of the buffers).
  int64_t upcast = 1;
  /// Threads per block: the option, or the size when that is smaller (no
  /// idle threads to gate off).
  int64_t block = 0;
  int64_t grid = 0;
};

/// The plan for `func`, or nothing when the pass leaves it alone.
static std::optional<KernelPlan> planKernel(func::FuncOp func,
                                            int64_t blockSize, int64_t upcast) {
  if (func.isExternal() || !func.getBody().hasOneBlock() ||
      func->hasAttr("tolk.kernel") || func.getNumResults() == 0)
    return std::nullopt;

  // Results: static tensors of one shape, of data types a buffer holds.
  KernelPlan plan;
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    std::optional<ElementwiseType> et = classify(type);
    if (!tensor || !tensor.hasStaticShape() || !et || !isPassable(et->dtype))
      return std::nullopt;
    if (i == 0)
      plan.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    else if (tensor.getShape() != ArrayRef<int64_t>(plan.shape))
      return std::nullopt;
  }

  // Every value broadcasts to the iteration shape, so that one thread per
  // result element computes each value of the graph at most once.
  auto fits = [&](Value v) {
    std::optional<SmallVector<int64_t, 4>> shape = getStaticShape(v.getType());
    return shape && alignTo(*shape, plan.shape);
  };
  for (BlockArgument arg : func.getArguments()) {
    std::optional<ElementwiseType> et = classify(arg.getType());
    if (!fits(arg) || !isPassable(et->dtype))
      return std::nullopt;
  }
  for (Operation &op : func.getBody().front()) {
    if (isa<func::ReturnOp>(op))
      continue;
    if (!isElementwise(&op) || op.getNumRegions() != 0)
      return std::nullopt;
    for (Value v : op.getResults())
      if (!fits(v))
        return std::nullopt;
  }

  // Every other buffer is no larger than the results (the values broadcast
  // to their shape), so its count cannot overflow either.
  std::optional<int64_t> size = checkedProduct(plan.shape);
  if (!size || *size == 0)
    return std::nullopt;
  plan.size = *size;
  // Vector loads need contiguous lanes in every buffer: no broadcast input
  // (an alu scalar broadcasts to lanes), and no partial vector at the end.
  bool vectorizable = upcast > 1 && plan.size % upcast == 0;
  for (BlockArgument arg : func.getArguments()) {
    auto tensor = dyn_cast<RankedTensorType>(arg.getType());
    if (tensor && tensor.getRank() != 0 && !arg.use_empty() &&
        *alignTo(tensor.getShape(), plan.shape) != plan.shape)
      vectorizable = false;
  }
  plan.upcast = vectorizable ? upcast : 1;
  int64_t threads = plan.size / plan.upcast;
  plan.block = std::min(blockSize, threads);
  plan.grid = llvm::divideCeil(threads, plan.block);
  if (plan.grid > std::numeric_limits<int32_t>::max())
    return std::nullopt;
  return plan;
}

/// Builds the kernel of `func` into `module`, from `plan`.
static void buildKernel(func::FuncOp func, const KernelPlan &plan,
                        gpu::GPUModuleOp module) {
  int64_t blockSize = plan.block;
  unsigned lanes = plan.upcast;
  // A buffer of the kernel: vector width `lanes` when vectorized.
  auto buffer = [&](Type elt, int64_t n) {
    return PtrType::get(elt.getContext(), elt, AddrSpace::global, n, lanes,
                        std::nullopt, ArrayRef<int64_t>());
  };
  MLIRContext *ctx = func.getContext();
  Location loc = func.getLoc();
  OpBuilder b(ctx);

  // Parameters: the arguments, then one buffer per result.
  SmallVector<Type> params;
  for (BlockArgument arg : func.getArguments()) {
    Type elt = tolk::getElementTypeOrSelf(arg.getType());
    int64_t n = product(*getStaticShape(arg.getType()));
    bool byValue = !isa<RankedTensorType>(arg.getType()) ||
                   cast<RankedTensorType>(arg.getType()).getRank() == 0;
    params.push_back(byValue ? PtrType::get(elt, AddrSpace::alu)
                             : buffer(elt, n));
  }
  for (Type type : func.getResultTypes())
    params.push_back(buffer(tolk::getElementTypeOrSelf(type), plan.size));

  b.setInsertionPointToEnd(module.getBody());
  auto kernel = gpu::GPUFuncOp::create(b, loc, func.getSymName(),
                                       b.getFunctionType(params, {}));
  kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  kernel.setKnownBlockSizeAttr(
      b.getDenseI32ArrayAttr({static_cast<int32_t>(blockSize), 1, 1}));
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
  kernel->setAttr("tolk.args", b.getDenseI64ArrayAttr(argParams));
  kernel->setAttr("tolk.results", b.getDenseI64ArrayAttr(resultParams));

  Block &entry = kernel.getBody().front();
  b.setInsertionPointToStart(&entry);
  ElementwiseBuilder eb(b, loc);

  // Index arithmetic is 32-bit when the largest thread index fits (every
  // buffer is no larger than the launch), as tinygrad's is.
  int64_t threads = plan.grid * blockSize;
  int64_t work = plan.size / lanes;
  bool wide = threads - 1 > std::numeric_limits<int32_t>::max();
  Type indexType = IntegerType::get(ctx, wide ? 64 : 32, IntegerType::Signed);
  DType indexDType = wide ? DType::Int64 : DType::Int32;
  llvm::DenseMap<int64_t, Value> constants;
  auto index = [&](int64_t v) -> Value {
    Value &c = constants[v];
    if (!c)
      c = eb.constant(indexDType, v);
    return c;
  };

  Value gid = SpecialOp::create(b, loc, indexType, SpecialKind::global_id,
                                Dimension::x);
  // The tail of the last block has no element: its loads and stores are
  // gated off.
  Value gate;
  if (threads != work)
    gate = eb.lt(gid, index(work));
  // The first element of the thread's lanes.
  Value first = lanes == 1 ? gid : Value(eb.mul(gid, index(lanes)));

  // The coordinate of the thread's element in each dimension, built once
  // and only for the dimensions some broadcast input needs.
  SmallVector<int64_t, 4> strides = stridesOf(plan.shape);
  SmallVector<Value, 4> coords(plan.shape.size());
  llvm::DenseMap<std::pair<Value, int64_t>, Value> quotients;
  auto divide = [&](Value x, int64_t d) -> Value {
    if (d == 1)
      return x;
    Value &q = quotients[{x, d}];
    if (!q)
      q = eb.truncDiv(x, index(d));
    return q;
  };
  auto coordinate = [&](size_t d) -> Value {
    if (coords[d])
      return coords[d];
    Value q = divide(gid, strides[d]);
    // The outermost coordinate needs no remainder: a thread with an
    // element has gid < size. The others are nonnegative, so that the
    // remainder of truncdiv is the coordinate (primitives only).
    if (d != 0) {
      // Built in sequence: argument evaluation order would make the IR
      // depend on the compiler.
      Value outer = divide(q, plan.shape[d]);
      Value back = eb.mul(outer, index(-plan.shape[d]));
      q = eb.add(q, back);
    }
    return coords[d] = q;
  };

  IRMapping mapping;
  // The value a gated-off load yields, per type.
  llvm::DenseMap<Type, Value> zeros;
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
    // The element offset: the flat index where the shapes agree, otherwise
    // the coordinates of the non-broadcast dimensions times their strides.
    SmallVector<int64_t, 4> shape =
        *alignTo(*getStaticShape(arg.getType()), plan.shape);
    Value offset = first;
    if (shape != plan.shape) {
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
      Value &zero = zeros[ptrType.getElementType()];
      if (!zero) {
        zero = eb.constant(*getDType(ptrType.getElementType()),
                           static_cast<int64_t>(0));
        if (lanes != 1) {
          // The same value splat over the lanes; the scalar goes.
          auto scalar = zero.getDefiningOp<ConstOp>();
          zero = eb.constant(VectorType::get({lanes}, ptrType.getElementType()),
                             scalar.getValue().getValue());
          scalar.erase();
        }
      }
      value = LoadOp::create(b, loc, ptr, gate, zero);
    } else {
      value = LoadOp::create(b, loc, ptr);
    }
    mapping.map(arg, value);
  }

  // The graph on scalars: each op with its operands' elements gives the
  // element of its result (elementwise ops commute with broadcasting).
  func::ReturnOp ret;
  for (Operation &op : func.getBody().front()) {
    if (auto r = dyn_cast<func::ReturnOp>(op)) {
      ret = r;
      break;
    }
    if (auto cst = dyn_cast<ConstOp>(op)) {
      mapping.map(cst.getResult(),
                  eb.constant(tolk::getElementTypeOrSelf(cst.getType()),
                              cst.getValue().getValue()));
      continue;
    }
    Operation *clone = b.clone(op, mapping);
    // Lanes when an operand has lanes; otherwise a scalar (constants and
    // alu parameters broadcast to the lanes where they meet them).
    bool vector = llvm::any_of(clone->getOperandTypes(),
                               [](Type t) { return isa<VectorType>(t); });
    for (Value v : clone->getResults()) {
      Type elt = tolk::getElementTypeOrSelf(v.getType());
      v.setType(vector ? VectorType::get({lanes}, elt) : elt);
    }
  }

  for (auto [i, result] : llvm::enumerate(ret.getOperands())) {
    BlockArgument out = entry.getArgument(numArgs + i);
    Value ptr = IndexOp::create(b, loc, out.getType(), out, first);
    Value value = mapping.lookup(result);
    // A result of constants and scalars only: a cast broadcasts it to the
    // lanes (seed 004).
    if (lanes != 1 && !isa<VectorType>(value.getType()))
      value = CastOp::create(b, loc, VectorType::get({lanes}, value.getType()),
                             value);
    StoreOp::create(b, loc, ptr, value, gate);
  }
  gpu::ReturnOp::create(b, loc);
}

} // namespace

void Kernelize::runOnOperation() {
  ModuleOp module = getOperation();
  int64_t block = blockSize;
  if (block < 1 || block > kMaxBlockSize) {
    mlir::emitError(module.getLoc(), "tolk-kernelize: block-size must be 1 to ")
        << kMaxBlockSize << ", not " << block;
    return signalPassFailure();
  }
  int64_t lanes = upcast;
  if (lanes < 1 || lanes > kMaxUpcast) {
    mlir::emitError(module.getLoc(), "tolk-kernelize: upcast must be 1 to ")
        << kMaxUpcast << ", not " << lanes;
    return signalPassFailure();
  }

  SymbolTable symbols(module);
  for (auto func : llvm::to_vector(module.getOps<func::FuncOp>())) {
    std::optional<KernelPlan> plan = planKernel(func, block, lanes);
    if (!plan)
      continue;
    OpBuilder b(func);
    b.setInsertionPointAfter(func);
    auto gpuModule = gpu::GPUModuleOp::create(
        b, func.getLoc(), (func.getSymName() + "_kernel").str());
    // A unique name, should the module hold that symbol already.
    symbols.insert(gpuModule);
    buildKernel(func, *plan, gpuModule);
    func->setAttr(
        "tolk.kernel",
        SymbolRefAttr::get(gpuModule.getSymNameAttr(),
                           {FlatSymbolRefAttr::get(func.getSymNameAttr())}));
  }
}
