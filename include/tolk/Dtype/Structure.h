//===- Structure.h - Lanes, pointers, images --------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The structure around a scalar data type: a value type is `count` lanes of a
// scalar; a pointer type addresses a base value type in an address space,
// with an element count, a pointer vector width and optional image metadata
// (docs/Semantics.md#lanes-and-shapes, docs/Semantics.md#pointers,
// docs/Semantics.md#images). The lane-cast rule lives here too: a scalar
// cast to lanes broadcasts, lanes cast to a scalar keep lane 0.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DTYPE_STRUCTURE_H
#define TOLK_DTYPE_STRUCTURE_H

#include "tolk/Dtype/Const.h"
#include "tolk/Dtype/DType.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <variant>

namespace tolk::dtype {

/// The memory a pointer addresses.
enum class AddrSpace : uint8_t { Global, Local, Reg, Alu };

/// "global", "local", "reg", "alu": how pointer types print them.
llvm::StringRef addrSpaceName(AddrSpace as);
/// "AddrSpace.GLOBAL", ...: how lib/Dtype's messages print them.
std::string ppAddrSpace(AddrSpace as);
/// GLOBAL, LOCAL, REG or ALU, or the lower-case names, optionally after
/// "AddrSpace." (docs/Semantics.md#pointers). The error names `s`.
llvm::Expected<AddrSpace> addrSpaceOfString(llvm::StringRef s);

/// A value type: `count` lanes of `scalar`.
struct ValType {
  DType scalar = DType::Void;
  unsigned count = 1;

  bool operator==(const ValType &o) const {
    return scalar == o.scalar && count == o.count;
  }
  bool operator!=(const ValType &o) const { return !(*this == o); }
};

/// `n` lanes of v's scalar. Errors: n == 0, or lanes of Void.
llvm::Expected<ValType> vec(unsigned n, ValType v);
/// One lane of v's scalar.
inline ValType scalarize(ValType v) { return ValType{v.scalar, 1}; }

enum class ImageKind : uint8_t { Imageh, Imagef };

/// A pointer type (docs/Semantics.md#pointers).
struct PtrType {
  ValType base;
  AddrSpace addrSpace = AddrSpace::Global;
  /// Number of base elements addressed; -1 when unknown.
  int64_t size = -1;
  /// Pointer vector width (how many pointers); 1 for a scalar pointer.
  unsigned v = 1;
  /// Image pointers: imageh (half storage) or imagef (float storage).
  std::optional<ImageKind> image;
  llvm::SmallVector<int64_t, 3> imageShape;

  bool isImage() const { return image.has_value(); }
  bool operator==(const PtrType &o) const;
  bool operator!=(const PtrType &o) const { return !(*this == o); }
};

/// imageh / imagef of the given shape: float pointers in Global space.
PtrType imageh(llvm::ArrayRef<int64_t> shape);
PtrType imagef(llvm::ArrayRef<int64_t> shape);

/// `n` pointers (pointer vector width). Error for n == 0.
llvm::Expected<PtrType> vec(unsigned n, PtrType p);
inline PtrType scalarize(PtrType p) {
  p.v = 1;
  return p;
}

/// Either kind.
using AnyType = std::variant<ValType, PtrType>;

/// Scalar bits times lanes; a pointer measures its base (not v); images are
/// 16 (imageh) or 32 (imagef).
unsigned bitsize(const ValType &v);
unsigned bitsize(const PtrType &p);
unsigned itemsize(const ValType &v);
unsigned itemsize(const PtrType &p);
/// The scalar's priority; 100 for image pointers.
int priority(const PtrType &p);

/// Value types promote as their scalars; image pointers: the first image.
/// Errors: an empty list, an ordinary pointer, or lane counts that differ.
llvm::Expected<AnyType> leastUpper(llvm::ArrayRef<AnyType> ts);

/// The predicates on either kind: a value type is classified by its scalar
/// (isFloat(DType), ...), an image pointer is a float (it is float-like: it
/// holds f16 or f32 texels), and an ordinary pointer is none of them (it is
/// not classified by its pointee).
bool isFloat(const AnyType &t);
bool isInt(const AnyType &t);
bool isUnsigned(const AnyType &t);
bool isBool(const AnyType &t);
bool isFp8(const AnyType &t);

/// An image pointer itself; a value type's scalar through
/// leastUpperFloat(DType), its lanes kept. Errors: an ordinary pointer, and
/// those of leastUpperFloat(DType).
llvm::Expected<AnyType> leastUpperFloat(const AnyType &t);

/// The least and greatest values of t: a value type's scalar's (lowest and
/// greatest of DType, so a complex type is an error); -inf and +inf for an
/// image pointer, which is float-like; false and true for an ordinary
/// pointer, which is not classified by its pointee.
llvm::Expected<Value> lowest(const AnyType &t);
llvm::Expected<Value> greatest(const AnyType &t);

/// "f32", "f32x4" for values; "f32*" with address space and size for
/// pointers, "imagef((4, 8))" for images.
std::string toString(const ValType &v);
std::string toString(const PtrType &p);
/// tinygrad syntax: "dtypes.float.vec(4)", "dtypes.float.ptr(16, local)".
std::string repr(const ValType &v);
std::string repr(const PtrType &p);

/// The lane cast of a constant vector (docs/Semantics.md#lanes-and-shapes):
/// one lane broadcast to
/// `toLanes`; several lanes to one keep lane 0; equal counts cast lane by
/// lane. Each lane goes through makeConst(to). Errors: counts that are not 1
/// and differ, and makeConst's errors.
llvm::Expected<llvm::SmallVector<Const, 4>>
castLanes(llvm::ArrayRef<Const> lanes, DType to, unsigned toLanes);

} // namespace tolk::dtype

#endif // TOLK_DTYPE_STRUCTURE_H
