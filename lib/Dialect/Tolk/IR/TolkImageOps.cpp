//===- TolkImageOps.cpp - Tolk image reads and writes ---------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verifiers and custom syntax of tolk.image_load and tolk.image_store
// (TolkImageOps.td), and the rule of the tolk.readonly argument attribute.
// The generated op classes are compiled with the others in TolkOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "GatedLoad.h"

#include "tolk/Dialect/Tolk/IR/Images.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace tolk;

FloatType tolk::getTexelStorageType(PtrType image) {
  Builder b(image.getContext());
  if (image.getImage() == ImageKind::imageh)
    return b.getF16Type();
  return b.getF32Type();
}

LogicalResult tolk::verifyReadOnlyAttribute(Operation *op, Type type,
                                            Attribute value) {
  auto ptr = dyn_cast_if_present<PtrType>(type);
  if (!ptr || !ptr.getImage())
    return op->emitError("'")
           << TolkDialect::ReadonlyAttrHelper::getNameStr()
           << "' belongs on an image pointer, such as "
           << "!tolk.ptr<f32, global, imagef<4x8x4>>, not " << type;
  if (!isa<UnitAttr>(value))
    return op->emitError("'") << TolkDialect::ReadonlyAttrHelper::getNameStr()
                              << "' is a unit attribute, not " << value;
  return success();
}

/// The checks both image ops make: the image's shape, and the type of the
/// texel `texel` read or written, which is `what`.
static LogicalResult verifyTexelAccess(Operation *op, PtrType image, Type texel,
                                       StringRef what) {
  ArrayRef<int64_t> shape = image.getImageShape();
  if (shape.size() != 3 || shape[2] != 4)
    return op->emitOpError("needs an image of shape HxWx4 (four lanes a "
                           "texel), but got ")
           << image;
  Builder b(op->getContext());
  Type f32x4 = VectorType::get({4}, b.getF32Type());
  Type f16x4 = VectorType::get({4}, b.getF16Type());
  bool half = image.getImage() == ImageKind::imageh;
  if (texel == f32x4 || (half && texel == f16x4))
    return success();
  InFlightDiagnostic diag = op->emitOpError()
                            << what << " " << texel << " is no texel of "
                            << image << ": expected " << f32x4;
  if (half)
    diag << " or " << f16x4;
  if (!half && texel == f16x4)
    diag << " (only an imageh texel reads as f16)";
  return diag;
}

//===----------------------------------------------------------------------===//
// tolk.image_load
//===----------------------------------------------------------------------===//

// tolk.image_load %image[%xy] [if %gate else %alternative] attr-dict
//     : image-type -> type
LogicalResult ImageLoadOp::verify() {
  if (failed(verifyTexelAccess(*this, getImage().getType(), getType(),
                               "result type")))
    return failure();
  return detail::verifyGatedLoad(*this, getGate(), getAlternative(), getType());
}

//===----------------------------------------------------------------------===//
// tolk.image_store
//===----------------------------------------------------------------------===//

LogicalResult ImageStoreOp::verify() {
  if (failed(verifyTexelAccess(*this, getImage().getType(),
                               getValue().getType(), "value type")))
    return failure();
  // An image is a parameter: no op makes one.
  auto arg = dyn_cast<BlockArgument>(getImage());
  auto fn = arg ? dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp())
                : nullptr;
  if (fn && arg.getOwner() == &fn.getFunctionBody().front() &&
      arg.getArgNumber() < fn.getNumArguments() &&
      fn.getArgAttr(arg.getArgNumber(),
                    TolkDialect::ReadonlyAttrHelper::getNameStr()))
    return emitOpError("cannot write parameter #")
           << arg.getArgNumber() << ", an image marked '"
           << TolkDialect::ReadonlyAttrHelper::getNameStr() << "'";
  return success();
}
