//===- SPIRVABI.cpp - Tolk's kernel ABI on SPIR-V -------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The kernel ABI of docs/Lowering.md ("SPIR-V"): buffer k at descriptor
// set 0, binding k; the by-value parameters in one push-constant block of
// 4-byte slots (8-byte ones, aligned to 8, for 64-bit types). Before the
// conversion, --tolk-spirv-set-abi-attrs says so in the attributes that
// upstream's patterns read; after it, --tolk-spirv-lower-push-constants
// builds the block, which upstream's spirv-lower-abi-attrs has no lowering
// for.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/MathExtras.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKSPIRVSETABIATTRS
#define GEN_PASS_DEF_TOLKSPIRVLOWERPUSHCONSTANTS
#define GEN_PASS_DEF_TOLKSPIRVLOWERIMAGEBINDINGS
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

/// Whether `type` is an image parameter as --convert-tolk-to-gpu's
/// --convert-tolk-to-gpu=images=spirv makes it: a pointer to a storage image.
static bool isImagePointer(Type type) {
  auto ptr = dyn_cast<spirv::PointerType>(type);
  return ptr && isa<spirv::ImageType>(ptr.getPointeeType());
}

/// Entry point and interface attributes that convert-gpu-to-spirv's
/// patterns read: buffers and images get (set 0, binding b) in the order of
/// the global pointers; by-value parameters are marked PushConstant, which
/// movePushConstants() then gathers into one block.
static void setABIAttributes(gpu::GPUFuncOp func) {
  MLIRContext *ctx = func.getContext();
  // Without a known_block_size there is no LocalSize: the workgroup size
  // is specialization constants (SpecializedBlockDim, SPIRVPatterns.cpp).
  ArrayRef<int32_t> blockSize;
  if (DenseI32ArrayAttr known = func.getKnownBlockSizeAttr())
    blockSize = known.asArrayRef();
  func->setAttr(spirv::getEntryPointABIAttrName(),
                spirv::getEntryPointABIAttr(ctx, blockSize));
  int32_t binding = 0;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    spirv::InterfaceVarABIAttr abi;
    if (isa<MemRefType>(type) || isImagePointer(type))
      abi = spirv::getInterfaceVarABIAttr(0, binding++, std::nullopt, ctx);
    else
      abi = spirv::getInterfaceVarABIAttr(
          0, 0, spirv::StorageClass::PushConstant, ctx);
    func.setArgAttr(i, spirv::getInterfaceVarABIAttrName(), abi);
  }
}

/// Replaces the PushConstant-marked parameters of an entry function by
/// loads from one push-constant block: a struct with one member per
/// parameter, each in a 4-byte slot holding its bits zero-extended (an
/// 8-byte slot, aligned to 8, for 64-bit types).
static LogicalResult movePushConstants(spirv::FuncOp func) {
  MLIRContext *ctx = func.getContext();
  StringRef abiName = spirv::getInterfaceVarABIAttrName();
  SmallVector<unsigned> params;
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    auto abi = func.getArgAttrOfType<spirv::InterfaceVarABIAttr>(i, abiName);
    if (abi && abi.getStorageClass() == spirv::StorageClass::PushConstant)
      params.push_back(i);
  }
  if (params.empty())
    return success();

  auto i32 = IntegerType::get(ctx, 32);
  SmallVector<Type> members;
  SmallVector<spirv::StructType::OffsetInfo> offsets;
  uint32_t offset = 0;
  for (unsigned i : params) {
    Type type = func.getArgument(i).getType();
    if (!type.isIntOrFloat())
      return func.emitOpError("has a by-value parameter of type ")
             << type << ", which a push-constant slot cannot hold";
    if (type.getIntOrFloatBitWidth() == 64) {
      offset = llvm::alignTo(offset, 8);
      members.push_back(type);
      offsets.push_back(offset);
      offset += 8;
    } else {
      members.push_back(type.getIntOrFloatBitWidth() == 32 ? type : i32);
      offsets.push_back(offset);
      offset += 4;
    }
  }
  auto block = spirv::StructType::get(members, offsets);
  auto ptrType =
      spirv::PointerType::get(block, spirv::StorageClass::PushConstant);

  OpBuilder builder(func);
  auto var = spirv::GlobalVariableOp::create(
      builder, func.getLoc(), TypeAttr::get(ptrType),
      builder.getStringAttr(func.getName() + "_push_constants"),
      /*initializer=*/nullptr);

  Block &entry = func.getBody().front();
  builder.setInsertionPointToStart(&entry);
  Location loc = func.getLoc();
  Value base = spirv::AddressOfOp::create(builder, loc, var);
  for (auto [member, i] : llvm::enumerate(params)) {
    BlockArgument arg = func.getArgument(i);
    Type memberType = members[member];
    Value index = spirv::ConstantOp::create(builder, loc, i32,
                                            builder.getI32IntegerAttr(member));
    Value ptr =
        spirv::AccessChainOp::create(builder, loc, base, ValueRange{index});
    Value v = spirv::LoadOp::create(builder, loc, ptr);
    Type type = arg.getType();
    if (type.isInteger(1)) {
      Value zero = spirv::ConstantOp::getZero(i32, loc, builder);
      v = spirv::INotEqualOp::create(builder, loc, v, zero);
    } else if (type != memberType) {
      // The low bits of the slot, as lanes of the narrow type (little
      // endian: lane 0), so that no 8- or 16-bit push-constant capability
      // is needed.
      unsigned lanes = 32 / type.getIntOrFloatBitWidth();
      auto vec = VectorType::get({lanes}, type);
      v = spirv::BitcastOp::create(builder, loc, vec, v);
      v = spirv::CompositeExtractOp::create(builder, loc, v,
                                            ArrayRef<int32_t>{0});
    }
    arg.replaceAllUsesWith(v);
  }
  BitVector erase(func.getNumArguments());
  for (unsigned i : params)
    erase.set(i);
  if (failed(func.eraseArguments(erase)))
    return func.emitOpError("could not drop its by-value parameters");
  return success();
}

