//===- TolkFolds.cpp - Constant folding of the elementwise ops ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The folders of the elementwise ops. With every operand a tolk.const, an op
// folds to the constant docs/Semantics.md#elementwise-operations defines: the
// operands are promoted to their least upper type with `const`
// (docs/Semantics.md#const, dtype::makeConst), then each primitive is one
// dtype::evalAlu, and each derived op is its one definition
// (DerivedDefinitions.h, which --tolk-decompose builds as IR) evaluated
// primitive by primitive, so that the folded bits are the bits --tolk-decompose
// and the lowering compute. A case that evalAlu refuses (integer division by
// zero, a negative integer exponent, a weak integer too large) is left
// unfolded.
//
// Derived ops are evaluated on operands promoted first: --canonicalize
// materializes the promotion before --tolk-decompose runs, so the
// definitions (docs/Semantics.md#derived-operations: sub x y = x + neg y,
// ...) always see homogeneous operands.
//
// After constant folding, each folder applies the algebraic identities that
// return an existing value or a constant (x + 0, x * 1, integer x * 0, x ^ x,
// neg (neg x), ...), as upstream arith's folders do; the identities that
// build a new op are patterns (TolkCanonicalization.td). An identity holds
// for every value of the operands' types, NaNs, both zeros and wrap-around
// included (docs/Rationale.md, "Algebraic identities").
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/ConstantMapping.h"
#include "tolk/Dialect/Tolk/IR/OperandPromotion.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dialect/Tolk/IR/WeakFloatCommit.h"
#include "tolk/Dtype/Alu.h"
#include "tolk/Dtype/Cast.h"

using namespace mlir;
using namespace tolk;
using dtype::AluOp;
using dtype::Const;
using dtype::DType;

namespace {
/// The constant domain of the derived ops' definitions (DerivedDefinitions.h):
/// one lane of a constant and its data type, each primitive one evalAlu on
/// its operands promoted as --canonicalize materializes it, each cast one
/// makeConst. The first step that fails marks the whole evaluation failed
/// (its later steps then compute on a placeholder and are discarded), so
/// that the definitions read as they build IR.
class Eval {
public:
  struct Lane {
    DType dt;
    Const c;
  };
  using Value = Lane;

  bool failed = false;

  Const fail(llvm::Error err) {
    llvm::consumeError(std::move(err));
    failed = true;
    return Const::invalid();
  }

  /// Dtype.const dt c: node promotion and casts of constants.
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

  // The domain (DerivedDefinitions.h).

  DType getDType(const Lane &x) const { return x.dt; }
  Lane constant(DType dt, int64_t i) { return {dt, mk(dt, i)}; }
  Lane boolean(bool b) { return {DType::Bool, Const::ofBool(b)}; }
  Lane cast(const Lane &x, DType dt) {
    return x.dt == dt ? x : Lane{dt, mk(dt, x.c)};
  }
  SmallVector<Lane, 3> promote(ArrayRef<Lane> xs) {
    SmallVector<Lane, 3> promoted(xs.begin(), xs.end());
    if (llvm::all_of(xs, [&](const Lane &x) { return x.dt == xs[0].dt; }))
      return promoted;
    SmallVector<DType, 3> dts;
    for (const Lane &x : xs)
      dts.push_back(x.dt);
    llvm::Expected<OperandPromotion> p =
        promoteOperands(dts, PromotionKind::All);
    if (!p) {
      fail(p.takeError());
      return promoted;
    }
    for (Lane &x : promoted)
      x = cast(x, p->target);
    return promoted;
  }
  DType leastUpperFloat(DType dt) {
    llvm::Expected<DType> f = dtype::leastUpperFloat(dt);
    if (f)
      return *f;
    fail(f.takeError());
    return dt;
  }

