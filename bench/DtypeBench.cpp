//===- DtypeBench.cpp - lib/Dtype micro-benchmarks ------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Google Benchmark programs for the lib/Dtype functions that the folder and
// the verifier call once per operand: leastUpper, makeConst, truncate,
// ppConst and evalAlu. Each benchmark makes one call per iteration, so
// Google Benchmark's "Time" column is nanoseconds per call. The inputs of a
// benchmark are prepared once and cycled through, so that a call sees the
// variety the folder sees (weak and strong, NaN, overflow, big integers)
// rather than one cached value.
//
// Absolute nanoseconds depend on the machine and on its load; the numbers
// that mean something are the ratios to the Baseline/* benchmarks of the
// same run, which do the core of the same work with LLVM or the C++ library
// directly (APFloat::convert for a rounding, std::to_chars for a float's
// text, a double or APInt add for an add). bench/README.md reports them.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Alu.h"
#include "tolk/Dtype/Cast.h"
#include "tolk/Dtype/Const.h"
#include "tolk/Dtype/DType.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/Error.h"

#include "benchmark/benchmark.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace tolk::dtype;

namespace {

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// Cycles through a prepared vector; cheaper than a modulo per call.
template <typename T> class Cycle {
public:
  explicit Cycle(const std::vector<T> &items) : items(items) {}
  const T &next() {
    const T &item = items[pos];
    if (++pos == items.size())
      pos = 0;
    return item;
  }

private:
  const std::vector<T> &items;
  size_t pos = 0;
};

/// Consumes the value or the error of a call, so that an error path costs
/// what it costs in the folder (which also discards it) and the optimizer
/// keeps the call.
template <typename T> void sink(llvm::Expected<T> result) {
  if (result)
    benchmark::DoNotOptimize(*result);
  else
    llvm::consumeError(result.takeError());
}

/// Doubles of every magnitude a float format meets: normal, subnormal in the
/// narrow formats, past their range, signed zeros, infinities and NaNs, and
/// values exactly halfway between two f16 values (ties to even).
const std::vector<double> &doubleInputs() {
  static const std::vector<double> inputs = [] {
    std::vector<double> v;
    std::mt19937_64 rng(6);
    std::uniform_real_distribution<double> mantissa(1.0, 2.0);
    std::uniform_int_distribution<int> exponent(-30, 20);
    for (int i = 0; i < 240; ++i) {
      double d = std::ldexp(mantissa(rng), exponent(rng));
      v.push_back(i % 2 ? -d : d);
    }
    for (double d : {0.0, -0.0, 1.0, 0.1, 65504.0, 65520.0, 1e300, -1e-300,
                     1.0 + 1.0 / 2048, 448.0, 57344.0, 1e-8,
                     std::numeric_limits<double>::infinity(),
                     -std::numeric_limits<double>::infinity(),
                     std::numeric_limits<double>::quiet_NaN(),
                     -std::numeric_limits<double>::quiet_NaN()})
      v.push_back(d);
    return v;
  }();
  return inputs;
}

/// The constants a `tolk.const` or a folded result holds: Bools, integers
/// that fit in 8, 32 and 64 bits and some that do not (GMP), and floats.
const std::vector<Const> &constInputs() {
  static const std::vector<Const> inputs = [] {
    std::vector<Const> v;
    for (int64_t i : std::initializer_list<int64_t>{
             0, 1, -1, 3, 127, -129, 255, 65535, -2147483648LL, 4294967296LL,
             INT64_MAX, INT64_MIN})
      v.push_back(Const::ofInt(i));
    v.push_back(
        Const::ofInt(*parseInteger("340282366920938463463374607431768211457")));
    v.push_back(Const::ofInt(*parseInteger("-18446744073709551617")));
    v.push_back(Const::ofBool(true));
    v.push_back(Const::ofBool(false));
    const std::vector<double> &ds = doubleInputs();
    for (size_t i = 0; i < ds.size(); i += 8)
      v.push_back(Const::ofDouble(ds[i]));
    for (size_t i = ds.size() - 16; i < ds.size(); ++i)
      v.push_back(Const::ofDouble(ds[i]));
    return v;
  }();
  return inputs;
}

/// Short names for benchmark labels: "f16", "fp8e4m3", "weakint", ...
std::string label(DType dt) { return name(dt).str(); }

//===----------------------------------------------------------------------===//
// leastUpper
//===----------------------------------------------------------------------===//

/// Every ordered pair of the promotion lattice's types (Void left out: it is
/// an error, not a promotion), as the verifier asks for a binary op.
void leastUpperAllPairs(benchmark::State &state) {
  std::vector<std::pair<DType, DType>> pairs;
  for (DType a : every())
    for (DType b : every())
      if (a != DType::Void && b != DType::Void)
        pairs.emplace_back(a, b);
  Cycle<std::pair<DType, DType>> in(pairs);
  for (auto _ : state) {
    const auto &[a, b] = in.next();
    DType operands[2] = {a, b};
    sink(leastUpper(operands));
  }
  state.SetLabel(std::to_string(pairs.size()) + " pairs");
}
BENCHMARK(leastUpperAllPairs)->Name("LeastUpper/all_pairs");

//===----------------------------------------------------------------------===//
// makeConst (docs/Semantics.md#const)
//===----------------------------------------------------------------------===//

void makeConstInto(benchmark::State &state, DType dt) {
  std::vector<Const> inputs;
  // A NaN or an infinity into WeakInt is an error; leave those out so the
  // benchmark measures conversions, not error construction.
  for (const Const &c : constInputs())
    if (dt != DType::WeakInt || !c.value().isFloat() ||
        c.value().getFloat().isFinite())
      inputs.push_back(c);
  Cycle<Const> in(inputs);
  for (auto _ : state)
    sink(makeConst(dt, in.next()));
}

//===----------------------------------------------------------------------===//
// truncate to each float format, and its baseline
//===----------------------------------------------------------------------===//

const std::vector<Value> &floatValues() {
  static const std::vector<Value> values = [] {
    std::vector<Value> v;
    for (double d : doubleInputs())
      v.push_back(Value::ofDouble(d));
    return v;
  }();
  return values;
}

void truncateTo(benchmark::State &state, DType dt) {
  Cycle<Value> in(floatValues());
  for (auto _ : state)
    sink(truncate(dt, in.next()));
}

/// The rounding alone: a double converted to the format's semantics by
/// APFloat, to nearest even, without Tolk's NaN, saturation and fnuz
/// rules or the Value wrapping.
void apfloatConvertTo(benchmark::State &state, DType dt) {
  const llvm::fltSemantics *sem = semantics(dt);
  Cycle<double> in(doubleInputs());
  for (auto _ : state) {
    llvm::APFloat f(in.next());
    bool losesInfo;
    f.convert(*sem, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    benchmark::DoNotOptimize(f);
  }
}

//===----------------------------------------------------------------------===//
// ppConst and its baseline
//===----------------------------------------------------------------------===//

void ppConstFloat(benchmark::State &state) {
  std::vector<Const> inputs;
  for (double d : doubleInputs())
    inputs.push_back(Const::ofDouble(d));
  Cycle<Const> in(inputs);
  for (auto _ : state)
    benchmark::DoNotOptimize(ppConst(in.next()));
}
BENCHMARK(ppConstFloat)->Name("PpConst/float");

void ppConstMixed(benchmark::State &state) {
  Cycle<Const> in(constInputs());
  for (auto _ : state)
    benchmark::DoNotOptimize(ppConst(in.next()));
}
BENCHMARK(ppConstMixed)->Name("PpConst/mixed");

/// The shortest round-trip digits of a double into a std::string, which
/// formatFloat starts from before it lays them out as Python does.
void toCharsShortest(benchmark::State &state) {
  Cycle<double> in(doubleInputs());
  for (auto _ : state) {
    char buf[64];
    std::to_chars_result res = std::to_chars(buf, buf + sizeof buf, in.next());
    benchmark::DoNotOptimize(std::string(buf, res.ptr));
  }
}
BENCHMARK(toCharsShortest)->Name("Baseline/to_chars_shortest");

//===----------------------------------------------------------------------===//
// evalAlu(Add) and its baselines
//===----------------------------------------------------------------------===//

/// Operand pairs for an add in dt, made by makeConst from the shared inputs
/// so that each is a constant of dt as the folder hands it over.
std::vector<std::pair<Const, Const>> addOperands(DType dt) {
  std::vector<Const> cs;
  for (const Const &c : constInputs()) {
    if (dt == DType::WeakInt && c.value().isFloat())
      continue;
    if (isInt(dt) && c.value().isBool())
      continue;
    llvm::Expected<Const> k = makeConst(dt, c);
    if (!k) {
      llvm::consumeError(k.takeError());
      continue;
    }
    cs.push_back(*k);
  }
  std::vector<std::pair<Const, Const>> pairs;
  for (size_t i = 0; i < cs.size(); ++i)
    pairs.emplace_back(cs[i], cs[(i * 7 + 3) % cs.size()]);
  return pairs;
}

void evalAluAdd(benchmark::State &state, DType dt) {
  std::vector<std::pair<Const, Const>> pairs = addOperands(dt);
  Cycle<std::pair<Const, Const>> in(pairs);
  for (auto _ : state) {
    const auto &[a, b] = in.next();
    Const operands[2] = {a, b};
    sink(evalAlu(AluOp::Add, dt, operands));
  }
}

/// What a lane of an f64 add costs the hardware.
void doubleAdd(benchmark::State &state) {
  Cycle<double> in(doubleInputs());
  double acc = 0.5;
  for (auto _ : state) {
    double x = in.next();
    benchmark::DoNotOptimize(x);
    acc = acc + x;
    benchmark::DoNotOptimize(acc);
  }
}
BENCHMARK(doubleAdd)->Name("Baseline/double_add");

/// A wrapping 32-bit add as LLVM's own folders do it.
void apintAdd(benchmark::State &state) {
  std::vector<llvm::APInt> ints;
  for (int64_t i : std::initializer_list<int64_t>{
           0, 1, -1, 3, 127, -129, 255, 65535, -2147483648LL, 2147483647LL})
    ints.push_back(llvm::APInt(32, static_cast<uint64_t>(i), /*isSigned=*/true,
                               /*implicitTrunc=*/true));
  Cycle<llvm::APInt> in(ints);
  llvm::APInt acc(32, 1);
  for (auto _ : state) {
    acc = acc + in.next();
    benchmark::DoNotOptimize(acc);
  }
}
BENCHMARK(apintAdd)->Name("Baseline/apint32_add");

/// An f16 add as LLVM's folders do it: APFloat add in the format.
void apfloatAddF16(benchmark::State &state) {
  std::vector<llvm::APFloat> fs;
  for (double d : doubleInputs()) {
    llvm::APFloat f(d);
    bool losesInfo;
    f.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmNearestTiesToEven,
              &losesInfo);
    fs.push_back(f);
  }
  Cycle<llvm::APFloat> in(fs);
  for (auto _ : state) {
    llvm::APFloat r = in.next();
    r.add(in.next(), llvm::APFloat::rmNearestTiesToEven);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(apfloatAddF16)->Name("Baseline/apfloat_f16_add");

/// The benchmarks over data types, registered by name.
void registerPerType() {
  for (DType dt : every())
    if (dt != DType::Void)
      benchmark::RegisterBenchmark(("MakeConst/" + label(dt)).c_str(),
                                   makeConstInto, dt);

  const DType roundingFormats[] = {DType::Float16,     DType::Bfloat16,
                                   DType::Fp8e4m3,     DType::Fp8e5m2,
                                   DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz};
  for (DType dt : roundingFormats) {
    benchmark::RegisterBenchmark(("Truncate/" + label(dt)).c_str(), truncateTo,
                                 dt);
    benchmark::RegisterBenchmark(
        ("Baseline/apfloat_convert/" + label(dt)).c_str(), apfloatConvertTo,
        dt);
  }

  const DType addTypes[] = {DType::Int32,    DType::Uint8,   DType::Int64,
                            DType::WeakInt,  DType::Float16, DType::Bfloat16,
                            DType::Fp8e4m3,  DType::Float32, DType::Float64,
                            DType::WeakFloat};
  for (DType dt : addTypes)
    benchmark::RegisterBenchmark(("EvalAlu/add/" + label(dt)).c_str(),
                                 evalAluAdd, dt);
}

} // namespace

int main(int argc, char **argv) {
  registerPerType();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
