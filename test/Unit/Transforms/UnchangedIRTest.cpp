//===- UnchangedIRTest.cpp - Passes that change nothing preserve all ------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A Tolk pass that leaves the IR as it was marks all analyses preserved, so
// that the pass manager skips the verifier after it (docs/Lowering.md,
// "Passes that change nothing"); one that changes it must not, or the
// verifier would miss what it broke and analyses would go stale. Each pass
// runs between a pass that computes an analysis and one that looks for it
// in the cache, on an input it has nothing to do on and on one it rewrites.
// So does an upstream conversion under tolk::createIfPresentPass, which
// must also print as the pass and rewrite as it does.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/Passes.h"
#include "tolk/Dialect/Tolk/Transforms/Passes.h"
#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/KernelPipeline.h"
#include "tolk/Pipelines/Pipelines.h"
#include "tolk/Transforms/Passes.h"
#include "tolk/Upstream/CanonicalizerGroup.h"
#include "tolk/Upstream/IfPresent.h"

#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

#include <functional>
#include <ostream>
#include <string>

using namespace mlir;

namespace {

/// An analysis that costs nothing: only whether it is cached matters.
struct Marker {
  explicit Marker(Operation *) {}
};

/// Computes the marker on its operation.
struct ComputeMarker : public PassWrapper<ComputeMarker, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ComputeMarker)
  void runOnOperation() override {
    (void)getAnalysis<Marker>();
    markAllAnalysesPreserved();
  }
};

/// Records whether the marker is still cached on its operation.
struct FindMarker : public PassWrapper<FindMarker, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FindMarker)
  explicit FindMarker(bool &found) : found(found) {}
  void runOnOperation() override {
    found = getCachedAnalysis<Marker>().has_value();
    markAllAnalysesPreserved();
  }
  bool &found;
};

/// Loads Tolk's dialects, with the extensions the pipelines run with (the
/// dialects' LLVM conversion interfaces among them), and runs one pass
/// between the marker passes.
template <typename Param>
class MarkerTest : public ::testing::TestWithParam<Param> {
protected:
  MarkerTest() {
    DialectRegistry registry;
    tolk::registerAllDialects(registry);
    tolk::registerTolkPipelineExtensions(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Runs `pass` on the ops `anchor` names in `source` ("func.func",
  /// "gpu.module" or "builtin.module"); whether the marker survived it.
  bool preserved(StringRef anchor, std::unique_ptr<Pass> pass,
                 const char *source) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module) << source;
    if (!module)
      return false;
    PassManager pm(&context);
    OpPassManager &nested = anchor == "builtin.module"
                                ? static_cast<OpPassManager &>(pm)
                                : pm.nest(anchor);
    bool found = false;
    nested.addPass(std::make_unique<ComputeMarker>());
    nested.addPass(std::move(pass));
    nested.addPass(std::make_unique<FindMarker>(found));
    EXPECT_TRUE(succeeded(pm.run(*module))) << source;
    return found;
  }

  MLIRContext context;
};

struct Case {
  const char *name;
  const char *anchor;
  std::function<std::unique_ptr<Pass>()> create;
  /// A module the pass leaves as it is, and one it rewrites.
  const char *unchanged;
  const char *changed;
};

// The case's name in ctest's list, not its bytes.
void PrintTo(const Case &c, std::ostream *os) { *os << c.name; }

class UnchangedIRTest : public MarkerTest<Case> {};

TEST_P(UnchangedIRTest, NothingToDoPreservesAll) {
  const Case &c = GetParam();
  EXPECT_TRUE(preserved(c.anchor, c.create(), c.unchanged));
}

TEST_P(UnchangedIRTest, RewritePreservesNothing) {
  const Case &c = GetParam();
  EXPECT_FALSE(preserved(c.anchor, c.create(), c.changed));
}

// An f32 function with nothing for any of the passes below.
constexpr const char *kPlainFunction = R"mlir(
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  return %0 : f32
}
)mlir";

constexpr const char *kPlainGPUModule = R"mlir(
gpu.module @kernels {
  llvm.func @k(%a: f32) -> f32 {
    %0 = llvm.fadd %a, %a : f32
    llvm.return %0 : f32
  }
}
)mlir";

constexpr const char *kSCFFunction = R"mlir(
func.func @f(%c: i1, %a: f32) -> f32 {
  %0 = scf.if %c -> f32 {
    scf.yield %a : f32
  } else {
    %1 = arith.negf %a : f32
    scf.yield %1 : f32
  }
  return %0 : f32
}
)mlir";

