//===- StructureTest.cpp - Lanes, pointers, lane casts --------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Structure.h"
#include "TestUtil.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace tolk::dtype;

namespace {
template <typename T> std::string error(llvm::Expected<T> e) {
  EXPECT_FALSE(e);
  return e ? "" : llvm::toString(e.takeError());
}
} // namespace

// How address spaces print and read back (docs/Semantics.md#pointers).
TEST(StructureAddrSpace, NamesReadBack) {
  for (AddrSpace as :
       {AddrSpace::Global, AddrSpace::Local, AddrSpace::Reg, AddrSpace::Alu}) {
    EXPECT_EQ(llvm::cantFail(addrSpaceOfString(ppAddrSpace(as))), as);
    EXPECT_EQ(llvm::cantFail(addrSpaceOfString(addrSpaceName(as))), as);
  }
  EXPECT_EQ(ppAddrSpace(AddrSpace::Global), "AddrSpace.GLOBAL");
  EXPECT_EQ(ppAddrSpace(AddrSpace::Alu), "AddrSpace.ALU");
  EXPECT_EQ(addrSpaceName(AddrSpace::Local), "local");
  EXPECT_EQ(llvm::cantFail(addrSpaceOfString("REG")), AddrSpace::Reg);
  // "The error names s."
  EXPECT_EQ(error(addrSpaceOfString("SHARED")),
            "unknown address space 'SHARED'");
}

// "vec n dt" and "scalarize dt"; bitsize is the scalar's times the lanes.
TEST(StructureVal, VecAndScalarize) {
  ValType f32{DType::Float32, 1};
  ValType v4 = llvm::cantFail(vec(4, f32));
  EXPECT_EQ(v4.count, 4u);
  EXPECT_EQ(v4.scalar, DType::Float32);
  EXPECT_EQ(bitsize(v4), 128u);
  EXPECT_EQ(itemsize(v4), 16u);
  EXPECT_EQ(scalarize(v4), f32);
  EXPECT_EQ(toString(v4), "f32x4");
  EXPECT_EQ(repr(v4), "dtypes.f32.vec(4)");
  EXPECT_EQ(bitsize(ValType{DType::Bool, 4}), 4u);
  EXPECT_EQ(itemsize(ValType{DType::Bool, 4}), 1u);
  EXPECT_EQ(error(vec(0, f32)), "vec: a vector of 0 lanes of dtypes.f32");
  EXPECT_EQ(error(vec(2, ValType{DType::Void, 1})),
            "vec: dtypes.void has no lanes");
}

// Pointers: "bitsize ... For ordinary pointers, this measures the pointed-to
// base width and ignores the pointer vector width v. For image pointers, this
// is 16 for Imageh and 32 for Imagef." Images have priority 100.
TEST(StructurePtr, SizesAndPriority) {
  PtrType p;
  p.base = ValType{DType::Float16, 4};
  p.addrSpace = AddrSpace::Local;
  p.size = 256;
  PtrType pv = llvm::cantFail(vec(2, p));
  EXPECT_EQ(bitsize(p), 64u);
  EXPECT_EQ(bitsize(pv), 64u);
  EXPECT_EQ(pv.v, 2u);
  EXPECT_EQ(scalarize(pv), p);
  EXPECT_EQ(priority(p), priority(DType::Float16));
  EXPECT_EQ(toString(pv), "f16x4* local [256] x2");
  EXPECT_EQ(repr(pv), "dtypes.f16.vec(4).ptr(256, AddrSpace.LOCAL).vec(2)");

  PtrType h = imageh({4, 8, 4});
  PtrType f = imagef({2, 2});
  EXPECT_EQ(bitsize(h), 16u);
  EXPECT_EQ(bitsize(f), 32u);
  EXPECT_EQ(priority(h), 100);
  EXPECT_EQ(h.size, 128);
  EXPECT_EQ(toString(f), "imagef((2, 2))");
  EXPECT_EQ(repr(h), "dtypes.imageh(4, 8, 4)");
  EXPECT_NE(h, f);
}

// "If ts contains image pointer dtypes, the first image dtype is returned.
// Ordinary pointer dtypes are rejected."
TEST(StructureLeastUpper, ImagesPointersLanes) {
  ValType i8x4{DType::Int8, 4}, u8x4{DType::Uint8, 4};
  AnyType r = llvm::cantFail(leastUpper({AnyType(i8x4), AnyType(u8x4)}));
  EXPECT_EQ(std::get<ValType>(r), (ValType{DType::Int16, 4}));

  PtrType h = imageh({2, 2}), f = imagef({3, 3});
  AnyType img =
      llvm::cantFail(leastUpper({AnyType(i8x4), AnyType(f), AnyType(h)}));
  EXPECT_EQ(std::get<PtrType>(img), f);

  PtrType p;
  p.base = ValType{DType::Float32, 1};
  EXPECT_EQ(error(leastUpper({AnyType(i8x4), AnyType(p)})),
            "least_upper: pointer f32* does not promote");
  EXPECT_EQ(
      error(leastUpper({AnyType(i8x4), AnyType(ValType{DType::Int8, 2})})),
      "least_upper: lane counts differ (4 and 2)");
  EXPECT_EQ(error(leastUpper(llvm::ArrayRef<AnyType>())),
            "least_upper: no data types");
}

