//===- DType.h - Tolk data types --------------------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The scalar data types of tinygrad as docs/Semantics.md#data-types states
// them: their properties (priority, bitsize, name, format characters), the
// groups and predicates, names and defaults, and the promotion lattice. No
// MLIR here: lib/Dtype depends only on LLVM Support and GMP, so that each
// rule of docs/Semantics.md is written once and every layer above calls it.
//
// Functions that have no value for some arguments (each section of
// docs/Semantics.md states its error cases) return llvm::Expected; the error
// message names the offending value.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DTYPE_DTYPE_H
#define TOLK_DTYPE_DTYPE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace tolk::dtype {

/// The data types. The first twenty are those of docs/Semantics.md#data-types,
/// in its order; the next two are the private storage helpers
/// (docs/Semantics.md#storage-helpers), which take part in no
/// promotion and are neither integers nor unsigned; the last four are the
/// extensions beyond tinygrad (IEEE binary128 and the complex types), which
/// come after the others so that every earlier enumerator keeps its value.
enum class DType : uint8_t {
  Void,
  WeakInt,
  Bool,
  Int8,
  Uint8,
  Int16,
  Uint16,
  Int32,
  Uint32,
  Int64,
  Uint64,
  WeakFloat,
  Fp8e4m3,
  Fp8e5m2,
  Fp8e4m3fnuz,
  Fp8e5m2fnuz,
  Float16,
  Bfloat16,
  Float32,
  Float64,
  // Non-portable storage helpers, spelled "_uint128"/"_uint256".
  Uint128,
  Uint256,
  // Extensions: IEEE 754 binary128, and complex numbers of f32, f64, f128
  // components (real part first). See docs/ComplexAndFloat128.md.
  Float128,
  Complex64,
  Complex128,
  Complex256,
};

/// The number of DType enumerators, for tables indexed by DType.
inline constexpr unsigned kNumDTypes =
    static_cast<unsigned>(DType::Complex256) + 1;

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

/// The rank in the promotion order: -1 for Void to 15 for Float64 among
/// tinygrad's types, then 16 for Float128 and 17 to 19 for Complex64,
/// Complex128 and Complex256. Each fnuz format shares the priority of its OCP
/// format; WeakInt shares Bool's.
int priority(DType dt);
/// Bits of a value: 0 for Void, 1 for Bool, 800 for the weak types; a
/// complex value has both components' bits (64 for Complex64).
unsigned bitsize(DType dt);
/// bitsize rounded up to whole bytes.
unsigned itemsize(DType dt);
/// The short name: "i8", "u64", "f16", "bf16", "fp8e4m3", "bool", "void",
/// "weakint", "_uint128", "f128", "c64", "c128", "c256", ...
llvm::StringRef name(DType dt);
/// Python struct format character of a value, if the type has one. The
/// complex types of f32 and f64 components have numpy's type characters 'F'
/// and 'D' (which Python's struct also reads); Float128 and Complex256 have
/// none, since numpy's 'g' and 'G' are the platform's long double.
std::optional<char> fmt(DType dt);
/// (exponent bits, explicit mantissa bits) of a float of known width, Float128
/// (15, 112) included.
llvm::Expected<std::pair<unsigned, unsigned>> finfo(DType dt);

//===----------------------------------------------------------------------===//
// Predicates and groups
//===----------------------------------------------------------------------===//

bool isFloat(DType dt);    ///< in floats, WeakFloat, or Float128
bool isInt(DType dt);      ///< in ints, or WeakInt
bool isUnsigned(DType dt); ///< in uints
bool isBool(DType dt);
bool isWeak(DType dt);    ///< WeakInt or WeakFloat
bool isFp8(DType dt);     ///< in fp8s
bool isComplex(DType dt); ///< in complexes (a complex type is not a float)

llvm::ArrayRef<DType> fp8Ocp();  ///< [Fp8e4m3; Fp8e5m2]
llvm::ArrayRef<DType> fp8Fnuz(); ///< [Fp8e4m3fnuz; Fp8e5m2fnuz]
llvm::ArrayRef<DType> fp8s();    ///< fp8Ocp @ fp8Fnuz
llvm::ArrayRef<DType>
floats(); ///< fp8s, then Float16, Bfloat16, Float32, Float64
llvm::ArrayRef<DType> uints(); ///< Uint8 .. Uint64
llvm::ArrayRef<DType> sints(); ///< Int8 .. Int64
llvm::ArrayRef<DType> ints();  ///< uints @ sints
llvm::ArrayRef<DType> weaks(); ///< [WeakInt; WeakFloat]
llvm::ArrayRef<DType> all();   ///< floats @ ints @ [Bool]
/// The twenty data types, in declaration order (no storage helpers).
llvm::ArrayRef<DType> every();
/// [Complex64; Complex128; Complex256].
llvm::ArrayRef<DType> complexes();
/// The types beyond tinygrad's: [Float128] @ complexes. They are in none of
/// the groups above, which stay tinygrad's, so that a loop over floats, all
/// or every keeps its meaning.
llvm::ArrayRef<DType> extensions();
/// Every type that takes part in promotion: every but Void, then extensions.
llvm::ArrayRef<DType> promotable();
bool mem(DType dt, llvm::ArrayRef<DType> dts);

