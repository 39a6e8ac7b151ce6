//===- Binding.h - .npy files and --arg values to kernel parameters -*- C++
//-*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What tolk-run binds to the parameters of the kernel it runs: the kernel
// a name gives, its parameters, the input files (checked against the
// parameters' data types and shapes), the output files (their shapes from
// the kernel or the command line) and the --arg values of the by-value
// parameters; and the outputs written after the run.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TOOLS_TOLK_RUN_BINDING_H
#define TOLK_TOOLS_TOLK_RUN_BINDING_H

#include "Launch.h"
#include "Summary.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Twine.h"

#include <optional>

namespace tolk::run {

inline llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

/// The kernel that --kernel names, and the tensor-level function it was
/// kernelized from (null when the name is a kernel's).
struct ResolvedKernel {
  mlir::gpu::GPUFuncOp kernel;
  mlir::func::FuncOp function;
};

/// The kernel `name` gives in `module`: MODULE::KERNEL, a kernelized
/// function, or a kernel name that one gpu.module holds.
llvm::Expected<ResolvedKernel> resolveKernel(mlir::ModuleOp module,
                                             llvm::StringRef name);

/// The parameters of `kernel`, in order; an error for a parameter that no
/// .npy file or --arg can give.
llvm::Expected<Kernel> describeKernel(mlir::gpu::GPUFuncOp kernel);

/// "OUT.npy" or "OUT.npy:4x250": the file and the shape it is given.
struct OutputArg {
  std::string path;
  std::optional<llvm::SmallVector<int64_t, 4>> shape;
};

llvm::Expected<OutputArg> parseOutput(llvm::StringRef text);

/// An output file and what goes into it.
struct Output {
  std::string path;
  unsigned param;
  llvm::SmallVector<int64_t, 4> shape;
  /// The data type of the file when it is not the buffer's: a kernelized
  /// function's Bool tensor is a ui8 buffer in its kernel (the same bytes,
  /// LLVM packs vector<N x i1> into bits), and a .npy of Bool.
  std::optional<dtype::DType> fileDType = std::nullopt;
  /// The shape the command line gave (-o OUT.npy:SHAPE).
  std::optional<llvm::SmallVector<int64_t, 4>> given = std::nullopt;
};

/// Binds the `inputs` (.npy files), the `outputs` and the `args` (--arg
/// values) to the parameters of `kernel`: the buffers and scalars of
/// `launch` (an output's buffer zeroed, of its shape), and the inputs of
/// `summary`. Returns the outputs to write after the run.
llvm::Expected<llvm::SmallVector<Output>> bindParameters(
    ResolvedKernel resolved, const Kernel &kernel,
    llvm::ArrayRef<std::string> inputs, llvm::ArrayRef<OutputArg> outputs,
    llvm::ArrayRef<std::string> args, Launch &launch, RunSummary &summary);

/// Writes every output from `launch`'s buffers, or none: a failure removes
/// the files already written. Records them in `summary`.
llvm::Error writeOutputs(llvm::ArrayRef<Output> outputs, const Kernel &kernel,
                         Launch &launch, RunSummary &summary);

} // namespace tolk::run

#endif // TOLK_TOOLS_TOLK_RUN_BINDING_H
