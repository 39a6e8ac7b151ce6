//===- TolkAttrs.td - Tolk attributes ----------------------*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_ATTRS_TD
#define TOLK_ATTRS_TD

include "tolk/Dialect/Tolk/IR/TolkDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Address spaces
//===----------------------------------------------------------------------===//

def Tolk_AddrSpace : I32EnumAttr<"AddrSpace", "the memory a pointer addresses", [
    I32EnumAttrCase<"global", 0>,
    I32EnumAttrCase<"local", 1>,
    I32EnumAttrCase<"reg", 2>,
    I32EnumAttrCase<"alu", 3>,
  ]> {
  let cppNamespace = "::tolk";
  let genSpecializedAttr = 0;
}

def Tolk_AddrSpaceAttr : EnumAttr<Tolk_Dialect, Tolk_AddrSpace, "addrspace"> {
  let summary = "an address space: global, local, reg or alu";
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Image kinds
//===----------------------------------------------------------------------===//

def Tolk_ImageKind : I32EnumAttr<"ImageKind", "image storage kind", [
    I32EnumAttrCase<"imageh", 0>,
    I32EnumAttrCase<"imagef", 1>,
  ]> {
  let cppNamespace = "::tolk";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Division rounding
//===----------------------------------------------------------------------===//

def Tolk_Rounding : I32EnumAttr<"Rounding", "how tolk.div rounds", [
    I32EnumAttrCase<"none", 0>,
    I32EnumAttrCase<"trunc", 1>,
    I32EnumAttrCase<"floor", 2>,
  ]> {
  let cppNamespace = "::tolk";
  let genSpecializedAttr = 0;
}

def Tolk_RoundingAttr : EnumAttr<Tolk_Dialect, Tolk_Rounding, "rounding"> {
  let summary = "the rounding of tolk.div: none, trunc or floor";
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def Tolk_ConstValueParameter : AttrParameter<"::tolk::dtype::Const",
                                             "a Tolk constant"> {
  let printer = "::tolk::printConstValue($_printer, $_self)";
  let parser = "::tolk::parseConstValue($_parser)";
}

def Tolk_ConstAttr : AttrDef<Tolk_Dialect, "Const"> {
  let mnemonic = "const";
  let summary = "one lane of a constant: Bool, Int, Float bits or Invalid";
  let description = [{
    The value of a `tolk.const`, and of every constant the folder makes
    (docs/Semantics.md#values): a Bool, a mathematical integer, a binary64
    float held by its bits, or `invalid`. The data type is the op's result
    type.

    ```mlir
    #tolk.const<true>  #tolk.const<-300>  #tolk.const<invalid>
    #tolk.const<float 0x3FF8000000000000>   // 1.5
    ```
  }];
  let parameters = (ins Tolk_ConstValueParameter:$value);
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// The kernel ABI
//===----------------------------------------------------------------------===//

def Tolk_ParamKind : I32EnumAttr<"ParamKind",
    "how a host passes a kernel parameter", [
    I32EnumAttrCase<"buffer", 0>,
    I32EnumAttrCase<"scalar", 1>,
    I32EnumAttrCase<"image", 2>,
  ]> {
  let cppNamespace = "::tolk";
  let genSpecializedAttr = 0;
}

def Tolk_ParamBinding : I32EnumAttr<"ParamBinding",
    "what of its function a kernel parameter binds", [
    I32EnumAttrCase<"arg", 0>,
    I32EnumAttrCase<"result", 1>,
  ]> {
  let cppNamespace = "::tolk";
  let genSpecializedAttr = 0;
}

def Tolk_LaunchParamAttr : AttrDef<Tolk_Dialect, "LaunchParam"> {
  let mnemonic = "param";
  let summary = "a kernel parameter as a host passes it";
  let description = [{
    One parameter of a kernel, in a `#tolk.launch`: a `buffer` of `count`
    elements of `type`, which the kernel reads `vector` lanes at a time, or
    a by-value `scalar` of `type`, or an `image` of `count` elements whose
    texels (`vector` = 4 lanes) are stored as `type` (f32: an imagef, f16:
    an imageh; its shape is the bound argument's, `(h, w, 4)`); and the
    argument or result of the function that it binds. The type is the
    function's element type (a Bool buffer is a Bool buffer to the host,
    though the kernel reads its lanes as bytes).

    ```mlir
    #tolk.param<buffer f16, arg 0, count = 32, vector = 4>
    #tolk.param<scalar si8, arg 1>
    #tolk.param<image f32, arg 2, count = 32, vector = 4>
    #tolk.param<buffer f32, result 0, count = 32, vector = 4>
    ```

    A buffer or an image has a count of at least 0 and a vector width of at
    least 1; a scalar has neither. The index is at least 0.
  }];
  let parameters = (ins
    EnumParameter<Tolk_ParamKind>:$kind,
    "::mlir::Type":$type,
    EnumParameter<Tolk_ParamBinding>:$binding,
    "int64_t":$index,
    OptionalParameter<"std::optional<int64_t>">:$count,
    OptionalParameter<"std::optional<int64_t>">:$vector
  );
  let assemblyFormat = [{
    `<` $kind $type `,` $binding $index
        (`,` `count` `=` $count^)? (`,` `vector` `=` $vector^)? `>`
  }];
  let genVerifyDecl = 1;
}

def Tolk_LaunchAttr : AttrDef<Tolk_Dialect, "Launch"> {
  let mnemonic = "launch";
  let summary = "how a host launches a kernelized function's kernel";
  let description = [{
    What `--tolk-kernelize` tells a host about the kernel it made of a
    function (the function's `tolk.launch`): the kernel (`@module::@kernel`),
    the grid and block sizes (1 to 3 dimensions, each at least 1), and the
    kernel's parameters in order (`#tolk.param`).
    `tolk-translate --launch-json` prints it as JSON.

    ```mlir
    #tolk.launch<kernel = @scale_kernel::@scale, grid = [1, 1, 1],
                 block = [8, 1, 1],
                 params = [<buffer f16, arg 0, count = 32, vector = 4>,
                           <buffer f16, result 0, count = 32, vector = 4>]>
    ```
  }];
  let parameters = (ins
    "::mlir::SymbolRefAttr":$kernel,
    ArrayRefParameter<"int32_t">:$grid,
    ArrayRefParameter<"int32_t">:$block,
    OptionalArrayRefParameter<"::tolk::LaunchParamAttr">:$params
  );
  let assemblyFormat = [{
    `<` `kernel` `=` $kernel `,` `grid` `=` `[` $grid `]` `,`
        `block` `=` `[` $block `]` `,` `params` `=` custom<LaunchParams>($params)
    `>`
  }];
  let genVerifyDecl = 1;
}

def Tolk_OriginAttr : AttrDef<Tolk_Dialect, "Origin"> {
  let mnemonic = "origin";
  let summary = "the Tolk op a lowered op was made from, in its location";
  let description = [{
    The metadata of a fused location (`--tolk-record-origins`): the name and
    the types of the Tolk op whose lowering made the op at that location, so
    that a diagnostic about a lowered op (a SPIR-V capability the target
    lacks) names the op and the types the user wrote.

    ```mlir
    loc(fused<#tolk.origin<"tolk.mul", (f16, f16) -> f16>>["k.mlir":4:10])
    ```
  }];
  let parameters = (ins "::mlir::StringAttr":$opName,
                        "::mlir::FunctionType":$type);
  let assemblyFormat = "`<` $opName `,` $type `>`";
}

#endif // TOLK_ATTRS_TD
