//===- CheckKernels.cpp - What the SPIR-V target cannot express -----------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-spirv-check-kernels: a type the target environment cannot express
// is a diagnostic at the op that uses it, once per kernel and capability,
// not a failure to legalize or a silent emulation in the conversion.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "BF16Moves.h"

#include "tolk/Dialect/Tolk/IR/KnownLocation.h"
#include "tolk/Lowering/BF16AsI16.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseSet.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKSPIRVCHECKKERNELS
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

/// "(Vulkan, v1.3)": how diagnostics name the target.
static std::string describeTarget(spirv::TargetEnvAttr attr) {
  return ("SPIR-V target (" + spirv::stringifyClientAPI(attr.getClientAPI()) +
          ", " + spirv::stringifyVersion(attr.getVersion()) + ")")
      .str();
}

/// The width a scalar type has in SPIR-V code: bf16 and the 8-bit floats are
/// integers of their width there, and Bool is a byte in memory.
static unsigned spirvWidth(Type t, bool inMemory) {
  if (t.isInteger(1))
    return inMemory ? 8 : 1;
  if (t.isIndex())
    return 32;
  if (t.isIntOrFloat())
    return t.getIntOrFloatBitWidth();
  return 0;
}

namespace {
/// Reports, once per kernel and capability, a type the target lacks.
class CapabilityChecker {
public:
  CapabilityChecker(spirv::TargetEnvAttr attr) : attr(attr), env(attr) {}

  /// Checks the type of a value the kernel computes with; `shown` is the
  /// type the diagnostic names (the buffer's, for its elements).
  void checkValue(Operation *op, Type type, Type shown = {}) {
    if (auto mem = dyn_cast<MemRefType>(type))
      return checkMemory(op, mem);
    Type scalar = getElementTypeOrSelf(type);
    // A complex number is a vector of its two parts there.
    if (auto complex = dyn_cast<ComplexType>(scalar))
      scalar = complex.getElementType();
    if (!shown)
      shown = type;
    if (auto vec = dyn_cast<VectorType>(type)) {
      int64_t n = vec.getNumElements();
      if (vec.getRank() != 1 || n > 16 || (n > 4 && n != 8 && n != 16)) {
        fail(op) << "uses " << shown << ", which has no SPIR-V vector type";
        return;
      }
      if (n > 4)
        need(op, shown, spirv::Capability::Vector16);
    }
    if (scalar.isF64())
      return need(op, shown, spirv::Capability::Float64);
    if (scalar.isF16())
      return need(op, shown, spirv::Capability::Float16);
    switch (spirvWidth(scalar, /*inMemory=*/false)) {
    case 0:
    case 1:
    case 32:
      return;
    case 8:
      return need(op, shown, spirv::Capability::Int8);
    case 16:
      return need(op, shown, spirv::Capability::Int16);
    case 64:
      return need(op, shown, spirv::Capability::Int64);
    default:
      fail(op) << "uses " << shown << ", which has no SPIR-V type";
    }
  }

  /// Checks a buffer's element type: storage buffers need the 8/16-bit
  /// storage capabilities, other memory the arithmetic ones.
  void checkMemory(Operation *op, MemRefType type) {
    Type element = type.getElementType();
    auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
    bool global = !space || space.getValue() == gpu::AddressSpace::Global;
    if (global) {
      unsigned width = spirvWidth(getElementTypeOrSelf(element), true);
      if (width == 8)
        need(op, type, spirv::Capability::StorageBuffer8BitAccess);
      else if (width == 16)
        need(op, type, spirv::Capability::StorageBuffer16BitAccess);
    }
    // The element is also a value once loaded; in workgroup and function
    // memory the value's capability is all that is needed.
    if (element.isInteger(1))
      element = IntegerType::get(element.getContext(), 8);
    checkValue(op, element, type);
  }

  bool ok() const { return succeeded; }
  void reset() { reported.clear(); }

private:
  InFlightDiagnostic fail(Operation *op) {
    succeeded = false;
    // At a known location: the canonicalizer's constants have none.
    return tolk::emitOpErrorAtKnownLocation(op, "");
  }

