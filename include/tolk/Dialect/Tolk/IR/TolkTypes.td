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

#endif // TOLK_TYPES_TD
