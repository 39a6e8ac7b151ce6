//===- NpyTest.cpp - numpy's .npy files -----------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <string>

using namespace tolk;
using namespace tolk::npy;
using dtype::DType;

namespace {

/// A .npy file as numpy 1.x/2.x writes it: magic, version 1.0, the header
/// length, the dict padded with spaces and a newline to 64 bytes in all.
std::string numpyFile(const std::string &dict, const std::string &data,
                      char major = 1) {
  std::string header = dict;
  size_t prefix = major == 1 ? 10 : 12;
  while ((prefix + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  std::string out("\x93NUMPY", 6);
  out += major;
  out += '\0';
  out += char(header.size() & 0xFF);
  out += char(header.size() >> 8);
  if (major != 1)
    out += std::string(2, '\0');
  return out + header + data;
}

/// Success, or a failure that shows the error (consumed either way).
template <typename T>::testing::AssertionResult hasValue(llvm::Expected<T> &e) {
  if (e)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << llvm::toString(e.takeError());
}
::testing::AssertionResult isSuccess(llvm::Error e) {
  if (!e)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << llvm::toString(std::move(e));
}

std::string errorOf(llvm::Expected<Array> a) {
  if (a)
    return "no error";
  return llvm::toString(a.takeError());
}

TEST(Npy, DescrOfEveryDataType) {
  struct Row {
    DType dt;
    const char *descr;
  } rows[] = {
      {DType::Bool, "|b1"},
      {DType::Int8, "|i1"},
      {DType::Uint8, "|u1"},
      {DType::Int16, "<i2"},
      {DType::Uint16, "<u2"},
      {DType::Int32, "<i4"},
      {DType::Uint32, "<u4"},
      {DType::Int64, "<i8"},
      {DType::Uint64, "<u8"},
      {DType::Float16, "<f2"},
      {DType::Float32, "<f4"},
      {DType::Float64, "<f8"},
      // bf16 and the 8-bit floats as their storage integers (tinygrad).
      {DType::Bfloat16, "<u2"},
      {DType::Fp8e4m3, "|u1"},
      {DType::Fp8e5m2, "|u1"},
      {DType::Fp8e4m3fnuz, "|u1"},
      {DType::Fp8e5m2fnuz, "|u1"},
  };
  for (const Row &r : rows) {
    llvm::Expected<std::string> d = descrOf(r.dt);
    ASSERT_TRUE(hasValue(d));
    EXPECT_EQ(*d, r.descr) << dtype::toString(r.dt);
  }
  for (DType dt :
       {DType::WeakInt, DType::WeakFloat, DType::Void, DType::Uint128}) {
    llvm::Expected<std::string> d = descrOf(dt);
    EXPECT_FALSE(hasValue(d)) << dtype::toString(dt);
  }
}

TEST(Npy, ParsesWhatNumpyWrites) {
  std::string data = std::string("\x00\x00\x80\x3f\x00\x00\x00\x40", 8);
  llvm::Expected<Array> a = parse(
      numpyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }",
                data),
      "a.npy");
  ASSERT_TRUE(hasValue(a));
  EXPECT_EQ(a->descr, "<f4");
  EXPECT_EQ(a->shape, (llvm::SmallVector<int64_t, 4>{2}));
  EXPECT_EQ(std::string(a->data.begin(), a->data.end()), data);
}

TEST(Npy, ShapesOfEveryRank) {
  // Rank 0 (one element), rank 2, a zero-sized dimension; keys in any order.
  llvm::Expected<Array> scalar =
      parse(numpyFile("{'shape': (), 'fortran_order': False, 'descr': '|u1'}",
                      "\x07"),
            "s.npy");
  ASSERT_TRUE(hasValue(scalar));
  EXPECT_TRUE(scalar->shape.empty());
  EXPECT_EQ(scalar->numElements(), 1);
  llvm::Expected<Array> matrix = parse(
      numpyFile("{'descr': '<i2', 'fortran_order': False, 'shape': (2, 3), }",
                std::string(12, '\x01')),
      "m.npy");
  ASSERT_TRUE(hasValue(matrix));
  EXPECT_EQ(matrix->shape, (llvm::SmallVector<int64_t, 4>{2, 3}));
  llvm::Expected<Array> empty = parse(
      numpyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (0, 5), }",
                ""),
      "e.npy");
  ASSERT_TRUE(hasValue(empty));
  EXPECT_EQ(empty->numElements(), 0);
}

