//===- NativeFloatConversionsTest.cpp - Native fp8 fix-ups vs lib/Dtype ---===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The CPU's proof of --tolk-native-float-conversions' fix-ups: with
// `emulate`, each conversion instruction is replaced by a model of its
// documented semantics (cvt.rn.satfinite: clamp to the largest finite value,
// round to nearest even, NaN to a NaN; v_cvt_pk_fp8_f32 behind the pass's
// clamp: round to nearest even; the extensions: exact), the pass's fix-ups
// are emitted around it as on the GPU, and arith's folder evaluates the
// whole of it on dense vectors. Every f16 and bf16 value, a dense sample of
// f32 values with every rounding boundary of each format, and every 8-bit
// code extended to each wider float are compared with lib/Dtype's
// conversion (docs/Semantics.md#casts), bit for bit, on each chip that
// converts the format.
// The same f32 values also go through tolk.cast as --convert-tolk-to-arith
// lowers it, whose clamp and NaN select the pass drops around the
// instructions.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/Passes.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dtype/Cast.h"
#include "tolk/Transforms/Passes.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace mlir;
using tolk::dtype::DType;

namespace {

/// Lanes per folded vector: large enough that folding is cheap per value.
constexpr size_t kChunk = 4096;

class NativeFloatConversionsTest : public ::testing::Test {
protected:
  NativeFloatConversionsTest() {
    ctx.loadDialect<arith::ArithDialect, func::FuncDialect,
                    vector::VectorDialect, NVVM::NVVMDialect,
                    amdgpu::AMDGPUDialect, tolk::TolkDialect>();
  }

  /// Replaces each arith.cmpf of two dense float constants in `fn` by its
  /// result; returns whether there was one.
  static bool foldVectorCmpF(func::FuncOp fn) {
    SmallVector<arith::CmpFOp> todo;
    fn.walk([&](arith::CmpFOp op) {
      DenseFPElementsAttr l, r;
      if (matchPattern(op.getLhs(), m_Constant(&l)) &&
          matchPattern(op.getRhs(), m_Constant(&r)))
        todo.push_back(op);
    });
    for (arith::CmpFOp op : todo) {
      DenseFPElementsAttr l, r;
      matchPattern(op.getLhs(), m_Constant(&l));
      matchPattern(op.getRhs(), m_Constant(&r));
      SmallVector<bool> out;
      auto ri = r.value_begin<APFloat>();
      for (APFloat a : l.getValues<APFloat>()) {
        APFloat b = *ri++;
        out.push_back(evaluate(op.getPredicate(), a.compare(b)));
      }
      OpBuilder b(op);
      auto type = cast<ShapedType>(op.getType());
      op.replaceAllUsesWith(
          arith::ConstantOp::create(b, op.getLoc(),
                                    DenseElementsAttr::get(type, out))
              .getResult());
      op.erase();
    }
    return !todo.empty();
  }

  static bool evaluate(arith::CmpFPredicate p, APFloat::cmpResult c) {
    using P = arith::CmpFPredicate;
    bool uno = c == APFloat::cmpUnordered, eq = c == APFloat::cmpEqual,
         lt = c == APFloat::cmpLessThan, gt = c == APFloat::cmpGreaterThan;
    switch (p) {
    case P::AlwaysFalse:
      return false;
    case P::OEQ:
      return eq;
    case P::OGT:
      return gt;
    case P::OGE:
      return gt || eq;
    case P::OLT:
      return lt;
    case P::OLE:
      return lt || eq;
    case P::ONE:
      return lt || gt;
    case P::ORD:
      return !uno;
    case P::UEQ:
      return uno || eq;
    case P::UGT:
      return uno || gt;
    case P::UGE:
      return uno || gt || eq;
    case P::ULT:
      return uno || lt;
    case P::ULE:
      return uno || lt || eq;
    case P::UNE:
      return !eq;
    case P::UNO:
      return uno;
    case P::AlwaysTrue:
      return true;
    }
    return false;
  }

  /// The codes that `ret` returns, once everything before it folded to a
  /// constant.
  static std::vector<APInt> foldedCodes(func::ReturnOp ret) {
    auto cst = ret.getOperand(0).getDefiningOp<arith::ConstantOp>();
    if (!cst) {
      ADD_FAILURE() << "not folded to a constant";
      return {};
    }
    auto dense = cast<DenseIntElementsAttr>(cst.getValue());
    return std::vector<APInt>(dense.value_begin<APInt>(),
                              dense.value_end<APInt>());
  }

