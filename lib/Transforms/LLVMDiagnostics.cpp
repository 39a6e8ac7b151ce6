//===- LLVMDiagnostics.cpp - LLVM's errors as MLIR diagnostics ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/LLVMDiagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace llvm;

namespace {
class Collector : public DiagnosticHandler {
public:
  explicit Collector(tolk::LLVMDiagnostics &out) : out(out) {}

  bool handleDiagnostics(const DiagnosticInfo &info) override {
    SmallVector<std::string> *list = nullptr;
    if (info.getSeverity() == DS_Error)
      list = &out.errors;
    else if (info.getSeverity() == DS_Warning)
      list = &out.warnings;
    else
      return true; // Remarks and notes: nobody asked for them.
    std::string message;
    raw_string_ostream os(message);
    DiagnosticPrinterRawOStream printer(os);
    info.print(printer);
    // Once: a module of many functions gets the same message for each.
    if (!llvm::is_contained(*list, message))
      list->push_back(std::move(message));
    return true;
  }

private:
  tolk::LLVMDiagnostics &out;
};

/// Where the fatal error handler puts the message of a fatal error on this
/// thread, inside runRecoveringLLVMFatalErrors.
thread_local std::string *fatalMessage = nullptr;

void onFatalError(void *, const char *reason, bool) {
  if (fatalMessage)
    if (CrashRecoveryContext *context = CrashRecoveryContext::GetCurrent()) {
      *fatalMessage = reason;
      context->HandleExit(1);
    }
  // Anywhere else, what LLVM's own handler prints; report_fatal_error then
  // ends the process as it always does.
  errs() << "LLVM ERROR: " << reason << "\n";
}
} // namespace

std::unique_ptr<DiagnosticHandler> tolk::LLVMDiagnostics::makeHandler() {
  return std::make_unique<Collector>(*this);
}

bool tolk::runRecoveringLLVMFatalErrors(function_ref<void()> fn,
                                        std::string &message) {
  static std::once_flag once;
  std::call_once(once, [] {
    CrashRecoveryContext::Enable();
    install_fatal_error_handler(onFatalError);
  });
  CrashRecoveryContext context;
  std::string *outer = fatalMessage;
  fatalMessage = &message;
  bool finished = context.RunSafely(fn);
  fatalMessage = outer;
  if (!finished && message.empty())
    message = "it crashed";
  return finished;
}
