//===- KernelABI.cpp - The kernel ABI's attributes, checked ---------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The verifiers of the dialect's discardable attributes (TolkDialect.td),
// the contract between --tolk-kernelize, the conversions and the hosts
// (docs/Kernels.md, "The kernel ABI"): each belongs on one kind of op, has
// one type, and its values are in range. An attribute of the dialect that
// is not declared there is an error.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/Images.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/Const.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace tolk;
using dtype::DType;

/// The error for `name` on `op`, an op it does not belong on.
static InFlightDiagnostic misplaced(Operation *op, StringRef name,
                                    StringRef where) {
  return op->emitError("'") << name << "' belongs on " << where << ", not on '"
                            << op->getName() << "'";
}

/// The error for `name` whose value is not `expected`.
static InFlightDiagnostic mistyped(Operation *op, StringRef name,
                                   StringRef expected, Attribute value) {
  return op->emitError("'")
         << name << "' must be " << expected << ", not " << value;
}

/// `tolk.kernel = @module::@kernel` on a kernelized func.func.
static LogicalResult verifyKernel(Operation *op, StringRef name,
                                  Attribute value) {
  if (!isa<func::FuncOp>(op))
    return misplaced(op, name, "a kernelized func.func");
  auto ref = dyn_cast<SymbolRefAttr>(value);
  if (!ref || ref.getNestedReferences().size() != 1)
    return mistyped(op, name, "@module::@kernel", value);
  return success();
}

/// `tolk.launch = #tolk.launch<...>` on a kernelized func.func, beside its
/// tolk.kernel: the same kernel, a parameter for every argument and every
/// result of the function (once, of its element type, a buffer for a
/// tensor of rank 1 or more, of its element count), and as many parameters
/// as the kernel has, where the kernel is still a gpu.func.
static LogicalResult verifyLaunch(Operation *op, StringRef name,
                                  Attribute value) {
  auto func = dyn_cast<func::FuncOp>(op);
  if (!func)
    return misplaced(op, name, "a kernelized func.func");
  auto launch = dyn_cast<LaunchAttr>(value);
  if (!launch)
    return mistyped(op, name, "a #tolk.launch", value);
  auto *dialect = op->getContext()->getLoadedDialect<TolkDialect>();
  SymbolRefAttr kernel = dialect->getKernelAttrHelper().getAttr(op);
  StringRef kernelName = TolkDialect::KernelAttrHelper::getNameStr();
  if (!kernel)
    return op->emitError("'")
           << name << "' needs the function's '" << kernelName << "'";
  if (kernel != launch.getKernel())
    return op->emitError("'")
           << name << "' launches " << launch.getKernel()
           << ", but the function's '" << kernelName << "' is " << kernel;

  FunctionType type = func.getFunctionType();
  llvm::SmallBitVector argBound(type.getNumInputs());
  llvm::SmallBitVector resultBound(type.getNumResults());
  for (auto [i, param] : llvm::enumerate(launch.getParams())) {
    bool isArg = param.getBinding() == ParamBinding::arg;
    llvm::SmallBitVector &bound = isArg ? argBound : resultBound;
    StringRef what = stringifyParamBinding(param.getBinding());
    auto diag = [&, i = i, param = param]() {
      return op->emitError("'") << name << "' parameter #" << i << " binds "
                                << what << " " << param.getIndex() << ": ";
    };
    if (param.getIndex() >= static_cast<int64_t>(bound.size()))
      return diag() << "the function has " << bound.size() << " " << what
                    << (bound.size() == 1 ? "" : "s");
    if (bound.test(param.getIndex()))
      return diag() << "another parameter binds it too";
    bound.set(param.getIndex());
    Type boundType = isArg ? type.getInput(param.getIndex())
                           : type.getResult(param.getIndex());
    if (mlir::getElementTypeOrSelf(boundType) != param.getType())
      return diag() << "its type is " << boundType << ", not of "
                    << param.getType();
    auto tensor = dyn_cast<RankedTensorType>(boundType);
    // A tensor argument marked tolk.image is passed as an image, any other
    // tensor argument of rank 1 or more as a buffer, the rest by value; a
    // result is written, so even one of rank 0 is a buffer.
    StringRef imageName = TolkDialect::ImageAttrHelper::getNameStr();
    ParamKind kind = ParamKind::scalar;
    if (tensor && (tensor.getRank() > 0 || !isArg))
      kind = isArg && func.getArgAttr(param.getIndex(), imageName)
                 ? ParamKind::image
                 : ParamKind::buffer;
    if (kind != param.getKind()) {
      InFlightDiagnostic d = diag() << "a " << boundType;
      if (kind == ParamKind::image)
        d << " marked '" << imageName << "'";
      return d << " is passed as " << (kind == ParamKind::image ? "an " : "a ")
               << stringifyParamKind(kind);
    }
    // A texel is four lanes.
    if (kind == ParamKind::image && *param.getVector() != 4)
      return diag() << "an image is read a texel (4 lanes) at a time, not "
                    << *param.getVector();
    bool isBuffer = kind != ParamKind::scalar;
    if (isBuffer && tensor.hasStaticShape() &&
        tensor.getNumElements() != *param.getCount())
      return diag() << "a " << boundType << " has " << tensor.getNumElements()
                    << " elements, not " << *param.getCount();
  }
  for (auto [what, bound] :
       {std::pair{"argument", &argBound}, {"result", &resultBound}})
    if (!bound->all())
      return op->emitError("'") << name << "' binds no parameter to " << what
                                << " " << bound->flip().find_first();

  if (auto gpuFunc = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          op, launch.getKernel()))
    if (gpuFunc.getNumArguments() != launch.getParams().size())
      return op->emitError("'")
             << name << "' has " << launch.getParams().size()
             << " parameters, but kernel " << launch.getKernel() << " has "
             << gpuFunc.getNumArguments();
  return success();
}

