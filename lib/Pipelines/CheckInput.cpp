//===- CheckInput.cpp - What every Tolk pipeline refuses first ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The first pass of every pipeline: a diagnostic at the op for what the
// pipeline's later passes, or LLVM's back ends, would take without a word
// and then fail on or miscompile (docs/Rationale.md, "Limits"):
//   - a kernel whose launch sizes or parameters break the kernel rules
//     (tolk/Dialect/Tolk/IR/KernelSignature.h), or whose known launch sizes
//     are past what every target launches;
//   - on a GPU target (a pass of its own, on the kernels), a data type the
//     target has no lowering for: f128 and complex<f128> (every GPU target
//     lowers complex<f32> and complex<f64>);
//   - a value with more lanes than kMaxLanes, which LLVM's back ends take
//     minutes to compile (AMDGPU, 64 lanes of a few float ops: ten seconds;
//     256: a hundred), or scalable lanes, which no target here has;
//   - a builtin.module nested in the pipeline's with functions or
//     gpu.modules in it, which the pipeline's nested pass managers (on the
//     func.func and gpu.module children of its own module) never reach.
//
//===----------------------------------------------------------------------===//

#include "tolk/Pipelines/Pipelines.h"

#include "tolk/Dialect/Tolk/IR/KernelSignature.h"
#include "tolk/Dialect/Tolk/IR/KnownLocation.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace {

/// Why `vector` has lanes no pipeline compiles, or nothing.
std::optional<std::string> lanesPastLimit(VectorType vector) {
  std::string spelling;
  llvm::raw_string_ostream os(spelling);
  os << vector;
  if (vector.isScalable())
    return spelling + " has scalable lanes, which no Tolk target has";
  if (vector.getNumElements() > tolk::kMaxLanes)
    return spelling + " has " + std::to_string(vector.getNumElements()) +
           " lanes: Tolk's pipelines compile at most " +
           std::to_string(tolk::kMaxLanes) +
           " lanes per value (docs/Rationale.md, \"Limits\"); use a "
           "tensor, which --tolk-kernelize spreads over threads";
  return std::nullopt;
}

/// The launch limits every target shares (docs/Rationale.md, "Limits"):
/// CUDA's, which AMD's (1024 threads a block) and Vulkan's on the devices it
/// runs on meet. A size past them compiled without a word (ptxas only warns
/// about a `.maxntid` past 1024) and failed at launch.
constexpr int64_t kMaxBlockThreads = 1024;
constexpr int64_t kMaxBlockSize[3] = {1024, 1024, 64};
constexpr int64_t kMaxGridSize[3] = {(int64_t{1} << 31) - 1, 65535, 65535};
/// AMD's dispatch packet counts a dimension's threads in 32 bits.
constexpr int64_t kMaxDimThreads = (int64_t{1} << 32) - 1;

/// Why `kernel`'s known launch sizes are past kMax..., or nothing.
std::optional<std::string> launchPastLimit(gpu::GPUFuncOp kernel) {
  DenseI32ArrayAttr block = kernel.getKnownBlockSizeAttr();
  DenseI32ArrayAttr grid = kernel.getKnownGridSizeAttr();
  static const char dims[] = "xyz";
  auto at = [](DenseI32ArrayAttr sizes, unsigned d) -> int64_t {
    return sizes && d < sizes.size() ? sizes.asArrayRef()[d] : 1;
  };
  if (block) {
    int64_t threads = 1;
    for (unsigned d = 0; d < 3; ++d) {
      threads *= at(block, d);
      if (at(block, d) > kMaxBlockSize[d])
        return "known_block_size's " + std::string(1, dims[d]) + " is " +
               std::to_string(at(block, d)) + ", past " +
               std::to_string(kMaxBlockSize[d]) +
               ", the most every target launches";
    }
    if (threads > kMaxBlockThreads)
      return "known_block_size makes blocks of " + std::to_string(threads) +
             " threads, past " + std::to_string(kMaxBlockThreads) +
             ", the most every target launches";
  }
  if (grid)
    for (unsigned d = 0; d < 3; ++d) {
      if (at(grid, d) > kMaxGridSize[d])
        return "known_grid_size's " + std::string(1, dims[d]) + " is " +
               std::to_string(at(grid, d)) + ", past " +
               std::to_string(kMaxGridSize[d]) +
               ", the most every target launches";
      if (block && at(grid, d) * at(block, d) > kMaxDimThreads)
        return "known_grid_size and known_block_size make " +
               std::to_string(at(grid, d) * at(block, d)) + " threads in " +
               std::string(1, dims[d]) +
               ", past 2^32 - 1, the most AMD's "
               "dispatch counts";
    }
  return std::nullopt;
}

