//===- ElementwiseBuilderTest.cpp - tolk::ElementwiseBuilder
//---------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The C++ face of Tolk's primitive elementwise ops: each call builds the op
// of the same meaning, weak constants are built as such, and what is built
// verifies. The derived ops' definitions are tested through
// --tolk-decompose in lit (decompose.mlir, fold-derived-table.mlir).
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/Utils/ElementwiseBuilder.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <string>

using namespace mlir;
using namespace tolk;

namespace {

class ElementwiseBuilderTest : public ::testing::Test {
protected:
  ElementwiseBuilderTest() : builder(&ctx) {
    ctx.loadDialect<TolkDialect, func::FuncDialect>();
    loc = UnknownLoc::get(&ctx);
    module = ModuleOp::create(loc);
  }

  /// A function `f` of the given argument types in the module, with the
  /// builder at its end.
  func::FuncOp makeFunction(TypeRange args) {
    builder.setInsertionPointToEnd(module->getBody());
    auto fn = func::FuncOp::create(builder, loc, "f",
                                   builder.getFunctionType(args, {}));
    builder.setInsertionPointToEnd(fn.addEntryBlock());
    return fn;
  }

  /// Returns `results` from `fn`, fixes its type, verifies the module and
  /// prints the function's body ops, one per line.
  std::string finish(func::FuncOp fn, ValueRange results) {
    func::ReturnOp::create(builder, loc, results);
    fn.setType(
        builder.getFunctionType(fn.getArgumentTypes(), TypeRange(results)));
    EXPECT_TRUE(succeeded(verify(*module)));
    std::string s;
    llvm::raw_string_ostream os(s);
    for (Operation &op : fn.getBody().front()) {
      op.print(os);
      os << "\n";
    }
    return s;
  }

  MLIRContext ctx;
  OpBuilder builder;
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module;
  Type si8 = IntegerType::get(&ctx, 8, IntegerType::Signed);
  Type ui8 = IntegerType::get(&ctx, 8, IntegerType::Unsigned);
  Type f16 = Float16Type::get(&ctx);
  Type f32 = Float32Type::get(&ctx);
};

TEST_F(ElementwiseBuilderTest, EachCallBuildsItsPrimitive) {
  func::FuncOp fn = makeFunction({si8, f16});
  ElementwiseBuilder eb(builder, loc);
  Value x = fn.getArgument(0), y = fn.getArgument(1);
  ElementwiseValue sum = eb.add(x, y);
  ElementwiseValue prod = eb.mul(x, y);
  ElementwiseValue less = eb.lt(x, y);
  ElementwiseValue equal = eb.eq(x, y);
  ElementwiseValue both = eb.bitwiseAnd(x, x);
  ElementwiseValue either = eb.bitwiseXor(x, x);
  ElementwiseValue bits = eb.bitwiseOr(both, either);
  ElementwiseValue shifted = eb.shr(eb.shl(x, x), x);
  EXPECT_EQ(
      finish(fn, {sum, prod, less, equal, bits, shifted}),
      "%0 = tolk.add %arg0, %arg1 : (si8, f16) -> f16\n"
      "%1 = tolk.mul %arg0, %arg1 : (si8, f16) -> f16\n"
      "%2 = tolk.cmplt %arg0, %arg1 : (si8, f16) -> i1\n"
      "%3 = tolk.cmpeq %arg0, %arg1 : (si8, f16) -> i1\n"
      "%4 = tolk.and %arg0, %arg0 : si8\n"
      "%5 = tolk.xor %arg0, %arg0 : si8\n"
      "%6 = tolk.or %4, %5 : si8\n"
      "%7 = tolk.shl %arg0, %arg0 : si8\n"
      "%8 = tolk.shr %7, %arg0 : si8\n"
      "func.return %0, %1, %2, %3, %6, %8 : f16, f16, i1, i1, si8, si8\n");
}

TEST_F(ElementwiseBuilderTest, WeakConstants) {
  func::FuncOp fn = makeFunction({si8});
  ElementwiseBuilder eb(builder, loc);
  Value x = fn.getArgument(0);
  ElementwiseValue four = eb.weakInt(4);
  ElementwiseValue a = eb.add(x, four);
  ElementwiseValue twoAndAHalf = eb.weakFloat(2.5);
  ElementwiseValue b = eb.mul(twoAndAHalf, x);
  // A weak integer holds any value.
  ElementwiseValue all =
      eb.weakInt(*dtype::parseInteger("18446744073709551615"));
  ElementwiseValue c = eb.bitwiseAnd(x, all);
  EXPECT_EQ(finish(fn, {a, b, c}),
            "%0 = tolk.const 4 : !tolk.weakint\n"
            "%1 = tolk.add %arg0, %0 : (si8, !tolk.weakint) -> si8\n"
            "%2 = tolk.const 2.5 : !tolk.weakfloat\n"
            "%3 = tolk.mul %2, %arg0 : (!tolk.weakfloat, si8) -> "
            "!tolk.weakfloat\n"
            "%4 = tolk.const 18446744073709551615 : !tolk.weakint\n"
            "%5 = tolk.and %arg0, %4 : (si8, !tolk.weakint) -> si8\n"
            "func.return %1, %3, %5 : si8, !tolk.weakfloat, si8\n");
}

TEST_F(ElementwiseBuilderTest, WhereAndCast) {
  func::FuncOp fn = makeFunction({f32, f32});
  ElementwiseBuilder eb(builder, loc);
  Value a = fn.getArgument(0), b = fn.getArgument(1);
  // The where/max kernel of bench/kernel-quality.py:
  // where(a < b, max(a, b), a * 2.0).
  ElementwiseValue less = eb.lt(a, b);
  ElementwiseValue larger = eb.maximum(a, b);
  ElementwiseValue two = eb.weakFloat(2.0);
  ElementwiseValue twice = eb.mul(a, two);
  ElementwiseValue w = eb.where(less, larger, twice);
  ElementwiseValue same = eb.cast(w, dtype::DType::Float32);
  ElementwiseValue half = eb.cast(w, dtype::DType::Float16);
  EXPECT_EQ(same.getValue(), w.getValue()); // cast to its own type: x itself
  EXPECT_EQ(finish(fn, {half}),
            "%0 = tolk.cmplt %arg0, %arg1 : (f32, f32) -> i1\n"
            "%1 = tolk.max %arg0, %arg1 : f32\n"
            "%2 = tolk.const 2.0 : !tolk.weakfloat\n"
            "%3 = tolk.mul %arg0, %2 : (f32, !tolk.weakfloat) -> f32\n"
            "%4 = tolk.where %0, %1, %3 : (i1, f32, f32) -> f32\n"
            "%5 = tolk.cast %4 : f32 to f16\n"
            "func.return %5 : f16\n");
}

TEST_F(ElementwiseBuilderTest, PowByNegativeIntegerConstantFails) {
  func::FuncOp fn = makeFunction({si8, f32});
  ElementwiseBuilder eb(builder, loc);
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  // An integer power by a negative exponent has no integer result
  // (docs/Semantics.md#pow): an error when the promoted type is not a float.
  EXPECT_TRUE(failed(eb.pow(fn.getArgument(0), eb.weakInt(-1))));
  EXPECT_EQ(message, "pow of an integer by a negative exponent (-1) has no "
                     "integer result");
  // A float base takes any exponent.
  FailureOr<ElementwiseValue> p = eb.pow(fn.getArgument(1), eb.weakInt(-1));
  ASSERT_TRUE(succeeded(p));
  EXPECT_EQ(p->getType(), f32);
}

} // namespace
