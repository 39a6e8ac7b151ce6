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
include "tolk/Dialect/Tolk/IR/TolkOps.td"

// Two values of one type: a rewrite keeps the result's type, so that no
// promotion or broadcast is lost.
def Tolk_SameType
    : Constraint<CPred<"$0.getType() == $1.getType()">, "of the same type">;

// A tolk.const value that is the Bool `value` (not invalid), read as every
// Tolk folder reads constants (ConstantMapping.h).
class Tolk_BoolConst<string value>
    : Constraint<CPred<"isConstantBool($0, " # value # ")">,
                 "the Bool constant " # value>;

// A value whose data type is an integer (weak included) or Bool: no NaN and
// no signed zero, so that `lt` false means "greater or equal".
def Tolk_IntOrBool
    : Constraint<CPred<"isIntOrBool($0)">, "an integer or Bool">;

// A value whose data type is Bool (i1, lanes or a tensor of it).
def Tolk_IsBool : Constraint<CPred<"isBool($0)">, "a Bool">;

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

// A max or minimum selected by the compare of its own operands. Where
// `p < q` holds, neither operand is a NaN and they differ (`-0.0 < +0.0` is
// false, so they are not two zeros), so max(p, q) is q and minimum(p, q) is p
// for every type: floats, integers, Bool (false < true; max is or, minimum
// and). The where/max kernel of bench/kernel-quality.py,
// `where(a < b, max(a, b), a * 2.0)`, then loses the four compares and
// selects a float max costs per lane. The operands and the max have one
// type, so that q carries the max's promotion and shape. max and minimum
// are commutative: each pattern comes with its swapped operands.
def Tolk_WhereLtMax : Pat<
  (Tolk_WhereOp (Tolk_CmpLtOp:$c $p, $q), (Tolk_MaxOp:$m $p, $q), $y),
  (Tolk_WhereOp $c, $q, $y),
  [(Tolk_SameType $p, $q), (Tolk_SameType $q, $m)]>;
def Tolk_WhereLtMaxSwapped : Pat<
  (Tolk_WhereOp (Tolk_CmpLtOp:$c $p, $q), (Tolk_MaxOp:$m $q, $p), $y),
  (Tolk_WhereOp $c, $q, $y),
  [(Tolk_SameType $p, $q), (Tolk_SameType $q, $m)]>;
def Tolk_WhereLtMinimum : Pat<
  (Tolk_WhereOp (Tolk_CmpLtOp:$c $p, $q), (Tolk_MinimumOp:$m $p, $q), $y),
  (Tolk_WhereOp $c, $p, $y),
  [(Tolk_SameType $p, $q), (Tolk_SameType $p, $m)]>;
def Tolk_WhereLtMinimumSwapped : Pat<
  (Tolk_WhereOp (Tolk_CmpLtOp:$c $p, $q), (Tolk_MinimumOp:$m $q, $p), $y),
  (Tolk_WhereOp $c, $p, $y),
  [(Tolk_SameType $p, $q), (Tolk_SameType $p, $m)]>;

// The same in the false arm, for integers and Bool only: there `p < q` false
// is `p >= q`, so max(p, q) is p and minimum(p, q) is q (equal operands are
// one value). Not for floats: with a NaN, max(p, q) is the other operand,
// and max(-0.0, +0.0) is +0.0, neither of them p.
def Tolk_WhereNotLtMax : Pat<
  (Tolk_WhereOp (Tolk_CmpLtOp:$c $p, $q), $x, (Tolk_MaxOp:$m $p, $q)),
  (Tolk_WhereOp $c, $x, $p),
  [(Tolk_SameType $p, $q), (Tolk_SameType $p, $m), (Tolk_IntOrBool $p)]>;
def Tolk_WhereNotLtMaxSwapped : Pat<
  (Tolk_WhereOp (Tolk_CmpLtOp:$c $p, $q), $x, (Tolk_MaxOp:$m $q, $p)),
  (Tolk_WhereOp $c, $x, $p),
  [(Tolk_SameType $p, $q), (Tolk_SameType $p, $m), (Tolk_IntOrBool $p)]>;
