//===- HostBackend.cpp - tolk-run on this CPU -----------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--backend host`: the module through --tolk-to-llvm, then MLIR's
// ExecutionEngine (LLVM's ORC JIT for this CPU), which calls the kernel's
// host function once for the whole launch.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

#include "tolk/Conversion/GPUToHost/GPUToHost.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Transforms/LLVMDiagnostics.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/TargetSelect.h"

using namespace mlir;
using namespace tolk::run;

namespace {

class HostBackend : public Backend {
public:
  llvm::Error run(ModuleOp module, const Kernel &kernel,
                  Launch &launch) override {
    OwningOpRef<ModuleOp> lowered = module.clone();
    PassManager pm(module.getContext());
    tolk::buildTolkToLLVMPipeline(pm);
    if (failed(pm.run(*lowered)))
      return llvm::createStringError(
          "the host pipeline (--tolk-to-llvm) failed on kernel '" +
          kernel.name + "'");

    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    ExecutionEngineOptions options;
    // O2 for the kernel's loops: the JIT's own default does not optimize.
    // `ExecutionEngineOptions::transformer` is a function_ref, so the
    // std::function it refers to must outlive ExecutionEngine::create: bound
    // to a temporary, it dangled and the JIT compiled the module unoptimized
    // (docs/Rationale.md, "Host lowering").
    std::function<llvm::Error(llvm::Module *)> optimize =
        makeOptimizingTransformer(/*optLevel=*/2, /*sizeLevel=*/0,
                                  /*targetMachine=*/nullptr);
    // LLVM's errors in the JIT's own LLVMContext are collected, not printed
    // without a location with exit(1) (tolk/Transforms/LLVMDiagnostics.h).
    tolk::LLVMDiagnostics diagnostics;
    std::function<llvm::Error(llvm::Module *)> transformer =
        [&](llvm::Module *m) {
          m->getContext().setDiagnosticHandler(diagnostics.makeHandler());
          return optimize(m);
        };
    options.transformer = transformer;
    llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
        ExecutionEngine::create(*lowered, options);
    if (!engine)
      return engine.takeError();

    // The host function's LLVM signature (convert-func-to-llvm without the
    // C interface): each memref argument is its descriptor's five fields
    // (allocated and aligned pointer, offset, size, stride), a scalar is its
    // LLVM type (read from the low bytes of its zero-extended bits, which
    // is its value on a little-endian host), then the grid and the block.
    struct Descriptor {
      void *allocated;
      void *aligned;
      int64_t offset, size, stride;
    };
    std::vector<Descriptor> descriptors;
    descriptors.reserve(kernel.params.size());
    std::array<int64_t, tolk::kHostLaunchArgs> sizes;
    for (unsigned i = 0; i < 3; ++i) {
      sizes[i] = launch.grid[i];
      sizes[3 + i] = launch.block[i];
    }
    llvm::SmallVector<void *, 32> args;
    for (const Param &p : kernel.params) {
      if (p.kind == Param::Kind::Scalar) {
        args.push_back(&launch.scalars[p.slot]);
        continue;
      }
      std::vector<uint8_t> &bytes = launch.buffers[p.slot];
      int64_t elements = bytes.size() / tolk::dtype::itemsize(p.dtype);
      descriptors.push_back({bytes.data(), bytes.data(), 0, elements, 1});
      Descriptor &d = descriptors.back();
      args.append({&d.allocated, &d.aligned, &d.offset, &d.size, &d.stride});
    }
    for (int64_t &size : sizes)
      args.push_back(&size);
    llvm::Error invoked = (*engine)->invokePacked(
        tolk::getHostKernelName(kernel.module, kernel.name), args);
    if (diagnostics.errors.empty())
      return invoked;
    llvm::consumeError(std::move(invoked));
    return llvm::createStringError("LLVM's JIT failed on kernel '" +
                                   kernel.name +
                                   "': " + diagnostics.errors.front());
  }
};

} // namespace

Backend::~Backend() = default;

std::unique_ptr<Backend> tolk::run::createHostBackend() {
  return std::make_unique<HostBackend>();
}
