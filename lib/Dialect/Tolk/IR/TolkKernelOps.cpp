//===- TolkKernelOps.cpp - Tolk kernel-level operations -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verifiers, custom syntax and builders of the kernel-level ops
// (TolkKernelOps.td). The generated op classes are compiled with the others
// in TolkOps.cpp (one Tolk.cpp.inc).
//
//===----------------------------------------------------------------------===//

#include "GatedLoad.h"

#include "tolk/Dialect/Tolk/IR/ConstantMapping.h"
#include "tolk/Dialect/Tolk/IR/KernelSignature.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/Const.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace tolk;
using dtype::DType;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The value of `v` as an integer when it is a constant: an `index` or
/// builtin integer attribute, or a `tolk.const` integer. Nothing for
/// `invalid` and for anything that is not a constant.
static std::optional<llvm::DynamicAPInt> getConstantInteger(Value v) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  if (auto intAttr = dyn_cast<IntegerAttr>(attr)) {
    bool isUnsigned = intAttr.getType().isUnsignedInteger();
    return dtype::fromAPInt(intAttr.getValue(), !isUnsigned);
  }
  if (std::optional<dtype::Const> value = getConstantValue(attr))
    if (!value->isInvalid() && value->value().isInt())
      return value->value().getInt();
  return std::nullopt;
}

/// The type a load through `ptr` gives and a store through it takes: the
/// pointee for vector width 1, `vector<v x T>` for a scalar pointee T.
/// Emits an error at `op` for an image pointer and for a vector pointee with
/// a vector width (MLIR has no vectors of vectors).
static FailureOr<Type> getAccessType(Operation *op, PtrType ptr) {
  if (ptr.getImage())
    return op->emitOpError("does not take image pointers, but got ")
           << ptr
           << ": images are read and written by tolk.image_load and "
              "tolk.image_store";
  Type elt = ptr.getElementType();
  if (ptr.getVecWidth() == 1)
    return elt;
  if (isa<VectorType>(elt))
    return op->emitOpError("cannot access ")
           << ptr << ": a pointer to lanes has no vector width";
  return Type(VectorType::get({static_cast<int64_t>(ptr.getVecWidth())}, elt));
}

/// Whether `op` is inside a kernel: its function carries upstream's
/// `gpu.kernel` attribute, as `gpu.func ... kernel` does.
static bool isInsideKernel(Operation *op) {
  auto fn = op->getParentOfType<FunctionOpInterface>();
  return fn && fn->hasAttr(gpu::GPUDialect::getKernelFuncAttrName());
}

/// The checks `tolk.define_local` and `tolk.define_reg` share: a pointer of
/// the op's address space with a positive element count.
static LogicalResult verifyAllocation(Operation *op, PtrType type,
                                      AddrSpace space) {
  if (type.getAddrSpace() != space)
    return op->emitOpError("result must be a ")
           << stringifyAddrSpace(space) << " pointer, not " << type;
  if (type.getImage())
    return op->emitOpError("result must not be an image pointer, but got ")
           << type;
  if (type.getSize() < 1)
    return op->emitOpError("result needs a positive element count, as in ")
           << PtrType::get(type.getElementType(), space, 16) << ", but got "
           << type;
  if (type.getVecWidth() != 1)
    return op->emitOpError("result must have vector width 1, but got ") << type;
  return success();
}

//===----------------------------------------------------------------------===//
// The kernel's signature
//===----------------------------------------------------------------------===//

LogicalResult
tolk::verifyLaunchSizes(gpu::GPUFuncOp kernel,
                        function_ref<InFlightDiagnostic()> emitError) {
  for (auto [name, sizes] :
       {std::pair{"known_block_size", kernel.getKnownBlockSizeAttr()},
        std::pair{"known_grid_size", kernel.getKnownGridSizeAttr()}}) {
    if (!sizes)
      continue;
    for (int32_t size : sizes.asArrayRef())
      if (size < 1)
        return emitError() << "kernel '" << kernel.getName() << "' has " << name
                           << " " << sizes << ": each size must be positive";
  }
  return success();
}

LogicalResult
tolk::verifyKernelParameter(gpu::GPUFuncOp kernel, unsigned index,
                            function_ref<InFlightDiagnostic()> emitError) {
  auto ptr = dyn_cast<PtrType>(kernel.getArgumentTypes()[index]);
  if (!ptr || (ptr.getAddrSpace() != AddrSpace::local &&
               ptr.getAddrSpace() != AddrSpace::reg))
    return success();
  return emitError() << "parameter #" << index << " of kernel '"
                     << kernel.getName() << "' is " << ptr
                     << ": a launch passes global buffers and alu values; "
                        "allocate "
                     << (ptr.getAddrSpace() == AddrSpace::local
                             ? "workgroup memory with tolk.define_local"
                             : "private memory with tolk.define_reg")
                     << " in the kernel";
}

