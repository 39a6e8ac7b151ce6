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

#endif // TOLK_ATTRS_TD