TEST(Npy, OneByteAndNativeOrderAreNormalized) {
  llvm::Expected<Array> a = parse(
      numpyFile("{'descr': '<b1', 'fortran_order': False, 'shape': (1,), }",
                "\x01"),
      "b.npy");
  ASSERT_TRUE(hasValue(a));
  EXPECT_EQ(a->descr, "|b1");
  llvm::Expected<Array> n = parse(
      numpyFile("{'descr': '=u4', 'fortran_order': False, 'shape': (1,), }",
                std::string(4, '\0')),
      "n.npy");
  ASSERT_TRUE(hasValue(n));
  EXPECT_EQ(n->descr, "<u4");
}

TEST(Npy, Version2Headers) {
  llvm::Expected<Array> a = parse(
      numpyFile("{'descr': '<i4', 'fortran_order': False, 'shape': (1,), }",
                std::string(4, '\0'), /*major=*/2),
      "v2.npy");
  ASSERT_TRUE(hasValue(a));
  EXPECT_EQ(a->descr, "<i4");
}

TEST(Npy, RoundTripsThroughSerialize) {
  Array a;
  a.descr = "<u2";
  a.shape = {3};
  a.data = {1, 2, 3, 4, 5, 6};
  std::string bytes = serialize(a);
  // numpy's layout: version 1.0, the 57-byte dict padded with spaces and a
  // newline so that the data starts at byte 128, a multiple of 64.
  EXPECT_EQ(bytes.size(), 128u + 6u);
  EXPECT_EQ(bytes.substr(0, 10), std::string("\x93NUMPY\x01\x00\x76\x00", 10));
  EXPECT_EQ(bytes.substr(10, 57),
            "{'descr': '<u2', 'fortran_order': False, 'shape': (3,), }");
  EXPECT_EQ(bytes.substr(67, 61), std::string(60, ' ') + "\n");
  llvm::Expected<Array> back = parse(bytes, "rt.npy");
  ASSERT_TRUE(hasValue(back));
  EXPECT_EQ(back->descr, a.descr);
  EXPECT_EQ(back->shape, a.shape);
  EXPECT_EQ(back->data, a.data);
}

TEST(Npy, Errors) {
  const std::string good =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }";
  EXPECT_EQ(errorOf(parse("PK\x03\x04 not numpy", "x.npy")),
            "x.npy: not a .npy file (no \\x93NUMPY magic)");
  EXPECT_EQ(errorOf(parse(std::string("\x93NUMPY\x01", 7), "t.npy")),
            "t.npy: truncated .npy header");
  EXPECT_EQ(errorOf(parse(numpyFile(good, std::string(4, '\0'), 4), "v.npy")),
            "v.npy: unsupported .npy version 4.0");
  EXPECT_EQ(errorOf(parse(numpyFile(good, std::string(3, '\0')), "d.npy")),
            "d.npy: has 3 bytes of data; its header says 4");
  EXPECT_EQ(
      errorOf(parse(
          numpyFile("{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }",
                    std::string(4, '\0')),
          "f.npy")),
      "f.npy: Fortran-order arrays are not supported (save a C-order array, "
      "e.g. with numpy.ascontiguousarray)");
  EXPECT_EQ(
      errorOf(parse(
          numpyFile("{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }",
                    std::string(4, '\0')),
          "b.npy")),
      "b.npy: big-endian .npy type '>f4' is not supported");
  EXPECT_EQ(
      errorOf(parse(
          numpyFile(
              "{'descr': '<c32', 'fortran_order': False, 'shape': (1,), }",
              std::string(32, '\0')),
          "c.npy")),
      "c.npy: unsupported .npy type '<c32'");
  EXPECT_EQ(errorOf(parse(numpyFile("{'descr': '<f4', 'shape': (1,), }",
                                    std::string(4, '\0')),
                          "k.npy")),
            "k.npy: the .npy header lacks 'fortran_order'");
  EXPECT_EQ(
      errorOf(parse(
          numpyFile(
              "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", ""),
          "n.npy")),
      "n.npy: malformed .npy header: expected a dimension at '-1,), }'");
}

TEST(Npy, WriteIsAtomic) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tolk-npy", dir));
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, "out.npy");
  Array a;
  a.descr = "|u1";
  a.shape = {2};
  a.data = {9, 8};
  ASSERT_TRUE(isSuccess(write(path, a)));
  llvm::Expected<Array> back = read(path);
  ASSERT_TRUE(hasValue(back));
  EXPECT_EQ(back->data, a.data);

  // A directory that does not exist: an error, and nothing written.
  llvm::SmallString<128> missing(dir);
  llvm::sys::path::append(missing, "no-such-dir", "out.npy");
  EXPECT_FALSE(isSuccess(write(missing, a)));
  EXPECT_FALSE(llvm::sys::fs::exists(missing));

  // Only out.npy is left: no temporary file.
  std::error_code ec;
  unsigned entries = 0;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    ++entries;
  EXPECT_EQ(entries, 1u);
  llvm::sys::fs::remove_directories(dir);
}

} // namespace
