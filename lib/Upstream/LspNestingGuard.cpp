//===- LspNestingGuard.cpp - The LSP server's limit on nesting ------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Upstream/LspNestingGuard.h"

#include "tolk/Upstream/ToolGuards.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Protocol.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <csignal>
#include <cstdio>
#include <mutex>
#include <string>
#include <unistd.h>

using namespace llvm;

namespace {

/// One LSP message from `in`: the LSP specification's framing (a
/// Content-Length header), or with `delimited` the lit tests' (lines up to
/// a `// -----` line, other `//` lines dropped), as MLIR's JSONTransport
/// reads them. False at the end of the input.
bool readMessage(std::FILE *in, bool delimited, std::string &json) {
  json.clear();
  char *line = nullptr;
  size_t capacity = 0;
  auto done = [&](bool result) {
    std::free(line);
    return result;
  };
  if (delimited) {
    bool any = false;
    while (getline(&line, &capacity, in) >= 0) {
      any = true;
      StringRef text = StringRef(line).trim();
      if (text.starts_with("//")) {
        if (text == "// -----")
          return done(true);
        continue;
      }
      json += line;
    }
    return done(any);
  }
  size_t length = 0;
  bool sawLength = false;
  while (true) {
    if (getline(&line, &capacity, in) < 0)
      return done(false);
    StringRef header = StringRef(line).rtrim("\r\n");
    if (header.empty()) {
      if (sawLength)
        break;
      continue;
    }
    if (header.consume_front_insensitive("Content-Length:") &&
        !header.trim().getAsInteger(10, length))
      sawLength = true;
  }
  json.resize(length);
  if (length && std::fread(json.data(), 1, length, in) != length)
    return done(false);
  return done(true);
}

void writeAll(int fd, StringRef data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n <= 0)
      return;
    data = data.drop_front(n);
  }
}

/// The 0-based line and UTF-16 column of byte `offset` of `text`, as LSP
/// counts positions.
std::pair<int, int> positionOf(StringRef text, size_t offset) {
  StringRef before = text.take_front(offset);
  size_t lineStart = before.rfind('\n');
  int line = before.count('\n');
  StringRef column =
      lineStart == StringRef::npos ? before : before.drop_front(lineStart + 1);
  int units = 0;
  for (unsigned char c : column)
    if ((c & 0xC0) != 0x80) // a code point's first byte
      units += c >= 0xF0 ? 2 : 1;
  return {line, units};
}

class Guard {
public:
  Guard(bool delimited, bool pretty, int clientIn, int clientOut, int serverIn,
        int serverOut)
      : delimited(delimited), pretty(pretty), clientIn(clientIn),
        clientOut(clientOut), serverIn(serverIn), serverOut(serverOut) {}

  /// Client to server, until the client's input ends.
  void forwardInput() {
    std::FILE *in = fdopen(clientIn, "r");
    std::string json;
    while (in && readMessage(in, delimited, json)) {
      if (std::optional<std::string> forwarded = filterInput(json))
        sendToServer(*forwarded);
    }
    ::close(serverIn);
  }

  /// Server to client, until the server closes its output.
  void forwardOutput() {
    std::FILE *in = fdopen(serverOut, "r");
    std::string json;
    while (in && readMessage(in, /*delimited=*/false, json))
      sendToClient(filterOutput(json));
  }

private:
  struct Deep {
    int64_t version;
    std::pair<int, int> position;
    std::string message;
  };

  void sendToServer(StringRef json) {
    if (delimited)
      writeAll(serverIn, (json + "\n// -----\n").str());
    else
      writeAll(
          serverIn,
          formatv("Content-Length: {0}\r\n\r\n{1}", json.size(), json).str());
  }

  void sendToClient(StringRef json) {
    writeAll(
        clientOut,
        formatv("Content-Length: {0}\r\n\r\n{1}", json.size(), json).str());
  }

  std::string serialize(const json::Value &value) {
    return formatv(pretty ? "{0:2}\n" : "{0}", value).str();
  }

