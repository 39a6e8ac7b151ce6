//===- TolkTypes.cpp - Tolk types -----------------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tolk;

#define GET_TYPEDEF_CLASSES
#include "tolk/Dialect/Tolk/IR/TolkTypes.cpp.inc"

void TolkDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tolk/Dialect/Tolk/IR/TolkTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// PtrType
//===----------------------------------------------------------------------===//

// !tolk.ptr<elementType, addrSpace [, size] [, v = vecWidth] [, image<shape>]>
Type PtrType::parse(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  Type elementType;
  StringRef spaceName;
  if (parser.parseLess() || parser.parseType(elementType) ||
      parser.parseComma())
    return {};
  SMLoc spaceLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&spaceName))
    return {};
  std::optional<AddrSpace> space = symbolizeAddrSpace(spaceName);
  if (!space) {
    parser.emitError(spaceLoc, "unknown address space '")
        << spaceName << "': expected global, local, reg or alu";
    return {};
  }
  int64_t size = -1;
  unsigned vecWidth = 1;
  std::optional<ImageKind> image;
  SmallVector<int64_t> shape;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc itemLoc = parser.getCurrentLocation();
    int64_t n = -1;
    OptionalParseResult r = parser.parseOptionalInteger(n);
    if (r.has_value()) {
      if (failed(*r))
        return {};
      size = n;
      continue;
    }
    StringRef key;
    if (parser.parseKeyword(&key))
      return {};
    if (key == "v") {
      if (parser.parseEqual() || parser.parseInteger(vecWidth))
        return {};
      continue;
    }
    if (std::optional<ImageKind> kind = symbolizeImageKind(key)) {
      image = kind;
      if (parser.parseLess() ||
          parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                    /*withTrailingX=*/false) ||
          parser.parseGreater())
        return {};
      continue;
    }
    parser.emitError(itemLoc, "unexpected '")
        << key
        << "': expected an element count, 'v = N', imageh<...> or "
           "imagef<...>";
    return {};
  }
  if (parser.parseGreater())
    return {};
  if (image && size < 0) {
    size = 1;
    for (int64_t d : shape)
      size *= d;
  }
  return parser.getChecked<PtrType>(loc, ctx, elementType, *space, size,
                                    vecWidth, image, shape);
}

void PtrType::print(AsmPrinter &printer) const {
  printer << '<' << getElementType() << ", "
          << stringifyAddrSpace(getAddrSpace());
  int64_t imageSize = 1;
  for (int64_t d : getImageShape())
    imageSize *= d;
  // An image's element count is its shape's; print it only if it differs.
  if (getSize() >= 0 && !(getImage() && getSize() == imageSize))
    printer << ", " << getSize();
  if (getVecWidth() != 1)
    printer << ", v = " << getVecWidth();
  if (getImage()) {
    printer << ", " << stringifyImageKind(*getImage()) << '<';
    llvm::interleave(getImageShape(), printer.getStream(), "x");
    printer << '>';
  }
  printer << '>';
}

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type elementType, AddrSpace addrSpace,
                              int64_t size, unsigned vecWidth,
                              std::optional<ImageKind> image,
                              ArrayRef<int64_t> imageShape) {
  std::optional<ElementwiseType> elt = classify(elementType);
  if (!elt || elt->shape.kind == ValueShape::Kind::Tensor)
    return emitError() << "pointee must be a Tolk scalar or a vector of one, "
                          "not "
                       << elementType;
  if (elt->dtype == dtype::DType::Void || dtype::isWeak(elt->dtype))
    return emitError() << "pointee must have a committed data type, not "
                       << elementType;
  if (size < -1)
    return emitError() << "element count must be non-negative, not " << size;
  if (vecWidth == 0)
    return emitError() << "pointer vector width must be positive";
  if (image.has_value() != !imageShape.empty())
    return emitError() << "an image pointer needs both a kind and a shape";
  for (int64_t d : imageShape)
    if (d <= 0)
      return emitError() << "image dimensions must be positive";
  // Every target binds an image as a resource of the launch.
  if (image && addrSpace != AddrSpace::global)
    return emitError() << "an image pointer is in the global address space, "
                          "not "
                       << stringifyAddrSpace(addrSpace);
  return success();
}
