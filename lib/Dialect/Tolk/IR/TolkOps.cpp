//===- TolkOps.cpp - Tolk operations --------------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tolk.const's parsing, printing and verification, the types of the
// elementwise ops' assembly format, and the verifiers and folders of
// tolk.cast and tolk.bitcast. The elementwise ops' typing rules are their
// ODS (ElementwiseTyping.h); every rule of the data types and every
// constant comes from lib/Dtype.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/ConstantMapping.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dialect/Tolk/IR/WeakFloatCommit.h"
#include "tolk/Dtype/Cast.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace tolk;
using dtype::DType;

//===----------------------------------------------------------------------===//
// tolk.const
//===----------------------------------------------------------------------===//

void ConstOp::build(OpBuilder &builder, OperationState &state, Type type,
                    const dtype::Const &value) {
  build(builder, state, type, ConstAttr::get(builder.getContext(), value));
}

// A builtin attribute where the type has one (ConstantMapping.h): upstream
// folders read their constant operands as builtin attributes.
OpFoldResult ConstOp::fold(FoldAdaptor) {
  return getConstantAttr(getType(), getValue().getValue());
}

/// The decimal text of a finite float that MLIR's lexer reads as a float
/// literal (it needs a '.'): "1e-05" becomes "1.0e-05".
static std::string floatLiteral(std::string s) {
  if (s.find('.') == std::string::npos) {
    size_t e = s.find('e');
    s.insert(e == std::string::npos ? s.size() : e, ".0");
  }
  return s;
}

/// The bits of `bits` as the literal "0x..." with every digit of its width.
static void printHexBits(OpAsmPrinter &p, const APInt &bits) {
  SmallString<40> hex;
  bits.toStringUnsigned(hex, 16);
  unsigned digits = (bits.getBitWidth() + 3) / 4;
  p << "0x" << std::string(digits - std::min<size_t>(digits, hex.size()), '0')
    << hex;
}

/// A binary32, binary64 or binary128 number as a literal that reads back as
/// it: the shortest decimal of a finite one (of the double that holds a
/// binary32 or binary64), the bits of an infinity or a NaN.
static void printFloatLiteral(OpAsmPrinter &p, const APFloat &f) {
  if (!f.isFinite()) {
    printHexBits(p, f.bitcastToAPInt());
    return;
  }
  if (&f.getSemantics() == &APFloat::IEEEquad()) {
    p << floatLiteral(dtype::formatFloat128(f));
    return;
  }
  APFloat d = f;
  bool losesInfo;
  d.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  p << floatLiteral(dtype::formatFloat(d.convertToDouble()));
}

void ConstOp::print(OpAsmPrinter &p) {
  p << ' ';
  const dtype::Const &c = getValue().getValue();
  Type elt = getElementTypeOrSelf(getType());
  std::optional<DType> dt = getDType(elt);
  if (!c.isInvalid() && c.value().isFloat128()) {
    printFloatLiteral(p, c.value().getFloat128());
  } else if (!c.isInvalid() && c.value().isComplex()) {
    const dtype::Complex &z = c.value().getComplex();
    p << '(';
    printFloatLiteral(p, z.re);
    p << ", ";
    printFloatLiteral(p, z.im);
    p << ')';
  } else if (!c.isInvalid() && c.value().isFloat() && dt) {
    dtype::Float f = c.value().getFloat();
    if (f.isFinite()) {
      p << floatLiteral(dtype::formatFloat(f.toDouble()));
    } else if (llvm::Expected<APInt> bits = dtype::toBits(
                   *dt == DType::WeakFloat ? DType::Float64 : *dt, c.value())) {
      // Infinities and NaNs by their bits in the type's own format: every
      // payload reads back.
      printHexBits(p, *bits);
    } else {
      llvm::consumeError(bits.takeError());
      p << "float 0x";
      p.getStream().write_hex(f.bits);
    }
  } else {
    printConstValue(p, c);
  }
  p.printOptionalAttrDict((*this)->getAttrs(), /*elidedAttrs=*/{"value"});
  p << " : " << getType();
}

namespace {
/// A literal as written, before its type is known.
struct Literal {
  enum class Kind { True, False, Invalid, Number, Complex } kind = Kind::Number;
  std::string text; ///< The number's spelling, sign included.
  SMLoc loc;
  /// The real and imaginary parts of a complex literal `(re, im)`.
  std::vector<Literal> parts;
};
} // namespace

static ParseResult parseLiteral(OpAsmParser &parser, Literal &lit);

