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
// broadcast dimension), so that no broadcast is ever materialized. A thread
// handles U contiguous elements as one aligned vector access per buffer, U
// chosen per data type (16 bytes of the widest buffer element) and lowered
// until every input's lanes are contiguous or one broadcast element. A
// tensor argument marked tolk.image is an image parameter, read a texel (its
// last dimension's four lanes) a thread.
//
// The function is kept, names its kernel (tolk.kernel) and describes the
// launch for a host (tolk.launch: grid, block, parameter bindings): without
// bufferization there is no host-side memref to launch on, and the tensor
// function remains the kernel's reference semantics. docs/Kernels.md
// ("Kernelization") records the decisions.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/Dialect/Tolk/Utils/ElementwiseBuilder.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKKERNELIZE
#include "tolk/Dialect/Tolk/Transforms/Passes.h.inc"
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
/// The most lanes a thread handles (16 lanes of one byte: 128 bits).
constexpr int64_t kMaxUpcast = 16;
/// The bytes the widest buffer of a kernel moves per thread and access when
/// the lanes are chosen per data type: 128 bits, the widest global load and
/// store of NVIDIA (ld.global.v4.b32) and AMD (global_load_dwordx4) GPUs.
constexpr int64_t kVectorBytes = 16;

/// The ops a kernel body is cloned from.
static bool isElementwise(Operation *op) {
  return isa<ConstOp, CastOp, BitcastOp, ElementwiseOpInterface>(op);
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

/// How a thread that handles `lanes` contiguous elements of the iteration
/// shape `t`, from a multiple of `lanes`, reads a tensor input of (aligned)
/// shape `s`.
enum class Access {
  /// Its elements along the lanes are contiguous: a vector load.
  Lanes,
  /// Its elements along the lanes are one element (the lanes run along
  /// broadcast dimensions only): a scalar load, broadcast in the ops.
  Uniform,
};

/// The access of a thread's `lanes` to an input of shape `s` in iteration
/// shape `t`; nothing when the lanes cross from one run of contiguous (or
/// broadcast) elements of the input into another. The innermost dimensions
/// that are all kept (or all broadcast) form such a run; the lanes stay in
/// one when their number divides its length. Outer broadcast dimensions,
/// with their stride 0, move only the start of the run.
static std::optional<Access> accessOf(ArrayRef<int64_t> s, ArrayRef<int64_t> t,
                                      int64_t lanes) {
  int64_t run = 1;
  std::optional<bool> broadcast;
  for (int64_t d = static_cast<int64_t>(t.size()) - 1; d >= 0; --d) {
    // A dimension of 1 is both kept and broadcast; it does not end a run.
    if (t[d] == 1)
      continue;
    bool b = s[d] == 1;
    if (broadcast && *broadcast != b)
      break;
    broadcast = b;
    run *= t[d];
  }
  if (run % lanes != 0)
    return std::nullopt;
  return broadcast.value_or(false) ? Access::Uniform : Access::Lanes;
}

/// The bytes of one element of `elt` in a buffer (i1 takes a byte).
static int64_t elementBytes(Type elt) {
  std::optional<DType> dt = getDType(elt);
  return dt ? std::max<int64_t>(1, dtype::itemsize(*dt)) : 1;
}

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

/// Whether `func` is tensor-level Tolk: a Tolk op or a Tolk type in its
/// body or signature.
static bool holdsTolk(func::FuncOp func) {
  auto isTolk = [](Type t) {
    return isa<TolkDialect>(mlir::getElementTypeOrSelf(t).getDialect());
  };
  if (llvm::any_of(func.getArgumentTypes(), isTolk) ||
      llvm::any_of(func.getResultTypes(), isTolk))
    return true;
  WalkResult walk = func.walk([](Operation *op) {
    return isa<TolkDialect>(op->getDialect()) ? WalkResult::interrupt()
                                              : WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// Whether argument `arg` is a buffer (not a by-value scalar).
static bool isBuffer(BlockArgument arg) {
  auto tensor = dyn_cast<RankedTensorType>(arg.getType());
  return tensor && tensor.getRank() != 0;
}

/// Whether argument `arg` of `func` holds the texels of an image
/// (`tolk.image`, which the dialect verified: a static tensor<h x w x 4> of
/// f32 or f16).
static bool isImage(func::FuncOp func, BlockArgument arg) {
  return func.getArgAttr(arg.getArgNumber(),
                         TolkDialect::ImageAttrHelper::getNameStr()) != nullptr;
}

/// The lanes of a texel: an image argument's last dimension, and the lanes
/// per thread of a kernel that reads one.
constexpr int64_t kTexelLanes = 4;

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
  /// How each used buffer argument is read (by argument number).
  llvm::DenseMap<unsigned, Access> access;
};

/// The lanes per thread, from `preferred` (the option, or the default of
/// the data types): the largest power of two up to it that `works`. With
/// `onlyPowersOfTwo` unset (the default upcast) and when the halving would
/// go below half of `preferred`, first the fewest lanes above `preferred`
/// (up to kMaxUpcast) that work, then the most below it: an odd inner
/// size such as 1001 = 7 * 11 * 13 divides into 7 lanes where no power of
/// two above 1 does. Such a vector is not aligned to its size: it moves
/// as a few narrower accesses at immediate offsets from one address, which
/// still costs fewer instructions per element than one lane per thread
/// (the index arithmetic, parameters and gate are shared by the lanes),
/// and needs neither a second, scalar copy of the body for a tail nor
/// per-lane selects where the lanes would cross a broadcast row. Taking
/// the fewest lanes above `preferred` keeps the threads and registers
/// closest to the default's.
static int64_t chooseLanes(int64_t preferred, bool onlyPowersOfTwo,
                           llvm::function_ref<bool(int64_t)> works) {
  int64_t lanes = preferred;
  int64_t floor = onlyPowersOfTwo ? 1 : std::max<int64_t>(1, preferred / 2);
  for (; lanes >= floor && lanes > 1;
       lanes = static_cast<int64_t>(llvm::bit_floor(uint64_t(lanes - 1))))
    if (works(lanes))
      return lanes;
  if (onlyPowersOfTwo || preferred <= 1)
    return 1;
  for (int64_t l = preferred + 1; l <= kMaxUpcast; ++l)
    if (works(l))
      return l;
  for (int64_t l = preferred - 1; l > 1; --l)
    if (works(l))
      return l;
  return 1;
}

/// The plan for `func`, or nothing when the pass leaves it alone; then
/// `whyNot` says what stops it.
static std::optional<KernelPlan> planKernel(func::FuncOp func,
                                            int64_t blockSize, int64_t upcast,
                                            std::string &whyNot) {
  auto reject = [&](const Twine &why) -> std::optional<KernelPlan> {
    whyNot = why.str();
    return std::nullopt;
  };
  auto typeString = [](Type t) {
    std::string s;
    llvm::raw_string_ostream(s) << t;
    return s;
  };
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return reject("has no body of one block");
  if (func.getNumResults() == 0)
    return reject("has no result");

  // Results: static tensors of one shape, of data types a buffer holds.
  KernelPlan plan;
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    std::optional<ElementwiseType> et = classify(type);
    if (!tensor || !tensor.hasStaticShape() || !et || !isPassable(et->dtype))
      return reject("returns " + typeString(type) + " (result " + Twine(i) +
                    "), but a kernel writes static tensors of a stored data "
                    "type");
    if (i == 0)
      plan.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    else if (tensor.getShape() != ArrayRef<int64_t>(plan.shape))
      return reject("returns " + typeString(type) + " (result " + Twine(i) +
                    "), but every result of a kernel has the shape of result "
                    "0");
  }

  // Every value broadcasts to the iteration shape, so that one thread per
  // result element computes each value of the graph at most once.
  auto fits = [&](Value v) {
    std::optional<SmallVector<int64_t, 4>> shape = getStaticShape(v.getType());
    return shape && alignTo(*shape, plan.shape);
  };
  bool hasImage = false;
  for (BlockArgument arg : func.getArguments()) {
    std::optional<ElementwiseType> et = classify(arg.getType());
    // An image's last dimension is its texels' lanes: it cannot broadcast,
    // and a kernel reads it whole.
    if (isImage(func, arg)) {
      hasImage = true;
      if (!fits(arg))
        return reject("takes the image " + typeString(arg.getType()) +
                      " (argument " + Twine(arg.getArgNumber()) +
                      "), which does not broadcast to the result shape "
                      "(the four lanes of a texel are the last dimension "
                      "of both)");
      ArrayRef<int64_t> texels =
          cast<RankedTensorType>(arg.getType()).getShape();
      if (texels[0] > std::numeric_limits<int32_t>::max() ||
          texels[1] > std::numeric_limits<int32_t>::max())
        return reject("takes the image " + typeString(arg.getType()) +
                      " (argument " + Twine(arg.getArgNumber()) +
                      "), but a texel coordinate is an si32");
    }
    if (!fits(arg) || !isPassable(et->dtype))
      return reject("takes " + typeString(arg.getType()) + " (argument " +
                    Twine(arg.getArgNumber()) +
                    "), but a kernel reads scalars and static tensors of a "
                    "stored data type that broadcast to the result shape");
  }
  for (Operation &op : func.getBody().front()) {
    if (isa<func::ReturnOp>(op))
      continue;
    if (!isElementwise(&op) || op.getNumRegions() != 0)
      return reject("holds '" + op.getName().getStringRef() +
                    "', which is not a Tolk elementwise op");
    for (Value v : op.getResults())
      if (!fits(v))
        return reject("computes a value of type " + typeString(v.getType()) +
                      ", which does not broadcast to the result shape");
  }

  // Every other buffer is no larger than the results (the values broadcast
  // to their shape), so its count cannot overflow either.
  std::optional<int64_t> size = checkedProduct(plan.shape);
  if (!size || *size == 0)
    return reject(size ? Twine("has results of no element")
                       : Twine("has results of more than 2^63 elements"));
  plan.size = *size;
  // The lanes: the option, or (upcast = 0) as many as make the widest
  // buffer element move kVectorBytes per thread, so that narrow types get
  // wide accesses (16 lanes of an fp8, si8 or Bool; 8 of an f16; 4 of an
  // f32). Lanes work when every buffer's lanes are contiguous or uniform
  // and the size is a multiple: a ragged tail never needs a partial vector.
  int64_t widest = 1;
  for (BlockArgument arg : func.getArguments())
    if (isBuffer(arg) && !arg.use_empty())
      widest = std::max(
          widest, elementBytes(mlir::getElementTypeOrSelf(arg.getType())));
  for (Type type : func.getResultTypes())
    widest = std::max(widest, elementBytes(mlir::getElementTypeOrSelf(type)));
  int64_t lanes =
      upcast > 0 ? upcast
                 : std::clamp<int64_t>(kVectorBytes / widest, 1, kMaxUpcast);
  // A vector holds no complex numbers: a function that computes on any has
  // one element per thread, whatever the option asks.
  bool computesComplex = false;
  func.walk([&](Operation *op) {
    for (Type t :
         llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (std::optional<ElementwiseType> et = classify(t))
        computesComplex |= dtype::isComplex(et->dtype);
  });
  if (computesComplex)
    lanes = 1;
  auto planAccess = [&](int64_t l) -> bool {
    if (plan.size % l != 0)
      return false;
    plan.access.clear();
    for (BlockArgument arg : func.getArguments()) {
      if (!isBuffer(arg) || arg.use_empty())
        continue;
      std::optional<Access> access =
          accessOf(*alignTo(cast<RankedTensorType>(arg.getType()).getShape(),
                            plan.shape),
                   plan.shape, l);
      if (!access)
        return false;
      plan.access[arg.getArgNumber()] = *access;
    }
    return true;
  };
  if (hasImage) {
    // A thread reads one texel of each image: four lanes. An explicit
    // upcast is at most the lanes (it is lowered for contiguity too), so
    // that one above 4 (the host runner's 16) gives 4 and one below cannot.
    if (computesComplex)
      return reject("computes on complex numbers, one element a thread, but "
                    "an image argument is read a texel of four lanes a "
                    "thread");
    if (upcast > 0 && upcast < kTexelLanes)
      return reject("has an image argument, read a texel of four lanes a "
                    "thread, but upcast = " +
                    Twine(upcast) + " allows fewer lanes");
    // Every input's lanes stay in its innermost run: the iteration shape
    // ends with the images' 4.
    if (!planAccess(kTexelLanes))
      return reject("has an image argument, read a texel of four lanes a "
                    "thread, but another input's lanes would not be "
                    "contiguous");
    plan.upcast = kTexelLanes;
  } else {
    plan.upcast =
        chooseLanes(lanes, /*onlyPowersOfTwo=*/upcast > 0, planAccess);
    // The last candidate tried need not be the one chosen: plan it again.
    planAccess(plan.upcast);
  }
  int64_t threads = plan.size / plan.upcast;
  plan.block = std::min(blockSize, threads);
  plan.grid = llvm::divideCeil(threads, plan.block);
  if (plan.grid > std::numeric_limits<int32_t>::max())
    return reject("needs more than 2^31 - 1 blocks");
  return plan;
}

/// Builds the kernel of `func` into `module`, from `plan`.
static gpu::GPUFuncOp buildKernel(func::FuncOp func, const KernelPlan &plan,
                                  gpu::GPUModuleOp module) {
  int64_t blockSize = plan.block;
  unsigned lanes = plan.upcast;
  // A buffer of the kernel, of vector width `width`. Bool lanes are read
  // and written as ui8 lanes (one byte each, 0 or 1, what a Bool buffer
  // holds): a vector of i1 in memory is packed bits (LLVM), not bytes.
  MLIRContext *ctx = func.getContext();
  Type byte = IntegerType::get(ctx, 8, IntegerType::Unsigned);
  auto buffer = [&](Type elt, int64_t n, unsigned width) {
    if (width != 1 && elt.isInteger(1))
      elt = byte;
    return PtrType::get(elt.getContext(), elt, AddrSpace::global, n, width,
                        std::nullopt, ArrayRef<int64_t>());
  };
  // An input buffer is read `lanes` at a time where its lanes are
  // contiguous, one element at a time where they are uniform or it is
  // unused.
  auto widthOf = [&](BlockArgument arg) -> unsigned {
    auto it = plan.access.find(arg.getArgNumber());
    return it != plan.access.end() && it->second == Access::Lanes ? lanes : 1;
  };
  Location loc = func.getLoc();
  OpBuilder b(ctx);

  // Parameters: the arguments, then one buffer per result.
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
                             : buffer(elt, n, widthOf(arg)));
  }
  for (Type type : func.getResultTypes())
    params.push_back(
        buffer(mlir::getElementTypeOrSelf(type), plan.size, lanes));

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
  auto *tolk = b.getContext()->getLoadedDialect<TolkDialect>();
  tolk->getArgsAttrHelper().setAttr(kernel, b.getDenseI64ArrayAttr(argParams));
  tolk->getResultsAttrHelper().setAttr(kernel,
                                       b.getDenseI64ArrayAttr(resultParams));

  Block &entry = kernel.getBody().front();
  b.setInsertionPointToStart(&entry);
  ElementwiseBuilder eb(b, loc);

  // Index arithmetic is 32-bit when the largest element index of the launch
  // fits, as tinygrad's is: every buffer is no larger than the launch's
  // threads times their lanes, and every index and offset is below that.
  int64_t threads = plan.grid * blockSize;
  int64_t work = plan.size / lanes;
  bool wide = threads * lanes - 1 > std::numeric_limits<int32_t>::max();
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

  // The coordinate of the thread's (first) element in each dimension, built
  // once and only for the dimensions some broadcast input needs.
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
    Value q = divide(first, strides[d]);
    // The outermost coordinate needs no remainder: a thread with an
    // element has first < size. The others are nonnegative, so that the
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
  // The value a gated-off load of `width` lanes of `elt` yields (zeros),
  // built once per loaded type.
  llvm::DenseMap<Type, Value> zeros;
  auto zeroOf = [&](Type elt, unsigned width) -> Value {
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
  };
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
    if (ptrType.getImage()) {
      // The texel of the thread's first element: x its column (the
      // second-to-last dimension), y its row (the one before), each 0 where
      // the image broadcasts (the strides rule on texels). Its four lanes
      // are the thread's.
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
      Value xy = vector::FromElementsOp::create(
          b, loc, VectorType::get({2}, si32), ValueRange{x, y});
      // An imageh reads as f16 lanes, exactly the tensor's elements.
      Type elt = ptrType.getElementType();
      Type texel = VectorType::get({kTexelLanes}, elt);
      Value value = gate ? ImageLoadOp::create(b, loc, texel, param, xy, gate,
                                               zeroOf(elt, kTexelLanes))
                         : ImageLoadOp::create(b, loc, texel, param, xy,
                                               Value(), Value());
      mapping.map(arg, value);
      continue;
    }
    // The element offset: the flat index where the shapes agree, otherwise
    // the coordinates of the non-broadcast dimensions times their strides.
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
      value = LoadOp::create(
          b, loc, ptr, gate,
          zeroOf(ptrType.getElementType(), ptrType.getVecWidth()));
    } else {
      value = LoadOp::create(b, loc, ptr);
    }
    markAligned(value.getDefiningOp(), ptrType);
    Type argElt = mlir::getElementTypeOrSelf(arg.getType());
    if (argElt != ptrType.getElementType())
      value = CastOp::create(
          b, loc, VectorType::get({ptrType.getVecWidth()}, argElt), value);
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
  gpu::ReturnOp::create(b, loc);
  return kernel;
}

