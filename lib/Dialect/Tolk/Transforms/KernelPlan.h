//===- KernelPlan.h - What --tolk-kernelize builds a kernel from -*- C++
//-*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-kernelize in two steps: planning (KernelPlan.cpp) checks that a
// function has the form the pass handles and chooses the iteration shape,
// the lanes per thread and the launch; building (KernelBuild.cpp) writes the
// gpu.func of a plan. Kernelize.cpp is the pass, and describes the launch.
// Private to lib/Dialect/Tolk/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_DIALECT_TOLK_TRANSFORMS_KERNELPLAN_H
#define TOLK_LIB_DIALECT_TOLK_TRANSFORMS_KERNELPLAN_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace tolk::kernelize {

/// The largest block size a launch allows on every target.
constexpr int64_t kMaxBlockSize = 1024;
/// The most lanes a thread handles (16 lanes of one byte: 128 bits).
constexpr int64_t kMaxUpcast = 16;
/// The bytes the widest buffer of a kernel moves per thread and access when
/// the lanes are chosen per data type: 128 bits, the widest global load and
/// store of NVIDIA (ld.global.v4.b32) and AMD (global_load_dwordx4) GPUs.
constexpr int64_t kVectorBytes = 16;
/// The lanes of a texel: an image argument's last dimension, and the lanes
/// per thread of a kernel that reads one.
constexpr int64_t kTexelLanes = 4;

/// How a thread that handles `lanes` contiguous elements of the iteration
/// shape `t`, from a multiple of `lanes`, reads a tensor input of (aligned)
/// shape `s`.
enum class Access {
  /// Its elements along the lanes are contiguous: a vector load.
  Lanes,
  /// Its elements along the lanes are one element (the lanes run along
  /// broadcast dimensions only): a scalar load, broadcast in the ops.
  Uniform,
};

/// What a function's kernel is built from, once the function is known to
/// have the form the pass handles.
struct KernelPlan {
  /// The iteration shape: every result's shape.
  llvm::SmallVector<int64_t, 4> shape;
  int64_t size = 0;
  /// Contiguous elements per thread (vector width of the buffers).
  int64_t upcast = 1;
  /// Threads per block: the option, or the size when that is smaller (no
  /// idle threads to gate off).
  int64_t block = 0;
  int64_t grid = 0;
  /// How each used buffer argument is read (by argument number).
  llvm::DenseMap<unsigned, Access> access;
};

/// The plan for `func`, or nothing when the pass leaves it alone; then
/// `whyNot` says what stops it.
std::optional<KernelPlan> planKernel(mlir::func::FuncOp func, int64_t blockSize,
                                     int64_t upcast, std::string &whyNot);

/// Builds the kernel of `func` into `module`, from `plan`.
mlir::gpu::GPUFuncOp buildKernel(mlir::func::FuncOp func,
                                 const KernelPlan &plan,
                                 mlir::gpu::GPUModuleOp module);

/// The static shape of a value a kernel handles: a scalar (rank 0) or a
/// static ranked tensor, of a data type. Nothing for anything else (vectors,
/// dynamic or unranked tensors, non-Tolk types).
std::optional<llvm::SmallVector<int64_t, 4>> getStaticShape(mlir::Type type);

/// `shape` with leading 1s up to `rank` (numpy's right alignment); nothing
/// when it does not broadcast to `target`, which would make a thread of the
/// kernel stand for more than one of its elements.
std::optional<llvm::SmallVector<int64_t, 4>>
alignTo(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> target);

/// The element count of `shape` (which does not overflow).
int64_t product(llvm::ArrayRef<int64_t> shape);

/// Row-major strides of `shape`.
llvm::SmallVector<int64_t, 4> stridesOf(llvm::ArrayRef<int64_t> shape);

/// The bytes of one element of `elt` in a buffer (i1 takes a byte).
int64_t elementBytes(mlir::Type elt);

/// Whether argument `arg` is a buffer (not a by-value scalar).
bool isBuffer(mlir::BlockArgument arg);

/// Whether argument `arg` of `func` holds the texels of an image
/// (`tolk.image`, which the dialect verified: a static tensor<h x w x 4> of
/// f32 or f16).
bool isImage(mlir::func::FuncOp func, mlir::BlockArgument arg);

/// Whether `func` is tensor-level Tolk: a Tolk op or a Tolk type in its
/// body or signature.
bool holdsTolk(mlir::func::FuncOp func);

} // namespace tolk::kernelize

#endif // TOLK_LIB_DIALECT_TOLK_TRANSFORMS_KERNELPLAN_H