  /// tolk.cast of the f32 values `bits` to `to`, lowered by
  /// --convert-tolk-to-arith and the pass with `chip` and `emulate` on a
  /// function argument (so that nothing folds before the pass sees the
  /// lowered form), then folded with the values: the codes of the results.
  std::vector<APInt> runTolkCast(StringRef chip, Type to,
                                 ArrayRef<APInt> bits) {
    std::string n = std::to_string(bits.size());
    std::string t;
    llvm::raw_string_ostream(t) << to;
    std::string src = "func.func @f(%x: vector<" + n + "xf32>) -> vector<" + n +
                      "x" + t + "> {\n  %r = tolk.cast %x : vector<" + n +
                      "xf32> to vector<" + n + "x" + t +
                      ">\n  return %r : vector<" + n + "x" + t + ">\n}\n";
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(src, &ctx);
    if (!module) {
      ADD_FAILURE() << "cannot parse " << src;
      return {};
    }
    tolk::TolkNativeFloatConversionsOptions native;
    native.chip = chip.str();
    native.emulate = true;
    PassManager lower(&ctx);
    lower.addPass(tolk::createConvertTolkToArith());
    lower.addPass(tolk::createTolkNativeFloatConversions(native));
    lower.addPass(tolk::createTolkExpandSaturatingTruncF());
    EXPECT_TRUE(succeeded(lower.run(*module)));

    auto fn = cast<func::FuncOp>(module->getBody()->front());
    OpBuilder b(&ctx);
    b.setInsertionPointToStart(&fn.getBody().front());
    Location loc = b.getUnknownLoc();
    auto shape = [&](Type e) {
      return VectorType::get({int64_t(bits.size())}, e);
    };
    Value c = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(shape(b.getI32Type()), bits));
    fn.getArgument(0).replaceAllUsesWith(
        arith::BitcastOp::create(b, loc, shape(b.getF32Type()), c));
    auto ret = cast<func::ReturnOp>(fn.getBody().front().getTerminator());
    b.setInsertionPoint(ret);
    ret->setOperand(0, arith::BitcastOp::create(b, loc, shape(b.getI8Type()),
                                                ret.getOperand(0)));
    fn.setFunctionType(
        b.getFunctionType(fn.getArgumentTypes(), {shape(b.getI8Type())}));

    // arith's folder does not fold arith.cmpf on vectors, which the generic
    // fix-ups that the pass keeps (on AMD, f8E5M2) use: fold them
    // here, between rounds of the canonicalizer.
    for (int round = 0; round < 4; ++round) {
      PassManager pm(&ctx);
      if (round == 0)
        pm.addPass(tolk::createTolkExpandFloatConversions());
      pm.addPass(createCanonicalizerPass());
      EXPECT_TRUE(succeeded(pm.run(*module)));
      if (!foldVectorCmpF(fn))
        break;
    }
    return foldedCodes(ret);
  }

  /// `conv` (arith.truncf or arith.extf) of the values of `bits` (each a
  /// code of `from`) to `to`, through the pass with `chip` and `emulate`,
  /// folded: the codes of the results.
  std::vector<APInt> run(StringRef chip, Type from, Type to,
                         ArrayRef<APInt> bits) {
    OpBuilder b(&ctx);
    Location loc = b.getUnknownLoc();
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    unsigned inWidth = from.getIntOrFloatBitWidth();
    unsigned outWidth = to.getIntOrFloatBitWidth();
    auto shape = [&](Type t) {
      return VectorType::get({int64_t(bits.size())}, t);
    };
    auto outInt = shape(b.getIntegerType(outWidth));
    b.setInsertionPointToEnd(module->getBody());
    auto fn =
        func::FuncOp::create(b, loc, "f", b.getFunctionType({}, {outInt}));
    b.setInsertionPointToStart(fn.addEntryBlock());
    Value c = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(shape(b.getIntegerType(inWidth)), bits));
    Value x = arith::BitcastOp::create(b, loc, shape(from), c);
    Value y;
    if (to.getIntOrFloatBitWidth() < inWidth)
      y = arith::TruncFOp::create(b, loc, shape(to), x);
    else
      y = arith::ExtFOp::create(b, loc, shape(to), x);
    Value r = arith::BitcastOp::create(b, loc, outInt, y);
    func::ReturnOp::create(b, loc, r);

    tolk::TolkNativeFloatConversionsOptions native;
    native.chip = chip.str();
    if (checkNative) {
      // Without `emulate`, the chip converts the format: no fp8 truncf or
      // extf is left for the integer expansion. (Otherwise the comparison
      // below would test the expansion, not the fix-ups.)
      checkNative = false;
      OwningOpRef<ModuleOp> copy = module->clone();
      PassManager real(&ctx);
      real.addPass(tolk::createTolkNativeFloatConversions(native));
      EXPECT_TRUE(succeeded(real.run(*copy)));
      size_t left = 0, native = 0;
      copy->walk([&](Operation *op) {
        auto isFp8 = [](Type t) {
          return getElementTypeOrSelf(t).getIntOrFloatBitWidth() == 8;
        };
        if (isa<arith::TruncFOp, arith::ExtFOp>(op) &&
            (isFp8(op->getOperand(0).getType()) ||
             isFp8(op->getResult(0).getType())))
          ++left;
        if (isa<NVVM::NVVMDialect, amdgpu::AMDGPUDialect>(op->getDialect()))
          ++native;
      });
      EXPECT_EQ(left, 0u) << chip.str() << " left the conversion";
      EXPECT_GT(native, 0u) << chip.str() << " used no instruction";
    }

