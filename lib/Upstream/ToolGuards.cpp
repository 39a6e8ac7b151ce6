//===- ToolGuards.cpp - What every Tolk tool does before its work ---------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Upstream/ToolGuards.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/thread.h"

#include <algorithm>
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

/// The offset of the last character of the string literal or `//` comment
/// that starts at `i` in `text`, or `i` where none does. An unterminated
/// literal ends the text.
static size_t skipLiteralOrComment(llvm::StringRef text, size_t i) {
  size_t e = text.size();
  if (text[i] == '"') {
    for (++i; i < e && text[i] != '"'; ++i)
      if (text[i] == '\\')
        ++i;
    return std::min(i, e - 1);
  }
  if (text[i] == '/' && i + 1 < e && text[i + 1] == '/') {
    while (i + 1 < e && text[i + 1] != '\n')
      ++i;
    return i;
  }
  return i;
}

std::optional<size_t> tolk::findNestingPast(llvm::StringRef text,
                                            unsigned limit) {
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    switch (c) {
    case '"':
    case '/':
      i = skipLiteralOrComment(text, i);
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

/// Where `text` has a dense array of index: the offset of its element type
/// in `array<index` or `array<!alias`, for a type alias `!alias = index`,
/// spaces allowed around the `<`.
static std::optional<size_t> findDenseArrayOfIndex(llvm::StringRef text) {
  auto isIdentifierChar = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
  };
  auto skipSpaces = [&](size_t j) {
    while (j < text.size() && llvm::isSpace(text[j]))
      ++j;
    return j;
  };
  // The word at `j` (an identifier, or `!` and one), if it ends there.
  auto wordAt = [&](size_t j) {
    size_t k = j < text.size() && text[j] == '!' ? j + 1 : j;
    while (k < text.size() && isIdentifierChar(text[k]))
      ++k;
    return text.slice(j, k);
  };
  llvm::SmallVector<llvm::StringRef> indexTypes{"index"};
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    if (text[i] == '"' || text[i] == '/') {
      i = skipLiteralOrComment(text, i);
      continue;
    }
    // Only `array` and a type alias matter: one test per character for the
    // rest, since every tool scans every input before parsing it.
    if ((text[i] != 'a' && text[i] != '!') ||
        (i > 0 && (isIdentifierChar(text[i - 1]) || text[i - 1] == '!')))
      continue;
    llvm::StringRef word = wordAt(i);
    if (word.size() > 1 && word.starts_with("!")) {
      // A type alias of index, as its definition spells it.
      size_t j = skipSpaces(i + word.size());
      if (j < e && text[j] == '=' && wordAt(skipSpaces(j + 1)) == "index")
        indexTypes.push_back(word);
      continue;
    }
    if (word != "array")
      continue;
    size_t j = skipSpaces(i + word.size());
    if (j == e || text[j] != '<')
      continue;
    j = skipSpaces(j + 1);
    if (llvm::is_contained(indexTypes, wordAt(j)))
      return j;
  }
  return std::nullopt;
}

std::optional<tolk::UnreadablePlace>
tolk::findUnreadable(llvm::StringRef text) {
  std::optional<size_t> deep = findNestingPast(text);
  std::optional<size_t> array = findDenseArrayOfIndex(text);
  if (array && (!deep || *array < *deep))
    return UnreadablePlace{
        *array, "a dense array of index, which MLIR 22's parser crashes "
                "on (index has no fixed width): use array<i64: ...> "
                "(docs/Rationale.md, \"Limits\")"};
  if (deep)
    return UnreadablePlace{*deep, nestingPastMessage()};
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

/// "FILE:LINE:COL" of `loc`, or `fallback`.
static std::string describeLocation(mlir::Location loc,
                                    llvm::StringRef fallback) {
  if (auto file = llvm::dyn_cast<mlir::FileLineColLoc>(loc))
    return file.getFilename().str() + ":" + std::to_string(file.getLine()) +
           ":" + std::to_string(file.getColumn());
  return fallback.str();
}

/// Why a spirv.SpecConstantComposite of `root` would crash upstream's
/// verifier, at its location: a constituent that names no spirv.SpecConstant
/// (none, itself, another op), whose lookup MLIR 22's verifier dereferences
/// unchecked (docs/UpstreamBugs.md). `root` is read unverified.
static std::optional<std::string>
findUnresolvedConstituent(mlir::Operation *root, llvm::StringRef fallback) {
  std::optional<std::string> found;
  root->walk([&](mlir::Operation *op) {
    if (op->getName().getStringRef() != "spirv.SpecConstantComposite")
      return mlir::WalkResult::advance();
    auto constituents = op->getAttrOfType<mlir::ArrayAttr>("constituents");
    mlir::Operation *parent = op->getParentOp();
    for (mlir::Attribute a : constituents ? constituents.getValue()
                                          : llvm::ArrayRef<mlir::Attribute>()) {
      auto ref = llvm::dyn_cast<mlir::FlatSymbolRefAttr>(a);
      mlir::Operation *named = ref && parent
                                   ? mlir::SymbolTable::lookupNearestSymbolFrom(
                                         parent, ref.getAttr())
                                   : nullptr;
      if (named && named->getName().getStringRef() == "spirv.SpecConstant")
        continue;
      found = describeLocation(op->getLoc(), fallback) +
              ": error: 'spirv.SpecConstantComposite' op constituent " +
              (ref ? "@" + ref.getValue().str() : std::string("?")) +
              " names no spirv.SpecConstant, which MLIR 22's verifier "
              "assumes (it crashes on it: docs/UpstreamBugs.md)";
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return found;
}

/// The input read on the side, without verification, and checked for what
/// crashes upstream's verifiers; true when it printed an error. Only for a
/// text that mentions such an op, so that other inputs are read once.
static bool reportUpstreamVerifierCrash(const llvm::MemoryBuffer &buffer,
                                        const mlir::DialectRegistry &registry) {
  if (!mlir::isBytecode(buffer) &&
      !buffer.getBuffer().contains("SpecConstantComposite"))
    return false;
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.allowUnregisteredDialects();
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::SourceMgr side;
  side.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  mlir::Block block;
  if (mlir::failed(mlir::parseSourceFile(
          side, &block,
          mlir::ParserConfig(&context, /*verifyAfterParse=*/false))))
    return false;
  for (mlir::Operation &op : block)
    if (std::optional<std::string> why =
            findUnresolvedConstituent(&op, buffer.getBufferIdentifier())) {
      llvm::errs() << *why << "\n";
      return true;
    }
  return false;
}

bool tolk::reportUnreadable(llvm::SourceMgr &sourceMgr, unsigned bufferID,
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
    if (mlir::failed(mlir::readBytecodeFile(
            buffer->getMemBufferRef(), block.get(),
            mlir::ParserConfig(context.get(), /*verifyAfterParse=*/false))))
      return false;
    mlir::Operation *deep = nullptr;
    for (mlir::Operation &op : *block)
      if ((deep = findOpNestedPast(&op)))
        break;
    if (!deep)
      return reportUpstreamVerifierCrash(*buffer, registry);
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
  std::optional<UnreadablePlace> at = findUnreadable(buffer->getBuffer());
  if (!at)
    return reportUpstreamVerifierCrash(*buffer, registry);
  sourceMgr.PrintMessage(
      llvm::SMLoc::getFromPointer(buffer->getBufferStart() + at->offset),
      llvm::SourceMgr::DK_Error, at->message);
  return true;
}