  void need(Operation *op, Type type, spirv::Capability cap) {
    if (env.allows(cap) || !reported.insert(cap).second)
      return;
    InFlightDiagnostic diag = fail(op);
    diag << "uses " << type;
    Type scalar = getElementTypeOrSelf(type);
    if (auto mem = dyn_cast<MemRefType>(type))
      scalar = getElementTypeOrSelf(mem.getElementType());
    if (isa<FloatType>(scalar) && !scalar.isF16() && !scalar.isF32() &&
        !scalar.isF64())
      diag << " (" << scalar << " is "
           << (scalar.getIntOrFloatBitWidth() == 8 ? "an " : "a ")
           << scalar.getIntOrFloatBitWidth() << "-bit integer on SPIR-V)";
    diag << ", which needs the " << spirv::stringifyCapability(cap)
         << " capability: not in the " << describeTarget(attr);
  }

  spirv::TargetEnvAttr attr;
  spirv::TargetEnv env;
  llvm::SmallDenseSet<spirv::Capability> reported;
  bool succeeded = true;
};
} // namespace

static LogicalResult checkKernels(gpu::GPUModuleOp module,
                                  spirv::TargetEnvAttr attr) {
  CapabilityChecker checker(attr);
  bool ok = true;
  // Tolk expands f64 exp2, log2 and pow in f64 and i64 arithmetic
  // (tolk-spirv-expand-math).
  spirv::TargetEnv env(attr);
  bool expandsF64 = env.allows(spirv::Capability::Float64) &&
                    env.allows(spirv::Capability::Int64);
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    if (!func.isKernel()) {
      // Upstream's conversion fails on it with "failed to legalize
      // operation 'gpu.func'" (docs/Lowering.md, "SPIR-V").
      func.emitOpError("is not a kernel, and the SPIR-V pipeline compiles "
                       "kernels only: upstream's gpu-to-spirv conversion "
                       "makes an entry point of each kernel and has no "
                       "SPIR-V function for any other gpu.func; inline it "
                       "into its callers, or make it a kernel");
      ok = false;
      continue;
    }
    checker.reset();
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      // A storage image (--convert-tolk-to-gpu=images=spirv) is a
      // descriptor like a buffer.
      auto ptr = dyn_cast<spirv::PointerType>(type);
      bool image = ptr && isa<spirv::ImageType>(ptr.getPointeeType());
      if (!isa<MemRefType>(type) && !type.isIntOrFloat() && !image) {
        func.emitOpError("parameter ")
            << i << " has type " << type
            << ": a by-value parameter of a SPIR-V kernel is a scalar";
        ok = false;
      }
    }
    func.walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        checker.checkValue(op, t);
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (BlockArgument a : b.getArguments())
            checker.checkValue(op, a.getType());
      // GLSL.std.450 has these for 16- and 32-bit floats only.
      bool expanded = isa<math::Exp2Op, math::Log2Op, math::PowFOp>(op);
      if (isa<math::ExpOp, math::Exp2Op, math::LogOp, math::Log2Op,
              math::PowFOp, math::SinOp, math::CosOp, math::TanOp, math::TanhOp,
              math::AtanOp, math::Atan2Op>(op) &&
          !(expanded && expandsF64) &&
          getElementTypeOrSelf(op->getResult(0).getType()).isF64()) {
        InFlightDiagnostic diag =
            tolk::emitOpErrorAtKnownLocation(op, "computes in f64, which the ")
            << describeTarget(attr)
            << " has no instruction for (GLSL.std.450 "
               "has it for 16- and 32-bit floats only";
        if (expanded)
          diag << "; Tolk's expansion needs Float64 and Int64";
        diag << ")";
        ok = false;
      }
      if (!tolk::movesBF16Bits(op) && !isa<gpu::GPUFuncOp>(op) &&
          llvm::any_of(op->getOperandTypes(), tolk::holdsBF16)) {
        tolk::emitOpErrorAtKnownLocation(op, "computes in bf16, which the ")
            << describeTarget(attr)
            << " has no type for (the SPIR-V pipeline computes it in f32)";
        ok = false;
      }
    });
  }
  return success(ok && checker.ok());
}

namespace {
struct CheckKernels
    : public tolk::impl::TolkSPIRVCheckKernelsBase<CheckKernels> {
  void runOnOperation() override {
    // A check: the pass manager need not verify the IR again after it.
    markAllAnalysesPreserved();
    gpu::GPUModuleOp module = getOperation();
    if (failed(checkKernels(module, tolk::getSPIRVTargetEnv(module))))
      signalPassFailure();
  }
};
} // namespace
