//===- TolkFolds.cpp - Constant folding of the elementwise ops ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The folders of the elementwise ops. With every operand a tolk.const, an op
// folds to the constant seed 003 defines: the operands are promoted to their
// least upper type with seed 000's `const` (dtype::makeConst), then each
// primitive is one dtype::evalAlu, and each derived op is its seed 003
// definition evaluated primitive by primitive, so that the folded bits are
// the bits --tolk-decompose and the lowering compute. A case that evalAlu
// refuses (integer division by zero, a negative integer exponent, a weak
// integer too large) is left unfolded.
//
// Derived ops are evaluated on operands promoted first: --canonicalize
// materializes the promotion before --tolk-decompose runs, so the seed's
// definitions (sub x y = x + neg y, ...) always see homogeneous operands.
//
// Identities that need no constant live here only where they hold for every
// value (NaN, -0.0, overflow); the algebraic ones are patterns in
// TolkCanonicalize.cpp.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/OperandPromotion.h"
#include "tolk/Dialect/Tolk/TolkOps.h"
#include "tolk/Dialect/Tolk/TypeMapping.h"
#include "tolk/Dtype/Alu.h"
#include "tolk/Dtype/Cast.h"

using namespace mlir;
using namespace tolk;
using dtype::AluOp;
using dtype::Const;
using dtype::DType;

namespace {
/// Evaluates seed 003's definitions on constants. Every step is one makeConst
/// or one evalAlu; the first that fails marks the whole evaluation failed (its
/// later steps then compute on a placeholder and are discarded), so that the
/// definitions below read as the seed writes them.
class Eval {
public:
  bool failed = false;

  Const fail(llvm::Error err) {
    llvm::consumeError(std::move(err));
    failed = true;
    return Const::invalid();
  }

  /// Seed 000's `const dt c`: node promotion and casts of constants.
  Const mk(DType dt, const Const &c) {
    if (failed)
      return Const::invalid();
    llvm::Expected<Const> r = dtype::makeConst(dt, c);
    return r ? *r : fail(r.takeError());
  }
  Const mk(DType dt, int64_t i) { return mk(dt, Const::ofInt(i)); }

  /// One lane of a primitive on operands of dt (Bool for where's condition).
  Const alu(AluOp op, DType dt, ArrayRef<Const> xs) {
    if (failed)
      return Const::invalid();
    llvm::Expected<Const> r = dtype::evalAlu(op, dt, xs);
    return r ? *r : fail(r.takeError());
  }

  // The derived ops of seed 003, on operands already of dt.