// A module as --tolk-kernelize and the NVVM and ROCDL pipelines leave it
// for gpu-to-llvm: the tensor-level function, kernels in the LLVM dialect
// with NVVM or ROCDL ops (none of them lowered to inline PTX), a binary.
constexpr const char *kLoweredKernels = R"mlir(
module attributes {gpu.container_module} {
  func.func @f(%a: tensor<4xf32>) -> tensor<4xf8E4M3FN> {
    %0 = tolk.cast %a : tensor<4xf32> to tensor<4xf8E4M3FN>
    return %0 : tensor<4xf8E4M3FN>
  }
  gpu.module @nvvm {
    llvm.func @k(%a: f32, %b: f32) -> i16 {
      %t = nvvm.read.ptx.sreg.tid.x : i32
      %f = llvm.sitofp %t : i32 to f32
      %s = llvm.fadd %a, %f : f32
      %r = nvvm.convert.f32x2.to.f8x2 %s, %b {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : i16 (f8E4M3FN)
      llvm.return %r : i16
    }
  }
  gpu.module @rocdl {
    llvm.func @k() -> i32 {
      %0 = rocdl.workitem.id.x : i32
      llvm.return %0 : i32
    }
  }
  gpu.binary @compiled [#gpu.object<#nvvm.target, "">]
}
)mlir";

// The vector ops of Tolk's kernels, none of which convert-vector-to-scf
// lowers (it lowers transfers and prints).
constexpr const char *kKernelVectorOps = R"mlir(
func.func @f(%m: memref<8xf32>, %i: index, %s: f32) -> vector<2xi32> {
  %0 = vector.load %m[%i] : memref<8xf32>, vector<4xf32>
  %1 = vector.extract %0[1] : f32 from vector<4xf32>
  %2 = vector.broadcast %1 : f32 to vector<4xf32>
  %3 = vector.insert %s, %2[0] : f32 into vector<4xf32>
  %4 = vector.from_elements %1, %s : vector<2xf32>
  %5 = vector.shuffle %3, %3 [0, 2] : vector<4xf32>, vector<4xf32>
  %6 = arith.addf %4, %5 : vector<2xf32>
  %7 = vector.bitcast %6 : vector<2xf32> to vector<2xi32>
  vector.store %3, %m[%i] : memref<8xf32>, vector<4xf32>
  return %7 : vector<2xi32>
}
)mlir";

constexpr const char *kVectorPrint = R"mlir(
func.func @f(%a: vector<4xf32>) {
  vector.print %a : vector<4xf32>
  return
}
)mlir";

