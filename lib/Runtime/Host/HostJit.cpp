//===- HostJit.cpp - A module compiled for this CPU -----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-to-llvm, then MLIR's ExecutionEngine (LLVM's ORC JIT for this CPU)
// at -O3, with this CPU's target machine: every kernel's host function is
// looked up (so compiled) here, once, and the launches call it.
//
//===----------------------------------------------------------------------===//

#include "HostJit.h"
#include "GridRun.h"

#include "tolk/Conversion/GPUToHost/GPUToHost.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Transforms/LLVMDiagnostics.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <atomic>
#include <mutex>

using namespace mlir;
using namespace tolk::runtime;
using namespace tolk::runtime::host;

static std::atomic<int64_t> liveHostEngines{0};

HostModule::~HostModule() {
  if (engine)
    --liveHostEngines;
}

void HostModule::setEngine(std::unique_ptr<ExecutionEngine> made) {
  engine = std::move(made);
  ++liveHostEngines;
}

int64_t HostModule::liveEngines() { return liveHostEngines.load(); }

static llvm::Error compileError(const llvm::Twine &message) {
  return makeError(ErrorCode::CompileFailed, message);
}

/// The lowered clone of `module`.
static llvm::Expected<OwningOpRef<ModuleOp>> lowerToLLVM(ModuleOp module,
                                                         bool boundsCheck) {
  OwningOpRef<ModuleOp> lowered = module.clone();
  PassManager pm(module.getContext());
  tolk::TolkToLLVMOptions options;
  options.boundsCheck = boundsCheck;
  tolk::buildTolkToLLVMPipeline(pm, options);
  if (failed(pm.run(*lowered))) {
    std::string kernels;
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
      for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>())
        kernels +=
            (kernels.empty() ? "'" : ", '") + kernel.getName().str() + "'";
    return compileError("the host pipeline (--tolk-to-llvm) failed on "
                        "kernel " +
                        kernels);
  }
  return std::move(lowered);
}

llvm::Expected<std::shared_ptr<CompiledModule>>
tolk::runtime::host::compileHostModule(ModuleOp module,
                                       std::vector<KernelInfo> kernels,
                                       bool boundsCheck) {
  llvm::Expected<OwningOpRef<ModuleOp>> lowered =
      lowerToLLVM(module, boundsCheck);
  if (!lowered)
    return lowered.takeError();
  static std::once_flag targetInitialized;
  std::call_once(targetInitialized, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    // LLVM's code calls libgcc's soft-float helpers (an f64 to f16 cast is
    // __truncdfhf2 on x86), which the JIT looks up in the process's global
    // scope. A runtime library loaded with RTLD_LOCAL (Python's ctypes, a
    // plugin's dlopen) brought libgcc_s in outside that scope; loading it
    // again with RTLD_GLOBAL puts it in. Without libgcc_s (a static
    // program) the helpers are the program's own, and this fails harmlessly.
    llvm::sys::DynamicLibrary::LoadLibraryPermanently("libgcc_s.so.1");
  });
  // O3 for the kernel's loops: the JIT's own default does not optimize. The
  // passes get this CPU's target machine, without which the vectorizers see
  // no vector registers and leave the loops scalar.
  // `ExecutionEngineOptions::transformer` is a function_ref, so the
  // std::function it refers to must outlive ExecutionEngine::create: bound
  // to a temporary, it dangled and the JIT compiled the module unoptimized
  // (docs/Lowering.md, "Host lowering").
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> host =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!host)
    return host.takeError();
  host->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      host->createTargetMachine();
  if (!machine)
    return machine.takeError();
  std::function<llvm::Error(llvm::Module *)> optimize =
      makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0,
                                machine->get());
  // LLVM's errors in the JIT's own LLVMContext are collected, not printed
  // without a location with exit(1) (tolk/Transforms/LLVMDiagnostics.h).
  tolk::LLVMDiagnostics diagnostics;
  std::function<llvm::Error(llvm::Module *)> transformer =
      [&](llvm::Module *m) {
        m->getContext().setDiagnosticHandler(diagnostics.makeHandler());
        return optimize(m);
      };
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      ExecutionEngine::create(**lowered, options);
  if (!engine)
    return engine.takeError();
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    symbols[interner(tolk::kHostOutOfBoundsFunction)] = {
        llvm::orc::ExecutorAddr::fromPtr(getOutOfBoundsHandler()),
        llvm::JITSymbolFlags::Exported};
    return symbols;
  });

  auto compiled = std::make_shared<HostModule>();
  for (const KernelInfo &kernel : kernels) {
    // The JIT compiles the module at the first lookup.
    auto fn = (*engine)->lookupPacked(
        tolk::getHostKernelName(kernel.module, kernel.name));
    if (!diagnostics.errors.empty()) {
      if (!fn)
        llvm::consumeError(fn.takeError());
      return compileError("LLVM's JIT failed on kernel '" + kernel.name +
                          "': " + diagnostics.errors.front());
    }
    if (!fn)
      return fn.takeError();
    compiled->functions.push_back(*fn);
  }
  compiled->setEngine(std::move(*engine));
  compiled->kernels = std::move(kernels);
  return compiled;
}
