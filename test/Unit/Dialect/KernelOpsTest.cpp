//===- KernelOpsTest.cpp - The kernel ops' C++ builders -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The builders that infer something: a load's type from its pointer (vector
// width included) or its alternative, and a range's body with its induction
// variable and terminator. A kernel built with them verifies and prints as
// the lit tests write it (kernel-ops.mlir).
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;
using namespace tolk;

namespace {

class KernelOpsTest : public ::testing::Test {
protected:
  KernelOpsTest() : builder(&ctx) {
    ctx.loadDialect<TolkDialect, gpu::GPUDialect>();
    loc = UnknownLoc::get(&ctx);
    module = ModuleOp::create(loc);
  }

  /// A kernel `k` of the given argument types in a gpu.module, with the
  /// builder in its body.
  gpu::GPUFuncOp makeKernel(TypeRange args) {
    builder.setInsertionPointToEnd(module->getBody());
    auto gpuModule = gpu::GPUModuleOp::create(builder, loc, "m");
    builder.setInsertionPointToStart(gpuModule.getBody());
    auto fn = gpu::GPUFuncOp::create(builder, loc, "k",
                                     builder.getFunctionType(args, {}));
    fn->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                builder.getUnitAttr());
    builder.setInsertionPointToStart(&fn.getBody().front());
    return fn;
  }

  /// Ends `fn`, verifies the module (failing the test on a diagnostic) and
  /// prints it.
  std::string finish(gpu::GPUFuncOp fn) {
    gpu::ReturnOp::create(builder, loc);
    std::string diagnostics;
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
      diagnostics += d.str() + "\n";
      return success();
    });
    EXPECT_TRUE(succeeded(verify(*module))) << diagnostics;
    std::string text;
    llvm::raw_string_ostream os(text);
    fn.print(os);
    return text;
  }

  MLIRContext ctx;
  OpBuilder builder;
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module;
};

TEST_F(KernelOpsTest, LoadTypeComesFromThePointer) {
  Type f16 = builder.getF16Type();
  auto scalar = PtrType::get(builder.getF32Type(), AddrSpace::global, 64);
  auto lanes = PtrType::get(&ctx, f16, AddrSpace::global, 64, /*vecWidth=*/4,
                            std::nullopt, {});
  gpu::GPUFuncOp fn = makeKernel({scalar, lanes});
  auto a = LoadOp::create(builder, loc, fn.getArgument(0));
  auto b = LoadOp::create(builder, loc, fn.getArgument(1));
  EXPECT_EQ(a.getType(), builder.getF32Type());
  EXPECT_EQ(b.getType(), VectorType::get({4}, f16));
  EXPECT_FALSE(a.getGate());
  EXPECT_FALSE(a.getAlternative());
  std::string text = finish(fn);
  EXPECT_NE(text.find("tolk.load %arg0 : !tolk.ptr<f32, global, 64> -> f32"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("tolk.load %arg1 : !tolk.ptr<f16, global, 64, v = 4> "
                      "-> vector<4xf16>"),
            std::string::npos)
      << text;
}

TEST_F(KernelOpsTest, GatedAccessesAndAllocations) {
  auto buf = PtrType::get(builder.getF32Type(), AddrSpace::global, 256);
  gpu::GPUFuncOp fn = makeKernel({buf, builder.getI1Type()});
  Type si32 = IntegerType::get(&ctx, 32, IntegerType::Signed);
  auto lid = SpecialOp::create(builder, loc, si32, SpecialKind::local_id,
                               Dimension::x);
  auto local = DefineLocalOp::create(
      builder, loc, PtrType::get(builder.getF32Type(), AddrSpace::local, 256));
  auto reg = DefineRegOp::create(
      builder, loc, PtrType::get(builder.getF32Type(), AddrSpace::reg, 1));
  auto p = IndexOp::create(builder, loc, fn.getArgument(0), lid);
  EXPECT_EQ(p.getType(), buf);
  auto zero = ConstOp::create(builder, loc, builder.getF32Type(),
                              dtype::Const::ofDouble(0.0));
  auto x = LoadOp::create(builder, loc, p, fn.getArgument(1), zero);
  EXPECT_EQ(x.getType(), builder.getF32Type());
  auto q = IndexOp::create(builder, loc, local, lid);
  StoreOp::create(builder, loc, q, x, fn.getArgument(1));
  StoreOp::create(builder, loc, reg, x, Value());
  std::string text = finish(fn);
  for (const char *expected :
       {"tolk.special local_id x : si32",
        "tolk.define_local : !tolk.ptr<f32, local, 256>",
        "tolk.define_reg : !tolk.ptr<f32, reg, 1>",
        "tolk.load %3 if %arg1 else %4 : !tolk.ptr<f32, global, 256> -> f32",
        "tolk.store %6, %5 if %arg1 : !tolk.ptr<f32, local, 256>, f32",
        "tolk.store %2, %5 : !tolk.ptr<f32, reg, 1>, f32"})
    EXPECT_NE(text.find(expected), std::string::npos) << expected << "\nin\n"
                                                      << text;
}

TEST_F(KernelOpsTest, RangeBuildsItsBody) {
  Type si32 = IntegerType::get(&ctx, 32, IntegerType::Signed);
  auto buf = PtrType::get(si32, AddrSpace::global, 8);
  gpu::GPUFuncOp fn = makeKernel({buf});
  auto lb = ConstOp::create(builder, loc, si32, dtype::Const::ofInt(0));
  auto ub = ConstOp::create(builder, loc, si32, dtype::Const::ofInt(8));
  auto step = ConstOp::create(builder, loc, si32, dtype::Const::ofInt(1));
  auto range = RangeOp::create(builder, loc, lb, ub, step);
  Block *body = range.getBody();
  ASSERT_EQ(body->getNumArguments(), 1u);
  EXPECT_EQ(range.getInductionVar().getType(), si32);
  ASSERT_TRUE(isa<EndOp>(body->getTerminator()));
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(body->getTerminator());
    auto p = IndexOp::create(builder, loc, fn.getArgument(0),
                             range.getInductionVar());
    StoreOp::create(builder, loc, p, range.getInductionVar(), Value());
  }
  std::optional<SmallVector<Value>> ivs =
      cast<LoopLikeOpInterface>(range.getOperation()).getLoopInductionVars();
  ASSERT_TRUE(ivs.has_value());
  EXPECT_EQ((*ivs)[0], range.getInductionVar());
  std::string text = finish(fn);
  EXPECT_NE(text.find("tolk.range %arg1 = %0 to %1 step %2 : si32 {"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("tolk.end"), std::string::npos) << text;
}

} // namespace