/// Whether `module` holds a function or a gpu.module, at any depth.
bool holdsCode(Operation *module) {
  return module
      ->walk([](Operation *op) {
        return isa<FunctionOpInterface, gpu::GPUModuleOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

struct CheckPipelineInput
    : public PassWrapper<CheckPipelineInput, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckPipelineInput)
  StringRef getArgument() const override { return "tolk-check-pipeline-input"; }
  StringRef getDescription() const override {
    return "Refuse kernels that break the kernel rules, and values with too "
           "many lanes";
  }

  void runOnOperation() override {
    // A check: the pass manager need not verify the IR again after it.
    markAllAnalysesPreserved();
    bool ok = true;
    // Each type once (a module repeats few of them), and each vector type
    // reported once, at the first op that has it (in a pointer type, say).
    DenseSet<Type> checked;
    auto check = [&](Operation *op, Type type) {
      if (!checked.insert(type).second)
        return;
      type.walk([&](VectorType vector) {
        if (!checked.insert(vector).second && vector != type)
          return;
        if (std::optional<std::string> why = lanesPastLimit(vector)) {
          op->emitOpError() << *why;
          ok = false;
        }
      });
    };
    Operation *root = getOperation();
    root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != root && isa<ModuleOp>(op) && holdsCode(op)) {
        op->emitOpError()
            << "is nested in the module the pipeline runs on, which "
               "compiles only that module's own functions and gpu.modules: "
               "move this module's up, or run the pipeline on it "
               "(--pass-pipeline='builtin.module(builtin.module(...))')";
        ok = false;
        return WalkResult::skip();
      }
      if (auto kernel = dyn_cast<gpu::GPUFuncOp>(op)) {
        if (kernel.isKernel() && failed(tolk::verifyKernelSignature(kernel)))
          ok = false;
        else if (kernel.isKernel())
          if (std::optional<std::string> why = launchPastLimit(kernel)) {
            kernel.emitOpError()
                << "kernel '" << kernel.getName() << "': " << *why
                << " (docs/Rationale.md, \"Limits\")";
            ok = false;
          }
      }
      for (Type t : op->getResultTypes())
        check(op, t);
      for (Type t : op->getOperandTypes())
        check(op, t);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            check(op, arg.getType());
      return WalkResult::advance();
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace

namespace {

/// Why a GPU target has no lowering for the scalar type `t`, or nothing.
std::optional<std::string> gpuTypeGap(Type t, StringRef target) {
  if (auto c = dyn_cast<ComplexType>(t)) {
    if (!c.getElementType().isF128())
      return std::nullopt;
    // Spelled only for the message: this runs on every operand and result.
    std::string spelling;
    llvm::raw_string_ostream(spelling) << t;
    return spelling + " has f128 parts, which " + target.str() +
           " has no arithmetic for";
  }
  if (t.isF128())
    return "f128 has no " + target.str() +
           " lowering: no GPU has binary128 arithmetic, and Tolk has no "
           "soft-float library for one (it runs on the host)";
  return std::nullopt;
}

struct CheckGPUDataTypes
    : public PassWrapper<CheckGPUDataTypes, OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckGPUDataTypes)
  CheckGPUDataTypes(StringRef target) : target(target.str()) {}
  StringRef getArgument() const override { return "tolk-check-gpu-types"; }
  StringRef getDescription() const override {
    return "Refuse data types a GPU target has no lowering for";
  }

  void runOnOperation() override {
    markAllAnalysesPreserved();
    // One diagnostic per type, at the first op (in program order) that
    // computes on it: an op without memory effects with an operand or a
    // result of the type or of lanes of it. That is the Tolk op the kernel's
    // arithmetic was lowered from and keeps its location; the loads, stores
    // and views of the buffers have the function's. A type that nothing
    // computes on (a buffer's, say) is reported at the first op that has
    // it in any type, the kernel at worst.
    llvm::MapVector<Type, std::pair<Operation *, std::string>> computed, held;
    auto check = [&](Operation *op, Type type, bool computes) {
      // The scalar type of a value, a vector or a memref (of vectors): the
      // gap is the scalar's, and a complex<f128> is one gap, not also its
      // part's.
      Type scalar = type;
      while (auto shaped = dyn_cast<ShapedType>(scalar))
        scalar = shaped.getElementType();
      std::optional<std::string> why = gpuTypeGap(scalar, target);
      if (!why)
        return;
      bool onValue = !isa<ShapedType>(type) || isa<VectorType>(type);
      (computes && onValue ? computed : held).insert({scalar, {op, *why}});
    };
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      bool computes = isMemoryEffectFree(op);
      for (Type t : llvm::concat<const Type>(op->getOperandTypes(),
                                             op->getResultTypes()))
        check(op, t, computes);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            check(op, arg.getType(), /*computes=*/false);
    });
    for (auto &[t, at] : held)
      computed.insert({t, at});
    for (auto &[t, at] : computed)
      emitError(tolk::getKnownLocation(at.first)) << at.second;
    if (!computed.empty())
      signalPassFailure();
  }

  std::string target;
};