/// `tolk.args`/`tolk.results = array<i64: ...>` on a kernel or its host
/// function, both or neither: the parameter of each argument and result of
/// the kernelized function, each one a parameter of the function, and no
/// parameter twice.
static LogicalResult verifyBindings(Operation *op, StringRef name,
                                    Attribute value) {
  auto fn = dyn_cast<FunctionOpInterface>(op);
  if (!fn)
    return misplaced(op, name, "a kernel or its host function");
  auto bindings = dyn_cast<DenseI64ArrayAttr>(value);
  if (!bindings)
    return mistyped(op, name, "array<i64: ...>", value);
  auto *dialect = op->getContext()->getLoadedDialect<TolkDialect>();
  StringRef argsName = dialect->getArgsAttrHelper().getName().getValue();
  StringRef resultsName = dialect->getResultsAttrHelper().getName().getValue();
  bool isArgs = name == argsName;
  Attribute other = op->getAttr(isArgs ? resultsName : argsName);
  auto otherBindings = dyn_cast_if_present<DenseI64ArrayAttr>(other);
  if (!other)
    return op->emitError("'")
           << name << "' needs '" << (isArgs ? resultsName : argsName) << "'";
  // The parameters are the arguments of a gpu.func or of its host
  // func.func; a lowered kernel (llvm.func, spirv.func) may pass them in
  // other ways, and there only their distinctness is checked.
  std::optional<int64_t> numParams;
  if (isa<gpu::GPUFuncOp, func::FuncOp>(op))
    numParams = fn.getNumArguments();
  // The results' parameters are checked against the arguments' once, with
  // tolk.results.
  llvm::SmallDenseSet<int64_t> seen;
  if (!isArgs && otherBindings)
    seen.insert_range(otherBindings.asArrayRef());
  for (int64_t param : bindings.asArrayRef()) {
    if (param < 0)
      return op->emitError("'") << name << "' binds parameter " << param
                                << ": a parameter is at least 0";
    if (numParams && param >= *numParams)
      return op->emitError("'")
             << name << "' binds parameter " << param << ", but the function "
             << "has " << *numParams;
    if (!seen.insert(param).second)
      return op->emitError("'")
             << name << "' binds parameter " << param << " twice";
  }
  return success();
}

