//===- Alu.h - One lane of a primitive elementwise op -----------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The core of the constant folder, without MLIR: tinygrad's exec_alu for one
// lane of a primitive op (docs/Semantics.md#primitive-operations) whose
// operands were already promoted. Every result is the exact constant of the
// result type (docs/Semantics.md#how-an-op-computes: `truncate` of the exact
// or binary64 result): integers of known width wrap, weak integers stay
// exact, floats are computed in binary64 and rounded once. Where tinygrad
// leaves a case open (max with NaN, shift counts at or past the width,
// division by zero, ...), Tolk chooses (docs/Semantics.md#the-three-rules,
// rule 3): the choice is written at the op in Alu.cpp and in the op's section
// of docs/Semantics.md; the lowerings compute the same bits.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DTYPE_ALU_H
#define TOLK_DTYPE_ALU_H

#include "tolk/Dtype/Const.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace tolk::dtype {

/// The primitive ops the folder evaluates
/// (docs/Semantics.md#primitive-operations): one a primitive op of the
/// dialect.
enum class AluOp : uint8_t {
  Add,
  Mul,
  CmpLt,
  CmpEq,
  Max,
  And,
  Or,
  Xor,
  Shl,
  Shr,
  Recip,
  Trunc,
  Sqrt,
  Exp2,
  Log2,
  TruncDiv,
  Pow,
  Where,
  // Primitives of the complex types only. On the real types these are
  // derived ops (x * -1, x * reciprocal y), but a complex number's derived
  // forms differ from what the complex lowering computes (in signed zeros,
  // infinities and NaNs), so for the complex types each is its own
  // primitive, folded as that lowering computes it.
  Neg,
  Div,
};

/// The number of AluOp enumerators, for tables indexed by AluOp.
inline constexpr unsigned kNumAluOps = static_cast<unsigned>(AluOp::Div) + 1;

/// The op's lower-case name, as the Tolk dialect spells the op: "add", "mul",
/// "cmplt", "cmpeq", "max", "and", "or", "xor", "shl", "shr", "reciprocal",
/// "trunc", "sqrt", "exp2", "log2", "truncdiv", "pow", "where", "neg", "div".
llvm::StringRef aluOpName(AluOp op);

/// The number of operands the op takes: 1, 2, or 3 for Where.
unsigned aluOpArity(AluOp op);

/// Evaluates one lane of `op` on operands already promoted to `dt`: each is a
/// constant of dt as makeConst gives it (a Bool for Bool, an Int for an
/// integer type, a Float for a float type), or Invalid. Exceptions: Where's
/// operands[0] is the Bool condition (its arms are of dt); Pow's exponent may
/// be an Int that keeps its value at no width (a weak-integer exponent,
/// docs/Semantics.md#pow). The result is of dt, but Bool for CmpLt and
/// CmpEq: the exact result (integers) or the binary64 one (floats) truncated
/// to dt. A float result that is finite but past binary64's range
/// (exp2(1024)) rounds as the finite overflow it is, so an 8-bit float
/// saturates rather than taking inf or NaN.
///
/// An Invalid operand gives Invalid (Where: an Invalid condition does; else
/// the chosen arm, which may itself be Invalid).
///
/// Float128 is computed in binary128 and a complex type per component in its
/// component format, each operation rounded once to nearest even, in the
/// order of MLIR's complex-to-standard lowering (Alu.cpp names the
/// algorithms); a constant of such a type is a Float128 or a Complex value.
///
/// Errors: a wrong number of operands; a dt the op does not take (e.g. And on
/// a float; an op that needs an order, on a complex type), or an operand not
/// of dt's kind; and the cases the folder must not fold: integer division or
/// remainder by zero (undefined at run time), a negative integer exponent of
/// Pow in a type that is not a float (docs/Semantics.md#pow), a
/// negative shift count of WeakInt, a WeakInt result too large to hold,
/// exp2, log2 and pow on Float128, and sqrt, exp2, log2 and pow on the
/// complex types (their results are the target's math library's, which the
/// folder does not reproduce).
llvm::Expected<Const> evalAlu(AluOp op, DType dt,
                              llvm::ArrayRef<Const> operands);

/// True iff evalAlu would fold these operands to a constant (false for the
/// undefined cases and every other error).
bool canFoldAlu(AluOp op, DType dt, llvm::ArrayRef<Const> operands);

} // namespace tolk::dtype

#endif // TOLK_DTYPE_ALU_H
