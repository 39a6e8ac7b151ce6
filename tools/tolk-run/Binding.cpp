//===- Binding.cpp - .npy files and --arg values to kernel parameters -----===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Binding.h"

#include "tolk/Dialect/Tolk/IR/Images.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/Cast.h"
#include "tolk/Dtype/Const.h"
#include "tolk/Runtime/Npy.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include <cstdlib>

#include <cerrno>
#include <cstdlib>

using namespace mlir;
using namespace tolk::run;
namespace dt = tolk::dtype;

//===----------------------------------------------------------------------===//
// Finding the kernel
//===----------------------------------------------------------------------===//

llvm::Expected<ResolvedKernel> tolk::run::resolveKernel(ModuleOp module,
                                                        StringRef name) {
  auto [moduleName, funcName] = name.split("::");
  if (!funcName.empty()) {
    auto gpuModule = module.lookupSymbol<gpu::GPUModuleOp>(moduleName);
    if (!gpuModule)
      return fail("no gpu.module named '" + moduleName + "'");
    auto kernel = gpuModule.lookupSymbol<gpu::GPUFuncOp>(funcName);
    if (!kernel || !kernel.isKernel())
      return fail("gpu.module '" + moduleName + "' has no kernel named '" +
                  funcName + "'");
    return ResolvedKernel{kernel, {}};
  }
  if (auto function = module.lookupSymbol<func::FuncOp>(name)) {
    SymbolRefAttr ref = module.getContext()
                            ->getOrLoadDialect<tolk::TolkDialect>()
                            ->getKernelAttrHelper()
                            .getAttr(function);
    if (!ref)
      return fail("function '" + name +
                  "' is not a kernel and --tolk-kernelize did not make one of "
                  "it (it takes tensor-level elementwise functions of static "
                  "shapes and non-weak types; docs/Rationale.md, "
                  "\"Kernelization\")");
    auto kernel = dyn_cast_or_null<gpu::GPUFuncOp>(
        SymbolTable::lookupSymbolIn(module, ref));
    if (!kernel)
      return fail("function '" + name + "' names a missing kernel");
    return ResolvedKernel{kernel, function};
  }
  SmallVector<gpu::GPUFuncOp> found;
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    if (auto kernel = gpuModule.lookupSymbol<gpu::GPUFuncOp>(name))
      if (kernel.isKernel())
        found.push_back(kernel);
  if (found.empty())
    return fail("no kernel or function named '" + name + "'");
  if (found.size() > 1) {
    std::string modules;
    for (gpu::GPUFuncOp k : found)
      modules +=
          " '" + k->getParentOfType<gpu::GPUModuleOp>().getName().str() + "'";
    return fail("kernel name '" + name + "' is in more than one gpu.module (" +
                StringRef(modules).ltrim() + "): give MODULE::" + name);
  }
  return ResolvedKernel{found.front(), {}};
}

static std::string printed(Type type) {
  std::string s;
  llvm::raw_string_ostream(s) << type;
  return s;
}

llvm::Expected<Kernel> tolk::run::describeKernel(gpu::GPUFuncOp op) {
  llvm::Expected<runtime::KernelInfo> info = runtime::describeKernel(op);
  if (!info)
    return info.takeError();
  Kernel kernel;
  static_cast<runtime::KernelInfo &>(kernel) = std::move(*info);
  kernel.op = op;
  // A buffer binds to a .npy file of its data type.
  for (auto [i, p] : llvm::enumerate(kernel.params)) {
    if (!p.isBuffer())
      continue;
    llvm::Expected<std::string> descr = tolk::npy::descrOf(p.dtype);
    if (!descr) {
      llvm::consumeError(descr.takeError());
      return fail("parameter #" + std::to_string(i) + " of kernel '" +
                  kernel.name + "' has the element type " + dt::name(p.dtype) +
                  ", which no .npy file holds");
    }
  }
  return kernel;
}