/// The host's view of the launch of `kernel`, for `func`'s `tolk.launch`:
/// the kernel, the grid and block sizes, and per kernel parameter what it
/// is (a buffer or a by-value scalar), its element type, element count and
/// vector width, and the function argument or result it binds.
static LaunchAttr describeLaunch(func::FuncOp func, gpu::GPUFuncOp kernel,
                                 SymbolRefAttr kernelRef) {
  MLIRContext *ctx = func.getContext();
  unsigned numArgs = func.getNumArguments();
  SmallVector<LaunchParamAttr> params;
  for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    auto ptr = cast<PtrType>(type);
    // The function's element type: a kernel reads Bool lanes as bytes.
    Type elt = mlir::getElementTypeOrSelf(
        i < numArgs ? func.getArgumentTypes()[i]
                    : func.getResultTypes()[i - numArgs]);
    bool byValue = ptr.getAddrSpace() == AddrSpace::alu;
    bool isArg = i < numArgs;
    // An image is read a texel, four lanes, at a time.
    ParamKind kind = byValue          ? ParamKind::scalar
                     : ptr.getImage() ? ParamKind::image
                                      : ParamKind::buffer;
    int64_t vector = ptr.getImage() ? kTexelLanes : ptr.getVecWidth();
    params.push_back(LaunchParamAttr::get(
        ctx, kind, elt, isArg ? ParamBinding::arg : ParamBinding::result,
        isArg ? i : i - numArgs,
        byValue ? std::nullopt : std::optional<int64_t>(ptr.getSize()),
        byValue ? std::nullopt : std::optional<int64_t>(vector)));
  }
  return LaunchAttr::get(ctx, kernelRef,
                         kernel.getKnownGridSizeAttr().asArrayRef(),
                         kernel.getKnownBlockSizeAttr().asArrayRef(), params);
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
  if (lanes < 0 || lanes > kMaxUpcast) {
    mlir::emitError(module.getLoc(), "tolk-kernelize: upcast must be 0 to ")
        << kMaxUpcast << ", not " << lanes;
    return signalPassFailure();
  }

  SymbolTable symbols(module);
  auto *tolk = module.getContext()->getLoadedDialect<TolkDialect>();
  bool failed = false;
  for (auto func : llvm::to_vector(module.getOps<func::FuncOp>())) {
    if (tolk->getKernelAttrHelper().isAttrPresent(func))
      continue;
    std::string whyNot;
    std::optional<KernelPlan> plan = planKernel(func, block, lanes, whyNot);
    if (!plan) {
      if (strict && holdsTolk(func)) {
        // At the location only: the op would print the function.
        mlir::emitError(func.getLoc(), "tolk-kernelize: function '")
            << func.getSymName() << "' cannot be kernelized: it " << whyNot;
        failed = true;
      }
      continue;
    }
    OpBuilder b(func);
    b.setInsertionPointAfter(func);
    auto gpuModule = gpu::GPUModuleOp::create(
        b, func.getLoc(), (func.getSymName() + "_kernel").str());
    // A unique name, should the module hold that symbol already.
    symbols.insert(gpuModule);
    gpu::GPUFuncOp kernel = buildKernel(func, *plan, gpuModule);
    auto kernelRef =
        SymbolRefAttr::get(gpuModule.getSymNameAttr(),
                           {FlatSymbolRefAttr::get(kernel.getNameAttr())});
    tolk->getKernelAttrHelper().setAttr(func, kernelRef);
    tolk->getLaunchAttrHelper().setAttr(
        func, describeLaunch(func, kernel, kernelRef));
  }
  if (failed)
    signalPassFailure();
}