/// `tolk.known_block_size`/`tolk.known_grid_size = array<i32: x, y, z>` on
/// a kernel's host function (func.func, then llvm.func): three sizes, each
/// at least 1.
static LogicalResult verifyKnownSize(Operation *op, StringRef name,
                                     Attribute value) {
  if (!isa<FunctionOpInterface>(op))
    return misplaced(op, name, "a kernel's host function");
  auto sizes = dyn_cast<DenseI32ArrayAttr>(value);
  if (!sizes || sizes.size() != 3 ||
      llvm::any_of(sizes.asArrayRef(), [](int32_t s) { return s < 1; }))
    return mistyped(op, name, "array<i32: x, y, z>, each at least 1", value);
  return success();
}

/// Whether `value` is an integer attribute (not a Bool) of at least `least`.
static bool isIntegerOfAtLeast(Attribute value, int64_t least) {
  auto integer = dyn_cast<IntegerAttr>(value);
  return integer && isa<IntegerType, IndexType>(integer.getType()) &&
         !integer.getType().isInteger(1) &&
         integer.getValue().getSignificantBits() <= 64 &&
         integer.getValue().getSExtValue() >= least;
}

/// `tolk.alignment = N : i64` on a tolk.load or tolk.store: the bytes its
/// address is a multiple of, a power of two.
static LogicalResult verifyAlignment(Operation *op, StringRef name,
                                     Attribute value) {
  if (!isa<LoadOp, StoreOp>(op))
    return misplaced(op, name, "a tolk.load or tolk.store");
  if (!isIntegerOfAtLeast(value, 1) ||
      !llvm::isPowerOf2_64(cast<IntegerAttr>(value).getInt()))
    return mistyped(op, name, "a power of two", value);
  return success();
}

/// `tolk.workgroup_attribution = N : i64` on a tolk.define_local: the
/// position of its workgroup attribution, at least 0.
static LogicalResult verifyAttribution(Operation *op, StringRef name,
                                       Attribute value) {
  if (!isa<DefineLocalOp>(op))
    return misplaced(op, name, "a tolk.define_local");
  if (!isIntegerOfAtLeast(value, 0))
    return mistyped(op, name, "an integer of at least 0", value);
  return success();
}

LogicalResult TolkDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  using Verifier = LogicalResult (*)(Operation *, StringRef, Attribute);
  const std::pair<StringRef, Verifier> verifiers[] = {
      {KernelAttrHelper::getNameStr(), verifyKernel},
      {LaunchAttrHelper::getNameStr(), verifyLaunch},
      {ArgsAttrHelper::getNameStr(), verifyBindings},
      {ResultsAttrHelper::getNameStr(), verifyBindings},
      {KnownBlockSizeAttrHelper::getNameStr(), verifyKnownSize},
      {KnownGridSizeAttrHelper::getNameStr(), verifyKnownSize},
      {AlignmentAttrHelper::getNameStr(), verifyAlignment},
      {WorkgroupAttributionAttrHelper::getNameStr(), verifyAttribution},
  };
  StringRef name = attr.getName().getValue();
  for (auto [known, verifier] : verifiers)
    if (name == known)
      return verifier(op, name, attr.getValue());
  if (name == BoundsAttrHelper::getNameStr())
    return op->emitError("'")
           << name << "' is an argument attribute, of a kernel's by-value "
           << "(alu) parameter";
  if (name == ReadonlyAttrHelper::getNameStr())
    return op->emitError("'")
           << name << "' is an argument attribute, of an image parameter";
  if (name == TolkDialect::ImageAttrHelper::getNameStr())
    return op->emitError("'")
           << name << "' is an argument attribute, of a tensor argument of a "
           << "func.func";
  return op->emitError("unknown attribute '") << name << "'";
}

