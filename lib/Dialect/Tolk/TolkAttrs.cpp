//===- TolkAttrs.cpp - Tolk attributes ------------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/TolkAttrs.h"
#include "tolk/Dialect/Tolk/TolkDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tolk;

#include "tolk/Dialect/Tolk/TolkEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tolk/Dialect/Tolk/TolkAttrs.cpp.inc"

void TolkDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tolk/Dialect/Tolk/TolkAttrs.cpp.inc"
      >();
}

void tolk::printConstValue(AsmPrinter &printer, const dtype::Const &c) {
  if (c.isInvalid()) {
    printer << "invalid";
    return;
  }
  const dtype::Value &v = c.value();
  switch (v.kind()) {
  case dtype::Value::Kind::Bool:
    printer << (v.getBool() ? "true" : "false");
    return;
  case dtype::Value::Kind::Int:
    printer << v.getInt().get_str();
    return;
  case dtype::Value::Kind::Float:
    // By its bits: the attribute has no type to give a decimal meaning to,
    // and bits keep every NaN payload.
    printer << "float 0x";
    printer.getStream().write_hex(v.getFloat().bits);
    return;
  case dtype::Value::Kind::Float128:
  case dtype::Value::Kind::Complex:
    // parseConstValue makes neither, and no dialect type holds one yet.
    llvm_unreachable("no attribute holds a binary128 or complex constant");
  }
}

FailureOr<dtype::Const> tolk::parseConstValue(AsmParser &parser) {
  if (succeeded(parser.parseOptionalKeyword("invalid")))
    return dtype::Const::invalid();
  if (succeeded(parser.parseOptionalKeyword("true")))
    return dtype::Const::ofBool(true);
  if (succeeded(parser.parseOptionalKeyword("false")))
    return dtype::Const::ofBool(false);
  if (succeeded(parser.parseOptionalKeyword("float"))) {
    APInt bits;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseInteger(bits))
      return failure();
    if (bits.getActiveBits() > 64)
      return parser.emitError(loc, "expected the 64 bits of a binary64 float");
    return dtype::Const::ofFloat(dtype::Float::ofBits(bits.getZExtValue()));
  }
  APInt value;
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult r = parser.parseOptionalInteger(value);
  if (!r.has_value())
    return parser.emitError(loc, "expected true, false, invalid, an integer "
                                 "or 'float' and the bits of a binary64");
  if (failed(*r))
    return failure();
  return dtype::Const::ofInt(dtype::fromAPInt(value, /*isSigned=*/true));
}