  Const logicalNot(const Const &x) {
    // cmpeq (cast x Bool) false: a NaN is nonzero, so logical_not NaN is false.
    return alu(AluOp::CmpEq, DType::Bool,
               {mk(DType::Bool, x), Const::ofBool(false)});
  }
  Const neg(DType dt, const Const &x) {
    if (dt == DType::Bool)
      return logicalNot(x);
    // x * -1: -1 wraps to all ones in an unsigned type, so this is 2^n - x.
    return alu(AluOp::Mul, dt, {x, mk(dt, -1)});
  }
  Const sub(DType dt, const Const &x, const Const &y) {
    return alu(AluOp::Add, dt, {x, neg(dt, y)});
  }
  Const bitwiseNot(DType dt, const Const &x) {
    if (dt == DType::Bool)
      return logicalNot(x);
    // All ones: -1 in a signed type (and the exact -1 of a weak integer,
    // x xor -1 = -x - 1), max in an unsigned one; makeConst wraps -1 to it.
    return alu(AluOp::Xor, dt, {x, mk(dt, -1)});
  }
  Const lt(DType dt, const Const &x, const Const &y) {
    return alu(AluOp::CmpLt, dt, {x, y});
  }
  Const floor(DType dt, const Const &x) {
    // trunc x, less one where that is above x (never for integers and Bool;
    // a NaN compares false and stays; trunc -0.5 = -0.0 gives -1).
    Const t = alu(AluOp::Trunc, dt, {x});
    return alu(AluOp::Where, dt, {lt(dt, x, t), sub(dt, t, mk(dt, 1)), t});
  }
  Const minimum(DType dt, const Const &x, const Const &y) {
    if (dtype::isInt(dt)) {
      // The order-reversing xor of integers is bitwise_not: x xor -1 for
      // signed types and weak integers (-x - 1), x xor max for unsigned ones
      // (max - x). Unlike neg, it never overflows (neg INT_MIN = INT_MIN).
      Const m = alu(AluOp::Max, dt, {bitwiseNot(dt, x), bitwiseNot(dt, y)});
      return bitwiseNot(dt, m);
    }
    // Floats, and Bool, whose neg is logical_not: not (or (not x) (not y))
    // is and. For floats max returns the non-NaN operand, so minimum does.
    return neg(dt, alu(AluOp::Max, dt, {neg(dt, x), neg(dt, y)}));
  }
  /// x as a float times the reciprocal of y (seed 003's unrounded div), in
  /// least_upper_float of dt.
  Const floatQuotient(DType dt, const Const &x, const Const &y) {
    llvm::Expected<DType> f = dtype::leastUpperFloat(dt);
    if (!f)
      return fail(f.takeError());
    return alu(AluOp::Mul, *f,
               {mk(*f, x), alu(AluOp::Recip, *f, {mk(*f, y)})});
  }
  Const divTrunc(DType dt, const Const &x, const Const &y) {
    if (dtype::isInt(dt))
      return alu(AluOp::TruncDiv, dt, {x, y});
    // Seed 003, literally: floats round the float quotient x * (1/y), which
    // may differ from trunc of the correctly rounded x / y in the last place.
    return alu(AluOp::Trunc, dt, {floatQuotient(dt, x, y)});
  }
  Const divFloor(DType dt, const Const &x, const Const &y) {
    if (!dtype::isInt(dt))
      return floor(dt, floatQuotient(dt, x, y));
    // truncdiv, less one where the remainder is nonzero and its sign differs
    // from the divisor's. INT_MIN / -1 has remainder 0 and wraps to INT_MIN.
    Const q = alu(AluOp::TruncDiv, dt, {x, y});
    Const r = alu(AluOp::Mod, dt, {x, y});
    Const zero = mk(dt, 0);
    Const rNonZero = logicalNot(alu(AluOp::CmpEq, dt, {r, zero}));
    Const signsDiffer = logicalNot(alu(
        AluOp::CmpEq, DType::Bool, {lt(dt, r, zero), lt(dt, y, zero)}));
    Const adjust = alu(AluOp::And, DType::Bool, {rNonZero, signsDiffer});
    return alu(AluOp::Where, dt, {adjust, sub(dt, q, mk(dt, 1)), q});
  }
  /// x - y * q: the remainder of a division whose quotient is q.
  Const remainder(DType dt, const Const &x, const Const &y, const Const &q) {
    return sub(dt, x, alu(AluOp::Mul, dt, {y, q}));
  }
};
} // namespace

/// The data type of a value's type, or nothing.
static std::optional<DType> dtypeOf(Type t) {
  std::optional<ElementwiseType> et = classify(t);
  if (!et)
    return std::nullopt;
  return et->dtype;
}

/// The function that evaluates an op on constants of the operands' own data
/// types (promotion is its business), given the Eval to record failures.
using EvalFn = llvm::function_ref<Const(Eval &, ArrayRef<DType>,
                                        ArrayRef<Const>)>;

