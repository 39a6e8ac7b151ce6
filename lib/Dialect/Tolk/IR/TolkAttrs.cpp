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

#include "llvm/ADT/SmallString.h"
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

/// The bits of a float in hexadecimal digits.
static std::string hexBits(const llvm::APFloat &f) {
  llvm::SmallString<40> s;
  f.bitcastToAPInt().toStringUnsigned(s, 16);
  return std::string(s);
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
    printer << dtype::toDecimal(v.getInt());
    return;
  case dtype::Value::Kind::Float:
    // By its bits: the attribute has no type to give a decimal meaning to,
    // and bits keep every NaN payload.
    printer << "float 0x";
    printer.getStream().write_hex(v.getFloat().bits);
    return;
  case dtype::Value::Kind::Float128:
    printer << "binary128 0x";
    printer.getStream() << hexBits(v.getFloat128());
    return;
  case dtype::Value::Kind::Complex: {
    // complex<W> 0xRE, 0xIM: the bits of each part in its format of W bits.
    const dtype::Complex &z = v.getComplex();
    printer << "complex<" << llvm::APFloat::getSizeInBits(z.semantics())
            << "> 0x" << hexBits(z.re) << ", 0x" << hexBits(z.im);
    return;
  }
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
  if (succeeded(parser.parseOptionalKeyword("binary128"))) {
    APInt bits;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseInteger(bits))
      return failure();
    if (bits.getActiveBits() > 128)
      return parser.emitError(loc, "expected the 128 bits of a binary128");
    return dtype::Const(dtype::Value::ofFloat128(
        APFloat(APFloat::IEEEquad(), bits.zextOrTrunc(128))));
  }
  if (succeeded(parser.parseOptionalKeyword("complex"))) {
    unsigned width;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseLess() || parser.parseInteger(width) ||
        parser.parseGreater())
      return failure();
    const llvm::fltSemantics *sem = width == 32    ? &APFloat::IEEEsingle()
                                    : width == 64  ? &APFloat::IEEEdouble()
                                    : width == 128 ? &APFloat::IEEEquad()
                                                   : nullptr;
    if (!sem)
      return parser.emitError(loc, "expected complex<32>, complex<64> or "
                                   "complex<128>");
    APInt re, im;
    SMLoc partLoc = parser.getCurrentLocation();
    if (parser.parseInteger(re) || parser.parseComma() ||
        parser.parseInteger(im))
      return failure();
    if (re.getActiveBits() > width || im.getActiveBits() > width)
      return parser.emitError(partLoc, "expected parts of ")
             << width << " bits";
    return dtype::Const(
        dtype::Value::ofComplex(APFloat(*sem, re.zextOrTrunc(width)),
                                APFloat(*sem, im.zextOrTrunc(width))));
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
    return emitError() << "#tolk.param: "
                       << (kind == ParamKind::image ? "an " : "a ")
                       << stringifyParamKind(kind)
                       << " needs a count and a vector";
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
