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
// ("Kernelization") records the decisions. Planning is KernelPlan.cpp,
// building the kernel KernelBuild.cpp; this file is the pass and the launch
// it describes.
//
//===----------------------------------------------------------------------===//

#include "KernelPlan.h"

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"

// The pass depends on the dialects of the kernels it builds.
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKKERNELIZE
#include "tolk/Dialect/Tolk/Transforms/Passes.h.inc"
} // namespace tolk

using namespace mlir;
using namespace tolk;
using namespace tolk::kernelize;

namespace {

struct Kernelize : public tolk::impl::TolkKernelizeBase<Kernelize> {
  using TolkKernelizeBase::TolkKernelizeBase;
  void runOnOperation() override;
};

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
