//===- Npy.cpp - numpy's .npy files ---------------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The format (numpy/lib/format.py): the magic "\x93NUMPY", a major and minor
// version byte, the header length (2 bytes little-endian in version 1, 4 in
// versions 2 and 3), and a header that is a Python dict literal with the
// keys 'descr', 'fortran_order' and 'shape', padded with spaces and ended by
// a newline so that the data starts at a multiple of 64 bytes.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace tolk;
using namespace tolk::npy;
using dtype::DType;
using llvm::StringRef;

static constexpr StringRef kMagic("\x93NUMPY", 6);

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

int64_t Array::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

llvm::Expected<std::string> npy::descrOf(DType dt) {
  switch (dt) {
  case DType::Bool:
    return "|b1";
  case DType::Int8:
    return "|i1";
  case DType::Uint8:
  case DType::Fp8e4m3:
  case DType::Fp8e5m2:
  case DType::Fp8e4m3fnuz:
  case DType::Fp8e5m2fnuz:
    return "|u1";
  case DType::Int16:
    return "<i2";
  case DType::Uint16:
  case DType::Bfloat16:
    return "<u2";
  case DType::Int32:
    return "<i4";
  case DType::Uint32:
    return "<u4";
  case DType::Int64:
    return "<i8";
  case DType::Uint64:
    return "<u8";
  case DType::Float16:
    return "<f2";
  case DType::Float32:
    return "<f4";
  case DType::Float64:
    return "<f8";
  // numpy's complex64 and complex128: the real part, then the imaginary one.
  case DType::Complex64:
    return "<c8";
  case DType::Complex128:
    return "<c16";
  // numpy has no binary128 ('<f16' is the platform's long double, x87's
  // 80-bit format on x86): f128 is stored as opaque 16-byte items holding
  // the little-endian binary128 bits, complex<f128> as 32 (real part first).
  case DType::Float128:
    return "|V16";
  case DType::Complex256:
    return "|V32";
  default:
    return error("a buffer of " + dtype::toString(dt) +
                 " has no .npy type (only concrete data types are stored)");
  }
}

llvm::Expected<unsigned> npy::itemSize(StringRef descr) {
  if (descr == "<c8" || descr == "=c8")
    return 8;
  if (descr == "<c16" || descr == "=c16")
    return 16;
  if (descr == "|V16")
    return 16;
  if (descr == "|V32")
    return 32;
  if (descr == ">c8" || descr == ">c16")
    return error("big-endian .npy type '" + descr + "' is not supported");
  if (descr.size() != 3)
    return error("unsupported .npy type '" + descr + "'");
  char order = descr[0], kind = descr[1];
  unsigned size = descr[2] - '0';
  bool known = (kind == 'b' && size == 1) ||
               ((kind == 'i' || kind == 'u') &&
                (size == 1 || size == 2 || size == 4 || size == 8)) ||
               (kind == 'f' && (size == 2 || size == 4 || size == 8));
  if (!known)
    return error("unsupported .npy type '" + descr + "'");
  if (order == '>' && size > 1)
    return error("big-endian .npy type '" + descr + "' is not supported");
  if (order != '<' && order != '|' && order != '=')
    return error("unsupported .npy type '" + descr + "'");
  return size;
}

namespace {
/// A reader of the header's Python dict literal.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : text(text) {}

  llvm::Error parse(std::string &descr, bool &fortranOrder,
                    llvm::SmallVectorImpl<int64_t> &shape) {
    bool haveDescr = false, haveOrder = false, haveShape = false;
    if (!consume('{'))
      return fail("expected '{'");
    while (!consume('}')) {
      std::string key;
      if (llvm::Error e = parseString(key))
        return e;
      if (!consume(':'))
        return fail("expected ':' after '" + key + "'");
      if (key == "descr") {
        if (llvm::Error e = parseString(descr))
          return e;
        haveDescr = true;
      } else if (key == "fortran_order") {
        if (consume("True"))
          fortranOrder = true;
        else if (consume("False"))
          fortranOrder = false;
        else
          return fail("expected True or False for 'fortran_order'");
        haveOrder = true;
      } else if (key == "shape") {
        if (llvm::Error e = parseShape(shape))
          return e;
        haveShape = true;
      } else {
        return fail("unexpected key '" + key + "'");
      }
      if (!consume(',') && !peek('}'))
        return fail("expected ',' or '}'");
    }
    skipSpace();
    if (!text.empty())
      return fail("unexpected text after the header's dict");
    if (!haveDescr || !haveOrder || !haveShape)
      return error("the .npy header lacks '" +
                   StringRef(!haveDescr   ? "descr"
                             : !haveOrder ? "fortran_order"
                                          : "shape") +
                   "'");
    return llvm::Error::success();
  }

private:
  void skipSpace() { text = text.ltrim(" \t\n\r"); }
  bool peek(char c) {
    skipSpace();
    return text.starts_with(StringRef(&c, 1));
  }
  bool consume(StringRef token) {
    skipSpace();
    return text.consume_front(token);
  }
  bool consume(char c) { return consume(StringRef(&c, 1)); }
  llvm::Error fail(const llvm::Twine &what) {
    return error("malformed .npy header: " + what + " at '" +
                 text.take_front(20).rtrim() + "'");
  }