/// Replaces the image parameters of an entry function by UniformConstant
/// variables at their bindings: upstream's spirv-lower-abi-attrs lowers
/// only sampled images and buffers.
static LogicalResult moveImages(spirv::FuncOp func) {
  StringRef abiName = spirv::getInterfaceVarABIAttrName();
  BitVector erase(func.getNumArguments());
  OpBuilder builder(func);
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    BlockArgument arg = func.getArgument(i);
    if (!isImagePointer(arg.getType()))
      continue;
    auto abi = func.getArgAttrOfType<spirv::InterfaceVarABIAttr>(i, abiName);
    if (!abi)
      return func.emitOpError("has the image parameter #")
             << i << " without a descriptor binding";
    builder.setInsertionPoint(func);
    auto var = spirv::GlobalVariableOp::create(
        builder, func.getLoc(), arg.getType(),
        (func.getName() + "_image_" + Twine(abi.getBinding())).str(),
        abi.getDescriptorSet(), abi.getBinding());
    // Where it is used, so that no value of the entry block is needed.
    for (OpOperand &use : llvm::make_early_inc_range(arg.getUses())) {
      builder.setInsertionPoint(use.getOwner());
      use.set(spirv::AddressOfOp::create(builder, func.getLoc(), var));
    }
    erase.set(i);
  }
  if (erase.any() && failed(func.eraseArguments(erase)))
    return func.emitOpError("could not drop its image parameters");
  return success();
}

/// Gives every entry point of `module` a workgroup size that a
/// host can set: one without a LocalSize (a kernel without a
/// known_block_size) takes the module's specialization constants
/// tolk_local_size_{x,y,z} in tolk_workgroup_size, which the serializer
/// decorates BuiltIn WorkgroupSize. gpu.block_dim's lowering makes them
/// where a kernel reads its size; a kernel that never does would otherwise
/// have no workgroup size at all, which Vulkan forbids (an entry point
/// needs a LocalSize, a LocalSizeId or the WorkgroupSize built-in).
static void addSpecializedWorkgroupSize(spirv::ModuleOp module) {
  if (SymbolTable::lookupSymbolIn(module, tolk::kSpirvWorkgroupSizeName))
    return;
  // Before spirv-lower-abi-attrs, an entry point is a function with the
  // entry point ABI attribute, and its LocalSize that attribute's size.
  bool unsized =
      llvm::any_of(module.getOps<spirv::FuncOp>(), [](spirv::FuncOp func) {
        auto abi = func->getAttrOfType<spirv::EntryPointABIAttr>(
            spirv::getEntryPointABIAttrName());
        return abi && !abi.getWorkgroupSize();
      });
  if (!unsized)
    return;
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  Location loc = module.getLoc();
  SmallVector<Attribute, 3> constituents;
  for (unsigned d = 0; d < 3; ++d) {
    auto spec = spirv::SpecConstantOp::create(
        builder, loc,
        (tolk::kSpirvLocalSizeName + Twine("_") + StringRef("xyz").substr(d, 1))
            .str(),
        builder.getI32IntegerAttr(1));
    spec->setAttr("spec_id",
                  builder.getI32IntegerAttr(tolk::kSpirvLocalSizeSpecIds[d]));
    constituents.push_back(SymbolRefAttr::get(spec));
  }
  spirv::SpecConstantCompositeOp::create(
      builder, loc, TypeAttr::get(VectorType::get({3}, builder.getI32Type())),
      builder.getStringAttr(tolk::kSpirvWorkgroupSizeName),
      builder.getArrayAttr(constituents));
}

namespace {
struct SetABIAttrs : public tolk::impl::TolkSPIRVSetABIAttrsBase<SetABIAttrs> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (func.isKernel())
        setABIAttributes(func);
  }
};

struct LowerPushConstants
    : public tolk::impl::TolkSPIRVLowerPushConstantsBase<LowerPushConstants> {
  void runOnOperation() override {
    for (auto func : llvm::to_vector(getOperation().getOps<spirv::FuncOp>()))
      if (failed(movePushConstants(func)))
        return signalPassFailure();
    // With the push constants, the other part of the host's interface that
    // upstream's lowering leaves out.
    addSpecializedWorkgroupSize(getOperation());
  }
};

struct LowerImageBindings
    : public tolk::impl::TolkSPIRVLowerImageBindingsBase<LowerImageBindings> {
  void runOnOperation() override {
    for (auto func : llvm::to_vector(getOperation().getOps<spirv::FuncOp>()))
      if (failed(moveImages(func)))
        return signalPassFailure();
  }
};
} // namespace