/// `(re, im)`, after the '(' .
static ParseResult parseComplexLiteral(OpAsmParser &parser, Literal &lit) {
  lit.kind = Literal::Kind::Complex;
  lit.parts.resize(2);
  if (parseLiteral(parser, lit.parts[0]) || parser.parseComma() ||
      parseLiteral(parser, lit.parts[1]) || parser.parseRParen())
    return failure();
  for (const Literal &part : lit.parts)
    if (part.kind != Literal::Kind::Number)
      return parser.emitError(
          part.loc, "expected a number as a part of a complex literal");
  return success();
}

static ParseResult parseLiteral(OpAsmParser &parser, Literal &lit) {
  lit.loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLParen()))
    return parseComplexLiteral(parser, lit);
  if (succeeded(parser.parseOptionalKeyword("true"))) {
    lit.kind = Literal::Kind::True;
    return success();
  }
  if (succeeded(parser.parseOptionalKeyword("false"))) {
    lit.kind = Literal::Kind::False;
    return success();
  }
  if (succeeded(parser.parseOptionalKeyword("invalid"))) {
    lit.kind = Literal::Kind::Invalid;
    return success();
  }
  // The parser gives an integer as an APInt and a float only as a double,
  // which would round a decimal literal twice (to binary64, then to the
  // type). Keep the literal's own spelling instead, read from the source
  // between this token and the next, and round it once when the type is
  // known.
  const char *start = lit.loc.getPointer();
  // Peek at the spelling to choose the parser's entry point: both consume a
  // leading '-', and the integer one fails on a float token after it.
  const char *p = start;
  if (*p == '-')
    ++p;
  while (llvm::isSpace(*p))
    ++p;
  bool isHex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
  bool isFloat = false;
  for (const char *q = p; llvm::isAlnum(*q) || *q == '.'; ++q)
    isFloat |= *q == '.';
  isFloat &= !isHex;
  if (isFloat) {
    double d;
    if (parser.parseFloat(d))
      return failure();
  } else {
    APInt ignored;
    if (parser.parseInteger(ignored))
      return failure();
  }
  const char *end = parser.getCurrentLocation().getPointer();
  for (const char *c = start; c < end; ++c)
    if (!llvm::isSpace(*c))
      lit.text.push_back(*c);
  return success();
}