  /// What the server gets for the client's message `json`, if anything.
  std::optional<std::string> filterInput(const std::string &json) {
    if (std::optional<size_t> at = tolk::findNestingPast(json)) {
      errs() << "tolk-lsp-server: dropped a message nested deeper than "
             << tolk::kMaxNestingDepth << " levels (at byte " << *at << ")\n";
      return std::nullopt;
    }
    Expected<json::Value> parsed = json::parse(json);
    if (!parsed) {
      consumeError(parsed.takeError());
      return json; // The server logs it.
    }
    json::Object *message = parsed->getAsObject();
    std::optional<StringRef> method =
        message ? message->getString("method") : std::nullopt;
    json::Object *params = message ? message->getObject("params") : nullptr;
    json::Object *document =
        params ? params->getObject("textDocument") : nullptr;
    std::optional<StringRef> uri =
        document ? document->getString("uri") : std::nullopt;
    if (!method || !uri)
      return json;
    int64_t version = document->getInteger("version").value_or(0);

    std::string *text = nullptr;
    if (*method == "textDocument/didOpen") {
      std::optional<StringRef> opened = document->getString("text");
      if (!opened)
        return json;
      text = &(documents[*uri] = opened->str());
    } else if (*method == "textDocument/didChange") {
      auto found = documents.find(*uri);
      std::vector<lsp::TextDocumentContentChangeEvent> changes;
      const json::Value *changesJson = params->get("contentChanges");
      json::Path::Root root;
      if (found == documents.end() || !changesJson ||
          !json::fromJSON(*changesJson, changes, json::Path(root)) ||
          failed(lsp::TextDocumentContentChangeEvent::applyTo(changes,
                                                              found->second)))
        return json; // The server says what is wrong with it.
      text = &found->second;
    } else {
      if (*method == "textDocument/didClose") {
        documents.erase(*uri);
        emptied.erase(*uri);
      }
      return json;
    }

    std::optional<tolk::UnreadablePlace> at = tolk::findUnreadable(*text);
    if (!at && !emptied.contains(*uri))
      return json;
    // The server holds the document empty while it is too deep, and gets
    // all of it back, in one change, once it is not.
    std::string contents = at ? "" : *text;
    if (at) {
      emptied.insert(*uri);
      std::lock_guard<std::mutex> lock(mutex);
      deep[*uri] = Deep{version, positionOf(*text, at->offset), at->message};
    } else {
      emptied.erase(*uri);
    }
    if (*method == "textDocument/didOpen")
      (*document)["text"] = contents;
    else
      (*params)["contentChanges"] =
          json::Array{json::Object{{"text", contents}}};
    return serialize(*parsed);
  }

  /// What the client gets for the server's message `json`: the server's
  /// diagnostics for a document too deep to parse are the guard's.
  std::string filterOutput(const std::string &json) {
    if (StringRef(json).find("textDocument/publishDiagnostics") ==
        StringRef::npos)
      return json;
    Expected<json::Value> parsed = json::parse(json);
    if (!parsed) {
      consumeError(parsed.takeError());
      return json;
    }
    json::Object *message = parsed->getAsObject();
    json::Object *params = message ? message->getObject("params") : nullptr;
    std::optional<StringRef> uri =
        params ? params->getString("uri") : std::nullopt;
    if (!uri)
      return json;
    std::optional<Deep> found;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = deep.find(*uri);
      if (it != deep.end() &&
          params->getInteger("version").value_or(0) == it->second.version)
        found = it->second;
    }
    if (!found)
      return json;
    auto [line, column] = found->position;
    json::Object start{{"line", line}, {"character", column}};
    json::Object end{{"line", line}, {"character", column + 1}};
    (*params)["diagnostics"] = json::Array{
        json::Object{{"range", json::Object{{"start", std::move(start)},
                                            {"end", std::move(end)}}},
                     {"severity", 1},
                     {"source", "tolk-lsp-server"},
                     {"category", "Parse Error"},
                     {"message", found->message}}};
    return serialize(*parsed);
  }

  bool delimited, pretty;
  int clientIn, clientOut, serverIn, serverOut;
  /// The client's view of each open document (the input thread's alone).
  StringMap<std::string> documents;
  /// The documents the server holds empty (the input thread's alone).
  StringSet<> emptied;
  /// The version of each document too deep to parse, and where: read by the
  /// output thread.
  std::mutex mutex;
  StringMap<Deep> deep;
};

} // namespace

int tolk::runBehindNestingGuard(function_ref<int()> server, bool delimited,
                                bool pretty) {
  int toServer[2], fromServer[2];
  if (::pipe(toServer) != 0 || ::pipe(fromServer) != 0)
    return server(); // Unguarded rather than not at all.
  // A write to a pipe whose reader is gone fails instead of killing us.
  std::signal(SIGPIPE, SIG_IGN);
  int clientIn = ::dup(STDIN_FILENO), clientOut = ::dup(STDOUT_FILENO);
  ::dup2(toServer[0], STDIN_FILENO);
  ::dup2(fromServer[1], STDOUT_FILENO);
  ::close(toServer[0]);
  ::close(fromServer[1]);

  // Never freed, and kept reachable from a static (not a leak to
  // LeakSanitizer): the input thread may outlive this function (below).
  static Guard *guard = nullptr;
  guard = new Guard(delimited, pretty, clientIn, clientOut, toServer[1],
                    fromServer[0]);
  llvm::thread input(std::optional<unsigned>(tolk::kToolStackSize),
                     [=] { guard->forwardInput(); });
  llvm::thread output(std::optional<unsigned>(tolk::kToolStackSize),
                      [=] { guard->forwardOutput(); });
  int result = server();
  // The server is done: its end of the output pipe closes (stdout is the
  // client's again), which ends the output thread once it has forwarded
  // everything. The input thread may be waiting for a client that has
  // nothing more to say; the process ends without it.
  outs().flush();
  ::dup2(clientOut, STDOUT_FILENO);
  ::close(STDIN_FILENO);
  output.join();
  input.detach();
  return result;
}