/// Folds `op` when every operand is a ConstAttr. The result must be a
/// constant of the result's data type as it stands (makeConst is the
/// identity on it); otherwise the evaluation and the type inference disagree,
/// and folding would build an invalid tolk.const, so the op is left alone.
static OpFoldResult foldConstants(Operation *op, ArrayRef<Attribute> operands,
                                  EvalFn fn) {
  SmallVector<DType, 3> dts;
  SmallVector<Const, 3> cs;
  for (auto [value, attr] : llvm::zip_equal(op->getOperands(), operands)) {
    auto c = dyn_cast_if_present<ConstAttr>(attr);
    std::optional<DType> dt = dtypeOf(value.getType());
    if (!c || !dt)
      return {};
    dts.push_back(*dt);
    cs.push_back(c.getValue());
  }
  std::optional<DType> resultDType = dtypeOf(op->getResult(0).getType());
  if (!resultDType)
    return {};
  Eval e;
  Const r = fn(e, dts, cs);
  if (e.failed)
    return {};
  if (e.mk(*resultDType, r) != r || e.failed)
    return {};
  return ConstAttr::get(op->getContext(), r);
}

/// The constants with the operands that take part in `kind`'s promotion
/// converted to its target (returned in `dt`), the others as they are; a
/// failure is recorded in e.
static SmallVector<Const, 3> promote(Eval &e, ArrayRef<DType> dts,
                                     ArrayRef<Const> cs, PromotionKind kind,
                                     DType &dt) {
  SmallVector<Const, 3> xs(cs.begin(), cs.end());
  llvm::Expected<OperandPromotion> p = promoteOperands(dts, kind);
  if (!p) {
    e.fail(p.takeError());
    dt = DType::Bool;
    return xs;
  }
  dt = p->target;
  for (unsigned i : p->operands)
    xs[i] = e.mk(dt, cs[i]);
  return xs;
}

/// Folds a binary op as `fn(e, dt, x, y)` on its operands promoted to dt.
template <typename Fn>
static OpFoldResult foldBinary(Operation *op, ArrayRef<Attribute> operands,
                               Fn fn,
                               PromotionKind kind = PromotionKind::All) {
  return foldConstants(op, operands,
                       [&](Eval &e, ArrayRef<DType> dts, ArrayRef<Const> cs) {
                         DType dt;
                         SmallVector<Const, 3> xs = promote(e, dts, cs, kind, dt);
                         return fn(e, dt, xs[0], xs[1]);
                       });
}

/// Folds a unary op as `fn(e, dt, x)`.
template <typename Fn>
static OpFoldResult foldUnary(Operation *op, ArrayRef<Attribute> operands,
                              Fn fn) {
  return foldConstants(op, operands,
                       [&](Eval &e, ArrayRef<DType> dts, ArrayRef<Const> cs) {
                         return fn(e, dts[0], cs[0]);
                       });
}

/// A primitive binary op: one evalAlu on the promoted operands.
static OpFoldResult foldPrimitive(Operation *op, ArrayRef<Attribute> operands,
                                  AluOp alu) {
  return foldBinary(op, operands,
                    [&](Eval &e, DType dt, const Const &x, const Const &y) {
                      return e.alu(alu, dt, {x, y});
                    });
}

/// A primitive unary op.
static OpFoldResult foldPrimitiveUnary(Operation *op,
                                       ArrayRef<Attribute> operands,
                                       AluOp alu) {
  return foldUnary(op, operands, [&](Eval &e, DType dt, const Const &x) {
    return e.alu(alu, dt, {x});
  });
}

/// The operand itself when it is an integer or Bool of the result's type:
/// trunc and floor leave whole numbers as they are.
static OpFoldResult foldWholeIdentity(Operation *op) {
  Value x = op->getOperand(0);
  std::optional<DType> dt = dtypeOf(x.getType());
  if (x.getType() == op->getResult(0).getType() && dt &&
      (dtype::isInt(*dt) || *dt == DType::Bool))
    return x;
  return {};
}

//===----------------------------------------------------------------------===//
// Primitive ops
//===----------------------------------------------------------------------===//