    PassManager pm(&ctx);
    native.emulate = true;
    pm.addPass(tolk::createTolkNativeFloatConversions(native));
    pm.addPass(tolk::createTolkExpandFloatConversions());
    pm.addPass(createCanonicalizerPass());
    EXPECT_TRUE(succeeded(pm.run(*module)));

    // The model must not leave the conversion in place: the emulated pass
    // rewrote it (a chip that does not convert the format would not).
    auto ret = cast<func::ReturnOp>(fn.getBody().front().getTerminator());
    return foldedCodes(ret);
  }

  /// Checks `conv` of every code in `bits` against lib/Dtype, `kChunk`
  /// lanes at a time; returns the number of values checked.
  size_t check(StringRef chip, DType fromDt, Type from, DType toDt, Type to,
               ArrayRef<APInt> bits) {
    size_t mismatches = 0;
    checkNative = true;
    for (size_t start = 0; start < bits.size(); start += kChunk) {
      ArrayRef<APInt> chunk =
          bits.slice(start, std::min(kChunk, bits.size() - start));
      std::vector<APInt> got = run(chip, from, to, chunk);
      if (got.size() != chunk.size())
        return 0;
      for (size_t i = 0; i < chunk.size(); ++i) {
        llvm::Expected<tolk::dtype::Value> v =
            tolk::dtype::fromBits(fromDt, chunk[i]);
        EXPECT_TRUE(bool(v));
        if (!v)
          return 0;
        llvm::Expected<tolk::dtype::Value> t = tolk::dtype::truncate(toDt, *v);
        EXPECT_TRUE(bool(t));
        if (!t)
          return 0;
        llvm::Expected<APInt> want = tolk::dtype::toBits(toDt, *t);
        EXPECT_TRUE(bool(want));
        if (!want)
          return 0;
        if (got[i] != *want && ++mismatches <= 10)
          ADD_FAILURE() << chip.str() << ": 0x"
                        << llvm::toString(chunk[i], 16, false) << " gives 0x"
                        << llvm::toString(got[i], 16, false) << ", lib/Dtype 0x"
                        << llvm::toString(*want, 16, false);
      }
    }
    EXPECT_EQ(mismatches, 0u);
    return bits.size();
  }

  MLIRContext ctx;
  /// Whether run() checks, on its next call, that the chip converts the
  /// format with its own instructions.
  bool checkNative = false;
};

std::vector<APInt> allCodes(unsigned width) {
  std::vector<APInt> out;
  for (uint64_t i = 0; i < (uint64_t(1) << width); ++i)
    out.emplace_back(width, i);
  return out;
}

/// f32 bit patterns: every value of `fp8` and every midpoint between two
/// neighbours, one ulp either side, of both signs; past the largest value;
/// the special values; and a sample of the whole f32 line (every 2^16th
/// pattern, with varying low bits).
std::vector<APInt> f32Sources(const llvm::fltSemantics &fp8) {
  std::set<uint32_t> out = {0x00000000, 0x80000000, 0x7F800000, 0xFF800000,
                            0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,
                            0x7FBFFFFF, 0xFFFFFFFF, 0x00000001, 0x807FFFFF,
                            0x7F7FFFFF, 0xFF7FFFFF};
  std::vector<double> values;
  for (unsigned code = 0; code < 0x80; ++code) {
    APFloat v(fp8, APInt(8, code));
    if (v.isFinite())
      values.push_back(v.convertToDouble());
  }
  std::vector<double> points = values;
  for (size_t i = 0; i + 1 < values.size(); ++i)
    points.push_back((values[i] + values[i + 1]) / 2);
  double top = values.back();
  for (double p : {top * 1.0625, top * 1.125, top * 2, 3.0e38, values[1] / 2,
                   values[1] / 4})
    points.push_back(p);
  for (double p : points) {
    uint32_t b = APFloat(float(p)).bitcastToAPInt().getZExtValue();
    for (int d : {-1, 0, 1}) {
      uint32_t x = b + d;
      if (x < 0x7F800000) {
        out.insert(x);
        out.insert(x | 0x80000000);
      }
    }
  }
  for (uint32_t i = 0; i < (1u << 16); ++i)
    out.insert((i << 16) | ((i * 2654435761u) >> 16));
  std::vector<APInt> bits;
  for (uint32_t b : out)
    bits.emplace_back(32, b);
  return bits;
}

