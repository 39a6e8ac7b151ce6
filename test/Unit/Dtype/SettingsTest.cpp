//===- SettingsTest.cpp - default_float, default_int, strong --------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"
#include "tolk/Dtype/DType.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace tolk::dtype;

namespace {
/// Each test starts from tinygrad's defaults and an environment without the
/// settings, and leaves it so.
class DTypeSettings : public ::testing::Test {
protected:
  void SetUp() override { clear(); }
  void TearDown() override { clear(); }
  static void clear() {
    resetDefaultSettings();
    unsetenv("DEFAULT_FLOAT");
    unsetenv("DEFAULT_INT");
  }
  static std::string error(llvm::Expected<DType> e) {
    EXPECT_FALSE(e);
    return e ? "" : llvm::toString(e.takeError());
  }
};
} // namespace

// tinygrad's defaults when nothing is set.
TEST_F(DTypeSettings, DefaultsAreFloat32AndInt32) {
  EXPECT_EQ(llvm::cantFail(defaultFloat()), DType::Float32);
  EXPECT_EQ(llvm::cantFail(defaultInt()), DType::Int32);
}

// "default_float () is the data type named, in any case, by the current value
// of the setting ... DEFAULT_FLOAT."
TEST_F(DTypeSettings, ReadFromTheEnvironmentInAnyCase) {
  setenv("DEFAULT_FLOAT", "HALF", 1);
  setenv("DEFAULT_INT", "Int64", 1);
  EXPECT_EQ(llvm::cantFail(defaultFloat()), DType::Float16);
  EXPECT_EQ(llvm::cantFail(defaultInt()), DType::Int64);
  // The current value: a change is seen at the next call.
  setenv("DEFAULT_FLOAT", "bf16", 1);
  EXPECT_EQ(llvm::cantFail(defaultFloat()), DType::Bfloat16);
}

// The API's value wins over the environment; reset returns to it.
TEST_F(DTypeSettings, SettableThroughTheAPI) {
  setenv("DEFAULT_FLOAT", "f16", 1);
  setDefaultFloatSetting("float64");
  setDefaultIntSetting("u8");
  EXPECT_EQ(llvm::cantFail(defaultFloat()), DType::Float64);
  EXPECT_EQ(llvm::cantFail(defaultInt()), DType::Uint8);
  resetDefaultSettings();
  EXPECT_EQ(llvm::cantFail(defaultFloat()), DType::Float16);
  EXPECT_EQ(llvm::cantFail(defaultInt()), DType::Int32);
}

// An error if that is not a float of known width
// (docs/Semantics.md#defaults). The error names the value.
TEST_F(DTypeSettings, BadValuesAreErrorsThatNameTheValue) {
  setDefaultFloatSetting("int8");
  EXPECT_EQ(error(defaultFloat()),
            "DEFAULT_FLOAT=int8: dtypes.i8 is not a float of known width");
  setDefaultFloatSetting("weakfloat");
  EXPECT_EQ(error(defaultFloat()), "DEFAULT_FLOAT=weakfloat: dtypes.weakfloat "
                                   "is not a float of known width");
  setDefaultFloatSetting("f65");
  EXPECT_EQ(error(defaultFloat()),
            "DEFAULT_FLOAT=f65: unknown data type name 'f65'");
  setDefaultIntSetting("bool");
  EXPECT_EQ(error(defaultInt()),
            "DEFAULT_INT=bool: dtypes.bool is not an integer of known width");
  setDefaultIntSetting("weakint");
  EXPECT_EQ(error(defaultInt()), "DEFAULT_INT=weakint: dtypes.weakint is not "
                                 "an integer of known width");
  setDefaultIntSetting("default_int");
  EXPECT_EQ(error(defaultInt()),
            "DEFAULT_INT=default_int: a default cannot name a default");
  resetDefaultSettings();
  setenv("DEFAULT_INT", "float", 1);
  EXPECT_EQ(error(defaultInt()),
            "DEFAULT_INT=float: dtypes.f32 is not an integer of known width");
}

// of_string reads "default_float" and "default_int" as the current defaults.
TEST_F(DTypeSettings, OfStringReadsTheDefaults) {
  EXPECT_EQ(llvm::cantFail(ofString("default_float")), DType::Float32);
  EXPECT_EQ(llvm::cantFail(ofString("DEFAULT_INT")), DType::Int32);
  setDefaultFloatSetting("f64");
  setDefaultIntSetting("i16");
  EXPECT_EQ(llvm::cantFail(ofString("default_float")), DType::Float64);
  EXPECT_EQ(llvm::cantFail(ofString("default_int")), DType::Int16);
}

// "strong dt commits dt to a width: Weak_int is default_int (), Weak_float is
// default_float (), and any other dt is itself."
TEST_F(DTypeSettings, Strong) {
  EXPECT_EQ(llvm::cantFail(strong(DType::WeakInt)), DType::Int32);
  EXPECT_EQ(llvm::cantFail(strong(DType::WeakFloat)), DType::Float32);
  for (DType d : every())
    if (!isWeak(d))
      EXPECT_EQ(llvm::cantFail(strong(d)), d);
  setDefaultIntSetting("int64");
  setDefaultFloatSetting("half");
  EXPECT_EQ(llvm::cantFail(strong(DType::WeakInt)), DType::Int64);
  EXPECT_EQ(llvm::cantFail(strong(DType::WeakFloat)), DType::Float16);
  setDefaultIntSetting("half");
  EXPECT_FALSE(error(strong(DType::WeakInt)).empty());
}
