//===- HostJit.h - A module compiled for this CPU ---------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_RUNTIME_HOST_HOSTJIT_H
#define TOLK_LIB_RUNTIME_HOST_HOSTJIT_H

#include "tolk/Runtime/Runtime.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"

namespace tolk::runtime::host {

/// The packed host function of a kernel (--tolk-gpu-to-host): its
/// arguments' addresses in one array.
using HostFunction = void (*)(void **);

/// A module JIT-compiled for this CPU: the engine that owns the code, and
/// each kernel's host function, in the order of `kernels`.
class HostModule : public CompiledModule {
public:
  ~HostModule() override;
  /// Set once, when the module is compiled.
  void setEngine(std::unique_ptr<mlir::ExecutionEngine> engine);
  std::vector<HostFunction> functions;
  /// The engines alive in the process (Device::countLiveObjects).
  static int64_t liveEngines();

private:
  std::unique_ptr<mlir::ExecutionEngine> engine;
};

/// Lowers a clone of `module` with --tolk-to-llvm (bounds-checked or not)
/// and JIT-compiles it at -O3 for this CPU.
llvm::Expected<std::shared_ptr<CompiledModule>>
compileHostModule(mlir::ModuleOp module, std::vector<KernelInfo> kernels,
                  bool boundsCheck);

} // namespace tolk::runtime::host

#endif // TOLK_LIB_RUNTIME_HOST_HOSTJIT_H
