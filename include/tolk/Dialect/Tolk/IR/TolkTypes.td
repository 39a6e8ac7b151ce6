//===- TolkTypes.td - Tolk types ---------------------------*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TYPES_TD
#define TOLK_TYPES_TD

include "tolk/Dialect/Tolk/IR/TolkDialect.td"
include "tolk/Dialect/Tolk/IR/TolkAttrs.td"
include "mlir/IR/AttrTypeBase.td"

class Tolk_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tolk_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tolk_WeakIntType : Tolk_Type<"WeakInt", "weakint"> {
  let summary = "an integer whose width is not committed yet";
  let description = [{
    The weak integer type (docs/Semantics.md#weak-types): the type of an
    integer literal. It holds any mathematical integer, promotes to every
    integer type (`!tolk.weakint` with `si8` gives `si8`), and
    `--tolk-commit-weak` commits it to `DEFAULT_INT` (si32 unless set).
  }];
}

def Tolk_WeakFloatType : Tolk_Type<"WeakFloat", "weakfloat"> {
  let summary = "a float whose width is not committed yet";
  let description = [{
    The weak float type (docs/Semantics.md#weak-types): the type of a float
    literal, and the promotion of an integer with a weak float, and of
    `si64` with `ui64`. It holds a binary64 value, promotes to every float
    type, and `--tolk-commit-weak` commits it to `DEFAULT_FLOAT` (f32 unless
    set).
  }];
}

def Tolk_PtrType : Tolk_Type<"Ptr", "ptr"> {
  let summary = "a pointer into an address space";
  let description = [{
    The pointer data type (docs/Semantics.md#pointers): a base value type
    (a scalar or a vector of lanes) in an address space, with an optional
    element count, an optional pointer vector width, and, for image
    pointers, the image kind and shape.

    ```mlir
    !tolk.ptr<f32, global>
    !tolk.ptr<f32, local, 256>
    !tolk.ptr<vector<4xf16>, global, 1024, v = 2>
    !tolk.ptr<f32, global, imagef<4x8x4>>
    ```
  }];
  let parameters = (ins
    "::mlir::Type":$elementType,
    "::tolk::AddrSpace":$addrSpace,
    DefaultValuedParameter<"int64_t", "-1">:$size,
    DefaultValuedParameter<"unsigned", "1">:$vecWidth,
    OptionalParameter<"std::optional<::tolk::ImageKind>">:$image,
    OptionalArrayRefParameter<"int64_t">:$imageShape
  );
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType,
                                        "::tolk::AddrSpace":$addrSpace,
                                        CArg<"int64_t", "-1">:$size), [{
      return $_get(elementType.getContext(), elementType, addrSpace, size, 1,
                   std::nullopt, ::llvm::ArrayRef<int64_t>());
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Data types as type constraints (docs/Semantics.md#data-types)
//===----------------------------------------------------------------------===//

// A data type: its type constraint and its spelling in the generated
// reference. TypeMapping.cpp maps the same types to dtype::DType.
class Tolk_DataType<Type constraint, string name> {
  Type type = constraint;
  string spelling = name;
}

// The data types an ALU computes on, by class: the one list from which every
// op's operand and result constraints are built.
defvar Tolk_BoolTypes = [Tolk_DataType<I1, "i1">];
defvar Tolk_IntegerTypes = [
  Tolk_DataType<SI<8>, "si8">, Tolk_DataType<SI<16>, "si16">,
  Tolk_DataType<SI<32>, "si32">, Tolk_DataType<SI<64>, "si64">,
  Tolk_DataType<UI<8>, "ui8">, Tolk_DataType<UI<16>, "ui16">,
  Tolk_DataType<UI<32>, "ui32">, Tolk_DataType<UI<64>, "ui64">];
defvar Tolk_FloatTypes = [
  Tolk_DataType<F8E4M3FN, "f8E4M3FN">, Tolk_DataType<F8E5M2, "f8E5M2">,
  Tolk_DataType<F8E4M3FNUZ, "f8E4M3FNUZ">,
  Tolk_DataType<F8E5M2FNUZ, "f8E5M2FNUZ">, Tolk_DataType<F16, "f16">,
  Tolk_DataType<BF16, "bf16">, Tolk_DataType<F32, "f32">,
  Tolk_DataType<F64, "f64">, Tolk_DataType<F128, "f128">];
defvar Tolk_ComplexTypes = [
  Tolk_DataType<Complex<F32>, "complex<f32>">,
  Tolk_DataType<Complex<F64>, "complex<f64>">,
  Tolk_DataType<Complex<F128>, "complex<f128>">];
defvar Tolk_WeakIntTypes = [Tolk_DataType<Tolk_WeakIntType, "!tolk.weakint">];
defvar Tolk_WeakFloatTypes = [
  Tolk_DataType<Tolk_WeakFloatType, "!tolk.weakfloat">];
// Integers no ALU computes on: they hold the bits of the conversions between
// the widest floats and integers, so only tolk.cast and tolk.const take them.
defvar Tolk_StorageHelperTypes = [
  Tolk_DataType<UI<128>, "ui128">, Tolk_DataType<UI<256>, "ui256">];

// The data types that have a storage format (memory, tolk.bitcast).
defvar Tolk_StoredTypes = !listconcat(Tolk_BoolTypes, Tolk_IntegerTypes,
    Tolk_FloatTypes, Tolk_ComplexTypes);
// The data types an ALU computes on.
defvar Tolk_AluTypes = !listconcat(Tolk_StoredTypes, Tolk_WeakIntTypes,
                                   Tolk_WeakFloatTypes);
// The data types a conversion takes.
defvar Tolk_ConvertibleTypes = !listconcat(Tolk_AluTypes,
                                           Tolk_StorageHelperTypes);

// One of the data types `dts`.
class Tolk_ScalarOf<list<Tolk_DataType> dts>
    : AnyTypeOf<!foreach(d, dts, d.type),
                !interleave(!foreach(d, dts, d.spelling), ", ")>;

// A tensor without an encoding: numpy broadcasting knows only shapes.
def Tolk_HasNoEncodingPred
    : CPred<"!::llvm::cast<::mlir::RankedTensorType>($_self).getEncoding()">;

// What an elementwise op computes on: one of the data types `dts`, lanes of
// one (a 1-D fixed-length vector), or a ranked tensor of one without
// encoding (numpy broadcasting).
class Tolk_ValueOf<list<Tolk_DataType> dts>
    : AnyTypeOf<[Tolk_ScalarOf<dts>,
                 FixedVectorOfRankAndType<[1], [Tolk_ScalarOf<dts>]>,
                 RankedTensorOf<[Tolk_ScalarOf<dts>],
                                [Tolk_HasNoEncodingPred]>],
                "scalar, 1-D vector or ranked tensor of "
                    # Tolk_ScalarOf<dts>.summary>;

// An elementwise op's operands and result.
def Tolk_Value : Tolk_ValueOf<Tolk_AluTypes>;
// tolk.cast's and tolk.const's: the ALU's types and the storage helpers.
def Tolk_ConvertibleValue : Tolk_ValueOf<Tolk_ConvertibleTypes>;
// tolk.bitcast's: the types with a storage format.
def Tolk_StoredValue : Tolk_ValueOf<Tolk_StoredTypes>;
// The data types memory holds: every one with a width (not the weak ones).
defvar Tolk_MemoryTypes = !listconcat(Tolk_StoredTypes,
                                      Tolk_StorageHelperTypes);
// A value in memory: a data type with a width, or lanes of one.
def Tolk_MemoryValue
    : AnyTypeOf<[Tolk_ScalarOf<Tolk_MemoryTypes>,
                 FixedVectorOfRankAndType<[1],
                                          [Tolk_ScalarOf<Tolk_MemoryTypes>]>],
                "scalar or 1-D vector of "
                    # Tolk_ScalarOf<Tolk_MemoryTypes>.summary>;

// What counts elements or iterations: `index`, or a Tolk integer (a weak
// one until --tolk-commit-weak). Bool is not a count.
def Tolk_CountType
    : AnyTypeOf<[Index, Tolk_ScalarOf<!listconcat(Tolk_IntegerTypes,
                                                  Tolk_WeakIntTypes)>],
                "index, " # Tolk_ScalarOf<!listconcat(Tolk_IntegerTypes,
                                                      Tolk_WeakIntTypes)>.summary>;
// A thread's index: `index` or a Tolk integer of 32 or 64 bits.
def Tolk_ThreadIndexType
    : AnyTypeOf<[Index, SI<32>, UI<32>, SI<64>, UI<64>],
                "index, si32, ui32, si64 or ui64">;

#endif // TOLK_TYPES_TD