#define TOLK_FOLD_PRIMITIVE_BINARY(OP, ALU)                                    \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    return foldPrimitive(*this, adaptor.getOperands(), AluOp::ALU);            \
  }
TOLK_FOLD_PRIMITIVE_BINARY(AddOp, Add)
TOLK_FOLD_PRIMITIVE_BINARY(MulOp, Mul)
TOLK_FOLD_PRIMITIVE_BINARY(CmpLtOp, CmpLt)
TOLK_FOLD_PRIMITIVE_BINARY(CmpEqOp, CmpEq)
TOLK_FOLD_PRIMITIVE_BINARY(MaxOp, Max)
TOLK_FOLD_PRIMITIVE_BINARY(AndOp, And)
TOLK_FOLD_PRIMITIVE_BINARY(OrOp, Or)
TOLK_FOLD_PRIMITIVE_BINARY(XorOp, Xor)
TOLK_FOLD_PRIMITIVE_BINARY(ShlOp, Shl)
TOLK_FOLD_PRIMITIVE_BINARY(ShrOp, Shr)
TOLK_FOLD_PRIMITIVE_BINARY(TruncDivOp, TruncDiv)
#undef TOLK_FOLD_PRIMITIVE_BINARY

#define TOLK_FOLD_PRIMITIVE_UNARY(OP, ALU)                                     \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    return foldPrimitiveUnary(*this, adaptor.getOperands(), AluOp::ALU);       \
  }
TOLK_FOLD_PRIMITIVE_UNARY(ReciprocalOp, Recip)
TOLK_FOLD_PRIMITIVE_UNARY(SqrtOp, Sqrt)
TOLK_FOLD_PRIMITIVE_UNARY(Exp2Op, Exp2)
TOLK_FOLD_PRIMITIVE_UNARY(Log2Op, Log2)
#undef TOLK_FOLD_PRIMITIVE_UNARY

OpFoldResult TruncOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult id = foldWholeIdentity(*this))
    return id;
  return foldPrimitiveUnary(*this, adaptor.getOperands(), AluOp::Trunc);
}

OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  return foldConstants(
      *this, adaptor.getOperands(),
      [](Eval &e, ArrayRef<DType> dts, ArrayRef<Const> cs) {
        // A weak-integer exponent of an integer base keeps its exact value
        // (PromotionKind::Pow); evalAlu takes it as is.
        DType dt;
        SmallVector<Const, 3> xs = promote(e, dts, cs, PromotionKind::Pow, dt);
        return e.alu(AluOp::Pow, dt, xs);
      });
}

OpFoldResult WhereOp::fold(FoldAdaptor adaptor) {
  Type resultType = getType();
  // A constant condition picks an arm, whatever its value, if no promotion
  // or broadcast stands between the arm and the result.
  if (auto c = dyn_cast_if_present<ConstAttr>(adaptor.getCondition())) {
    Const cond = c.getValue();
    if (!cond.isInvalid() && cond.value().isBool()) {
      Value arm = cond.value().getBool() ? getTrueValue() : getFalseValue();
      if (arm.getType() == resultType)
        return arm;
    }
  }
  // Equal arms: the result is that value wherever the condition is valid;
  // an invalid (masked-out) condition lane may take any value, so this is a
  // refinement, as folding any op on a masked-out lane is.
  if (getTrueValue() == getFalseValue() &&
      getTrueValue().getType() == resultType)
    return getTrueValue();
  return foldConstants(
      *this, adaptor.getOperands(),
      [](Eval &e, ArrayRef<DType> dts, ArrayRef<Const> cs) {
        DType dt;
        SmallVector<Const, 3> xs = promote(e, dts, cs, PromotionKind::Arms, dt);
        return e.alu(AluOp::Where, dt, xs);
      });
}