struct Case {
  const char *chip;
  DType dt;
};

/// The formats each chip converts (the others stay in software).
const Case kCases[] = {
    {"sm_90", DType::Fp8e4m3},      {"sm_90", DType::Fp8e5m2},
    {"gfx950", DType::Fp8e4m3},     {"gfx950", DType::Fp8e5m2},
    {"gfx942", DType::Fp8e4m3fnuz}, {"gfx942", DType::Fp8e5m2fnuz}};

Type fp8Type(MLIRContext &ctx, DType dt) {
  switch (dt) {
  case DType::Fp8e4m3:
    return Float8E4M3FNType::get(&ctx);
  case DType::Fp8e5m2:
    return Float8E5M2Type::get(&ctx);
  case DType::Fp8e4m3fnuz:
    return Float8E4M3FNUZType::get(&ctx);
  default:
    return Float8E5M2FNUZType::get(&ctx);
  }
}

TEST_F(NativeFloatConversionsTest, EveryF16AndBf16) {
  std::vector<APInt> codes = allCodes(16);
  for (const Case &c : kCases) {
    SCOPED_TRACE(c.chip);
    Type fp8 = fp8Type(ctx, c.dt);
    EXPECT_EQ(
        check(c.chip, DType::Float16, Float16Type::get(&ctx), c.dt, fp8, codes),
        65536u);
    EXPECT_EQ(check(c.chip, DType::Bfloat16, BFloat16Type::get(&ctx), c.dt, fp8,
                    codes),
              65536u);
  }
}

TEST_F(NativeFloatConversionsTest, F32Boundaries) {
  for (const Case &c : kCases) {
    SCOPED_TRACE(c.chip);
    Type fp8 = fp8Type(ctx, c.dt);
    std::vector<APInt> sources =
        f32Sources(cast<FloatType>(fp8).getFloatSemantics());
    EXPECT_EQ(check(c.chip, DType::Float32, Float32Type::get(&ctx), c.dt, fp8,
                    sources),
              sources.size());
  }
}

TEST_F(NativeFloatConversionsTest, F32BoundariesThroughTolkCast) {
  for (const Case &c : kCases) {
    SCOPED_TRACE(c.chip);
    Type fp8 = fp8Type(ctx, c.dt);
    std::vector<APInt> sources =
        f32Sources(cast<FloatType>(fp8).getFloatSemantics());
    size_t mismatches = 0;
    for (size_t start = 0; start < sources.size(); start += kChunk) {
      ArrayRef<APInt> chunk = ArrayRef<APInt>(sources).slice(
          start, std::min(kChunk, sources.size() - start));
      std::vector<APInt> got = runTolkCast(c.chip, fp8, chunk);
      ASSERT_EQ(got.size(), chunk.size());
      for (size_t i = 0; i < chunk.size(); ++i) {
        llvm::Expected<tolk::dtype::Value> v =
            tolk::dtype::fromBits(DType::Float32, chunk[i]);
        ASSERT_TRUE(bool(v));
        llvm::Expected<tolk::dtype::Value> t = tolk::dtype::truncate(c.dt, *v);
        ASSERT_TRUE(bool(t));
        llvm::Expected<APInt> want = tolk::dtype::toBits(c.dt, *t);
        ASSERT_TRUE(bool(want));
        if (got[i] != *want && ++mismatches <= 10)
          ADD_FAILURE() << c.chip << ": 0x"
                        << llvm::toString(chunk[i], 16, false) << " gives 0x"
                        << llvm::toString(got[i], 16, false) << ", lib/Dtype 0x"
                        << llvm::toString(*want, 16, false);
      }
    }
    EXPECT_EQ(mismatches, 0u);
  }
}

TEST_F(NativeFloatConversionsTest, EveryCodeExtended) {
  std::vector<APInt> codes = allCodes(8);
  for (const Case &c : kCases) {
    SCOPED_TRACE(c.chip);
    Type fp8 = fp8Type(ctx, c.dt);
    EXPECT_EQ(
        check(c.chip, c.dt, fp8, DType::Float16, Float16Type::get(&ctx), codes),
        256u);
    EXPECT_EQ(check(c.chip, c.dt, fp8, DType::Bfloat16, BFloat16Type::get(&ctx),
                    codes),
              256u);
    EXPECT_EQ(
        check(c.chip, c.dt, fp8, DType::Float32, Float32Type::get(&ctx), codes),
        256u);
    EXPECT_EQ(
        check(c.chip, c.dt, fp8, DType::Float64, Float64Type::get(&ctx), codes),
        256u);
  }
}

} // namespace
