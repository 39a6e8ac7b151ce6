//===- InitAllDialects.h - The dialects Tolk's tools register ---*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The dialects tolk-opt and tolk-lsp-server register, in one place, so that
// every file one tool reads, the other opens too. As mlir/InitAllDialects.h,
// but only the upstream dialects the GPU lowering needs: the full list
// dominates the build time of a tool.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_INITALLDIALECTS_H
#define TOLK_INITALLDIALECTS_H

#include "tolk/Dialect/Tolk/IR/TolkDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

namespace tolk {

/// Adds the tolk dialect and the upstream dialects Tolk pipelines use.
inline void registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<TolkDialect>();
  registry.insert<mlir::arith::ArithDialect, mlir::complex::ComplexDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::gpu::GPUDialect, mlir::index::IndexDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
                  mlir::ROCDL::ROCDLDialect, mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::spirv::SPIRVDialect, mlir::tensor::TensorDialect,
                  mlir::ub::UBDialect, mlir::vector::VectorDialect>();
}

} // namespace tolk

#endif // TOLK_INITALLDIALECTS_H
