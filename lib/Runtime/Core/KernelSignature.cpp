//===- KernelSignature.cpp - What a kernel's launch takes -----------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A kernel's parameters as a launch gives them (docs/Runtime.md, the kernel
// ABI): a !tolk.ptr<T, global> is a buffer, an image pointer a buffer of its
// texels, a !tolk.ptr<T, alu> a scalar's bits.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/Runtime.h"

#include "tolk/Dialect/Tolk/IR/BufferLayout.h"
#include "tolk/Dialect/Tolk/IR/Images.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace tolk::runtime;
namespace dt = tolk::dtype;

static std::string printed(Type type) {
  std::string s;
  llvm::raw_string_ostream(s) << type;
  return s;
}

static std::optional<std::array<uint32_t, 3>>
knownSize(std::optional<llvm::ArrayRef<int32_t>> known) {
  if (!known)
    return std::nullopt;
  std::array<uint32_t, 3> size = {1, 1, 1};
  for (unsigned d = 0; d < 3 && d < known->size(); ++d)
    size[d] = (*known)[d];
  return size;
}

llvm::Expected<KernelInfo> tolk::runtime::describeKernel(gpu::GPUFuncOp op) {
  KernelInfo kernel;
  kernel.name = op.getName().str();
  kernel.module = op->getParentOfType<gpu::GPUModuleOp>().getName().str();
  kernel.knownGrid = knownSize(op.getKnownGridSize());
  kernel.knownBlock = knownSize(op.getKnownBlockSize());
  unsigned buffers = 0, scalars = 0;
  for (auto [i, type] : llvm::enumerate(op.getArgumentTypes())) {
    auto ptr = dyn_cast<tolk::PtrType>(type);
    auto where = [&, i = i] {
      return "parameter #" + std::to_string(i) + " of kernel '" + kernel.name +
             "'";
    };
    auto refuse = [&](const llvm::Twine &why) {
      return makeError(ErrorCode::InvalidArgument, where() + why);
    };
    if (!ptr)
      return refuse(" has type " + printed(type) +
                    ": a Tolk kernel's parameters are !tolk.ptr<T, global> "
                    "buffers and !tolk.ptr<T, alu> scalars");
    // An image binds to its texels: a (h, w, 4) array of f16 or f32.
    Type element =
        ptr.getImage() ? tolk::getTexelStorageType(ptr) : ptr.getElementType();
    int64_t lanes = 1;
    if (auto vector = dyn_cast<VectorType>(element)) {
      lanes = vector.getNumElements();
      element = vector.getElementType();
    }
    std::optional<dt::DType> dtype = tolk::getDType(element);
    if (!dtype || dt::isWeak(*dtype) || *dtype == dt::DType::Void)
      return refuse(" has the element type " + printed(element) +
                    ", which no buffer holds");
    ParamInfo p;
    p.dtype = *dtype;
    p.lanes = lanes;
    p.bufferLanes = tolk::getPackedLanes(ptr) > 1 ? 1 : unsigned(lanes);
    p.elementType = printed(ptr.getImage() ? Type(ptr) : ptr.getElementType());
    p.imageShape.assign(ptr.getImageShape().begin(), ptr.getImageShape().end());
    if (ptr.getAddrSpace() == tolk::AddrSpace::alu) {
      if (lanes != 1)
        return refuse(" is a by-value vector, which no scalar argument gives");
      if (dt::isComplex(*dtype) || *dtype == dt::DType::Float128)
        return refuse(" is a by-value " + printed(element) +
                      ", wider than a scalar argument (pass a buffer of one "
                      "element)");
      p.kind = ParamInfo::Kind::Scalar;
      p.slot = scalars++;
    } else if (ptr.getAddrSpace() == tolk::AddrSpace::global) {
      p.kind =
          ptr.getImage() ? ParamInfo::Kind::Image : ParamInfo::Kind::Buffer;
      p.count = ptr.getSize() < 0 ? -1 : ptr.getSize() * lanes;
      if (ptr.getImage()) {
        p.count = 1;
        for (int64_t d : p.imageShape)
          p.count *= d;
      }
      p.slot = buffers++;
    } else {
      return refuse(" is a pointer to " +
                    tolk::stringifyAddrSpace(ptr.getAddrSpace()) +
                    " memory; only global buffers and alu scalars are "
                    "parameters");
    }
    kernel.params.push_back(std::move(p));
  }
  return kernel;
}
