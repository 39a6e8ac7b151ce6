//===- TolkCanonicalization.td - Tolk rewrite patterns -----*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The algebraic identities of --canonicalize that build a new op. Those that
// give an existing value or a constant are folders (TolkFolds.cpp), as in
// upstream arith. docs/Rationale.md ("Algebraic identities") says why each
// one holds for every value.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CANONICALIZATION_TD
#define TOLK_CANONICALIZATION_TD

include "mlir/IR/PatternBase.td"
include "tolk/Dialect/Tolk/TolkOps.td"

// Two values of one type: a rewrite keeps the result's type, so that no
// promotion or broadcast is lost.
def Tolk_SameType
    : Constraint<CPred<"$0.getType() == $1.getType()">, "of the same type">;

// A tolk.const value that is the Bool `value` (not invalid), read as every
// Tolk folder reads constants (ConstantMapping.h).
class Tolk_BoolConst<string value>
    : Constraint<CPred<"isConstantBool($0, " # value # ")">,
                 "the Bool constant " # value>;

// cast(cast(x : A -> B) : B -> C) with A -> B lossless, and shapes that the
// direct cast changes the same way (see isLosslessCastChain).
def Tolk_LosslessCastChain
    : Constraint<CPred<"isLosslessCastChain($0, $1, $2)">,
                 "a lossless cast followed by a cast">;

//===----------------------------------------------------------------------===//
// where
//===----------------------------------------------------------------------===//

// where(c, false, true) is logical_not c, when c has the result's shape (a
// broadcast of c by the arms would be lost). where(c, true, false) = c is
// WhereOp's folder.
def Tolk_WhereFalseTrue : Pat<
  (Tolk_WhereOp:$res $c, (Tolk_ConstOp $f), (Tolk_ConstOp $t)),
  (Tolk_LogicalNotOp $c),
  [(Tolk_BoolConst<"false"> $f), (Tolk_BoolConst<"true"> $t),
   (Tolk_SameType $c, $res)]>;

//===----------------------------------------------------------------------===//
// cast
//===----------------------------------------------------------------------===//

// cast(cast(x : A -> B) : B -> C) is cast(x : A -> C) when every value of A
// is a value of B (can_lossless_cast): the outer cast then converts x's own
// value. With C = A, CastOp's folder then gives x.
def Tolk_CastOfLosslessCast : Pat<
  (Tolk_CastOp:$outer (Tolk_CastOp:$inner $x)),
  (Tolk_CastOp $x),
  [(Tolk_LosslessCastChain $x, $inner, $outer)]>;

#endif // TOLK_CANONICALIZATION_TD