  llvm::Error parseString(std::string &out) {
    skipSpace();
    if (text.empty() || (text[0] != '\'' && text[0] != '"'))
      return fail("expected a string");
    char quote = text[0];
    size_t end = text.find(quote, 1);
    if (end == StringRef::npos)
      return fail("unterminated string");
    out = text.slice(1, end).str();
    text = text.drop_front(end + 1);
    return llvm::Error::success();
  }

  llvm::Error parseShape(llvm::SmallVectorImpl<int64_t> &shape) {
    if (!consume('('))
      return fail("expected '(' for 'shape'");
    while (!consume(')')) {
      skipSpace();
      size_t digits = text.find_first_not_of("0123456789");
      if (digits == 0)
        return fail("expected a dimension");
      uint64_t d;
      if (text.take_front(digits).getAsInteger(10, d) ||
          d > uint64_t(INT64_MAX))
        return fail("dimension out of range");
      shape.push_back(int64_t(d));
      text = text.drop_front(digits);
      if (!consume(',') && !peek(')'))
        return fail("expected ',' or ')' in 'shape'");
    }
    return llvm::Error::success();
  }

  StringRef text;
};
} // namespace

llvm::Expected<Array> npy::parse(StringRef bytes, StringRef name) {
  auto bad = [&](const llvm::Twine &what) { return error(name + ": " + what); };
  if (!bytes.starts_with(kMagic))
    return bad("not a .npy file (no \\x93NUMPY magic)");
  if (bytes.size() < 10)
    return bad("truncated .npy header");
  unsigned major = uint8_t(bytes[6]);
  size_t headerLen, start;
  if (major == 1) {
    headerLen = llvm::support::endian::read16le(bytes.data() + 8);
    start = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return bad("truncated .npy header");
    headerLen = llvm::support::endian::read32le(bytes.data() + 8);
    start = 12;
  } else {
    return bad("unsupported .npy version " + llvm::Twine(major) + "." +
               llvm::Twine(unsigned(uint8_t(bytes[7]))));
  }
  if (bytes.size() - start < headerLen)
    return bad("truncated .npy header");

  Array array;
  bool fortranOrder = false;
  HeaderParser parser(bytes.substr(start, headerLen));
  if (llvm::Error e = parser.parse(array.descr, fortranOrder, array.shape))
    return bad(llvm::toString(std::move(e)));
  if (fortranOrder)
    return bad("Fortran-order arrays are not supported (save a C-order "
               "array, e.g. with numpy.ascontiguousarray)");
  llvm::Expected<unsigned> size = itemSize(array.descr);
  if (!size)
    return bad(llvm::toString(size.takeError()));
  // One-byte types are written '|'; little-endian '=' is '<' here.
  if (*size == 1)
    array.descr[0] = '|';
  else if (array.descr[0] == '=')
    array.descr[0] = '<';

  uint64_t expected = *size;
  for (int64_t d : array.shape)
    if (__builtin_mul_overflow(expected, uint64_t(d), &expected))
      return bad("the shape is too large");
  StringRef data = bytes.drop_front(start + headerLen);
  if (data.size() != expected)
    return bad("has " + llvm::Twine(data.size()) + " bytes of data; its " +
               "header says " + llvm::Twine(expected));
  array.data.assign(data.bytes_begin(), data.bytes_end());
  return array;
}

llvm::Expected<Array> npy::read(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return error(path + ": " + buffer.getError().message());
  return parse((*buffer)->getBuffer(), path);
}

std::string npy::serialize(const Array &array) {
  std::string dict =
      "{'descr': '" + array.descr + "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < array.shape.size(); ++i)
    dict += (i ? ", " : "") + std::to_string(array.shape[i]);
  if (array.shape.size() == 1)
    dict += ",";
  dict += "), }";
  // Pad with spaces and a newline so that the data is 64-byte aligned.
  bool v2 = dict.size() + 1 + 10 > 65535;
  size_t prefix = v2 ? 12 : 10;
  size_t total = llvm::alignTo(prefix + dict.size() + 1, 64);
  dict.append(total - prefix - dict.size() - 1, ' ');
  dict += '\n';

  std::string out(kMagic);
  out += char(v2 ? 2 : 1);
  out += char(0);
  char len[4];
  if (v2) {
    llvm::support::endian::write32le(len, dict.size());
    out.append(len, 4);
  } else {
    llvm::support::endian::write16le(len, dict.size());
    out.append(len, 2);
  }
  out += dict;
  out.append(array.data.begin(), array.data.end());
  return out;
}

llvm::Error npy::write(StringRef path, const Array &array) {
  llvm::SmallString<128> model(path);
  model += ".tmp-%%%%%%";
  int fd;
  llvm::SmallString<128> tmp;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, tmp))
    return error(path + ": " + ec.message());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << serialize(array);
    os.close();
    if (os.has_error()) {
      std::error_code ec = os.error();
      os.clear_error();
      llvm::sys::fs::remove(tmp);
      return error(path + ": " + ec.message());
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(tmp, path)) {
    llvm::sys::fs::remove(tmp);
    return error(path + ": " + ec.message());
  }
  return llvm::Error::success();
}