// An image pointer is float-like: a float for the predicates, itself for the
// float promotion, -inf and +inf for its bounds; an ordinary pointer is not
// classified by its pointee (none of the predicates, false and true for its
// bounds, and it does not promote). Value types are their scalars'.
TEST(StructureAnyType, PredicatesPromotionAndBounds) {
  PtrType h = imageh({2, 2, 4}), f = imagef({3, 3, 4});
  PtrType p;
  p.base = ValType{DType::Float32, 1};
  PtrType ip;
  ip.base = ValType{DType::Uint8, 1};
  ValType u8x4{DType::Uint8, 4}, f16{DType::Float16, 1},
      e4m3{DType::Fp8e4m3, 1}, b{DType::Bool, 2};

  for (const PtrType &img : {h, f}) {
    EXPECT_TRUE(isFloat(img));
    EXPECT_FALSE(isInt(img));
    EXPECT_FALSE(isUnsigned(img));
    EXPECT_FALSE(isBool(img));
    EXPECT_FALSE(isFp8(img));
    EXPECT_EQ(std::get<PtrType>(llvm::cantFail(leastUpperFloat(img))), img);
    EXPECT_EQ(Const(llvm::cantFail(lowest(img))), Const::ofDouble(-HUGE_VAL));
    EXPECT_EQ(Const(llvm::cantFail(greatest(img))), Const::ofDouble(HUGE_VAL));
  }
  for (const PtrType &ordinary : {p, ip}) {
    EXPECT_FALSE(isFloat(ordinary));
    EXPECT_FALSE(isInt(ordinary));
    EXPECT_FALSE(isUnsigned(ordinary));
    EXPECT_FALSE(isBool(ordinary));
    EXPECT_FALSE(isFp8(ordinary));
    EXPECT_EQ(Const(llvm::cantFail(lowest(ordinary))), Const::ofBool(false));
    EXPECT_EQ(Const(llvm::cantFail(greatest(ordinary))), Const::ofBool(true));
  }
  EXPECT_EQ(error(leastUpperFloat(p)),
            "least_upper_float: pointer f32* does not promote");

  EXPECT_TRUE(isInt(u8x4));
  EXPECT_TRUE(isUnsigned(u8x4));
  EXPECT_FALSE(isFloat(u8x4));
  EXPECT_TRUE(isFloat(f16));
  EXPECT_TRUE(isFloat(e4m3));
  EXPECT_TRUE(isFp8(e4m3));
  EXPECT_TRUE(isBool(b));
  // Lanes are kept; the scalar promotes with the default float (f32).
  EXPECT_EQ(std::get<ValType>(llvm::cantFail(leastUpperFloat(u8x4))),
            (ValType{DType::Float32, 4}));
  EXPECT_EQ(std::get<ValType>(llvm::cantFail(leastUpperFloat(f16))), f16);
  EXPECT_EQ(Const(llvm::cantFail(lowest(u8x4))), intConst(0));
  EXPECT_EQ(Const(llvm::cantFail(greatest(u8x4))), intConst(255));
  EXPECT_EQ(Const(llvm::cantFail(greatest(f16))), Const::ofDouble(HUGE_VAL));
  EXPECT_EQ(error(lowest(AnyType(ValType{DType::Complex64, 1}))),
            "lowest: dtypes.c64 is a complex type, which has no order and so "
            "no least value");
}

// docs/Semantics.md#lanes-and-shapes: "a scalar cast to lanes broadcasts into
// every lane, and lanes cast to a scalar keep lane 0."
TEST(StructureLaneCast, BroadcastAndKeepLaneZero) {
  auto lanes = [](llvm::Expected<llvm::SmallVector<Const, 4>> got) {
    return llvm::cantFail(std::move(got));
  };
  // One lane to four: broadcast, each lane through Dtype.const.
  auto b = lanes(castLanes({Const::ofDouble(2.5)}, DType::Int8, 4));
  ASSERT_EQ(b.size(), 4u);
  for (const Const &c : b)
    EXPECT_EQ(c, intConst(2));
  // Four lanes to one: lane 0.
  auto k = lanes(castLanes(
      {intConst(300), intConst(1), intConst(2), intConst(3)}, DType::Uint8, 1));
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0], intConst(44));
  // Equal counts: lane by lane.
  auto e =
      lanes(castLanes({intConst(-1), Const::ofBool(true)}, DType::Float32, 2));
  EXPECT_EQ(e[0], Const::ofDouble(-1.0));
  EXPECT_EQ(e[1], Const::ofDouble(1.0));
  // Other counts do not cast.
  EXPECT_EQ(error(castLanes({intConst(1), intConst(2)}, DType::Int8, 4)),
            "cast: 2 lanes do not cast to 4 lanes");
}
