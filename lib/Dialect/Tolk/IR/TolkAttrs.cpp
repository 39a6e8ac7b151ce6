//===- TolkAttrs.cpp - Tolk attributes ------------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/TolkAttrs.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tolk;

#include "tolk/Dialect/Tolk/IR/TolkEnums.cpp.inc"

/// `#tolk.launch`'s parameters: `[p, ...]`, each `#tolk.param` without its
/// prefix, or `[]`. A custom directive because the generated list parser
/// takes no empty list.
static ParseResult parseLaunchParams(AsmParser &parser,
                                     SmallVector<LaunchParamAttr> &params) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        LaunchParamAttr param;
        if (parser.parseCustomAttributeWithFallback(param))
          return failure();
        params.push_back(param);
        return success();
      });
}

static void printLaunchParams(AsmPrinter &printer,
                              ArrayRef<LaunchParamAttr> params) {
  printer << '[';
  llvm::interleaveComma(params, printer, [&](LaunchParamAttr param) {
    printer.printStrippedAttrOrType(param);
  });
  printer << ']';
}

#define GET_ATTRDEF_CLASSES
#include "tolk/Dialect/Tolk/IR/TolkAttrs.cpp.inc"

void TolkDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tolk/Dialect/Tolk/IR/TolkAttrs.cpp.inc"
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

//===----------------------------------------------------------------------===//
// The kernel ABI
//===----------------------------------------------------------------------===//

LogicalResult
LaunchParamAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        ParamKind kind, Type type, ParamBinding binding,
                        int64_t index, std::optional<int64_t> count,
                        std::optional<int64_t> vector) {
  if (!getDType(type))
    return emitError() << "#tolk.param's type must be a Tolk data type, not "
                       << type;
  if (index < 0)
    return emitError() << "#tolk.param binds " << stringifyParamBinding(binding)
                       << " " << index << ": the index must be at least 0";
  if (kind == ParamKind::scalar) {
    if (count || vector)
      return emitError() << "#tolk.param: a scalar has no count or vector";
    return success();
  }
  if (!count || !vector)
    return emitError() << "#tolk.param: a buffer needs a count and a vector";
  if (*count < 0)
    return emitError() << "#tolk.param's count must be at least 0, not "
                       << *count;
  if (*vector < 1)
    return emitError() << "#tolk.param's vector must be at least 1, not "
                       << *vector;
  return success();
}

LogicalResult LaunchAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 SymbolRefAttr kernel, ArrayRef<int32_t> grid,
                                 ArrayRef<int32_t> block,
                                 ArrayRef<LaunchParamAttr> params) {
  if (kernel.getNestedReferences().size() != 1)
    return emitError() << "#tolk.launch's kernel must be @module::@kernel, not "
                       << kernel;
  for (auto [field, sizes] : {std::pair{"grid", grid}, {"block", block}}) {
    if (sizes.empty() || sizes.size() > 3)
      return emitError() << "#tolk.launch's " << field << " has "
                         << sizes.size() << " sizes, expected 1 to 3";
    for (int32_t size : sizes)
      if (size < 1)
        return emitError() << "#tolk.launch's " << field << " size " << size
                           << " is below 1";
  }
  return success();
}