def Tolk_WhereNotLtMinimum : Pat<
  (Tolk_WhereOp (Tolk_CmpLtOp:$c $p, $q), $x, (Tolk_MinimumOp:$m $p, $q)),
  (Tolk_WhereOp $c, $x, $q),
  [(Tolk_SameType $p, $q), (Tolk_SameType $q, $m), (Tolk_IntOrBool $p)]>;
def Tolk_WhereNotLtMinimumSwapped : Pat<
  (Tolk_WhereOp (Tolk_CmpLtOp:$c $p, $q), $x, (Tolk_MinimumOp:$m $q, $p)),
  (Tolk_WhereOp $c, $x, $q),
  [(Tolk_SameType $p, $q), (Tolk_SameType $q, $m), (Tolk_IntOrBool $p)]>;

// A negated condition swaps the arms: where(not c, x, y) = where(c, y, x),
// for a Bool c (logical_not of a Bool has its type). The same for
// logical_not decomposed, c == false, when that keeps c's shape.
def Tolk_WhereNotSwap : Pat<
  (Tolk_WhereOp (Tolk_LogicalNotOp $c), $x, $y),
  (Tolk_WhereOp $c, $y, $x),
  [(Tolk_IsBool $c)]>;
def Tolk_WhereEqFalseSwap : Pat<
  (Tolk_WhereOp (Tolk_CmpEqOp:$n $c, (Tolk_ConstOp $f)), $x, $y),
  (Tolk_WhereOp $c, $y, $x),
  [(Tolk_IsBool $c), (Tolk_BoolConst<"false"> $f), (Tolk_SameType $c, $n)]>;

// A select with a Bool constant arm is a logic op: where(c, x, false) =
// c and x, where(c, true, y) = c or y, for Bool operands of the result's
// type (so that no promotion or broadcast is lost).
def Tolk_WhereFalseArmAnd : Pat<
  (Tolk_WhereOp:$res $c, $x, (Tolk_ConstOp $f)),
  (Tolk_AndOp $c, $x),
  [(Tolk_IsBool $x), (Tolk_BoolConst<"false"> $f), (Tolk_SameType $c, $x),
   (Tolk_SameType $x, $res)]>;
def Tolk_WhereTrueArmOr : Pat<
  (Tolk_WhereOp:$res $c, (Tolk_ConstOp $t), $y),
  (Tolk_OrOp $c, $y),
  [(Tolk_IsBool $y), (Tolk_BoolConst<"true"> $t), (Tolk_SameType $c, $y),
   (Tolk_SameType $y, $res)]>;

// An arm selected by the same condition again: where(c, where(c, x, y), z)
// = where(c, x, z), and where(c, x, where(c, y, z)) = where(c, x, z), when
// the arm kept has the inner select's type (its promotion and shape).
def Tolk_WhereSameCondTrue : Pat<
  (Tolk_WhereOp $c, (Tolk_WhereOp:$inner $c, $x, $y), $z),
  (Tolk_WhereOp $c, $x, $z),
  [(Tolk_SameType $x, $inner)]>;
def Tolk_WhereSameCondFalse : Pat<
  (Tolk_WhereOp $c, $x, (Tolk_WhereOp:$inner $c, $y, $z)),
  (Tolk_WhereOp $c, $x, $z),
  [(Tolk_SameType $z, $inner)]>;

//===----------------------------------------------------------------------===//
// sub
//===----------------------------------------------------------------------===//

// x - neg y = x + y: neg is an involution on integers (wrapping) and Bool
// (logical_not; add is or there), when x and y have one type, so that neg y
// wraps where the sub computes. Not for floats: a NaN's sign through two
// negations is the target's.
def Tolk_SubOfNeg : Pat<
  (Tolk_SubOp $x, (Tolk_NegOp $y)),
  (Tolk_AddOp $x, $y),
  [(Tolk_SameType $x, $y), (Tolk_IntOrBool $x)]>;

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
