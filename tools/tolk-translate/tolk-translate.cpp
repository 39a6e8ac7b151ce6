//===- tolk-translate.cpp - Tolk translation driver -----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mlir-translate with the translations out of Tolk pipelines' results.
// `--gpu-binary-to-isa` prints the assembly (PTX) that
// `gpu-module-to-binary{format=isa}` stores in each gpu.binary object, so
// that tests can hand it to the target's assembler.
//
//===----------------------------------------------------------------------===//

#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/Pipelines.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"

using namespace mlir;

// One PTX module per file is what ptxas reads: a module with several
// gpu.binary ops (one per gpu.module) prints them one at a time.
static llvm::cl::opt<std::string>
    binaryName("binary", llvm::cl::desc("Print only the gpu.binary of this "
                                        "name (default: every one)"),
               llvm::cl::init(""));

static LogicalResult printIsa(Operation *root, llvm::raw_ostream &os) {
  bool found = false;
  WalkResult walk = root->walk([&](gpu::BinaryOp binary) {
    if (!binaryName.empty() && binary.getSymName() != binaryName)
      return WalkResult::advance();
    for (Attribute a : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(a);
      if (!object || object.getFormat() != gpu::CompilationTarget::Assembly) {
        binary.emitOpError("holds an object that is not assembly: run "
                           "gpu-module-to-binary{format=isa}");
        return WalkResult::interrupt();
      }
      os << object.getObject().getValue();
      found = true;
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (!found && !binaryName.empty())
    return root->emitError("has no gpu.binary named '") << binaryName << "'";
  if (!found)
    return root->emitError("has no gpu.binary object to print");
  return success();
}

int main(int argc, char **argv) {
  TranslateFromMLIRRegistration isa(
      "gpu-binary-to-isa", "Print the assembly of every gpu.binary object",
      printIsa, [](DialectRegistry &registry) {
        tolk::registerAllDialects(registry);
        tolk::registerTolkPipelineExtensions(registry);
      });
  return failed(mlirTranslateMain(argc, argv, "Tolk translation driver"));
}