const Case kCases[] = {
    {"canonicalize", "func.func",
     [] { return tolk::CanonicalizerGroup().create(); }, kPlainFunction,
     R"mlir(
func.func @f(%a: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %0 = arith.addi %a, %zero : i32
  return %0 : i32
}
)mlir"},
    {"decompose", "func.func", [] { return tolk::createTolkDecompose(); },
     kPlainFunction, R"mlir(
func.func @f(%a: si8, %b: ui8) -> si16 {
  %0 = tolk.sub %a, %b : (si8, ui8) -> si16
  return %0 : si16
}
)mlir"},
    {"commit_weak", "func.func", [] { return tolk::createTolkCommitWeak(); },
     kPlainFunction, R"mlir(
func.func @f() -> !tolk.weakint {
  %c = tolk.const 300 : !tolk.weakint
  return %c : !tolk.weakint
}
)mlir"},
    {"expand_ipowi", "func.func", [] { return tolk::createTolkExpandIPowI(); },
     kPlainFunction, R"mlir(
func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = math.ipowi %a, %b : i32
  return %0 : i32
}
)mlir"},
    {"expand_float_conversions", "func.func",
     [] { return tolk::createTolkExpandFloatConversions(); }, kPlainFunction,
     R"mlir(
func.func @f(%a: f32) -> f8E4M3FN {
  %0 = arith.truncf %a : f32 to f8E4M3FN
  return %0 : f8E4M3FN
}
)mlir"},
    {"expand_saturating_truncf", "func.func",
     [] { return tolk::createTolkExpandSaturatingTruncF(); }, kPlainFunction,
     R"mlir(
func.func @f(%a: f16) -> f8E5M2 {
  %0 = tolk.saturating_truncf %a : f16 to f8E5M2
  return %0 : f8E5M2
}
)mlir"},
    {"native_float_conversions", "func.func",
     [] {
       tolk::TolkNativeFloatConversionsOptions options;
       options.chip = "sm_90";
       return tolk::createTolkNativeFloatConversions(options);
     },
     kPlainFunction, R"mlir(
func.func @f(%a: vector<2xf32>) -> vector<2xf8E4M3FN> {
  %0 = arith.truncf %a : vector<2xf32> to vector<2xf8E4M3FN>
  return %0 : vector<2xf8E4M3FN>
}
)mlir"},
    {"expand_powf", "func.func", [] { return tolk::createTolkExpandPowF(); },
     kPlainFunction, R"mlir(
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = math.powf %a, %b : f32
  return %0 : f32
}
)mlir"},
    {"expand_f64_math", "func.func",
     [] { return tolk::createTolkExpandF64Math(); }, kPlainFunction,
     R"mlir(
func.func @f(%a: f64) -> f64 {
  %0 = math.exp2 %a : f64
  return %0 : f64
}
)mlir"},
    {"nvvm_sqrt", "gpu.module", [] { return tolk::createTolkNVVMSqrt(); },
     kPlainGPUModule, R"mlir(
gpu.module @kernels {
  llvm.func @__nv_sqrtf(f32) -> f32
  llvm.func @k(%a: f32) -> f32 {
    %0 = llvm.call @__nv_sqrtf(%a) : (f32) -> f32
    llvm.return %0 : f32
  }
}
)mlir"},
    {"rocdl_math", "gpu.module", [] { return tolk::createTolkROCDLMath(); },
     kPlainGPUModule, R"mlir(
gpu.module @kernels {
  llvm.func @__ocml_exp2_f32(f32) -> f32
  llvm.func @k(%a: f32) -> f32 {
    %0 = llvm.call @__ocml_exp2_f32(%a) : (f32) -> f32
    llvm.return %0 : f32
  }
}
)mlir"},
    {"rocdl_dispatch_dims", "gpu.module",
     [] { return tolk::createTolkROCDLDispatchDims(); }, kPlainGPUModule,
     R"mlir(
gpu.module @kernels {
  llvm.func @k() -> i32 {
    %0 = rocdl.workgroup.dim.x : i32
    llvm.return %0 : i32
  }
}
)mlir"},
    // A conversion is skipped without its dialect's ops (upstream's passes
    // preserve nothing, even when they convert nothing), and runs with them.
    {"if_present_dialect", "builtin.module",
     [] {
       return tolk::createIfPresentPass(createSCFToControlFlowPass(), {"scf"});
     },
     kPlainFunction, kSCFFunction},
    {"if_present_op", "builtin.module",
     [] {
       return tolk::createIfPresentPass(createReconcileUnrealizedCastsPass(),
                                        {"builtin.unrealized_conversion_cast"});
     },
     kPlainFunction, R"mlir(
func.func @f(%a: f32) -> f32 {
  %0 = builtin.unrealized_conversion_cast %a : f32 to i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to f32
  return %1 : f32
}
)mlir"},
    {"if_present_vector_to_scf", "builtin.module",
     [] {
       return tolk::createIfPresentPass(
           createConvertVectorToSCFPass(),
           {"vector.transfer_read", "vector.transfer_write", "vector.print"});
     },
     kKernelVectorOps, kVectorPrint},
    {"gpu_to_llvm_if_present", "builtin.module",
     [] { return tolk::createGpuToLLVMIfPresentPass(); }, kLoweredKernels,
     kPlainFunction},
};

INSTANTIATE_TEST_SUITE_P(TolkPasses, UnchangedIRTest,
                         ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case> &info) {
                           return std::string(info.param.name);
                         });

/// Where its ops are, the wrapper gives the module the pass gives; in a
/// printed pipeline it is the pass.
class IfPresentTest : public MarkerTest<int> {
protected:
  std::string run(std::unique_ptr<Pass> pass, const char *source) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module) << source;
    if (!module)
      return "";
    PassManager pm(&context);
    pm.addPass(std::move(pass));
    EXPECT_TRUE(succeeded(pm.run(*module))) << source;
    return print(*module);
  }

  /// `source`, parsed and printed.
  std::string print(const char *source) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module) << source;
    return module ? print(*module) : "";
  }

  static std::string print(ModuleOp module) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module.print(os);
    return text;
  }
};

TEST_F(IfPresentTest, RunsThePassWhereItsOpsAre) {
  std::string wrapped =
      run(tolk::createIfPresentPass(createSCFToControlFlowPass(), {"scf"}),
          kSCFFunction);
  EXPECT_EQ(wrapped, run(createSCFToControlFlowPass(), kSCFFunction));
  EXPECT_EQ(wrapped.find("scf.if"), std::string::npos) << wrapped;
}