//===----------------------------------------------------------------------===//
// The argument attribute
//===----------------------------------------------------------------------===//

/// `tolk.image` on argument `type` of `op`: a unit attribute on a tensor
/// argument of a func.func that holds the texels of an image, a static
/// tensor<h x w x 4> of f32 (an imagef) or f16 (an imageh). The storage is
/// the element type, so that the host passes the tensor's own bits.
static LogicalResult verifyImageArgument(Operation *op, Type type,
                                         Attribute value) {
  StringRef name = TolkDialect::ImageAttrHelper::getNameStr();
  if (!isa<func::FuncOp>(op))
    return op->emitError("'")
           << name << "' belongs on a tensor argument of a func.func, not on "
           << "an argument of '" << op->getName() << "'";
  auto tensor = dyn_cast_if_present<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() || tensor.getRank() != 3 ||
      tensor.getDimSize(2) != 4 ||
      !isa<Float32Type, Float16Type>(tensor.getElementType()))
    return op->emitError("'")
           << name << "' belongs on the texels of an image, a "
           << "tensor<HxWx4xf32> (imagef) or tensor<HxWx4xf16> (imageh), not "
           << type;
  if (!isa<UnitAttr>(value))
    return mistyped(op, name, "a unit attribute", value);
  return success();
}

/// The argument attributes. `tolk.bounds = array<i64: lo, hi>`: the
/// inclusive range of a by-value integer parameter, tinygrad's DEFINE_VAR
/// bounds, on an alu pointer to an integer. `tolk.readonly`: an image the
/// kernel never writes. `tolk.image`: a tensor argument that
/// --tolk-kernelize passes as an image.
LogicalResult TolkDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  StringRef name = BoundsAttrHelper::getNameStr();
  StringRef readOnly = ReadonlyAttrHelper::getNameStr();
  StringRef image = TolkDialect::ImageAttrHelper::getNameStr();
  StringRef given = attr.getName().getValue();
  if (given != name && given != readOnly && given != image)
    return op->emitError("unknown argument attribute '")
           << given << "': expected '" << name << "', '" << readOnly << "' or '"
           << image << "'";
  // A declaration has no entry block: take the type from the signature.
  Type type;
  if (auto fn = dyn_cast<FunctionOpInterface>(op)) {
    if (argIndex < fn.getNumArguments())
      type = fn.getArgumentTypes()[argIndex];
  } else if (regionIndex < op->getNumRegions() &&
             !op->getRegion(regionIndex).empty() &&
             argIndex < op->getRegion(regionIndex).getNumArguments()) {
    type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  }
  if (given == readOnly)
    return verifyReadOnlyAttribute(op, type, attr.getValue());
  if (given == image)
    return verifyImageArgument(op, type, attr.getValue());
  auto ptr = dyn_cast_if_present<PtrType>(type);
  std::optional<DType> dt;
  if (ptr && ptr.getAddrSpace() == AddrSpace::alu)
    dt = getDType(ptr.getElementType());
  if (!dt || !dtype::isInt(*dt))
    return op->emitError("'")
           << name << "' belongs on an alu pointer to an integer, such as "
           << "!tolk.ptr<si32, alu>, not " << type;
  auto bounds = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
  if (!bounds || bounds.size() != 2)
    return mistyped(op, name, "array<i64: lo, hi>", attr.getValue());
  int64_t lo = bounds[0], hi = bounds[1];
  if (lo > hi)
    return op->emitError("'")
           << name << "' are empty: " << bounds[0] << " > " << bounds[1];
  // By value: min() and max() return temporaries.
  llvm::DynamicAPInt min = dtype::min(*dt).getInt();
  llvm::DynamicAPInt max = dtype::max(*dt).getInt();
  if (lo < min || hi > max)
    return op->emitError("'")
           << name << "' [" << bounds[0] << ", " << bounds[1] << "] do not fit "
           << ptr.getElementType() << " (" << dtype::toDecimal(min) << " to "
           << dtype::toDecimal(max) << ")";
  return success();
}
