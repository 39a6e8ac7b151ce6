//===- KernelPlan.cpp - Whether and how a function becomes a kernel -------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The first step of --tolk-kernelize: a function's form (static tensors of
// stored data types that broadcast to one result shape, a body of Tolk
// elementwise ops), then the lanes per thread and the launch
// (docs/Kernels.md, "Kernelization").
//
//===----------------------------------------------------------------------===//

#include "KernelPlan.h"

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tolk;
using namespace tolk::kernelize;
using dtype::DType;

//===----------------------------------------------------------------------===//
// Shapes and arguments
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t, 4>>
tolk::kernelize::getStaticShape(Type type) {
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

std::optional<SmallVector<int64_t, 4>>
tolk::kernelize::alignTo(ArrayRef<int64_t> shape, ArrayRef<int64_t> target) {
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

int64_t tolk::kernelize::product(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

SmallVector<int64_t, 4> tolk::kernelize::stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

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

int64_t tolk::kernelize::elementBytes(Type elt) {
  std::optional<DType> dt = getDType(elt);
  return dt ? std::max<int64_t>(1, dtype::itemsize(*dt)) : 1;
}

bool tolk::kernelize::holdsTolk(func::FuncOp func) {
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

bool tolk::kernelize::isBuffer(BlockArgument arg) {
  auto tensor = dyn_cast<RankedTensorType>(arg.getType());
  return tensor && tensor.getRank() != 0;
}

bool tolk::kernelize::isImage(func::FuncOp func, BlockArgument arg) {
  return func.getArgAttr(arg.getArgNumber(),
                         TolkDialect::ImageAttrHelper::getNameStr()) != nullptr;
}

//===----------------------------------------------------------------------===//
// Planning
//===----------------------------------------------------------------------===//

namespace {

/// The planning of one function: each step checks one part of its form, or
/// chooses one part of the plan, and fails with `whyNot` set.
class Planner {
public:
  Planner(func::FuncOp func, std::string &whyNot)
      : func(func), whyNot(whyNot) {}

  std::optional<KernelPlan> plan(int64_t blockSize, int64_t upcast);

private:
  bool reject(const Twine &why) {
    whyNot = why.str();
    return false;
  }
  static std::string typeString(Type t) {
    std::string s;
    llvm::raw_string_ostream(s) << t;
    return s;
  }
  /// Whether `v` broadcasts to the iteration shape, so that one thread per
  /// result element computes each value of the graph at most once.
  bool fits(Value v) {
    std::optional<SmallVector<int64_t, 4>> shape = getStaticShape(v.getType());
    return shape && alignTo(*shape, result.shape);
  }

  bool checkResults();
  bool checkArguments();
  bool checkBody();
  /// The lanes as many as the option asks or, without one, the data types
  /// make the widest buffer element move kVectorBytes per thread.
  int64_t preferredLanes(int64_t upcast);
  /// The accesses of every used buffer with `lanes` lanes a thread, into
  /// `result.access`; false when some buffer's lanes are not contiguous.
  bool planAccess(int64_t lanes);
  bool chooseUpcast(int64_t upcast);

  func::FuncOp func;
  std::string &whyNot;
  KernelPlan result;
  bool hasImage = false;
  bool complex = false;
};

} // namespace

bool Planner::checkResults() {
  // Results: static tensors of one shape, of data types a buffer holds.
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    std::optional<ElementwiseType> et = classify(type);
    if (!tensor || !tensor.hasStaticShape() || !et || !isPassable(et->dtype))
      return reject("returns " + typeString(type) + " (result " + Twine(i) +
                    "), but a kernel writes static tensors of a stored data "
                    "type");
    if (i == 0)
      result.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    else if (tensor.getShape() != ArrayRef<int64_t>(result.shape))
      return reject("returns " + typeString(type) + " (result " + Twine(i) +
                    "), but every result of a kernel has the shape of result "
                    "0");
  }
  return true;
}

bool Planner::checkArguments() {
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
  return true;
}

bool Planner::checkBody() {
  for (Operation &op : func.getBody().front()) {
    if (isa<func::ReturnOp>(op))
      continue;
    if (!isa<ConstOp, CastOp, BitcastOp, ElementwiseOpInterface>(op) ||
        op.getNumRegions() != 0)
      return reject("holds '" + op.getName().getStringRef() +
                    "', which is not a Tolk elementwise op");
    for (Value v : op.getResults())
      if (!fits(v))
        return reject("computes a value of type " + typeString(v.getType()) +
                      ", which does not broadcast to the result shape");
  }
  return true;
}

/// Whether `func` computes on complex numbers.
static bool computesComplex(func::FuncOp func) {
  bool complex = false;
  func.walk([&](Operation *op) {
    for (Type t :
         llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (std::optional<ElementwiseType> et = classify(t))
        complex |= dtype::isComplex(et->dtype);
  });
  return complex;
}

int64_t Planner::preferredLanes(int64_t upcast) {
  // A vector holds no complex numbers: a function that computes on any has
  // one element per thread, whatever the option asks.
  if (complex)
    return 1;
  if (upcast > 0)
    return upcast;
  // As many lanes as make the widest buffer element move kVectorBytes per
  // thread, so that narrow types get wide accesses (16 lanes of an fp8, si8
  // or Bool; 8 of an f16; 4 of an f32).
  int64_t widest = 1;
  for (BlockArgument arg : func.getArguments())
    if (isBuffer(arg) && !arg.use_empty())
      widest = std::max(
          widest, elementBytes(mlir::getElementTypeOrSelf(arg.getType())));
  for (Type type : func.getResultTypes())
    widest = std::max(widest, elementBytes(mlir::getElementTypeOrSelf(type)));
  return std::clamp<int64_t>(kVectorBytes / widest, 1, kMaxUpcast);
}

bool Planner::planAccess(int64_t lanes) {
  // Lanes work when every buffer's lanes are contiguous or uniform and the
  // size is a multiple: a ragged tail never needs a partial vector.
  if (result.size % lanes != 0)
    return false;
  result.access.clear();
  for (BlockArgument arg : func.getArguments()) {
    if (!isBuffer(arg) || arg.use_empty())
      continue;
    std::optional<Access> access =
        accessOf(*alignTo(cast<RankedTensorType>(arg.getType()).getShape(),
                          result.shape),
                 result.shape, lanes);
    if (!access)
      return false;
    result.access[arg.getArgNumber()] = *access;
  }
  return true;
}

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

bool Planner::chooseUpcast(int64_t upcast) {
  complex = computesComplex(func);
  int64_t lanes = preferredLanes(upcast);
  if (!hasImage) {
    result.upcast = chooseLanes(lanes, /*onlyPowersOfTwo=*/upcast > 0,
                                [&](int64_t l) { return planAccess(l); });
    // The last candidate tried need not be the one chosen: plan it again.
    planAccess(result.upcast);
    return true;
  }
  // A thread reads one texel of each image: four lanes. An explicit upcast
  // is at most the lanes (it is lowered for contiguity too), so that one
  // above 4 (the host runner's 16) gives 4 and one below cannot.
  if (complex)
    return reject("computes on complex numbers, one element a thread, but "
                  "an image argument is read a texel of four lanes a "
                  "thread");
  if (upcast > 0 && upcast < kTexelLanes)
    return reject("has an image argument, read a texel of four lanes a "
                  "thread, but upcast = " +
                  Twine(upcast) + " allows fewer lanes");
  // Every input's lanes stay in its innermost run: the iteration shape ends
  // with the images' 4.
  if (!planAccess(kTexelLanes))
    return reject("has an image argument, read a texel of four lanes a "
                  "thread, but another input's lanes would not be "
                  "contiguous");
  result.upcast = kTexelLanes;
  return true;
}

std::optional<KernelPlan> Planner::plan(int64_t blockSize, int64_t upcast) {
  if (func.isExternal() || !func.getBody().hasOneBlock()) {
    reject("has no body of one block");
    return std::nullopt;
  }
  if (func.getNumResults() == 0) {
    reject("has no result");
    return std::nullopt;
  }
  if (!checkResults() || !checkArguments() || !checkBody())
    return std::nullopt;
  // Every other buffer is no larger than the results (the values broadcast
  // to their shape), so its count cannot overflow either.
  std::optional<int64_t> size = checkedProduct(result.shape);
  if (!size || *size == 0) {
    reject(size ? Twine("has results of no element")
                : Twine("has results of more than 2^63 elements"));
    return std::nullopt;
  }
  result.size = *size;
  if (!chooseUpcast(upcast))
    return std::nullopt;
  int64_t threads = result.size / result.upcast;
  result.block = std::min(blockSize, threads);
  result.grid = llvm::divideCeil(threads, result.block);
  if (result.grid > std::numeric_limits<int32_t>::max()) {
    reject("needs more than 2^31 - 1 blocks");
    return std::nullopt;
  }
  return std::move(result);
}

std::optional<KernelPlan> tolk::kernelize::planKernel(func::FuncOp func,
                                                      int64_t blockSize,
                                                      int64_t upcast,
                                                      std::string &whyNot) {
  return Planner(func, whyNot).plan(blockSize, upcast);
}