/// The constant `lit` denotes in `dt`, or an error at the literal.
static FailureOr<dtype::Const>
literalValue(OpAsmParser &parser, const Literal &lit, DType dt, Type elt) {
  auto error = [&]() { return parser.emitError(lit.loc); };
  if (dtype::isComplex(dt) && (lit.kind == Literal::Kind::Complex ||
                               lit.kind == Literal::Kind::Number)) {
    // Each part as a constant of the component type, by its bits; a real
    // literal is (x, +0.0), as Dtype.const makes it.
    DType part = *dtype::componentType(dt);
    Type partType = getScalarType(parser.getContext(), part);
    if (lit.kind == Literal::Kind::Number) {
      FailureOr<dtype::Const> x = literalValue(parser, lit, part, partType);
      if (failed(x))
        return failure();
      llvm::Expected<dtype::Const> z = dtype::makeConst(dt, *x);
      if (!z)
        return error() << llvm::toString(z.takeError());
      return *z;
    }
    const llvm::fltSemantics &sem = *dtype::semantics(part);
    SmallVector<APFloat, 2> parts;
    for (const Literal &l : lit.parts) {
      FailureOr<dtype::Const> x = literalValue(parser, l, part, partType);
      if (failed(x))
        return failure();
      llvm::Expected<APInt> bits = dtype::toBits(part, x->value());
      if (!bits)
        return parser.emitError(l.loc) << llvm::toString(bits.takeError());
      parts.push_back(APFloat(sem, *bits));
    }
    return dtype::Const(dtype::Value::ofComplex(parts[0], parts[1]));
  }
  switch (lit.kind) {
  case Literal::Kind::Complex:
    return error() << "a complex literal (re, im) needs a complex type, not "
                   << elt;
  case Literal::Kind::Invalid:
    return dtype::Const::invalid();
  case Literal::Kind::True:
  case Literal::Kind::False:
    if (dt != DType::Bool)
      return error() << "'"
                     << (lit.kind == Literal::Kind::True ? "true" : "false")
                     << "' is a literal of i1, not of " << elt;
    return dtype::Const::ofBool(lit.kind == Literal::Kind::True);
  case Literal::Kind::Number:
    break;
  }
  StringRef text = lit.text;
  bool negative = text.consume_front("-");
  bool hex = text.starts_with("0x") || text.starts_with("0X");
  bool decimalInteger = !hex && text.find_first_of(".eE") == StringRef::npos;

  if (dtype::isFloat(dt)) {
    DType format = dt == DType::WeakFloat ? DType::Float64 : dt;
    const llvm::fltSemantics &sem = *dtype::semantics(format);
    unsigned width = llvm::APFloat::getSizeInBits(sem);
    if (hex) {
      // A float by its bits in the type's own format: any NaN payload.
      APInt bits;
      if (negative || text.drop_front(2).getAsInteger(16, bits))
        return error() << "expected the bits of " << elt << " after '0x'";
      if (bits.getActiveBits() > width)
        return error() << "0x" << text.drop_front(2) << " has more than "
                       << width << " bits, the width of " << elt;
      llvm::Expected<dtype::Value> v =
          dtype::fromBits(format, bits.zextOrTrunc(width));
      if (!v)
        return error() << llvm::toString(v.takeError());
      return dtype::Const(*v);
    }
    llvm::APFloat f(sem);
    llvm::Expected<llvm::APFloat::opStatus> status =
        f.convertFromString(lit.text, llvm::APFloat::rmNearestTiesToEven);
    if (!status)
      return error() << llvm::toString(status.takeError());
    if ((*status & llvm::APFloat::opOverflow) || f.isInfinity() || f.isNaN())
      return error() << lit.text << " is out of the finite range of " << elt;
    if (dt == DType::Float128)
      return dtype::Const(dtype::Value::ofFloat128(f));
    bool losesInfo;
    f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &losesInfo);
    return dtype::Const::ofDouble(f.convertToDouble());
  }

  if (!decimalInteger && !hex)
    return error() << "expected an integer literal for " << elt;
  if (dt == DType::Bool)
    return error() << "expected true or false for i1";
  std::optional<llvm::DynamicAPInt> parsed =
      dtype::parseInteger(hex ? text.drop_front(2) : text, hex ? 16 : 10);
  if (!parsed)
    return error() << "malformed integer literal " << lit.text;
  llvm::DynamicAPInt value = negative ? -*parsed : *parsed;
  if (dt != DType::WeakInt) {
    dtype::Value v = dtype::Value::ofInt(value);
    if (v < dtype::min(dt) || v > dtype::max(dt))
      return error() << "integer " << lit.text << " is out of the range of "
                     << elt << " [" << dtype::ppConst(dtype::min(dt)) << ", "
                     << dtype::ppConst(dtype::max(dt))
                     << "]; use tolk.cast to wrap";
  }
  return dtype::Const::ofInt(std::move(value));
}

