//===- ElementwiseBuilderTest.cpp - tolk::ElementwiseBuilder ---------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The C++ face of Tolk's elementwise ops: operators build the ops of the
// same meaning, C++ numbers are weak constants, the two styles build a
// derived op or its definition, and what is built verifies. The definitions
// themselves are tested through --tolk-decompose in lit (decompose.mlir,
// fold-derived-table.mlir).
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
    fn.setType(builder.getFunctionType(fn.getArgumentTypes(),
                                       TypeRange(results)));
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

TEST_F(ElementwiseBuilderTest, OperatorsBuildPrimitives) {
  func::FuncOp fn = makeFunction({si8, f16});
  ElementwiseBuilder eb(builder, loc);
  ElementwiseValue x = eb.wrap(fn.getArgument(0));
  ElementwiseValue y = eb.wrap(fn.getArgument(1));
  ElementwiseValue sum = x + y;
  ElementwiseValue prod = x * y;
  ElementwiseValue less = x < y;
  ElementwiseValue equal = x == y;
  // Operands are built into locals: C++ leaves the order in which the
  // operands of one expression are evaluated open.
  ElementwiseValue both = x & x;
  ElementwiseValue either = x ^ x;
  ElementwiseValue bits = both | either;
  ElementwiseValue shifted = (x << x) >> x;
  EXPECT_EQ(finish(fn, {sum, prod, less, equal, bits, shifted}),
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

TEST_F(ElementwiseBuilderTest, NumbersAreWeakConstants) {
  func::FuncOp fn = makeFunction({si8});
  ElementwiseBuilder eb(builder, loc);
  ElementwiseValue x = eb.wrap(fn.getArgument(0));
  ElementwiseValue a = x + 4;
  ElementwiseValue b = 2.5 * x;
  ElementwiseValue c = x & UINT64_MAX; // A weak integer holds any value.
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

TEST_F(ElementwiseBuilderTest, DerivedOpsStyle) {
  func::FuncOp fn = makeFunction({si8, ui8});
  ElementwiseBuilder eb(builder, loc, ElementwiseBuilder::Style::DerivedOps);
  ElementwiseValue x = eb.wrap(fn.getArgument(0));
  ElementwiseValue y = eb.wrap(fn.getArgument(1));
  ElementwiseValue d = x - y;
  ElementwiseValue q = x / y;
  ElementwiseValue m = x % y;
  ElementwiseValue n = -x;
  ElementwiseValue t = ~x;
  ElementwiseValue l = !x;
  ElementwiseValue greater = x > y;
  ElementwiseValue notGreater = x <= y;
  ElementwiseValue cmp = greater != notGreater;
  ElementwiseValue ge = x >= y;
  EXPECT_EQ(finish(fn, {d, q, m, n, t, l, cmp, ge}),
            "%0 = tolk.sub %arg0, %arg1 : (si8, ui8) -> si16\n"
            "%1 = tolk.div %arg0, %arg1 : (si8, ui8) -> f32\n"
            "%2 = tolk.mod %arg0, %arg1 : (si8, ui8) -> si16\n"
            "%3 = tolk.neg %arg0 : si8\n"
            "%4 = tolk.bitwise_not %arg0 : si8\n"
            "%5 = tolk.logical_not %arg0 : (si8) -> i1\n"
            "%6 = tolk.gt %arg0, %arg1 : (si8, ui8) -> i1\n"
            "%7 = tolk.le %arg0, %arg1 : (si8, ui8) -> i1\n"
            "%8 = tolk.ne %6, %7 : i1\n"
            "%9 = tolk.ge %arg0, %arg1 : (si8, ui8) -> i1\n"
            "func.return %0, %1, %2, %3, %4, %5, %8, %9 : si16, f32, si16, si8, "
            "si8, i1, i1, i1\n");
}

TEST_F(ElementwiseBuilderTest, PrimitivesStyleFollowsTheSeed) {
  func::FuncOp fn = makeFunction({f32, f16});
  ElementwiseBuilder eb(builder, loc);
  ElementwiseValue x = eb.wrap(fn.getArgument(0));
  ElementwiseValue y = eb.wrap(fn.getArgument(1));
  // minimum x y = neg (maximum (neg x) (neg y)), after promotion to f32.
  ElementwiseValue m = eb.minimum(x, y);
  EXPECT_EQ(finish(fn, {m}),
            "%0 = tolk.cast %arg1 : f16 to f32\n"
            "%1 = tolk.const -1.0 : f32\n"
            "%2 = tolk.mul %arg0, %1 : f32\n"
            "%3 = tolk.const -1.0 : f32\n"
            "%4 = tolk.mul %0, %3 : f32\n"
            "%5 = tolk.max %2, %4 : f32\n"
            "%6 = tolk.const -1.0 : f32\n"
            "%7 = tolk.mul %5, %6 : f32\n"
            "func.return %7 : f32\n");
}

TEST_F(ElementwiseBuilderTest, WhereAndCast) {
  func::FuncOp fn = makeFunction({f32, f32});
  ElementwiseBuilder eb(builder, loc);
  ElementwiseValue a = eb.wrap(fn.getArgument(0));
  ElementwiseValue b = eb.wrap(fn.getArgument(1));
  // The where/max kernel of bench/kernel-quality.py:
  // where(a < b, max(a, b), a * 2.0).
  ElementwiseValue less = a < b;
  ElementwiseValue larger = eb.maximum(a, b);
  ElementwiseValue twice = a * 2.0;
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
