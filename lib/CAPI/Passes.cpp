//===- Passes.cpp - C API of the Tolk passes ------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk-c/Passes.h"
#include "tolk/InitAllPasses.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <mutex>

using namespace mlir;
// The generated definitions call registerTolkPasses(), createTolk...()
// unqualified.
using namespace tolk;

#ifdef __cplusplus
extern "C" {
#endif

#include "tolk-c/ConversionPasses.capi.cpp.inc"
#include "tolk-c/TransformsPasses.capi.cpp.inc"
#include "tolk-c/UpstreamPasses.capi.cpp.inc"
#include "tolk/Dialect/Tolk/Transforms/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif

void tolkRegisterPipelines(void) { tolk::registerTolkPipelines(); }

void tolkRegisterAllPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] { tolk::registerAllPasses(); });
}

MlirLogicalResult tolkRunPassPipeline(MlirOperation op, MlirStringRef pipeline,
                                      MlirStringCallback errorCallback,
                                      void *userData) {
  Operation *root = unwrap(op);
  StringRef text = unwrap(pipeline);
  StringRef anchor = root->getName().getStringRef();
  mlir::detail::CallbackOstream errors(errorCallback, userData);
  PassManager pm(root->getContext(), anchor);
  LogicalResult parsed = failure();
  if (text.trim().starts_with((anchor + "(").str())) {
    // With its anchor, as mlirParsePassPipeline takes it.
    FailureOr<OpPassManager> whole = parsePassPipeline(text, errors);
    if (succeeded(whole)) {
      static_cast<OpPassManager &>(pm) = std::move(*whole);
      parsed = success();
    }
  } else {
    // Without, the passes run on the operation itself, as mlir-opt's pass
    // flags do.
    parsed = parsePassPipeline(text, pm, errors);
  }
  errors.flush();
  if (failed(parsed))
    return wrap(failure());
  return wrap(pm.run(root));
}
