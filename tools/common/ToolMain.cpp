//===- ToolMain.cpp - What every Tolk tool does before its work -----------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ToolMain.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/thread.h"

#include <pthread.h>
#include <string>

int tolk::runWithLargeStack(llvm::function_ref<int()> work) {
#if defined(__GLIBC__)
  // The threads MLIR starts (the context's thread pool, llvm::thread without
  // a size) take the process's default size, which glibc lets us set.
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) == 0) {
    pthread_attr_setstacksize(&attr, kToolStackSize);
    pthread_setattr_default_np(&attr);
    pthread_attr_destroy(&attr);
  }
#endif
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(kToolStackSize),
                      [&] { result = work(); });
  worker.join();
  return result;
}

std::optional<size_t> tolk::findNestingPast(llvm::StringRef text,
                                            unsigned limit) {
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    switch (c) {
    case '"':
      // A string literal, with its escapes; an unterminated one ends the
      // text.
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      break;
    case '/':
      if (i + 1 < e && text[i + 1] == '/')
        while (i < e && text[i] != '\n')
          ++i;
      break;
    case '{':
    case '[':
    case '(':
    case '<':
      // `<=` is a comparison (affine sets), not a bracket.
      if (c == '<' && i + 1 < e && text[i + 1] == '=')
        break;
      if (++depth > limit)
        return i;
      break;
    case '}':
    case ']':
    case ')':
    case '>':
      // `->` and `>=` are not brackets.
      if (c == '>' &&
          ((i > 0 && text[i - 1] == '-') || (i + 1 < e && text[i + 1] == '=')))
        break;
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

std::string tolk::nestingPastMessage() {
  return "the input nests deeper than " + std::to_string(kMaxNestingDepth) +
         " levels of brackets, the most a Tolk tool reads "
         "(docs/Rationale.md, \"Limits\")";
}

/// The first op of `root` nested in more than kMaxNestingDepth regions, or
/// null, found without recursion.
static mlir::Operation *findOpNestedPast(mlir::Operation *root) {
  llvm::SmallVector<std::pair<mlir::Operation *, unsigned>> work{{root, 0}};
  while (!work.empty()) {
    auto [op, depth] = work.pop_back_val();
    if (depth > tolk::kMaxNestingDepth)
      return op;
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::Operation &inner : block)
          work.push_back({&inner, depth + 1});
  }
  return nullptr;
}

bool tolk::reportNestingPast(llvm::SourceMgr &sourceMgr, unsigned bufferID,
                             const mlir::DialectRegistry &registry) {
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferID);
  if (mlir::isBytecode(*buffer)) {
    // Read once more, on the side: its errors are the real read's to report.
    auto context = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    context->allowUnregisteredDialects();
    mlir::ScopedDiagnosticHandler quiet(
        context.get(), [](mlir::Diagnostic &) { return mlir::success(); });
    auto block = std::make_unique<mlir::Block>();
    if (mlir::failed(mlir::readBytecodeFile(buffer->getMemBufferRef(),
                                            block.get(),
                                            mlir::ParserConfig(context.get()))))
      return false;
    mlir::Operation *deep = nullptr;
    for (mlir::Operation &op : *block)
      if ((deep = findOpNestedPast(&op)))
        break;
    if (!deep)
      return false;
    std::string where = buffer->getBufferIdentifier().str();
    if (auto file = llvm::dyn_cast<mlir::FileLineColLoc>(deep->getLoc()))
      where = (file.getFilename().str() + ":" + std::to_string(file.getLine()) +
               ":" + std::to_string(file.getColumn()));
    llvm::errs() << where << ": error: '" << deep->getName()
                 << "' is nested in more than " << kMaxNestingDepth
                 << " regions, the most a Tolk tool reads (docs/Rationale.md, "
                    "\"Limits\")\n";
    // Destroying the ops would recurse as deep as they nest: they, and
    // their context, are left to the end of the process, which comes next.
    static std::vector<std::pair<std::unique_ptr<mlir::Block>,
                                 std::unique_ptr<mlir::MLIRContext>>> *kept =
        new std::vector<std::pair<std::unique_ptr<mlir::Block>,
                                  std::unique_ptr<mlir::MLIRContext>>>();
    kept->emplace_back(std::move(block), std::move(context));
    return true;
  }
  std::optional<size_t> at = findNestingPast(buffer->getBuffer());
  if (!at)
    return false;
  sourceMgr.PrintMessage(
      llvm::SMLoc::getFromPointer(buffer->getBufferStart() + *at),
      llvm::SourceMgr::DK_Error, nestingPastMessage());
  return true;
}