LogicalResult tolk::verifyKernelSignature(gpu::GPUFuncOp kernel) {
  auto here = [&] { return kernel.emitOpError(); };
  if (failed(verifyLaunchSizes(kernel, here)))
    return failure();
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i)
    if (failed(verifyKernelParameter(kernel, i, here)))
      return failure();
  return success();
}

/// The kernel `op` is in, if it is in a gpu.func kernel.
static gpu::GPUFuncOp getKernel(Operation *op) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  return kernel && kernel.isKernel() ? kernel : nullptr;
}

/// The parameter rule, for an op that accesses memory through `ptr`: when
/// it is a parameter of the kernel the op is in.
static LogicalResult verifyAccessedParameter(Operation *op, Value ptr) {
  auto arg = dyn_cast<BlockArgument>(ptr);
  gpu::GPUFuncOp kernel = getKernel(op);
  if (!arg || !kernel || arg.getOwner() != &kernel.getBody().front() ||
      arg.getArgNumber() >= kernel.getNumArguments())
    return success();
  return verifyKernelParameter(kernel, arg.getArgNumber(),
                               [&] { return op->emitOpError(); });
}

//===----------------------------------------------------------------------===//
// tolk.special
//===----------------------------------------------------------------------===//

LogicalResult SpecialOp::verify() {
  if (gpu::GPUFuncOp kernel = getKernel(*this))
    if (failed(verifyLaunchSizes(kernel, [&] { return emitOpError(); })))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// tolk.index
//===----------------------------------------------------------------------===//

LogicalResult IndexOp::verify() {
  if (failed(verifyAccessedParameter(*this, getBase())))
    return failure();
  PtrType ptr = getBase().getType();
  if (ptr.getAddrSpace() == AddrSpace::alu)
    return emitOpError("cannot index ")
           << ptr << ": an alu pointer is a by-value parameter, not memory";
  if (ptr.getImage())
    return emitOpError("does not take image pointers, but got ")
           << ptr
           << ": a texel's coordinate is an operand of "
              "tolk.image_load and tolk.image_store";

  // Bounds: only a chain of constant offsets from a buffer (a value that no
  // tolk.index made) is provably out of bounds. A negative offset on an
  // indexed pointer may step back into the buffer, so only the sum counts.
  int64_t size = ptr.getSize();
  if (size < 0)
    return success();
  llvm::DynamicAPInt total(0);
  IndexOp cur = *this;
  while (true) {
    std::optional<llvm::DynamicAPInt> c = getConstantInteger(cur.getOffset());
    if (!c)
      return success();
    total += *c;
    cur = cur.getBase().getDefiningOp<IndexOp>();
    if (!cur)
      break;
  }
  unsigned width = ptr.getVecWidth();
  if (total >= 0 && total + width <= size)
    return success();
  InFlightDiagnostic diag = emitOpError("element offset ")
                            << dtype::toDecimal(total);
  if (width != 1)
    diag << " with vector width " << width;
  diag << " is out of bounds of " << ptr << ": valid offsets are 0 to "
       << size - static_cast<int64_t>(width);
  if (total != *getConstantInteger(getOffset()))
    diag << " (the offsets of the tolk.index chain add up to "
         << dtype::toDecimal(total) << ")";
  return diag;
}

//===----------------------------------------------------------------------===//
// tolk.load
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr) {
  auto type = cast<PtrType>(ptr.getType());
  // A pointer without an access type gets its pointee; the verifier then
  // says why it cannot be loaded.
  Type result = type.getElementType();
  if (type.getVecWidth() != 1 && !isa<VectorType>(result))
    result =
        VectorType::get({static_cast<int64_t>(type.getVecWidth())}, result);
  build(builder, state, result, ptr, Value(), Value());
}

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value gate, Value alternative) {
  build(builder, state, alternative.getType(), ptr, gate, alternative);
}

// tolk.load %ptr [if %gate else %alternative] attr-dict : ptr-type -> type
LogicalResult LoadOp::verify() {
  if (failed(verifyAccessedParameter(*this, getPtr())))
    return failure();
  PtrType ptr = getPtr().getType();
  FailureOr<Type> expected = getAccessType(*this, ptr);
  if (failed(expected))
    return failure();
  if (getType() != *expected)
    return emitOpError("result type ") << getType() << " does not match " << ptr
                                       << ": expected " << *expected;
  return detail::verifyGatedLoad(*this, getGate(), getAlternative(), getType());
}

