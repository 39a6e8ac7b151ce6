//===- LLVMDiagnostics.h - LLVM's errors as MLIR diagnostics ----*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// An llvm::LLVMContext without a diagnostic handler prints an error with no
// location and calls exit(1), from whatever thread LLVM's code generator
// runs on; a fatal error (report_fatal_error) aborts the process. Every
// LLVMContext Tolk creates (serializing a gpu.module, tolk-run's JIT) gets a
// handler that collects the messages instead, which the caller reports as
// diagnostics at the op they concern (docs/Lowering.md, "LLVM's errors").
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TRANSFORMS_LLVMDIAGNOSTICS_H
#define TOLK_TRANSFORMS_LLVMDIAGNOSTICS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DiagnosticHandler.h"

#include <memory>
#include <string>

namespace tolk {

/// The errors and warnings LLVM reported through a context's diagnostic
/// handler, each distinct message once, in order.
struct LLVMDiagnostics {
  llvm::SmallVector<std::string> errors;
  llvm::SmallVector<std::string> warnings;

  /// A handler that records into this object, for
  /// llvm::LLVMContext::setDiagnosticHandler; it must not outlive it.
  std::unique_ptr<llvm::DiagnosticHandler> makeHandler();
};

/// Runs `fn`, and returns false, with the message in `message`, when LLVM
/// reports a fatal error (or the code under it crashes) instead of letting
/// it end the process: the last line of defence around LLVM's code
/// generators, whose input the pipelines check before (a fatal error that
/// gets here is a bug of Tolk's). Uses llvm::CrashRecoveryContext, so that
/// the process survives with what `fn` allocated leaked.
bool runRecoveringLLVMFatalErrors(llvm::function_ref<void()> fn,
                                  std::string &message);

} // namespace tolk

#endif // TOLK_TRANSFORMS_LLVMDIAGNOSTICS_H