/// The upstream facts the wrappers rely on: on the modules they skip, the
/// bare passes change nothing.
TEST_F(IfPresentTest, SkippedModulesAreUnchangedByThePass) {
  EXPECT_EQ(run(createGpuToLLVMConversionPass(), kLoweredKernels),
            print(kLoweredKernels));
  EXPECT_EQ(run(createConvertVectorToSCFPass(), kKernelVectorOps),
            print(kKernelVectorOps));
}

/// gpu-to-llvm runs on each kind of op it has work on, and gives what it
/// gives bare.
TEST_F(IfPresentTest, GpuToLLVMRunsWhereItHasWork) {
  const char *sources[] = {
      // A host function of the LLVM-convertible kind.
      kPlainFunction,
      // A scalar op in the tensor-level function.
      R"mlir(
func.func @f(%a: tensor<4xf32>) -> (tensor<4xf32>, index) {
  %c = arith.constant 4 : index
  return %a, %c : tensor<4xf32>, index
}
)mlir",
      // A math op that the NVVM lowering of kernels leaves.
      R"mlir(
gpu.module @kernels {
  llvm.func @k(%a: f32) -> f32 {
    %0 = math.trunc %a : f32
    llvm.return %0 : f32
  }
}
)mlir",
      // An NVVM op lowered to inline PTX.
      R"mlir(
gpu.module @kernels {
  llvm.func @k(%n: i32) {
    nvvm.barrier.arrive number_of_threads = %n
    llvm.return
  }
}
)mlir",
  };
  for (const char *source : sources) {
    std::string wrapped = run(tolk::createGpuToLLVMIfPresentPass(), source);
    EXPECT_EQ(wrapped, run(createGpuToLLVMConversionPass(), source));
    EXPECT_NE(wrapped, print(source)) << source;
  }
}

TEST_F(IfPresentTest, PrintsAsThePass) {
  auto print = [&](bool wrapped) {
    PassManager pm(&context);
    auto add = [&](std::unique_ptr<Pass> pass, StringRef trigger) {
      pm.addPass(wrapped ? tolk::createIfPresentPass(std::move(pass), {trigger})
                         : std::move(pass));
    };
    add(createSCFToControlFlowPass(), "scf");
    // With an option set (complex-range).
    add(tolk::createComplexAsFolderPass(), "complex");
    std::string text;
    llvm::raw_string_ostream os(text);
    pm.printAsTextualPipeline(os);
    return text;
  };
  EXPECT_EQ(print(true), print(false));
  EXPECT_NE(print(true).find("complex-range=improved"), std::string::npos);
}

/// The checks never change the IR: they preserve all.
struct CheckCase {
  const char *name;
  const char *anchor;
  std::function<std::unique_ptr<Pass>()> create;
  const char *source;
};

void PrintTo(const CheckCase &c, std::ostream *os) { *os << c.name; }

class CheckPassTest : public MarkerTest<CheckCase> {};

TEST_P(CheckPassTest, PreservesAll) {
  const CheckCase &c = GetParam();
  EXPECT_TRUE(preserved(c.anchor, c.create(), c.source));
}

const CheckCase kChecks[] = {
    {"check_pipeline_input", "builtin.module",
     [] { return tolk::createCheckPipelineInputPass(); }, kPlainFunction},
    {"check_gpu_types", "gpu.module",
     [] { return tolk::createCheckGPUDataTypesPass("NVVM"); }, kPlainGPUModule},
    {"check_gpu_target_input", "gpu.module",
     [] {
       return tolk::createCheckGPUTargetInputPass(
           "NVVM", TypeID::get<NVVM::NVVMTargetAttr>());
     },
     kPlainGPUModule},
    {"nvvm_wide_conversions", "gpu.module",
     [] { return tolk::createTolkNVVMWideConversions(); }, kPlainGPUModule},
    {"spirv_check_kernels", "gpu.module",
     [] { return tolk::createTolkSPIRVCheckKernels(); }, R"mlir(
gpu.module @kernels {
  gpu.func @k(%p: memref<4xf32>) kernel {
    gpu.return
  }
}
)mlir"},
};

INSTANTIATE_TEST_SUITE_P(TolkChecks, CheckPassTest,
                         ::testing::ValuesIn(kChecks),
                         [](const ::testing::TestParamInfo<CheckCase> &info) {
                           return std::string(info.param.name);
                         });

} // namespace