//===----------------------------------------------------------------------===//
// Derived ops: their seed 003 definitions on the promoted constants
//===----------------------------------------------------------------------===//

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  return foldBinary(*this, adaptor.getOperands(),
                    [](Eval &e, DType dt, const Const &x, const Const &y) {
                      return e.sub(dt, x, y);
                    });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  Rounding rounding = getRounding();
  return foldBinary(*this, adaptor.getOperands(),
                    [&](Eval &e, DType dt, const Const &x, const Const &y) {
                      switch (rounding) {
                      case Rounding::none:
                        // 1 / 0 is inf, even for integer operands: they
                        // divide as floats.
                        return e.floatQuotient(dt, x, y);
                      case Rounding::trunc:
                        return e.divTrunc(dt, x, y);
                      case Rounding::floor:
                        return e.divFloor(dt, x, y);
                      }
                      llvm_unreachable("unknown rounding");
                    },
                    getPromotionKind(*this));
}

OpFoldResult ModOp::fold(FoldAdaptor adaptor) {
  return foldBinary(*this, adaptor.getOperands(),
                    [](Eval &e, DType dt, const Const &x, const Const &y) {
                      return e.remainder(dt, x, y, e.divFloor(dt, x, y));
                    });
}

OpFoldResult FModOp::fold(FoldAdaptor adaptor) {
  // On integers this equals AluOp::Mod (C's %); evaluated by the definition
  // so that floats follow the same steps.
  return foldBinary(*this, adaptor.getOperands(),
                    [](Eval &e, DType dt, const Const &x, const Const &y) {
                      return e.remainder(dt, x, y, e.divTrunc(dt, x, y));
                    });
}

OpFoldResult GtOp::fold(FoldAdaptor adaptor) {
  return foldBinary(*this, adaptor.getOperands(),
                    [](Eval &e, DType dt, const Const &x, const Const &y) {
                      return e.lt(dt, y, x);
                    });
}

// le and ge negate an ordered comparison, so, as the seed defines them, they
// are true when an operand is a NaN.
OpFoldResult LeOp::fold(FoldAdaptor adaptor) {
  return foldBinary(*this, adaptor.getOperands(),
                    [](Eval &e, DType dt, const Const &x, const Const &y) {
                      return e.logicalNot(e.lt(dt, y, x));
                    });
}

OpFoldResult GeOp::fold(FoldAdaptor adaptor) {
  return foldBinary(*this, adaptor.getOperands(),
                    [](Eval &e, DType dt, const Const &x, const Const &y) {
                      return e.logicalNot(e.lt(dt, x, y));
                    });
}

OpFoldResult NeOp::fold(FoldAdaptor adaptor) {
  return foldBinary(*this, adaptor.getOperands(),
                    [](Eval &e, DType dt, const Const &x, const Const &y) {
                      return e.logicalNot(e.alu(AluOp::CmpEq, dt, {x, y}));
                    });
}

OpFoldResult MinimumOp::fold(FoldAdaptor adaptor) {
  return foldBinary(*this, adaptor.getOperands(),
                    [](Eval &e, DType dt, const Const &x, const Const &y) {
                      return e.minimum(dt, x, y);
                    });
}

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  return foldUnary(*this, adaptor.getOperands(),
                   [](Eval &e, DType dt, const Const &x) {
                     return e.neg(dt, x);
                   });
}

OpFoldResult FloorOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult id = foldWholeIdentity(*this))
    return id;
  return foldUnary(*this, adaptor.getOperands(),
                   [](Eval &e, DType dt, const Const &x) {
                     return e.floor(dt, x);
                   });
}

OpFoldResult LogicalNotOp::fold(FoldAdaptor adaptor) {
  return foldUnary(*this, adaptor.getOperands(),
                   [](Eval &e, DType, const Const &x) {
                     return e.logicalNot(x);
                   });
}

OpFoldResult BitwiseNotOp::fold(FoldAdaptor adaptor) {
  return foldUnary(*this, adaptor.getOperands(),
                   [](Eval &e, DType dt, const Const &x) {
                     return e.bitwiseNot(dt, x);
                   });
}