/// Whether the kernel loads from (bit 0) and stores to (bit 1) each
/// parameter, through any chain of tolk.index.
static SmallVector<unsigned> accessesOf(gpu::GPUFuncOp kernel) {
  SmallVector<unsigned> access(kernel.getNumArguments(), 0);
  auto mark = [&](Value ptr, unsigned bit) {
    while (auto index = ptr.getDefiningOp<tolk::IndexOp>())
      ptr = index.getBase();
    auto arg = dyn_cast<BlockArgument>(ptr);
    if (arg && arg.getOwner()->getParentOp() == kernel.getOperation() &&
        arg.getArgNumber() < access.size())
      access[arg.getArgNumber()] |= bit;
  };
  kernel.walk([&](Operation *op) {
    if (auto load = dyn_cast<tolk::LoadOp>(op))
      mark(load.getPtr(), 1);
    else if (auto store = dyn_cast<tolk::StoreOp>(op))
      mark(store.getPtr(), 2);
    else if (auto load = dyn_cast<tolk::ImageLoadOp>(op))
      mark(load.getImage(), 1);
    else if (auto store = dyn_cast<tolk::ImageStoreOp>(op))
      mark(store.getImage(), 2);
  });
  return access;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

/// A data type as a Tolk module spells it ("si8", "ui8", "i1", "bf16").
static std::string typeName(MLIRContext *ctx, dt::DType dtype) {
  return printed(tolk::getScalarType(ctx, dtype));
}

/// The bits of `text` as a value of `dtype`, checked against `bounds`.
static llvm::Expected<uint64_t> parseScalar(StringRef text, dt::DType dtype,
                                            DenseI64ArrayAttr bounds,
                                            const std::string &where,
                                            StringRef type) {
  auto bad = [&](const Twine &why) {
    return fail("--arg '" + text + "' for " + where + " (" + type +
                "): " + why);
  };
  dt::Value value = dt::Value::ofBool(false);
  if (dt::isBool(dtype)) {
    if (text == "true" || text == "1")
      value = dt::Value::ofBool(true);
    else if (text != "false" && text != "0")
      return bad("expected true, false, 1 or 0");
  } else if (dt::isInt(dtype)) {
    StringRef digits = text;
    bool negative = digits.consume_front("-");
    if (!negative)
      digits.consume_front("+");
    unsigned base = digits.consume_front_insensitive("0x") ? 16 : 10;
    std::optional<llvm::DynamicAPInt> parsed;
    if (digits.empty() || !(parsed = dt::parseInteger(digits, base)))
      return bad("expected an integer");
    llvm::DynamicAPInt i = negative ? -*parsed : *parsed;
    if (i < dt::min(dtype).getInt() || i > dt::max(dtype).getInt())
      return bad("out of the type's range");
    if (bounds && bounds.size() == 2 && (i < bounds[0] || i > bounds[1]))
      return bad("outside the parameter's " +
                 tolk::TolkDialect::BoundsAttrHelper::getNameStr().str() +
                 " [" + std::to_string(bounds[0]) + ", " +
                 std::to_string(bounds[1]) + "]");
    value = dt::Value::ofInt(i);
  } else {
    std::string s = text.str();
    char *end = nullptr;
    errno = 0;
    double d = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0')
      return bad("expected a float");
    llvm::Expected<dt::Const> c = dt::makeConst(dtype, dt::Const::ofDouble(d));
    if (!c)
      return bad(llvm::toString(c.takeError()));
    value = c->value();
  }
  llvm::Expected<llvm::APInt> bits = dt::toBits(dtype, value);
  if (!bits)
    return bad(llvm::toString(bits.takeError()));
  return bits->getZExtValue();
}

llvm::Expected<OutputArg> tolk::run::parseOutput(StringRef text) {
  OutputArg out{text.str(), std::nullopt};
  auto [path, shapeText] = text.rsplit(':');
  if (!shapeText.empty() && path != text &&
      shapeText.find_first_not_of("0123456789x") == StringRef::npos) {
    SmallVector<StringRef> dims;
    shapeText.split(dims, 'x');
    SmallVector<int64_t, 4> shape;
    int64_t elements = 1;
    for (StringRef d : dims) {
      int64_t v;
      if (d.getAsInteger(10, v) || v <= 0)
        return fail("output '" + text +
                    "': the shape after ':' is N or "
                    "AxB..., positive integers");
      // 2^48 elements is more than any machine holds: a bound that keeps
      // the byte count of every dtype from overflowing.
      if (llvm::MulOverflow(elements, v, elements) || elements > (1ll << 48))
        return fail("output '" + text +
                    "': the shape after ':' has more "
                    "elements than a buffer can hold");
      shape.push_back(v);
    }
    out.path = path.str();
    out.shape = shape;
  }
  if (!StringRef(out.path).ends_with(".npy"))
    return fail("output '" + out.path + "' is not a .npy file name");
  return out;
}

//===----------------------------------------------------------------------===//
// Binding
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<Output>> tolk::run::bindParameters(
    ResolvedKernel resolved, const Kernel &kernel, ArrayRef<std::string> inputs,
    ArrayRef<OutputArg> outputs, ArrayRef<std::string> argValues,
    Launch &launch, RunSummary &summary) {
  gpu::GPUFuncOp op = kernel.op; // Op handles are used by value.
  MLIRContext &ctx = *op.getContext();
  auto paramName = [&](unsigned i) {
    return "parameter #" + std::to_string(i) + " of kernel '" + kernel.name +
           "'";
  };
  auto dtypeName = [&](dt::DType dtype) { return typeName(&ctx, dtype); };

  // Which parameter each file binds to, with the shape it must have (empty
  // for "any shape of the parameter's element count").
  struct Input {
    unsigned param;
    std::optional<SmallVector<int64_t, 4>> shape;
    std::optional<dt::DType> fileDType = std::nullopt; // As Output's.
  };
  SmallVector<Input> bindIn;
  SmallVector<Output> bindOut;
  if (resolved.function) {
    FunctionType type = resolved.function.getFunctionType();
    auto *tolk = ctx.getOrLoadDialect<tolk::TolkDialect>();
    DenseI64ArrayAttr args = tolk->getArgsAttrHelper().getAttr(op);
    DenseI64ArrayAttr results = tolk->getResultsAttrHelper().getAttr(op);
    if (!args || !results || args.size() != (int64_t)type.getNumInputs() ||
        results.size() != (int64_t)type.getNumResults())
      return fail("kernel '" + kernel.name + "' lacks the " +
                  tolk->getArgsAttrHelper().getName().str() + " and " +
                  tolk->getResultsAttrHelper().getName().str() +
                  " of its function");
    for (auto [i, param] : llvm::enumerate(args.asArrayRef())) {
      if (!kernel.params[param].isBuffer())
        continue;
      auto tensor = cast<RankedTensorType>(type.getInput(i));
      bindIn.push_back({(unsigned)param,
                        SmallVector<int64_t, 4>(tensor.getShape()),
                        tolk::getDType(tensor.getElementType())});
    }
    for (auto [i, param] : llvm::enumerate(results.asArrayRef())) {
      auto tensor = cast<RankedTensorType>(type.getResult(i));
      bindOut.push_back({"", (unsigned)param,
                         SmallVector<int64_t, 4>(tensor.getShape()),
                         tolk::getDType(tensor.getElementType())});
    }
  } else {
    SmallVector<unsigned> access = accessesOf(op);
    for (auto [i, p] : llvm::enumerate(kernel.params)) {
      if (!p.isBuffer())
        continue;
      if (access[i] != 2)
        bindIn.push_back({(unsigned)i, std::nullopt});
      if (access[i] & 2)
        bindOut.push_back({"", (unsigned)i, {}});
    }
  }

  auto describeList = [&](auto &list) {
    std::string s;
    for (auto &b : list)
      s += (s.empty() ? "" : ", ") + std::string("#") +
           std::to_string(b.param) + " " + kernel.params[b.param].elementType;
    return s.empty() ? std::string("none") : s;
  };
  if (inputs.size() != bindIn.size())
    return fail("kernel '" + kernel.name + "' takes " +
                std::to_string(bindIn.size()) + " input .npy file(s) (" +
                describeList(bindIn) + "), but " +
                std::to_string(inputs.size()) + " were given");
  if (outputs.size() != bindOut.size())
    return fail("kernel '" + kernel.name + "' writes " +
                std::to_string(bindOut.size()) + " output .npy file(s) (" +
                describeList(bindOut) + "), but -o gave " +
                std::to_string(outputs.size()));
  unsigned numScalars = llvm::count_if(kernel.params, [](const Param &p) {
    return p.kind == Param::Kind::Scalar;
  });
  if (argValues.size() != numScalars)
    return fail("kernel '" + kernel.name + "' takes " +
                std::to_string(numScalars) +
                " by-value (alu) parameter(s), but --arg gave " +
                std::to_string(argValues.size()));

  unsigned numBuffers = kernel.params.size() - numScalars;
  launch.buffers.resize(numBuffers);
  launch.inPlace.resize(numBuffers);
  launch.scalars.resize(numScalars);
  SmallVector<std::optional<SmallVector<int64_t, 4>>> bufferShape(numBuffers);
  for (auto [input, path] : llvm::zip(bindIn, inputs)) {
    const Param &p = kernel.params[input.param];
    dt::DType fileDType = input.fileDType.value_or(p.dtype);
    llvm::Expected<tolk::npy::Array> array = tolk::npy::read(path);
    if (!array)
      return array.takeError();
    llvm::Expected<std::string> descr = tolk::npy::descrOf(fileDType);
    if (!descr)
      return descr.takeError();
    if (array->descr != *descr)
      return fail("input '" + path + "' holds '" + array->descr + "', but " +
                  paramName(input.param) + " is a buffer of " +
                  dtypeName(fileDType) + ", stored as '" + *descr + "'");
    if (input.shape && array->shape != *input.shape)
      return fail("input '" + path + "' has the shape " +
                  shapeString(array->shape) + ", but " +
                  paramName(input.param) + " is the function's argument of " +
                  "shape " + shapeString(*input.shape));
    if (!p.imageShape.empty() && array->shape != p.imageShape)
      return fail("input '" + path + "' has the shape " +
                  shapeString(array->shape) + ", but " +
                  paramName(input.param) + " is the image " + p.elementType +
                  " of shape " + shapeString(p.imageShape));
    if (!input.shape && p.count >= 0 && array->numElements() != p.count)
      return fail("input '" + path + "' holds " +
                  std::to_string(array->numElements()) + " elements, but " +
                  paramName(input.param) + " is a buffer of " +
                  std::to_string(p.count));
    if (array->numElements() % p.lanes != 0)
      return fail("input '" + path + "' holds " +
                  std::to_string(array->numElements()) + " elements, but " +
                  paramName(input.param) + " is a buffer of " + p.elementType +
                  ", " + std::to_string(p.lanes) + " elements each");
    summary.inputs.push_back(
        {path, dtypeName(fileDType), array->shape, array->data.size()});
    bufferShape[p.slot] = array->shape;
    launch.buffers[p.slot] = std::move(array->data);
  }
  // An output's shape is the kernel's: the function's result, the pointer
  // type's element count, or the input of an in-place buffer. Only a
  // pointer type without a count takes it from the command line; a buffer
  // too small for the kernel would be read and written past its end.
  for (auto [output, out] : llvm::zip(bindOut, outputs)) {
    output.path = out.path;
    output.given = out.shape;
    const Param &p = kernel.params[output.param];
    // An input binds it too: a repeated run restores it.
    launch.inPlace[p.slot] = bufferShape[p.slot].has_value();
    std::string what = "output '" + out.path + "' (" + paramName(output.param) +
                       ", of " + p.elementType + ")";
    if (resolved.function) {
      if (out.shape && *out.shape != output.shape)
        return fail(what + " is given the shape " + shapeString(*out.shape) +
                    ", but the function's result has the shape " +
                    shapeString(output.shape));
    } else if (bufferShape[p.slot]) {
      output.shape = *bufferShape[p.slot];
      if (out.shape && *out.shape != output.shape)
        return fail(what + " is given the shape " + shapeString(*out.shape) +
                    ", but the kernel also reads it, from an input of the "
                    "shape " +
                    shapeString(output.shape));
    } else if (!p.imageShape.empty()) {
      output.shape.assign(p.imageShape.begin(), p.imageShape.end());
      if (out.shape && *out.shape != output.shape)
        return fail(what + " is given the shape " + shapeString(*out.shape) +
                    ", but the image has the shape " +
                    shapeString(output.shape));
    } else if (p.count >= 0) {
      output.shape = out.shape ? *out.shape : SmallVector<int64_t, 4>{p.count};
      if (ShapedType::getNumElements(output.shape) != p.count)
        return fail(
            what + " is given the shape " + shapeString(*out.shape) + " of " +
            std::to_string(ShapedType::getNumElements(output.shape)) +
            " elements, but the pointer type holds " + std::to_string(p.count));
    } else if (out.shape) {
      output.shape = *out.shape;
      if (ShapedType::getNumElements(output.shape) % p.lanes != 0)
        return fail(what + " is given the shape " + shapeString(*out.shape) +
                    ", which is not a whole number of " + p.elementType);
    } else {
      return fail("the size of " + what +
                  " is unknown: its pointer type has no element count, so "
                  "give the shape as -o " +
                  out.path + ":N (or :AxB...)");
    }
    if (!bufferShape[p.slot]) {
      size_t bytes =
          ShapedType::getNumElements(output.shape) * dt::itemsize(p.dtype);
      // The size comes from the command line: an allocation that fails is
      // an error, not the abort of LLVM's out-of-memory handler (which
      // operator new calls, exceptions being off). malloc says so; the
      // vector then takes the memory malloc could give.
      void *probe = std::malloc(bytes);
      if (!probe)
        return fail("cannot allocate the " + std::to_string(bytes) +
                    " bytes of " + what);
      std::free(probe);
      launch.buffers[p.slot].assign(bytes, 0);
      bufferShape[p.slot] = output.shape;
    }
  }

  unsigned nextArg = 0;
  for (auto [i, p] : llvm::enumerate(kernel.params)) {
    if (p.kind != Param::Kind::Scalar)
      continue;
    auto bounds = op.getArgAttrOfType<DenseI64ArrayAttr>(
        i, ctx.getOrLoadDialect<tolk::TolkDialect>()
               ->getBoundsAttrHelper()
               .getName());
    llvm::Expected<uint64_t> bits =
        parseScalar(argValues[nextArg++], p.dtype, bounds, paramName(i),
                    dtypeName(p.dtype));
    if (!bits)
      return bits.takeError();
    launch.scalars[p.slot] = *bits;
  }
  return bindOut;
}

llvm::Error tolk::run::writeOutputs(ArrayRef<Output> bindOut,
                                    const Kernel &kernel, Launch &launch,
                                    RunSummary &summary) {
  MLIRContext *ctx = gpu::GPUFuncOp(kernel.op).getContext();
  // Every output or none: a failure removes the files already written.
  SmallVector<std::string> written;
  for (const Output &output : bindOut) {
    const Param &p = kernel.params[output.param];
    dt::DType fileDType = output.fileDType.value_or(p.dtype);
    tolk::npy::Array array;
    array.descr = *tolk::npy::descrOf(fileDType);
    array.shape = output.shape;
    array.data = std::move(launch.buffers[p.slot]);
    summary.outputs.push_back({output.path, typeName(ctx, fileDType),
                               output.shape, array.data.size()});
    if (llvm::Error e = tolk::npy::write(output.path, array)) {
      for (const std::string &path : written)
        llvm::sys::fs::remove(path);
      return e;
    }
    written.push_back(output.path);
  }
  return llvm::Error::success();
}
