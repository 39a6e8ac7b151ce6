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
// that tests can hand it to the target's assembler. `--serialize-spirv`
// writes the SPIR-V binary of a --tolk-to-spirv module. `--launch-json`
// prints the launch descriptions of --tolk-kernelize as JSON.
//
//===----------------------------------------------------------------------===//

#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Target/SPIRV.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/JSON.h"

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

// --launch-json: the launch description that --tolk-kernelize puts on each
// kernelized function (`tolk.launch`), as JSON for hosts that do not read
// MLIR. It survives the lowering pipelines, which keep the function.
static LogicalResult printLaunchJson(Operation *root, llvm::raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/2);
  LogicalResult result = success();
  json.object([&] {
    json.attributeArray("launches", [&] {
      root->walk([&](Operation *op) {
        auto launch = op->getAttrOfType<DictionaryAttr>("tolk.launch");
        auto name =
            op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
        if (!launch || !name)
          return;
        auto kernel = launch.getAs<SymbolRefAttr>("kernel");
        auto grid = launch.getAs<DenseI32ArrayAttr>("grid");
        auto block = launch.getAs<DenseI32ArrayAttr>("block");
        auto params = launch.getAs<ArrayAttr>("params");
        if (!kernel || !grid || !block || !params ||
            kernel.getNestedReferences().size() != 1) {
          result = op->emitError("malformed tolk.launch: expected kernel, "
                                 "grid, block and params");
          return;
        }
        json.object([&] {
          json.attribute("function", name.getValue());
          json.attribute("module", kernel.getRootReference().getValue());
          json.attribute("kernel", kernel.getLeafReference().getValue());
          json.attributeArray("grid", [&] {
            for (int32_t v : grid.asArrayRef())
              json.value(v);
          });
          json.attributeArray("block", [&] {
            for (int32_t v : block.asArrayRef())
              json.value(v);
          });
          json.attributeArray("params", [&] {
            for (Attribute a : params) {
              auto param = dyn_cast<DictionaryAttr>(a);
              auto kind = param ? param.getAs<StringAttr>("kind") : nullptr;
              auto type = param ? param.getAs<TypeAttr>("type") : nullptr;
              if (!kind || !type) {
                result = op->emitError("malformed tolk.launch parameter: ")
                         << a;
                continue;
              }
              json.object([&] {
                json.attribute("kind", kind.getValue());
                std::string spelling;
                llvm::raw_string_ostream ts(spelling);
                type.getValue().print(ts);
                json.attribute("dtype", spelling);
                for (StringRef field : {"count", "vector", "arg", "result"})
                  if (auto v = param.getAs<IntegerAttr>(field))
                    json.attribute(field, v.getInt());
              });
            }
          });
        });
      });
    });
  });
  os << "\n";
  return result;
}

// --serialize-spirv: the SPIR-V binary of the spirv.module that
// --tolk-to-spirv made for a kernel (tolk/Target/SPIRV.h), which spirv-val
// and a Vulkan host read.
static llvm::cl::opt<std::string> spirvKernel(
    "kernel",
    llvm::cl::desc("With --serialize-spirv: the kernel (entry point) whose "
                   "spirv.module to write (default: the only one)"),
    llvm::cl::init(""));

static LogicalResult writeSPIRV(Operation *root, llvm::raw_ostream &os) {
  FailureOr<SmallVector<uint32_t>> words =
      tolk::serializeSPIRVKernel(root, spirvKernel);
  if (failed(words))
    return failure();
  os.write(reinterpret_cast<const char *>(words->data()),
           words->size() * sizeof(uint32_t));
  return success();
}

int main(int argc, char **argv) {
  TranslateFromMLIRRegistration isa(
      "gpu-binary-to-isa", "Print the assembly of every gpu.binary object",
      printIsa, [](DialectRegistry &registry) {
        tolk::registerAllDialects(registry);
        tolk::registerTolkPipelineExtensions(registry);
      });
  TranslateFromMLIRRegistration launchJson(
      "launch-json",
      "Print the launch description (tolk.launch) of every kernelized "
      "function as JSON",
      printLaunchJson, [](DialectRegistry &registry) {
        tolk::registerAllDialects(registry);
        tolk::registerTolkPipelineExtensions(registry);
      });
  TranslateFromMLIRRegistration spirvBinary(
      "serialize-spirv",
      "Write the SPIR-V binary of one kernel of a --tolk-to-spirv module",
      writeSPIRV, [](DialectRegistry &registry) {
        tolk::registerAllDialects(registry);
        tolk::registerTolkPipelineExtensions(registry);
      });
  return failed(mlirTranslateMain(argc, argv, "Tolk translation driver"));
}