  Lane add(Lane x, Lane y) { return binary(AluOp::Add, x, y); }
  Lane mul(Lane x, Lane y) { return binary(AluOp::Mul, x, y); }
  Lane maximum(Lane x, Lane y) { return binary(AluOp::Max, x, y); }
  Lane bitwiseAnd(Lane x, Lane y) { return binary(AluOp::And, x, y); }
  Lane bitwiseXor(Lane x, Lane y) { return binary(AluOp::Xor, x, y); }
  Lane truncDiv(Lane x, Lane y) { return binary(AluOp::TruncDiv, x, y); }
  Lane lt(Lane x, Lane y) { return binary(AluOp::CmpLt, x, y, true); }
  Lane eq(Lane x, Lane y) { return binary(AluOp::CmpEq, x, y, true); }
  Lane trunc(Lane x) { return {x.dt, alu(AluOp::Trunc, x.dt, {x.c})}; }
  Lane reciprocal(Lane x) { return {x.dt, alu(AluOp::Recip, x.dt, {x.c})}; }
  Lane complexNeg(Lane x) { return {x.dt, alu(AluOp::Neg, x.dt, {x.c})}; }
  Lane complexDiv(Lane x, Lane y) { return binary(AluOp::Div, x, y); }
  Lane where(Lane c, Lane x, Lane y) {
    SmallVector<Lane, 3> p = promote({x, y});
    return {p[0].dt, alu(AluOp::Where, p[0].dt, {c.c, p[0].c, p[1].c})};
  }

private:
  Lane binary(AluOp op, Lane x, Lane y, bool givesBool = false) {
    SmallVector<Lane, 3> p = promote({x, y});
    return {givesBool ? DType::Bool : p[0].dt,
            alu(op, p[0].dt, {p[0].c, p[1].c})};
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
using EvalFn =
    llvm::function_ref<Const(Eval &, ArrayRef<DType>, ArrayRef<Const>)>;

/// Folds `op` when every operand is a ConstAttr. The result must be a
/// constant of the result's data type as it stands (makeConst is the
/// identity on it); otherwise the evaluation and the type inference disagree,
/// and folding would build an invalid tolk.const, so the op is left alone.
static OpFoldResult foldConstants(Operation *op, ArrayRef<Attribute> operands,
                                  EvalFn fn) {
  SmallVector<DType, 3> dts;
  SmallVector<Const, 3> cs;
  for (auto [value, attr] : llvm::zip_equal(op->getOperands(), operands)) {
    std::optional<Const> c = getConstantValue(attr);
    std::optional<DType> dt = dtypeOf(value.getType());
    if (!c || !dt)
      return {};
    dts.push_back(*dt);
    cs.push_back(*c);
  }
  std::optional<DType> resultDType = dtypeOf(op->getResult(0).getType());
  if (!resultDType)
    return {};
  // A strong operand that promotes to a weak type has no value before the
  // commit chooses the type (docs/Semantics.md#weak-types).
  llvm::Expected<OperandPromotion> p =
      promoteOperands(dts, getPromotionKind(op));
  if (!p) {
    llvm::consumeError(p.takeError());
    return {};
  }
  if (promotesAtCommit(*p, dts))
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
  for (unsigned i : p->operands) {
    llvm::Expected<Const> x = convertOperand(*p, cs[i]);
    xs[i] = x ? *x : e.fail(x.takeError());
  }
  return xs;
}

/// A primitive op (PrimitiveOpInterface): its operands promoted by its typing
/// rule, then one evalAlu of its AluOp. The one constant folder of every
/// primitive.
static OpFoldResult foldPrimitive(PrimitiveOpInterface op,
                                  ArrayRef<Attribute> operands) {
  AluOp alu = op.getAluOp();
  PromotionKind kind = getPromotionKind(op);
  return foldConstants(
      op, operands, [&](Eval &e, ArrayRef<DType> dts, ArrayRef<Const> cs) {
        DType dt;
        SmallVector<Const, 3> xs = promote(e, dts, cs, kind, dt);
        return e.alu(alu, dt, xs);
      });
}

//===----------------------------------------------------------------------===//
// Algebraic identities
//===----------------------------------------------------------------------===//
//
// Three rules keep an identity exact:
//  - A constant operand is seen as the op sees it, converted to the data type
//    the operands promote to (a weak 0 beside an si8 is si8's 0, and -1e-30
//    beside an f16 is f16's -0.0).
//  - An operand replaces the op only if its type is the result type: a
//    promotion or a broadcast between the two would be lost (`x + 0` with a
//    tensor 0 is a bigger tensor; si8 + si16 0 is an si16).
//  - A constant result needs a result type of static shape: a splat of a
//    dynamic shape has no run-time size.
// An invalid (masked-out) lane may take any value, so an identity that makes
// it a valid one is a refinement, as folding any op on such a lane is.

/// `x` if it can stand for `op`'s result: it has the result's type exactly.
static OpFoldResult sameAsResult(Operation *op, Value x) {
  if (x && x.getType() == op->getResult(0).getType())
    return x;
  return {};
}

/// The constant `c` of `op`'s result data type, splat over the result's
/// shape, or nothing for a dynamic shape.
static OpFoldResult constantResult(Operation *op, const Const &c) {
  Type type = op->getResult(0).getType();
  auto shaped = dyn_cast<ShapedType>(type);
  if (shaped && !shaped.hasStaticShape())
    return {};
  std::optional<DType> dt = dtypeOf(type);
  if (!dt)
    return {};
  Eval e;
  Const r = e.mk(*dt, c);
  if (e.failed)
    return {};
  return ConstAttr::get(op->getContext(), r);
}

namespace {
/// A binary op's operands as its promotion sees them: the data type both
/// promote to, and each constant operand as a constant of that type.
struct PromotedBinary {
  DType dt;
  Value operand[2];
  std::optional<Const> constant[2];

  /// The operand beside a constant operand for which `pred` holds: beside
  /// the right-hand one, or either when the op commutes.
  Value besideConstant(bool commutes,
                       llvm::function_ref<bool(const Const &)> pred) const {
    if (constant[1] && pred(*constant[1]))
      return operand[0];
    if (commutes && constant[0] && pred(*constant[0]))
      return operand[1];
    return {};
  }
  /// True iff a constant operand satisfies `pred` (either, if the op
  /// commutes).
  bool hasConstant(bool commutes,
                   llvm::function_ref<bool(const Const &)> pred) const {
    return besideConstant(commutes, pred) != Value();
  }
  bool sameOperands() const { return operand[0] == operand[1]; }
  bool isIntOrBool() const { return dtype::isInt(dt) || dt == DType::Bool; }
};
} // namespace

/// The promoted view of a binary op whose two operands both take part in
/// its promotion; nothing for invalid IR. An invalid constant is no
/// constant here: it is never an identity element.
static std::optional<PromotedBinary> promoteBinary(Operation *op,
                                                   ArrayRef<Attribute> attrs) {
  SmallVector<DType, 2> dts;
  for (Value v : op->getOperands()) {
    std::optional<DType> dt = dtypeOf(v.getType());
    if (!dt)
      return std::nullopt;
    dts.push_back(*dt);
  }
  if (dts.size() != 2)
    return std::nullopt;
  llvm::Expected<OperandPromotion> p =
      promoteOperands(dts, getPromotionKind(op));
  if (!p) {
    llvm::consumeError(p.takeError());
    return std::nullopt;
  }
  if (p->operands.size() != 2)
    return std::nullopt;
  // An operand that converts at the commit has no value of the promoted type
  // yet (docs/Semantics.md#weak-types): `false + 2^40` is not the weak 2^40,
  // which a later promotion would convert to another width than the commit's.
  if (promotesAtCommit(*p, dts))
    return std::nullopt;
  PromotedBinary b;
  b.dt = p->target;
  for (unsigned i = 0; i < 2; ++i) {
    b.operand[i] = op->getOperand(i);
    std::optional<Const> c = getConstantValue(attrs[i]);
    if (!c)
      continue;
    llvm::Expected<Const> v = convertOperand(*p, *c);
    if (!v)
      llvm::consumeError(v.takeError());
    else if (!v->isInvalid())
      b.constant[i] = *v;
  }
  return b;
}

/// `c` is the constant `i` of data type `dt` (makeConst's wrap gives -1 its
/// all-ones value in an unsigned type, and true in Bool).
static bool isConst(DType dt, const Const &c, int64_t i) {
  Eval e;
  Const k = e.mk(dt, i);
  return !e.failed && c == k;
}

/// `x + c = x` for every x: 0 for integers, false for Bool (add is or), and
/// -0.0 for floats, since +0.0 turns x = -0.0 into +0.0. A format without
/// -0.0 (fnuz) makes -0.0 its one zero, which is the identity there.
static bool isAddIdentity(DType dt, const Const &c) {
  // A complex x + c is x per part only for c = (-0.0, -0.0), which no
  // conversion of a real constant makes; no identity is looked for there.
  if (dtype::isComplex(dt))
    return false;
  if (dtype::isFloat(dt)) {
    Eval e;
    Const negZero = e.mk(dt, Const::ofDouble(-0.0));
    return !e.failed && c == negZero;
  }
  return isConst(dt, c, 0);
}

/// The operand itself when it is already a whole number of the result's
/// type: an integer or Bool, or the result of trunc or floor (whose NaNs are
/// already quiet): trunc and floor leave whole numbers as they are.
static OpFoldResult foldWholeIdentity(Operation *op) {
  Value x = op->getOperand(0);
  std::optional<DType> dt = dtypeOf(x.getType());
  if (!dt)
    return {};
  if (dtype::isInt(*dt) || *dt == DType::Bool ||
      isa_and_present<TruncOp, FloorOp>(x.getDefiningOp()))
    return sameAsResult(op, x);
  return {};
}

/// `f (f x)` is `x` for an involution f (neg, bitwise_not, and logical_not
/// on Bool), when x has the result's type.
template <typename OpTy> static OpFoldResult foldInvolution(Operation *op) {
  if (auto inner = op->getOperand(0).getDefiningOp<OpTy>())
    return sameAsResult(op, inner->getOperand(0));
  return {};
}

//===----------------------------------------------------------------------===//
// Primitive ops
//===----------------------------------------------------------------------===//

/// `folded` if the op folded to a constant, else the identities `ids` on
/// its promoted operands.
static OpFoldResult
orIdentities(Operation *op, ArrayRef<Attribute> operands, OpFoldResult folded,
             llvm::function_ref<OpFoldResult(const PromotedBinary &)> ids) {
  if (folded)
    return folded;
  // Every identity needs a constant operand or one value on both sides;
  // without either, skip the promotion (most ops of a program are such).
  if (operands.size() == 2 && !operands[0] && !operands[1] &&
      op->getOperand(0) != op->getOperand(1))
    return {};
  std::optional<PromotedBinary> b = promoteBinary(op, operands);
  if (!b)
    return {};
  return ids(*b);
}

/// A predicate on a constant of the promoted type: it is `i`.
static auto equalTo(const PromotedBinary &b, int64_t i) {
  return [&b, i](const Const &c) { return isConst(b.dt, c, i); };
}

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  auto operands = adaptor.getOperands();
  return orIdentities(*this, operands, foldPrimitive(*this, operands),
                      [&](const PromotedBinary &b) {
                        return sameAsResult(
                            *this, b.besideConstant(true, [&](const Const &c) {
                              return isAddIdentity(b.dt, c);
                            }));
                      });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  auto operands = adaptor.getOperands();
  return orIdentities(
      *this, operands, foldPrimitive(*this, operands),
      [&](const PromotedBinary &b) -> OpFoldResult {
        // x * 1 = x: exact for every real value (a signalling NaN stays
        // signalling, as LLVM's fmul x, 1.0 -> x keeps it). Not for complex
        // numbers: (a, b) * (1, 0) has the real part a - b * 0, a NaN for
        // an infinite b.
        if (!dtype::isComplex(b.dt))
          if (OpFoldResult x =
                  sameAsResult(*this, b.besideConstant(true, equalTo(b, 1))))
            return x;
        // x * 0 = 0 for integers and Bool (and), never for floats: NaN * 0
        // is NaN, inf * 0 NaN, -1.0 * 0 is -0.0.
        if (b.isIntOrBool() && b.hasConstant(true, equalTo(b, 0)))
          return constantResult(*this, Const::ofInt(0));
        return {};
      });
}

/// A comparison of a value with itself: `result` for every type (`anyType`)
/// or only for integers and Bool, where no NaN compares unordered.
static OpFoldResult foldSelfComparison(Operation *op,
                                       ArrayRef<Attribute> operands,
                                       OpFoldResult folded, bool result,
                                       bool anyType) {
  return orIdentities(op, operands, folded,
                      [&](const PromotedBinary &b) -> OpFoldResult {
                        if (b.sameOperands() && (anyType || b.isIntOrBool()))
                          return constantResult(op, Const::ofBool(result));
                        return {};
                      });
}

// x < x is false for every type (ordered: NaN < NaN is false too); x == x is
// true but for floats (NaN == NaN is false).
OpFoldResult CmpLtOp::fold(FoldAdaptor adaptor) {
  auto operands = adaptor.getOperands();
  return foldSelfComparison(*this, operands, foldPrimitive(*this, operands),
                            /*result=*/false, /*anyType=*/true);
}

OpFoldResult CmpEqOp::fold(FoldAdaptor adaptor) {
  auto operands = adaptor.getOperands();
  return foldSelfComparison(*this, operands, foldPrimitive(*this, operands),
                            /*result=*/true, /*anyType=*/false);
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  auto operands = adaptor.getOperands();
  return orIdentities(*this, operands, foldPrimitive(*this, operands),
                      [&](const PromotedBinary &b) -> OpFoldResult {
                        if (b.sameOperands())
                          return sameAsResult(*this, b.operand[0]);
                        return {};
                      });
}

OpFoldResult AndOp::fold(FoldAdaptor adaptor) {
  auto operands = adaptor.getOperands();
  return orIdentities(*this, operands, foldPrimitive(*this, operands),
                      [&](const PromotedBinary &b) -> OpFoldResult {
                        if (!b.isIntOrBool())
                          return {};
                        if (b.sameOperands())
                          return sameAsResult(*this, b.operand[0]);
                        if (b.hasConstant(true, equalTo(b, 0)))
                          return constantResult(*this, Const::ofInt(0));
                        // All ones: -1, max of an unsigned type, true.
                        return sameAsResult(
                            *this, b.besideConstant(true, equalTo(b, -1)));
                      });
}

OpFoldResult OrOp::fold(FoldAdaptor adaptor) {
  auto operands = adaptor.getOperands();
  return orIdentities(*this, operands, foldPrimitive(*this, operands),
                      [&](const PromotedBinary &b) -> OpFoldResult {
                        if (!b.isIntOrBool())
                          return {};
                        if (b.sameOperands())
                          return sameAsResult(*this, b.operand[0]);
                        if (b.hasConstant(true, equalTo(b, -1)))
                          return constantResult(*this, Const::ofInt(-1));
                        return sameAsResult(
                            *this, b.besideConstant(true, equalTo(b, 0)));
                      });
}

OpFoldResult XorOp::fold(FoldAdaptor adaptor) {
  auto operands = adaptor.getOperands();
  return orIdentities(*this, operands, foldPrimitive(*this, operands),
                      [&](const PromotedBinary &b) -> OpFoldResult {
                        if (!b.isIntOrBool())
                          return {};
                        if (b.sameOperands())
                          return constantResult(*this, Const::ofInt(0));
                        return sameAsResult(
                            *this, b.besideConstant(true, equalTo(b, 0)));
                      });
}

/// x shifted by 0 is x (the count is the right-hand operand only).
#define TOLK_FOLD_SHIFT(OP, ALU)                                               \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    auto operands = adaptor.getOperands();                                     \
    return orIdentities(*this, operands, foldPrimitive(*this, operands),       \
                        [&](const PromotedBinary &b) {                         \
                          return sameAsResult(                                 \
                              *this, b.besideConstant(false, equalTo(b, 0)));  \
                        });                                                    \
  }
TOLK_FOLD_SHIFT(ShlOp, Shl)
TOLK_FOLD_SHIFT(ShrOp, Shr)
#undef TOLK_FOLD_SHIFT

OpFoldResult TruncDivOp::fold(FoldAdaptor adaptor) {
  return foldPrimitive(*this, adaptor.getOperands());
}

// The ops that compute in a float convert their operand to its float first
// (PromotionKind::ToFloat, their typing rule's promotion).
OpFoldResult ReciprocalOp::fold(FoldAdaptor adaptor) {
  return foldPrimitive(*this, adaptor.getOperands());
}
OpFoldResult SqrtOp::fold(FoldAdaptor adaptor) {
  return foldPrimitive(*this, adaptor.getOperands());
}
OpFoldResult Exp2Op::fold(FoldAdaptor adaptor) {
  return foldPrimitive(*this, adaptor.getOperands());
}
OpFoldResult Log2Op::fold(FoldAdaptor adaptor) {
  return foldPrimitive(*this, adaptor.getOperands());
}

OpFoldResult TruncOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult id = foldWholeIdentity(*this))
    return id;
  return foldPrimitive(*this, adaptor.getOperands());
}