/// The type of each component of a complex type (Float32 for Complex64,
/// Float64 for Complex128, Float128 for Complex256); nullopt otherwise.
std::optional<DType> componentType(DType dt);
/// The complex type whose components are dt (Complex64 for Float32,
/// Complex128 for Float64, Complex256 for Float128); nullopt otherwise.
std::optional<DType> complexOf(DType dt);

//===----------------------------------------------------------------------===//
// Order, equality, printing
//===----------------------------------------------------------------------===//

/// The promotion order: by priority, then bitsize, then name. Negative, zero
/// or positive as a is before, the same as, or after b.
int compare(DType a, DType b);
inline bool equal(DType a, DType b) { return a == b; }
size_t hash(DType dt);

/// Prints "dtypes.<name>".
void print(llvm::raw_ostream &os, DType dt);
std::string toString(DType dt);
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, DType dt);

//===----------------------------------------------------------------------===//
// Names and defaults
//===----------------------------------------------------------------------===//

/// The data type named `s`, in any case: its name, its constructor's name
/// without underscores ("float128", "complex64" for the extensions), a
/// C-flavoured alias, "default_float"/"default_int", optionally after
/// "dtypes.". The storage helpers only by their exact spelling
/// "_uint128"/"_uint256". No name means "long double", which is a different
/// format on different hosts. The error names `s`.
llvm::Expected<DType> ofString(llvm::StringRef s);

/// The settings DEFAULT_FLOAT and DEFAULT_INT. Their value is read from the
/// environment the first time it is needed unless set through the API; it is
/// kept as the name the user gave, and checked when a default is asked for.
void setDefaultFloatSetting(llvm::StringRef name);
void setDefaultIntSetting(llvm::StringRef name);
/// Forget the API's values: the environment is read again.
void resetDefaultSettings();

/// The data type named by DEFAULT_FLOAT ("float32" when unset); an error if
/// that is not a float of known width.
llvm::Expected<DType> defaultFloat();
/// The data type named by DEFAULT_INT ("int32" when unset); an error if that
/// is not an integer of known width.
llvm::Expected<DType> defaultInt();

/// Commits a weak type to its default; any other type is itself.
llvm::Expected<DType> strong(DType dt);
/// WeakFloat for a float, WeakInt for an integer, dt itself otherwise.
DType weak(DType dt);

//===----------------------------------------------------------------------===//
// Promotion
//===----------------------------------------------------------------------===//

/// True iff `from` promotes to `to` (reflexive, transitive closure of the
/// lattice, docs/Semantics.md#the-lattice). False when either is Void or a
/// storage helper.
bool promotesTo(DType from, DType to);
/// The least data type by compare that every one of dts promotes to. Not
/// associative (two different 8-bit floats give Float16). Error on an empty
/// list, Void, or a type outside the lattice.
llvm::Expected<DType> leastUpper(llvm::ArrayRef<DType> dts);
/// WeakFloat for WeakInt, dt for a float or a complex type,
/// leastUpper(dt, defaultFloat()) otherwise. Error on Void.
llvm::Expected<DType> leastUpperFloat(DType dt);
/// True iff a cast from `from` to `to` is known to keep every value (the
/// three rules of docs/Semantics.md#lossless-casts; Float128 is a float of
/// known width with finfo (15,
/// 112); into a complex type, a real type casts losslessly iff it does into
/// the component type or is it, and a complex type iff its component type
/// does; a complex type never casts losslessly into a real one).
bool canLosslessCast(DType from, DType to);
/// tinygrad's sum_acc_dtype: the type a sum accumulates in
/// (docs/Semantics.md#accumulation-type).
/// Unsigned to at least Uint32, signed and Bool to at least Int32, others to
/// at least Float32.
llvm::Expected<DType> sumAccDType(DType dt);

} // namespace tolk::dtype

#endif // TOLK_DTYPE_DTYPE_H
