//===- Settings.cpp - DEFAULT_FLOAT and DEFAULT_INT -----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The settings (docs/Semantics.md#defaults) are strings, read by name "in any
// case" each time a default is asked for, so a bad value is reported where it
// is used and names the value. A value set through the API wins over the
// environment.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/DType.h"

#include <cstdlib>
#include <mutex>

using namespace tolk::dtype;

namespace {
struct Settings {
  std::mutex mutex;
  std::optional<std::string> defaultFloat;
  std::optional<std::string> defaultInt;
};

Settings &settings() {
  static Settings s;
  return s;
}

/// The setting's current name: the API's value, else the environment's, else
/// tinygrad's default.
std::string current(std::optional<std::string> Settings::*field,
                    const char *envVar, const char *fallback) {
  Settings &s = settings();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.*field)
    return *(s.*field);
  if (const char *env = std::getenv(envVar); env && *env)
    return env;
  return fallback;
}
} // namespace

void tolk::dtype::setDefaultFloatSetting(llvm::StringRef name) {
  Settings &s = settings();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.defaultFloat = name.str();
}

void tolk::dtype::setDefaultIntSetting(llvm::StringRef name) {
  Settings &s = settings();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.defaultInt = name.str();
}

void tolk::dtype::resetDefaultSettings() {
  Settings &s = settings();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.defaultFloat.reset();
  s.defaultInt.reset();
}

/// The data type a setting names. "default_float"/"default_int" would name
/// the setting itself, so they are refused rather than recursing.
static llvm::Expected<DType> resolve(llvm::StringRef setting,
                                     llvm::StringRef value) {
  std::string lower = value.lower();
  if (lower == "default_float" || lower == "default_int")
    return llvm::createStringError(setting + "=" + value +
                                   ": a default cannot name a default");
  llvm::Expected<DType> dt = ofString(value);
  if (!dt) {
    llvm::consumeError(dt.takeError());
    return llvm::createStringError(setting + "=" + value +
                                   ": unknown data type name '" + value + "'");
  }
  return *dt;
}

llvm::Expected<DType> tolk::dtype::defaultFloat() {
  std::string value =
      current(&Settings::defaultFloat, "DEFAULT_FLOAT", "float32");
  llvm::Expected<DType> dt = resolve("DEFAULT_FLOAT", value);
  if (!dt)
    return dt.takeError();
  if (mem(*dt, extensions()))
    // Float128 is a float of known width too, but not one of tinygrad's,
    // which the dialect's weak floats commit to.
    return llvm::createStringError("DEFAULT_FLOAT=" + value + ": " +
                                   toString(*dt) +
                                   " is not one of floats, the types the "
                                   "default float can be");
  if (!mem(*dt, floats()))
    return llvm::createStringError("DEFAULT_FLOAT=" + value + ": " +
                                   toString(*dt) +
                                   " is not a float of known width");
  return *dt;
}

llvm::Expected<DType> tolk::dtype::defaultInt() {
  std::string value = current(&Settings::defaultInt, "DEFAULT_INT", "int32");
  llvm::Expected<DType> dt = resolve("DEFAULT_INT", value);
  if (!dt)
    return dt.takeError();
  if (!mem(*dt, ints()))
    return llvm::createStringError("DEFAULT_INT=" + value + ": " +
                                   toString(*dt) +
                                   " is not an integer of known width");
  return *dt;
}