/// Whether the NVVM and ROCDL pipelines map `memorySpace` to an LLVM
/// address space: none, an integer, or a #gpu.address_space (the GPU
/// lowerings' memory space conversion). Upstream's type converter fails on
/// any other with an error at no location.
bool hasLLVMAddressSpace(Attribute memorySpace) {
  return !memorySpace || isa<IntegerAttr, gpu::AddressSpaceAttr>(memorySpace);
}

struct CheckGPUTargetInput
    : public PassWrapper<CheckGPUTargetInput, OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckGPUTargetInput)
  CheckGPUTargetInput(StringRef target, TypeID targetAttr)
      : target(target.str()), targetAttr(targetAttr) {}
  StringRef getArgument() const override {
    return "tolk-check-gpu-target-input";
  }
  StringRef getDescription() const override {
    return "Refuse a gpu.module with another target's attribute, or a memory "
           "space the LLVM GPU targets have no address space for";
  }

  void runOnOperation() override {
    markAllAnalysesPreserved();
    gpu::GPUModuleOp module = getOperation();
    bool ok = true;
    // The pipeline appends its own target to the module's; one of another
    // kind would get the kernels as lowered for this one (NVVM intrinsics
    // handed to the AMDGPU back end, say).
    if (ArrayAttr targets = module.getTargetsAttr())
      for (Attribute attr : targets)
        if (attr.getTypeID() != targetAttr) {
          module.emitOpError()
              << "has the target " << attr << ", which the " << target
              << " pipeline does not compile for: it lowers the kernels to "
              << target
              << " and attaches a target of its own; drop the attribute, or "
                 "compile the module with its own target's pipeline";
          ok = false;
        }
    // Each memory space once, at the first op that has a memref in it.
    DenseSet<Attribute> reported;
    auto check = [&](Operation *op, Type type) {
      type.walk([&](BaseMemRefType memref) {
        Attribute space = memref.getMemorySpace();
        if (hasLLVMAddressSpace(space) || !reported.insert(space).second)
          return;
        emitError(tolk::getKnownLocation(op))
            << "the memory space of " << memref << " has no " << target
            << " address space: the NVVM and ROCDL pipelines take none, an "
               "integer address space, or a #gpu.address_space";
        ok = false;
      });
    };
    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      for (Type t : llvm::concat<const Type>(op->getOperandTypes(),
                                             op->getResultTypes()))
        check(op, t);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            check(op, arg.getType());
    });
    if (!ok)
      signalPassFailure();
  }

  std::string target;
  TypeID targetAttr;
};

} // namespace

std::unique_ptr<Pass> tolk::createCheckPipelineInputPass() {
  return std::make_unique<CheckPipelineInput>();
}

std::unique_ptr<Pass> tolk::createCheckGPUDataTypesPass(StringRef target) {
  return std::make_unique<CheckGPUDataTypes>(target);
}

std::unique_ptr<Pass> tolk::createCheckGPUTargetInputPass(StringRef target,
                                                          TypeID targetAttr) {
  return std::make_unique<CheckGPUTargetInput>(target, targetAttr);
}
