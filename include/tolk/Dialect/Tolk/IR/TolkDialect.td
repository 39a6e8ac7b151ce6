//===- TolkDialect.td - Tolk dialect definition ------------*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TD
#define TOLK_DIALECT_TD

include "mlir/IR/OpBase.td"

def Tolk_Dialect : Dialect {
  let name = "tolk";
  let cppNamespace = "::tolk";
  let summary = "tinygrad's data types and elementwise operations";
  let description = [{
    The `tolk` dialect carries tinygrad's data types and elementwise
    operations. Concrete data types are builtin types (`si8`, `ui32`, `f16`,
    `f8E4M3FN`, `i1`, ...); the weak types of literals whose width is not
    committed yet are `!tolk.weakint` and `!tolk.weakfloat`. Operands of
    different data types are legal: an elementwise op's result type is the
    promotion of its operands' (`least_upper`,
    docs/Semantics.md#least_upper), which the verifier checks and
    `--canonicalize` makes explicit with `tolk.cast`.

    Kernel-level ops (`tolk.special`, `tolk.index`, `tolk.load`,
    `tolk.store`, `tolk.define_local`, `tolk.define_reg`, `tolk.range`) carry
    tinygrad's kernel UOps inside upstream `gpu.func` kernels, over
    `!tolk.ptr` buffers in the global, local, reg and alu address spaces.

    Every rule of the scalar semantics comes from the MLIR-free `lib/Dtype`
    library, so that the folder and the type checker agree with it bit for
    bit.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // Promotion materialization, one pattern for every elementwise op
  // (TolkCanonicalize.cpp).
  let hasCanonicalizer = 1;
  // The kernel ABI: the discardable attributes that --tolk-kernelize and
  // the conversions write and hosts read, each checked where it appears
  // (KernelABI.cpp; docs/Kernels.md, "The kernel ABI").
  let discardableAttrs = (ins
    // On a kernelized func.func: its kernel, and how a host launches it.
    "::mlir::SymbolRefAttr":$kernel,
    "::tolk::LaunchAttr":$launch,
    // On a kernel (gpu.func) and on its host function: the parameter that
    // binds each argument and each result of the kernelized function.
    "::mlir::DenseI64ArrayAttr":$args,
    "::mlir::DenseI64ArrayAttr":$results,
    // On a kernel's host function: the kernel's known launch sizes.
    "::mlir::DenseI32ArrayAttr":$known_block_size,
    "::mlir::DenseI32ArrayAttr":$known_grid_size,
    // On a tolk.load or tolk.store: the bytes its address is aligned to.
    "::mlir::IntegerAttr":$alignment,
    // On a kernel's by-value (alu) parameter, an argument attribute: the
    // parameter's inclusive range, array<i64: lo, hi>.
    "::mlir::DenseI64ArrayAttr":$bounds,
    // On an image parameter, an argument attribute: the kernel never
    // writes the image (docs/Semantics.md#images).
    "::mlir::UnitAttr":$readonly,
    // On a tensor argument of a tensor-level func.func, an argument
    // attribute: --tolk-kernelize passes it as an image of its texels
    // (docs/Kernels.md#kernelization).
    "::mlir::UnitAttr":$image,
    // On a tolk.define_local, inside --convert-tolk-to-gpu only: the
    // position of its workgroup attribution.
    "::mlir::IntegerAttr":$workgroup_attribution
  );
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The data type of `scalar` (TypeMapping.h's getDType), from the
    /// inverse of getScalarType made once with the dialect.
    std::optional<::tolk::dtype::DType> lookupDType(::mlir::Type scalar) const {
      auto it = dtypes.find(scalar);
      if (it == dtypes.end())
        return std::nullopt;
      return it->second;
    }

  private:
    void registerTypes();
    void registerAttributes();
    ::llvm::DenseMap<::mlir::Type, ::tolk::dtype::DType> dtypes;
  }];
}

class Tolk_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tolk_Dialect, mnemonic, traits>;

#endif // TOLK_DIALECT_TD
