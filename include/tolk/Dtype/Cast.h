//===- Cast.h - Constants of a data type, storage, bitcast ------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The casts of docs/Semantics.md: `const`, `truncate`, `storage_fmt`,
// `to_storage_scalar`, `from_storage_scalar` and `bitcast` (its sections
// "const", "truncate", "Storage" and "Bitcast"), with every rounding,
// overflow, NaN, signalling-NaN, fnuz and wrap-around rule. Floats round
// through llvm::APFloat (round to nearest, ties to even, from the exact
// value); the saturation and NaN rules (docs/Semantics.md#8-bit-floats,
// docs/Semantics.md#nans) are applied on top of its status flags.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DTYPE_CAST_H
#define TOLK_DTYPE_CAST_H

#include "tolk/Dtype/Const.h"

#include "llvm/ADT/APFloat.h"

#include <optional>

namespace tolk::dtype {

/// c as a constant of dt. Invalid is itself. Floats round once and keep a
/// NaN's sign and payload (signalling ones too) in 16 bits or more; Bool is
/// nonzero-ness; integers truncate towards zero and wrap. A complex value
/// gives a real type its real part (a Bool its nonzero-ness: either part
/// nonzero); a real value gives a complex type (x, +0.0); a complex type
/// takes each part as its component type takes it. Errors: Void, and a NaN
/// or an infinity into WeakInt.
llvm::Expected<Const> makeConst(DType dt, const Const &c);

/// v as a value of dt (a cast of a value): floats round once to nearest
/// even, quieting NaNs; 8-bit floats saturate; integers wrap; Bool is
/// nonzero-ness; weak types keep v; complex values and types as makeConst
/// has them, each part truncated. Errors: Void, and a float or complex
/// value into an integer of known width.
llvm::Expected<Value> truncate(DType dt, const Value &v);

/// The format character of the storage of dt values: fmt, but 'H' for
/// Bfloat16 and 'B' for the 8-bit floats.
std::optional<char> storageFmt(DType dt);
/// True iff dt values have a storage encoding that bitcast, toBits and
/// fromBits use: every type with a storageFmt, and Float128 (16 bytes,
/// little-endian binary128) and Complex256 (32 bytes), which have no format
/// character. A complex value is stored as its real component, then its
/// imaginary one, as numpy's "<c8" and "<c16" store them.
bool hasStorage(DType dt);
/// The value that stores v in storageFmt(dt).
llvm::Expected<Value> toStorageScalar(DType dt, const Value &v);
/// The value stored by s: the inverse of toStorageScalar.
llvm::Expected<Value> fromStorageScalar(DType dt, const Value &s);
/// The `to` value stored by the bits that store v as a `from` value.
llvm::Expected<Value> bitcast(DType from, DType to, const Value &v);

/// The raw storage bits of v as a `dt` value (itemsize(dt) * 8 bits), or an
/// error where bitcast would raise. This is the encoding bitcast uses: the
/// storage's bytes as a little-endian integer, so a complex value's real
/// component is in the low half.
llvm::Expected<llvm::APInt> toBits(DType dt, const Value &v);
/// The value stored by raw bits (bits.getBitWidth() == itemsize(dt) * 8).
llvm::Expected<Value> fromBits(DType dt, const llvm::APInt &bits);

/// The APFloat semantics of a float of known width (Float128: IEEEquad);
/// nullptr otherwise (a complex type's components have its componentType's).
const llvm::fltSemantics *semantics(DType dt);

} // namespace tolk::dtype

#endif // TOLK_DTYPE_CAST_H