// A weak-integer exponent of an integer base keeps its exact value
// (PromotionKind::Pow); evalAlu takes it as is.
OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  return foldPrimitive(*this, adaptor.getOperands());
}

OpFoldResult WhereOp::fold(FoldAdaptor adaptor) {
  Type resultType = getType();
  // A constant condition picks an arm, whatever its value, if no promotion
  // or broadcast stands between the arm and the result.
  if (std::optional<Const> c = getConstantValue(adaptor.getCondition())) {
    Const cond = *c;
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
  // where(c, true, false) is c, when the arms are Bool and c has the result's
  // shape. (where(c, false, true) builds a logical_not: a pattern.)
  if (isConstantBool(adaptor.getTrueValue(), true) &&
      isConstantBool(adaptor.getFalseValue(), false))
    if (OpFoldResult c = sameAsResult(*this, getCondition()))
      return c;
  return foldPrimitive(*this, adaptor.getOperands());
}

//===----------------------------------------------------------------------===//
// Derived ops: their definitions on the promoted constants
//===----------------------------------------------------------------------===//

/// Folds a derived op to its definition (DerivedDefinitions.h) evaluated on
/// its constant operands, promoted as its typing rule promotes them.
template <typename OpTy>
static OpFoldResult foldDefinition(OpTy op, ArrayRef<Attribute> operands) {
  return foldConstants(op, operands,
                       [&](Eval &e, ArrayRef<DType> dts, ArrayRef<Const> cs) {
                         DType dt;
                         SmallVector<Const, 3> xs =
                             promote(e, dts, cs, getPromotionKind(op), dt);
                         SmallVector<Eval::Lane, 2> lanes;
                         for (const Const &x : xs)
                           lanes.push_back({dt, x});
                         return op.define(e, lanes).c;
                       });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  auto operands = adaptor.getOperands();
  return orIdentities(
      *this, operands, foldDefinition(*this, operands),
      [&](const PromotedBinary &b) -> OpFoldResult {
        // x - x = x + neg x: 0 for integers (wrapping), x or (not x) = true
        // for Bool; never for floats (inf - inf and NaN - NaN are NaN).
        if (b.sameOperands() && b.isIntOrBool())
          return constantResult(*this, b.dt == DType::Bool ? Const::ofBool(true)
                                                           : Const::ofInt(0));
        // x - c = x + neg c is x when neg c is add's identity: 0 for
        // integers, +0.0 for floats (neg +0.0 = -0.0; x - -0.0 = x + +0.0 is
        // not x for x = -0.0), and true for Bool (neg is logical_not there,
        // so x - false is x or true = true, not x).
        return sameAsResult(*this, b.besideConstant(false, [&](const Const &c) {
          Eval e;
          Const n = derived::neg(e, Eval::Lane{b.dt, c}).c;
          return !e.failed && isAddIdentity(b.dt, n);
        }));
      });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  // 1 / 0 is inf, even for integer operands without rounding: they divide
  // as floats.
  return foldDefinition(*this, adaptor.getOperands());
}

OpFoldResult ModOp::fold(FoldAdaptor adaptor) {
  return foldDefinition(*this, adaptor.getOperands());
}

OpFoldResult FModOp::fold(FoldAdaptor adaptor) {
  return foldDefinition(*this, adaptor.getOperands());
}

/// A derived comparison: its definition, and `x op x` is `result` for every
/// type (`anyType`) or only for integers and Bool. x > x is false, x <= x
/// and x >= x true for every type (ordered lt is false on a NaN, and le and
/// ge negate it); x != x is false only where there is no NaN (ne is
/// unordered).
#define TOLK_FOLD_COMPARISON(OP, RESULT, ANY_TYPE)                             \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    auto operands = adaptor.getOperands();                                     \
    return foldSelfComparison(                                                 \
        *this, operands, foldDefinition(*this, operands), RESULT, ANY_TYPE);   \
  }
