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

#include "tolk/Upstream/ToolGuards.h"

#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Target/SPIRV.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/ParseUtilities.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

// One PTX module (or AMDGCN code object) per file is what ptxas and llvm-mc
// read: a module with several gpu.binary ops (one per gpu.module) is
// refused unless --binary names the one to print; --all-binaries prints them
// one after another, for a script that splits them again.
static llvm::cl::opt<std::string>
    binaryName("binary",
               llvm::cl::desc("Print only the gpu.binary of this "
                              "name (needed where there are several)"),
               llvm::cl::init(""));
static llvm::cl::opt<bool> allBinaries(
    "all-binaries",
    llvm::cl::desc("Print every gpu.binary, one after another (not one "
                   "module: ptxas and llvm-mc reject it)"),
    llvm::cl::init(false));

static LogicalResult printIsa(Operation *root, llvm::raw_ostream &os) {
  SmallVector<gpu::BinaryOp> binaries;
  root->walk([&](gpu::BinaryOp binary) {
    if (binaryName.empty() || binary.getSymName() == binaryName)
      binaries.push_back(binary);
  });
  if (binaries.empty() && !binaryName.empty())
    return root->emitError("has no gpu.binary named '") << binaryName << "'";
  if (binaries.size() > 1 && binaryName.empty() && !allBinaries) {
    std::string names;
    for (gpu::BinaryOp binary : binaries)
      names += (names.empty() ? "" : ", ") + binary.getSymName().str();
    return root->emitError("has ")
           << binaries.size() << " gpu.binary ops (" << names
           << "), and ptxas and llvm-mc read one module a file: choose one "
              "with --binary=NAME";
  }
  bool found = false;
  for (gpu::BinaryOp binary : binaries) {
    for (Attribute a : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(a);
      if (!object || object.getFormat() != gpu::CompilationTarget::Assembly)
        return binary.emitOpError("holds an object that is not assembly: run "
                                  "gpu-module-to-binary{format=isa}");
      os << object.getObject().getValue();
      found = true;
    }
  }
  if (!found)
    return root->emitError("has no gpu.binary object to print");
  return success();
}

// --launch-json: the launch description that --tolk-kernelize puts on each
// kernelized function (`tolk.launch`, a #tolk.launch that the dialect has
// verified), as JSON for hosts that do not read MLIR (an image also with
// its "shape"). It survives the lowering pipelines, which keep the
// function.

static LogicalResult printLaunchJson(Operation *root, llvm::raw_ostream &os) {
  auto launchAttr = root->getContext()
                        ->getOrLoadDialect<tolk::TolkDialect>()
                        ->getLaunchAttrHelper();
  SmallVector<std::pair<func::FuncOp, tolk::LaunchAttr>> launches;
  root->walk([&](func::FuncOp func) {
    if (tolk::LaunchAttr launch = launchAttr.getAttr(func))
      launches.push_back({func, launch});
  });
  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    json.attributeArray("launches", [&] {
      for (auto [func, launch] : launches) {
        SymbolRefAttr kernel = launch.getKernel();
        json.object([&] {
          json.attribute("function", func.getSymName());
          json.attribute("module", kernel.getRootReference().getValue());
          json.attribute("kernel", kernel.getLeafReference().getValue());
          for (auto [field, sizes] : {std::pair{"grid", launch.getGrid()},
                                      {"block", launch.getBlock()}})
            json.attributeArray(field, [&, sizes = sizes] {
              for (int32_t v : sizes)
                json.value(v);
            });
          json.attributeArray("params", [&] {
            for (tolk::LaunchParamAttr param : launch.getParams()) {
              json.object([&] {
                json.attribute("kind",
                               tolk::stringifyParamKind(param.getKind()));
                std::string spelling;
                llvm::raw_string_ostream ts(spelling);
                param.getType().print(ts);
                json.attribute("dtype", spelling);
                if (param.getCount())
                  json.attribute("count", *param.getCount());
                if (param.getVector())
                  json.attribute("vector", *param.getVector());
                // An image's (h, w, 4), which its count alone does not
                // give: the shape of the argument it binds (the dialect
                // verified the binding).
                if (param.getKind() == tolk::ParamKind::image)
                  json.attributeArray("shape", [&] {
                    auto tensor = cast<RankedTensorType>(
                        func.getArgumentTypes()[param.getIndex()]);
                    for (int64_t d : tensor.getShape())
                      json.value(d);
                  });
                json.attribute(tolk::stringifyParamBinding(param.getBinding()),
                               param.getIndex());
              });
            }
          });
        });
      }
    });
  });
  os << "\n";
  return success();
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

/// A translation out of MLIR, as TranslateFromMLIRRegistration registers
/// one (parse, verify, translate), that refuses an input nested past the
/// tools' limit before it parses it (tolk/Upstream/ToolGuards.h).
static void registerFromMLIR(
    StringRef name, StringRef description,
    std::function<LogicalResult(Operation *, llvm::raw_ostream &)> translate) {
  TranslateRegistration(
      name, description,
      [translate](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                  llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        DialectRegistry registry;
        tolk::registerAllDialects(registry);
        tolk::registerTolkPipelineExtensions(registry);
        if (tolk::reportUnreadable(*sourceMgr, sourceMgr->getMainFileID(),
                                   registry))
          return failure();
        ctx->appendDialectRegistry(registry);
        OwningOpRef<Operation *> op = parseSourceFileForTool(
            sourceMgr, ParserConfig(ctx), /*insertImplicitModule=*/true);
        if (!op || failed(verify(*op)))
          return failure();
        return translate(op.get(), os);
      });
}

int main(int argc, char **argv) {
  registerFromMLIR("gpu-binary-to-isa",
                   "Print the assembly of the gpu.binary (--binary=NAME where "
                   "there are several)",
                   printIsa);
  registerFromMLIR("launch-json",
                   "Print the launch description (tolk.launch) of every "
                   "kernelized function as JSON",
                   printLaunchJson);
  registerFromMLIR(
      "serialize-spirv",
      "Write the SPIR-V binary of one kernel of a --tolk-to-spirv module",
      writeSPIRV);
  return tolk::runWithLargeStack([&] {
    return failed(mlirTranslateMain(argc, argv, "Tolk translation driver"));
  });
}