ParseResult ConstOp::parse(OpAsmParser &parser, OperationState &result) {
  Literal lit;
  Type type;
  if (parseLiteral(parser, lit) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  Type elt = getElementTypeOrSelf(type);
  std::optional<ElementwiseType> et = classify(type);
  if (!et || et->dtype == DType::Void)
    return parser.emitError(lit.loc)
           << "tolk.const needs a Tolk data type (or lanes or a tensor of "
              "one), not "
           << type;
  FailureOr<dtype::Const> value = literalValue(parser, lit, et->dtype, elt);
  if (failed(value))
    return failure();
  result.addAttribute("value", ConstAttr::get(parser.getContext(), *value));
  result.addTypes(type);
  return success();
}

LogicalResult ConstOp::verify() {
  std::optional<ElementwiseType> et = classify(getType());
  if (!et)
    return emitOpError("result must be a Tolk data type, or lanes or a "
                       "ranked tensor of one, not ")
           << getType();
  DType dt = et->dtype;
  // A splat of unknown size has no elements to lower to (arith.constant and
  // DenseElementsAttr need a static shape too).
  if (llvm::is_contained(et->shape.shape, ShapedType::kDynamic))
    return emitOpError("a constant needs a static shape, not ") << getType();
  const dtype::Const &c = getValue().getValue();
  if (c.isInvalid())
    return success();
  const dtype::Value &v = c.value();
  // Named only for a diagnostic: printing a type costs more than the check.
  auto expected = [&] { return getTypeName(getContext(), dt); };
  if (dt == DType::Bool && !v.isBool())
    return emitOpError("expected a Bool value for i1");
  if (dtype::isFloat(dt) || dtype::isComplex(dt)) {
    bool kindMatches = dt == DType::Float128  ? v.isFloat128()
                       : dtype::isComplex(dt) ? v.isComplex()
                                              : v.isFloat();
    if (!kindMatches)
      return emitOpError("expected a ")
             << (dtype::isComplex(dt) ? "complex" : "float") << " value for "
             << expected();
    // The value must be one the type holds, as Dtype.const makes it.
    llvm::Expected<dtype::Const> canon = dtype::makeConst(dt, c);
    if (!canon)
      return emitOpError(llvm::toString(canon.takeError()));
    if (*canon != c)
      return emitOpError("value ")
             << dtype::ppConst(c) << " is not a value of " << expected()
             << " (it would be " << dtype::ppConst(*canon) << ")";
    return success();
  }
  if (dt != DType::Bool) {
    if (!v.isInt())
      return emitOpError("expected an integer value for ") << expected();
    if (dt != DType::WeakInt && (v < dtype::min(dt) || v > dtype::max(dt)))
      return emitOpError("integer ")
             << dtype::ppConst(c) << " is out of the range of " << expected();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Elementwise ops: the types of the assembly format
//===----------------------------------------------------------------------===//
//
// `custom<ElementwiseTypes>` of TolkOps.td: `: (T0, T1) -> R`, or `: T` when
// every operand and the result are T.

static ParseResult parseElementwiseTypes(OpAsmParser &parser,
                                         ArrayRef<Type *> operandTypes,
                                         Type &resultType) {
  if (failed(parser.parseOptionalLParen())) {
    if (parser.parseType(resultType))
      return failure();
    for (Type *t : operandTypes)
      *t = resultType;
    return success();
  }
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type, 3> types;
  if (parser.parseTypeList(types) || parser.parseRParen() ||
      parser.parseArrow() || parser.parseType(resultType))
    return failure();
  if (types.size() != operandTypes.size())
    return parser.emitError(loc, "expected ")
           << operandTypes.size() << " operand types, not " << types.size();
  for (auto [t, parsed] : llvm::zip_equal(operandTypes, types))
    *t = parsed;
  return success();
}
static ParseResult parseElementwiseTypes(OpAsmParser &parser, Type &x,
                                         Type &result) {
  return parseElementwiseTypes(parser, {&x}, result);
}
static ParseResult parseElementwiseTypes(OpAsmParser &parser, Type &x, Type &y,
                                         Type &result) {
  return parseElementwiseTypes(parser, {&x, &y}, result);
}
static ParseResult parseElementwiseTypes(OpAsmParser &parser, Type &c, Type &x,
                                         Type &y, Type &result) {
  return parseElementwiseTypes(parser, {&c, &x, &y}, result);
}

static void printElementwiseTypes(OpAsmPrinter &p, Operation *op) {
  Type resultType = op->getResult(0).getType();
  if (llvm::all_of(op->getOperandTypes(),
                   [&](Type t) { return t == resultType; })) {
    p << resultType;
    return;
  }
  p << '(';
  llvm::interleaveComma(op->getOperandTypes(), p);
  p << ") -> " << resultType;
}
static void printElementwiseTypes(OpAsmPrinter &p, Operation *op, Type, Type) {
  printElementwiseTypes(p, op);
}
static void printElementwiseTypes(OpAsmPrinter &p, Operation *op, Type, Type,
                                  Type) {
  printElementwiseTypes(p, op);
}
static void printElementwiseTypes(OpAsmPrinter &p, Operation *op, Type, Type,
                                  Type, Type) {
  printElementwiseTypes(p, op);
}

//===----------------------------------------------------------------------===//
// tolk.cast and tolk.bitcast
//===----------------------------------------------------------------------===//

/// Shapes a conversion accepts: equal ones, and the lane rules of
/// docs/Semantics.md#lanes-and-shapes (one lane broadcasts to several;
/// several keep lane 0 into one).
static LogicalResult verifyConversionShapes(Operation *op,
                                            const ElementwiseType &in,
                                            const ElementwiseType &out,
                                            bool allowLaneRules) {
  if (in.shape == out.shape)
    return success();
  bool lanes = in.shape.kind != ValueShape::Kind::Tensor &&
               out.shape.kind != ValueShape::Kind::Tensor;
  bool oneSide = in.shape.kind == ValueShape::Kind::Scalar ||
                 out.shape.kind == ValueShape::Kind::Scalar;
  if (allowLaneRules && lanes && oneSide)
    return success();
  return op->emitOpError("expects the input and result to have the same "
                         "shape")
         << (allowLaneRules ? " (or a scalar and lanes)" : "") << ", not "
         << op->getOperand(0).getType() << " and "
         << op->getResult(0).getType();
}

static FailureOr<std::pair<ElementwiseType, ElementwiseType>>
classifyConversion(Operation *op) {
  std::optional<ElementwiseType> in = classify(op->getOperand(0).getType());
  std::optional<ElementwiseType> out = classify(op->getResult(0).getType());
  if (!in)
    return op->emitOpError("input of type ")
           << op->getOperand(0).getType() << " has no Tolk data type";
  if (!out)
    return op->emitOpError("result of type ")
           << op->getResult(0).getType() << " has no Tolk data type";
  return std::make_pair(*in, *out);
}

LogicalResult CastOp::verify() {
  auto types = classifyConversion(*this);
  if (failed(types))
    return failure();
  return verifyConversionShapes(*this, types->first, types->second,
                                /*allowLaneRules=*/true);
}

LogicalResult BitcastOp::verify() {
  auto types = classifyConversion(*this);
  if (failed(types))
    return failure();
  // The operand and result constraints admit only types with a storage
  // format (Tolk_StoredValue).
  DType from = types->first.dtype, to = types->second.dtype;
  if (dtype::itemsize(from) != dtype::itemsize(to))
    return emitOpError() << "expects types of the same size, not "
                         << getTypeName(getContext(), from) << " ("
                         << dtype::itemsize(from) << " bytes) and "
                         << getTypeName(getContext(), to) << " ("
                         << dtype::itemsize(to) << " bytes)";
  return verifyConversionShapes(*this, types->first, types->second,
                                /*allowLaneRules=*/false);
}

/// Whether a conversion from `in` to `out` is the identity on every value's
/// bits: not for f8E5M2 and f8E4M3FN, whose other NaN codes (from memory)
/// become the NaN code that storage gives (the fnuz formats have one).
static bool isIdentityConversion(Type in, Type out) {
  if (in != out)
    return false;
  std::optional<ElementwiseType> t = classify(in);
  return !t || !llvm::is_contained(dtype::fp8Ocp(), t->dtype);
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (isIdentityConversion(getInput().getType(), getType()))
    return getInput();
  std::optional<dtype::Const> c = getConstantValue(adaptor.getInput());
  std::optional<ElementwiseType> in = classify(getInput().getType());
  std::optional<ElementwiseType> out = classify(getType());
  if (!c || !in || !out)
    return {};
  // Its value is one of the committed type (docs/Semantics.md#weak-types).
  if (convertsAtCommit(in->dtype, out->dtype))
    return {};
  llvm::Expected<dtype::Const> v = dtype::makeConst(out->dtype, *c);
  if (!v) {
    llvm::consumeError(v.takeError());
    return {};
  }
  return ConstAttr::get(getContext(), *v);
}

OpFoldResult BitcastOp::fold(FoldAdaptor adaptor) {
  if (isIdentityConversion(getInput().getType(), getType()))
    return getInput();
  std::optional<dtype::Const> c = getConstantValue(adaptor.getInput());
  std::optional<ElementwiseType> in = classify(getInput().getType());
  std::optional<ElementwiseType> out = classify(getType());
  if (!c || !in || !out)
    return {};
  if (c->isInvalid())
    return ConstAttr::get(getContext(), *c);
  llvm::Expected<dtype::Value> v =
      dtype::bitcast(in->dtype, out->dtype, c->value());
  if (!v) {
    llvm::consumeError(v.takeError());
    return {};
  }
  return ConstAttr::get(getContext(), dtype::Const(*v));
}

//===----------------------------------------------------------------------===//
// Primitive or derived
//===----------------------------------------------------------------------===//

bool tolk::isPrimitiveOp(Operation *op) {
  auto primitive = dyn_cast<PrimitiveOpInterface>(op);
  if (!primitive)
    return false;
  std::optional<ElementwiseType> et = classify(op->getResult(0).getType());
  if (!et)
    return false;
  SmallVector<DType, 3> operands;
  for (Type t : op->getOperandTypes()) {
    std::optional<ElementwiseType> operand = classify(t);
    if (!operand)
      return false;
    operands.push_back(operand->dtype);
  }
  return primitive.isPrimitiveFor(operands, et->dtype);
}

bool tolk::isDerivedOp(Operation *op) {
  return isa<DerivedOpInterface>(op) && !isPrimitiveOp(op);
}

#define GET_OP_CLASSES
#include "tolk/Dialect/Tolk/IR/Tolk.cpp.inc"