TOLK_FOLD_COMPARISON(GtOp, /*result=*/false, /*anyType=*/true)
TOLK_FOLD_COMPARISON(LeOp, /*result=*/true, /*anyType=*/true)
TOLK_FOLD_COMPARISON(GeOp, /*result=*/true, /*anyType=*/true)
TOLK_FOLD_COMPARISON(NeOp, /*result=*/false, /*anyType=*/false)
#undef TOLK_FOLD_COMPARISON

OpFoldResult MinimumOp::fold(FoldAdaptor adaptor) {
  auto operands = adaptor.getOperands();
  return orIdentities(*this, operands, foldDefinition(*this, operands),
                      [&](const PromotedBinary &b) -> OpFoldResult {
                        if (b.sameOperands())
                          return sameAsResult(*this, b.operand[0]);
                        return {};
                      });
}

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult id = foldInvolution<NegOp>(*this))
    return id;
  return foldDefinition(*this, adaptor.getOperands());
}

OpFoldResult FloorOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult id = foldWholeIdentity(*this))
    return id;
  return foldDefinition(*this, adaptor.getOperands());
}

OpFoldResult LogicalNotOp::fold(FoldAdaptor adaptor) {
  // Only when x is Bool: the result is Bool, and sameAsResult asks x to be.
  if (OpFoldResult id = foldInvolution<LogicalNotOp>(*this))
    return id;
  return foldDefinition(*this, adaptor.getOperands());
}

OpFoldResult BitwiseNotOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult id = foldInvolution<BitwiseNotOp>(*this))
    return id;
  return foldDefinition(*this, adaptor.getOperands());
}

OpFoldResult IsFiniteOp::fold(FoldAdaptor adaptor) {
  return foldDefinition(*this, adaptor.getOperands());
}
