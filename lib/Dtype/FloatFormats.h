//===- FloatFormats.h - Rounding and encoding of floats ---------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Private to lib/Dtype. The eight float formats of known width (four 8-bit
// ones, f16, bf16, f32, f64) described once, and the three operations that
// the casts of Cast.cpp are built from: rounding a value into a format,
// encoding a value of a format as its bits, and decoding bits.
//
// A value of a format is held as the double that holds it exactly. A NaN of
// a format narrower than f64 is held as the double with the same sign and the
// format's fraction bits at the top of the double's fraction, which is what a
// widening conversion gives without quieting.
//
// Binary128, which no double holds, is an llvm::APFloat of IEEEquad, and so
// are complex components (of IEEEsingle, IEEEdouble or IEEEquad); the
// functions at the end move values between these and the formats above with
// the same rules (one rounding, NaN payloads top-aligned).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_DTYPE_FLOATFORMATS_H
#define TOLK_LIB_DTYPE_FLOATFORMATS_H

#include "BigInt.h"
#include "tolk/Dtype/Const.h"
#include "tolk/Dtype/FloatLayout.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <utility>

namespace tolk::dtype::detail {

/// A float format of known width: its data type, and its layout (width,
/// fraction bits, infinities and NaN codes) read from its fltSemantics.
struct FloatFormat {
  FloatFormat(DType dt, const llvm::fltSemantics &sem)
      : dt(dt), sem(&sem), layout(sem) {}

  DType dt;
  const llvm::fltSemantics *sem;
  FloatLayout layout;

  bool isFp8() const { return layout.isFp8(); }
};

/// The format of a float of known width; nullptr for any other data type.
const FloatFormat *floatFormat(DType dt);
/// The format that holds WeakFloat's values and Float's: f64.
const FloatFormat &doubleFormat();

/// What rounding does with a NaN in a format of 16 bits or more.
enum class NaNMode : uint8_t {
  /// A conversion (truncate): the NaN becomes quiet, keeping sign and the top
  /// of its payload.
  Quiet,
  /// A constant, storage, bitcast: the bits move unquieted; a signalling NaN
  /// whose payload lies entirely below the format's fraction gets its lowest
  /// fraction bit set so that it stays a NaN (docs/Semantics.md#nans).
  Keep,
};

/// A rounded value and whether a finite source overflowed the format (the
/// value then is ±inf for 16 bits or more, ±largest finite for 8 bits).
struct Rounded {
  Float value;
  bool overflow = false;
};

/// x rounded once to f, to nearest with ties to even. NaNs: by `mode` in 16
/// bits or more; an 8-bit NaN is the format's NaN (signed for Fp8e5m2,
/// positive otherwise). An infinity is itself where f has one, else f's
/// positive NaN. fnuz formats give +0.0 for any zero.
Rounded roundDouble(const FloatFormat &f, Float x, NaNMode mode);
/// The integer i rounded once, from its exact value, to f.
Rounded roundInteger(const FloatFormat &f, const mpz_class &i);
/// A value (Bool 0/1, Int, Float, Float128; a Complex by its real part)
/// rounded once to f.
Rounded roundValue(const FloatFormat &f, const Value &v, NaNMode mode);

/// A NaN x narrowed to a format of 16 bits or more with `fracBits` fraction
/// bits, held as a double (see the file comment).
Float narrowNaN(Float x, unsigned fracBits, NaNMode mode);

/// The bits that encode x in f. x is a value of f (a result of rounding), an
/// infinity or a NaN. A NaN keeps its sign and the top of its payload
/// unquieted in 16 bits or more (NaNMode::Keep); an 8-bit NaN is the format's
/// NaN code of its sign (S.1111.111, S.11111.11, or 0x80 for fnuz). An
/// infinity without an encoding is the NaN code of its sign.
llvm::APInt encode(const FloatFormat &f, Float x);
/// The value that bits encode in f (bits.getBitWidth() == f.bits). An 8-bit
/// NaN is the zero-payload quiet NaN, signed for Fp8e5m2 and positive for the
/// others (docs/Semantics.md#nans); a wider NaN keeps its sign and payload.
Float decode(const FloatFormat &f, const llvm::APInt &bits);

//===----------------------------------------------------------------------===//
// Binary128 and complex components
//===----------------------------------------------------------------------===//

/// x, a NaN of an IEEE interchange format (f16, bf16, f32, f64, f128), as a
/// NaN of the interchange format `to`: the sign kept, the payload top-aligned
/// (a narrower format keeps its top bits, a wider one gets it at the top of
/// its fraction). Quiet sets the quiet bit; Keep leaves it, and sets the
/// lowest fraction bit of a signalling NaN whose payload fell off.
llvm::APFloat moveNaN(const llvm::APFloat &x, const llvm::fltSemantics &to,
                      NaNMode mode);

/// A value rounded once to binary128, to nearest with ties to even: Bool 0/1,
/// an Int from its exact value, a Float or Float128 exactly (a NaN by mode),
/// a Complex by its real part. overflow is set for an Int past binary128's
/// range, which rounds to the infinity of its sign.
struct RoundedQuad {
  llvm::APFloat value;
  bool overflow = false;
};
RoundedQuad roundToQuad(const Value &v, NaNMode mode);

/// The real part of v as a real value (componentValue of a Complex's real
/// component); any other value is itself.
Value realPart(const Value &v);
/// The real and imaginary parts of v as real values; a real value's
/// imaginary part is +0.0, as C and numpy convert a real number to complex.
std::pair<Value, Value> complexParts(const Value &v);
/// A complex component as a real value: a Float128 for IEEEquad, otherwise
/// the Float that holds it (a NaN's payload at the top of the double's).
Value componentValue(const llvm::APFloat &c);
/// The component of semantics `sem` that holds v, a constant of the component
/// type (a Float of f32 or f64, or a Float128), with its bits exactly.
llvm::APFloat toComponent(const llvm::fltSemantics &sem, const Value &v);

} // namespace tolk::dtype::detail

#endif // TOLK_LIB_DTYPE_FLOATFORMATS_H
