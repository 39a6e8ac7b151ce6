//===- GPUTargetInfo.cpp - What LLVM knows about a GPU chip ---------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Transforms/GPUTargetInfo.h"

#include "tolk/Transforms/LLVMDiagnostics.h"

#include "mlir/Target/LLVM/NVVM/Utils.h"
#include "mlir/Target/LLVM/ROCDL/Utils.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>

using namespace llvm;

StringRef tolk::getGPUTriple(GPUVendor vendor) {
  return vendor == GPUVendor::NVIDIA ? "nvptx64-nvidia-cuda"
                                     : "amdgcn-amd-amdhsa";
}

static StringRef backendName(tolk::GPUVendor vendor) {
  return vendor == tolk::GPUVendor::NVIDIA ? "NVPTX" : "AMDGPU";
}

/// The back end's subtarget tables (processors and features), for no
/// processor in particular: created once per vendor, read-only after.
static Expected<const MCSubtargetInfo *> getTables(tolk::GPUVendor vendor) {
  static std::once_flag once[2];
  static std::unique_ptr<MCSubtargetInfo> tables[2];
  static std::string errors[2];
  unsigned i = static_cast<unsigned>(vendor);
  std::call_once(once[i], [&] {
    if (vendor == tolk::GPUVendor::NVIDIA)
      mlir::NVVM::SerializeGPUModuleBase::init();
    else
      mlir::ROCDL::SerializeGPUModuleBase::init();
    Triple triple(tolk::getGPUTriple(vendor));
    const Target *target = TargetRegistry::lookupTarget(triple, errors[i]);
    if (target)
      tables[i].reset(target->createMCSubtargetInfo(triple, "", ""));
    if (!tables[i] && errors[i].empty())
      errors[i] = "no subtarget information";
  });
  if (!tables[i])
    return createStringError("this LLVM has no " + backendName(vendor) +
                             " back end: " + errors[i]);
  return tables[i].get();
}

Error tolk::verifyGPUChip(GPUVendor vendor, StringRef chip) {
  Expected<const MCSubtargetInfo *> tables = getTables(vendor);
  if (!tables)
    return tables.takeError();
  if (!chip.empty() && (*tables)->isCPUStringValid(chip))
    return Error::success();
  std::string known;
  for (const SubtargetSubTypeKV &proc :
       (*tables)->getAllProcessorDescriptions())
    known += (known.empty() ? "" : ", ") + std::string(proc.Key);
  StringRef kind = vendor == GPUVendor::NVIDIA ? "NVIDIA" : "AMD GPU";
  std::string what =
      chip.empty() ? "an empty chip name"
                   : "unknown " + kind.str() + " chip '" + chip.str() + "'";
  return createStringError(what + ": LLVM's " + backendName(vendor) +
                           " back end knows " + known);
}

Error tolk::verifyGPUFeatures(GPUVendor vendor, StringRef features) {
  Expected<const MCSubtargetInfo *> tables = getTables(vendor);
  if (!tables)
    return tables.takeError();
  SmallVector<StringRef> parts;
  features.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef part : parts) {
    StringRef feature = part.trim();
    if (feature.empty())
      continue;
    StringRef name = feature.drop_front();
    bool known = (feature.front() == '+' || feature.front() == '-') &&
                 llvm::any_of((*tables)->getAllProcessorFeatures(),
                              [&](const SubtargetFeatureKV &kv) {
                                return name == kv.Key;
                              });
    if (!known)
      return createStringError(
          "unknown " + backendName(vendor) + " feature '" + feature +
          "' (expected +name or -name, e.g. " +
          (vendor == GPUVendor::NVIDIA ? "+ptx81" : "+sramecc,-xnack") +
          "; `llc -mtriple=" + getGPUTriple(vendor) +
          " -mattr=help` lists them)");
  }
  return Error::success();
}

Expected<bool> tolk::hasGPUFeature(GPUVendor vendor, StringRef chip,
                                   StringRef feature) {
  if (Error e = verifyGPUChip(vendor, chip))
    return std::move(e);
  Triple triple(getGPUTriple(vendor));
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError("this LLVM has no " + backendName(vendor) +
                             " back end: " + error);
  std::unique_ptr<MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, chip, ""));
  if (!info)
    return createStringError("no subtarget information for " + chip);
  return info->checkFeatures(("+" + feature).str());
}

std::optional<unsigned> tolk::getRequestedPTXVersion(StringRef features) {
  std::optional<unsigned> version;
  SmallVector<StringRef> parts;
  features.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef part : parts) {
    StringRef digits = part.trim();
    unsigned v;
    if (digits.consume_front("+ptx") && !digits.getAsInteger(10, v))
      version = std::max(version.value_or(0), v);
  }
  return version;
}

std::optional<unsigned> tolk::getSMVersion(StringRef chip) {
  if (!chip.consume_front("sm_"))
    return std::nullopt;
  StringRef digits = chip.take_while(isDigit);
  unsigned sm;
  if (digits.empty() || digits.getAsInteger(10, sm))
    return std::nullopt;
  return sm;
}

std::string tolk::formatPTXVersion(unsigned version) {
  return std::to_string(version / 10) + "." + std::to_string(version % 10);
}

Expected<unsigned> tolk::getDefaultPTXVersion(StringRef chip) {
  static std::mutex mutex;
  static StringMap<unsigned> cache;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(chip);
    if (it != cache.end())
      return it->second;
  }
  if (Error e = verifyGPUChip(GPUVendor::NVIDIA, chip))
    return std::move(e);
  // LLVM keeps the least PTX version of each chip inside its NVPTX
  // subtarget, which no public header reaches; the `.version` line of an
  // empty module's PTX is that version.
  Triple triple(getGPUTriple(GPUVendor::NVIDIA));
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError("this LLVM has no NVPTX back end: " + error);
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, chip, "", TargetOptions(), std::nullopt));
  if (!machine)
    return createStringError("LLVM's NVPTX back end made no target machine "
                             "for " +
                             chip);
  // As every LLVMContext of Tolk's: LLVM's errors are collected, never
  // printed with exit(1) (tolk/Transforms/LLVMDiagnostics.h).
  LLVMDiagnostics diagnostics;
  LLVMContext context;
  context.setDiagnosticHandler(diagnostics.makeHandler());
  Module module("empty", context);
  module.setTargetTriple(triple);
  module.setDataLayout(machine->createDataLayout());
  SmallString<512> ptx;
  {
    raw_svector_ostream os(ptx);
    legacy::PassManager passes;
    if (machine->addPassesToEmitFile(passes, os, nullptr,
                                     CodeGenFileType::AssemblyFile))
      return createStringError("LLVM's NVPTX back end cannot emit PTX");
    passes.run(module);
  }
  if (!diagnostics.errors.empty())
    return createStringError("LLVM's NVPTX back end, on an empty module for " +
                             chip + ": " + diagnostics.errors.front());
  StringRef text = ptx;
  size_t at = text.find("\n.version ");
  unsigned major = 0, minor = 0;
  if (at == StringRef::npos)
    return createStringError("no .version in LLVM's PTX for " + chip);
  StringRef version = text.drop_front(at + 10).take_until(isSpace);
  auto [majorText, minorText] = version.split('.');
  if (majorText.getAsInteger(10, major) || minorText.getAsInteger(10, minor) ||
      minor > 9)
    return createStringError("unexpected .version " + version +
                             " in LLVM's PTX for " + chip);
  std::lock_guard<std::mutex> lock(mutex);
  return cache[chip] = 10 * major + minor;
}
