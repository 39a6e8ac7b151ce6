//===- TolkImageOps.td - Tolk image reads and writes -------*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Texel reads and writes through image pointers (docs/Semantics.md#images).
// An image is not addressed like a buffer: every target reads a texel from
// the image and its coordinate together (SPIR-V OpImageRead, PTX suld), so
// the coordinate is an operand of the access, not a pointer that
// tolk.index moves.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_IMAGE_OPS_TD
#define TOLK_IMAGE_OPS_TD

include "tolk/Dialect/Tolk/IR/TolkDialect.td"
include "tolk/Dialect/Tolk/IR/TolkTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Tolk_ImagePtr : Type<
    And<[Tolk_PtrType.predicate,
         CPred<"::llvm::cast<::tolk::PtrType>($_self).getImage().has_value()">]>,
    "an image pointer (imageh or imagef)", "::tolk::PtrType">;

// The texel coordinate: x (the column), then y (the row). Written nowhere
// in the custom form, so it is buildable.
def Tolk_TexelCoordinate : Type<
    CPred<"$_self == ::mlir::VectorType::get({2}, ::mlir::IntegerType::get("
          "$_self.getContext(), 32, ::mlir::IntegerType::Signed))">,
    "vector<2xsi32>", "::mlir::VectorType"> {
  let builderCall = "::mlir::VectorType::get({2}, $_builder.getIntegerType("
                    "32, /*isSigned=*/true))";
}

// A texel's four lanes: vector<4xf32> for both image kinds, or
// vector<4xf16> for an imageh (the image op's verifier checks the kind).
def Tolk_Texel : AnyTypeOf<[FixedVectorOfLengthAndType<[4], [F32]>,
                             FixedVectorOfLengthAndType<[4], [F16]>],
                            "vector<4xf32> or vector<4xf16>">;

def Tolk_ImageLoadOp : Tolk_Op<"image_load", [AttrSizedOperandSegments,
    OptionalTypesMatchWith<"the alternative has the load's type", "result",
                           "alternative", "$_self">]> {
  let summary = "a texel read from an image, optionally gated";
  let description = [{
    The four lanes of the texel at `coordinate` (x, then y) of an image
    of shape `h x w x 4`, as tinygrad's `read_imagef`: `vector<4xf32>` for
    both kinds (an `imageh` texel widens exactly), or `vector<4xf16>` for an
    `imageh`. A texel outside the image (`x` or `y` negative, `x >= w`,
    `y >= h`) reads as four zeros; no memory outside the image is read. A
    gated load (`if %gate else %alternative`) reads only when its `i1` gate
    is true, and otherwise yields `alternative`, of the load's type.

    ```mlir
    %t = tolk.image_load %img[%xy] : !tolk.ptr<f32, global, imagef<4x8x4>> -> vector<4xf32>
    %u = tolk.image_load %img[%xy] if %g else %zero
        : !tolk.ptr<f32, global, imageh<4x8x4>> -> vector<4xf16>
    ```

    The rules, and how each target lowers the op: docs/Semantics.md#images.
  }];
  let arguments = (ins Arg<Tolk_ImagePtr, "the image", [MemRead]>:$image,
                       Tolk_TexelCoordinate:$coordinate,
                       Optional<I1>:$gate,
                       Optional<Tolk_Texel>:$alternative);
  let results = (outs Tolk_Texel:$result);
  // As tolk.load: the gate is an i1, the alternative has the load's type.
  let assemblyFormat = [{
    $image `[` $coordinate `]` (`if` $gate^ `else` $alternative)? attr-dict
    `:` qualified(type($image)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tolk_ImageStoreOp : Tolk_Op<"image_store"> {
  let summary = "a texel written to an image, optionally gated";
  let description = [{
    Writes the four lanes `value` to the texel at `coordinate` (x, then y),
    as tinygrad's `write_imagef`: `vector<4xf32>` for both kinds (rounded
    once to f16, to nearest even, for an `imageh`) or `vector<4xf16>` for an
    `imageh`. A texel outside the image is not written, nor is any other
    memory. A gated store writes only when its `i1` gate is true. An image
    parameter marked `tolk.readonly` is never written.

    ```mlir
    tolk.image_store %img[%xy], %t : !tolk.ptr<f32, global, imageh<4x8x4>>, vector<4xf32>
    tolk.image_store %img[%xy], %t if %g : !tolk.ptr<f32, global, imagef<4x8x4>>, vector<4xf32>
    ```
  }];
  let arguments = (ins Arg<Tolk_ImagePtr, "the image", [MemWrite]>:$image,
                       Tolk_TexelCoordinate:$coordinate,
                       Tolk_Texel:$value,
                       Optional<I1>:$gate);
  let assemblyFormat = [{
    $image `[` $coordinate `]` `,` $value (`if` $gate^)? attr-dict `:`
    qualified(type($image)) `,` type($value)
  }];
  let hasVerifier = 1;
}

#endif // TOLK_IMAGE_OPS_TD
