//===- NarrowFloatFormatsTest.cpp - Narrow float layouts from fltSemantics ===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The layouts and special codes that tolk::NarrowFloatFormat reads from
// llvm::fltSemantics, against the formats' definitions (OCP's 8-bit floats,
// the fnuz variants, bf16), and the codes against the folder's.
//
//===----------------------------------------------------------------------===//

#include "tolk/Lowering/NarrowFloatFormats.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using tolk::NarrowFloatFormat;

namespace {

struct Expected {
  unsigned width, ebits, mbits;
  int bias;
  bool finiteOnly, unsignedZero;
  uint64_t maxCode;
  float maxValue;
  uint64_t nanPositive, nanNegative;
};

void check(Type type, const Expected &e) {
  std::optional<NarrowFloatFormat> f =
      tolk::getNarrowFloatFormat(type, /*includeBf16=*/true);
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->width, e.width);
  EXPECT_EQ(f->ebits, e.ebits);
  EXPECT_EQ(f->mbits, e.mbits);
  EXPECT_EQ(f->bias, e.bias);
  EXPECT_EQ(f->finiteOnly, e.finiteOnly);
  EXPECT_EQ(f->unsignedZero, e.unsignedZero);
  EXPECT_EQ(f->hasInfinities(), !e.finiteOnly && !e.unsignedZero);
  EXPECT_EQ(f->maxCode(), e.maxCode);
  EXPECT_EQ(f->maxValue(), e.maxValue);
  if (e.width == 8) {
    EXPECT_TRUE(f->saturates());
    EXPECT_EQ(f->nanCode8(false), e.nanPositive);
    EXPECT_EQ(f->nanCode8(true), e.nanNegative);
  } else {
    EXPECT_FALSE(f->saturates());
  }
}

TEST(NarrowFloatFormats, FromSemantics) {
  MLIRContext ctx;
  Builder b(&ctx);
  check(b.getType<Float8E4M3FNType>(),
        {8, 4, 3, 7, true, false, 0x7E, 448.0f, 0x7F, 0x7F});
  check(b.getType<Float8E5M2Type>(),
        {8, 5, 2, 15, false, false, 0x7B, 57344.0f, 0x7F, 0xFF});
  check(b.getType<Float8E4M3FNUZType>(),
        {8, 4, 3, 8, false, true, 0x7F, 240.0f, 0x80, 0x80});
  check(b.getType<Float8E5M2FNUZType>(),
        {8, 5, 2, 16, false, true, 0x7F, 57344.0f, 0x80, 0x80});
  check(b.getBF16Type(),
        {16, 8, 7, 127, false, false, 0x7F7F, 3.38953139e38f, 0, 0});
}

TEST(NarrowFloatFormats, OnlyNarrowFloats) {
  MLIRContext ctx;
  Builder b(&ctx);
  EXPECT_FALSE(tolk::getNarrowFloatFormat(b.getBF16Type(), false));
  EXPECT_FALSE(tolk::getNarrowFloatFormat(b.getF16Type(), true));
  EXPECT_FALSE(tolk::getNarrowFloatFormat(b.getF32Type(), true));
  EXPECT_FALSE(tolk::getNarrowFloatFormat(b.getI8Type(), true));
}

} // namespace