LogicalResult tolk::detail::verifyGatedLoad(Operation *op, Value gate,
                                            Value alternative, Type type) {
  if (gate && !alternative)
    return op->emitOpError("a gated load needs an alternative value of type ")
           << type;
  if (alternative && !gate)
    return op->emitOpError("an alternative value needs a gate");
  return success();
}

//===----------------------------------------------------------------------===//
// tolk.store
//===----------------------------------------------------------------------===//

LogicalResult StoreOp::verify() {
  if (failed(verifyAccessedParameter(*this, getPtr())))
    return failure();
  PtrType ptr = getPtr().getType();
  if (ptr.getAddrSpace() == AddrSpace::alu)
    return emitOpError("cannot store through ")
           << ptr << ": an alu pointer is a read-only by-value parameter";
  FailureOr<Type> expected = getAccessType(*this, ptr);
  if (failed(expected))
    return failure();
  if (getValue().getType() != *expected)
    return emitOpError("value type ")
           << getValue().getType() << " does not match " << ptr << ": expected "
           << *expected;
  return success();
}

//===----------------------------------------------------------------------===//
// tolk.define_local, tolk.define_reg
//===----------------------------------------------------------------------===//

LogicalResult DefineLocalOp::verify() {
  if (failed(verifyAllocation(*this, getType(), AddrSpace::local)))
    return failure();
  // Workgroup memory exists once per launch of a kernel; a device function
  // called from several places has no workgroup attribution to lower to.
  if (!isInsideKernel(*this))
    return emitOpError("must be inside a kernel (a gpu.func with the "
                       "'kernel' attribute)");
  return success();
}

LogicalResult DefineRegOp::verify() {
  return verifyAllocation(*this, getType(), AddrSpace::reg);
}

//===----------------------------------------------------------------------===//
// tolk.range
//===----------------------------------------------------------------------===//

void RangeOp::build(OpBuilder &builder, OperationState &state, Value lowerBound,
                    Value upperBound, Value step) {
  state.addOperands({lowerBound, upperBound, step});
  Region *region = state.addRegion();
  auto *body = new Block();
  body->addArgument(lowerBound.getType(), state.location);
  region->push_back(body);
  ensureTerminator(*region, builder, state.location);
}

// tolk.range %iv = %lb to %ub step %step : type region attr-dict
ParseResult RangeOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::Argument iv;
  OpAsmParser::UnresolvedOperand lb, ub, step;
  Type type;
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parser.parseOperand(lb) || parser.parseKeyword("to") ||
      parser.parseOperand(ub) || parser.parseKeyword("step") ||
      parser.parseOperand(step) || parser.parseColonType(type) ||
      parser.resolveOperand(lb, type, result.operands) ||
      parser.resolveOperand(ub, type, result.operands) ||
      parser.resolveOperand(step, type, result.operands))
    return failure();
  iv.type = type;
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, iv))
    return failure();
  ensureTerminator(*body, parser.getBuilder(), result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

void RangeOp::print(OpAsmPrinter &p) {
  p << ' ' << getInductionVar() << " = " << getLowerBound() << " to "
    << getUpperBound() << " step " << getStep() << " : "
    << getLowerBound().getType() << ' ';
  p.printRegion(getRegion(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
  p.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult RangeOp::verify() {
  Type type = getLowerBound().getType();
  Block *body = getBody();
  if (body->getNumArguments() != 1 || body->getArgument(0).getType() != type)
    return emitOpError("body must have one argument, the induction "
                       "variable, of type ")
           << type;
  return success();
}

SmallVector<Region *> RangeOp::getLoopRegions() { return {&getRegion()}; }

std::optional<SmallVector<Value>> RangeOp::getLoopInductionVars() {
  return SmallVector<Value>{getInductionVar()};
}

std::optional<SmallVector<OpFoldResult>> RangeOp::getLoopLowerBounds() {
  return SmallVector<OpFoldResult>{OpFoldResult(getLowerBound())};
}

std::optional<SmallVector<OpFoldResult>> RangeOp::getLoopUpperBounds() {
  return SmallVector<OpFoldResult>{OpFoldResult(getUpperBound())};
}

std::optional<SmallVector<OpFoldResult>> RangeOp::getLoopSteps() {
  return SmallVector<OpFoldResult>{OpFoldResult(getStep())};
}
