//===- CudaRunnerTest.cpp - tolk-run's CUDA backend -----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The no-driver path runs everywhere (with a library name that does not
// exist); the launch runs where there is a driver and a device, and is
// expected to fail with "no CUDA driver" where libcuda.so.1 is absent.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/CudaRunner.h"

#include "gtest/gtest.h"

#include <climits>
#include <vector>

using namespace tolk::runtime;

namespace {

// c[i] = a[i] + b[i] + k for i < n. PTX ISA 6.0 for sm_50, which every
// driver since CUDA 9 JIT-compiles for its device.
constexpr const char *kAddPtx = R"(
.version 6.0
.target sm_50
.address_size 64

.visible .entry add_i32(
    .param .u64 a, .param .u64 b, .param .u64 c,
    .param .u32 k, .param .u32 n)
{
    .reg .pred %p;
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.s32 %r4, %r1, %r2, %r3;
    ld.param.u32 %r5, [n];
    setp.ge.u32 %p, %r4, %r5;
    @%p bra DONE;
    ld.param.u64 %rd1, [a];
    ld.param.u64 %rd2, [b];
    ld.param.u64 %rd3, [c];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    cvta.to.global.u64 %rd3, %rd3;
    mul.wide.u32 %rd4, %r4, 4;
    add.s64 %rd5, %rd1, %rd4;
    add.s64 %rd6, %rd2, %rd4;
    add.s64 %rd7, %rd3, %rd4;
    ld.global.u32 %r6, [%rd5];
    ld.global.u32 %r7, [%rd6];
    add.s32 %r6, %r6, %r7;
    ld.param.u32 %r7, [k];
    add.s32 %r6, %r6, %r7;
    st.global.u32 [%rd7], %r6;
DONE:
    ret;
}
)";

std::string errorOf(llvm::Error err) {
  return err ? llvm::toString(std::move(err)) : "success";
}

template <typename T>
llvm::MutableArrayRef<uint8_t> bytesOf(std::vector<T> &v) {
  return {reinterpret_cast<uint8_t *>(v.data()), v.size() * sizeof(T)};
}

/// The add kernel over 7 elements, in 2 blocks of 4 threads (one gated off).
struct AddLaunch {
  std::vector<int32_t> a = {0, 1, -2, INT32_MAX, INT32_MIN, 100, -100};
  std::vector<int32_t> b = {0, 10, 20, 1, -1, 7, 0};
  std::vector<int32_t> c = std::vector<int32_t>(7, 0x5a5a5a5a);
  CudaLaunch launch;
  AddLaunch() {
    launch.ptx = kAddPtx;
    launch.kernelName = "add_i32";
    launch.grid = {2, 1, 1};
    launch.block = {4, 1, 1};
    launch.buffers = {bytesOf(a), bytesOf(b), bytesOf(c)};
    launch.params = {CudaParam::bufferAddress(0), CudaParam::bufferAddress(1),
                     CudaParam::bufferAddress(2),
                     CudaParam::scalar<int32_t>(1000),
                     CudaParam::scalar<uint32_t>(7)};
  }
};

TEST(CudaRunner, SaysWhenThereIsNoDriver) {
  AddLaunch add;
  add.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  std::string message = errorOf(runCudaKernel(add.launch));
  EXPECT_EQ(message.rfind("no CUDA driver: libtolk-no-such-cuda.so.1 not "
                          "found (",
                          0),
            0u)
      << message;
  // The buffers are left as they were.
  EXPECT_EQ(add.c[0], 0x5a5a5a5a);
}

TEST(CudaRunner, ChecksTheLaunchBeforeTheDriver) {
  AddLaunch add;
  add.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  add.launch.params[2] = CudaParam::bufferAddress(3);
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "parameter 2 is the address of buffer 3, but 3 buffer(s) were "
            "given");
  add = AddLaunch();
  add.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  add.launch.block = {0, 1, 1};
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "grid 2x1x1 or block 0x1x1 has a zero dimension");
  add = AddLaunch();
  add.launch.params[3] = CudaParam::value({});
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)), "parameter 3 has no bytes");
}

TEST(CudaRunner, ScalarParamsHoldTheirBytes) {
  CudaParam p = CudaParam::scalar<int64_t>(-2);
  EXPECT_EQ(p.kind, CudaParam::Kind::Bytes);
  EXPECT_EQ(p.bytes, (llvm::SmallVector<uint8_t, 8>{0xfe, 0xff, 0xff, 0xff,
                                                    0xff, 0xff, 0xff, 0xff}));
  CudaParam q = CudaParam::bufferAddress(4);
  EXPECT_EQ(q.kind, CudaParam::Kind::BufferAddress);
  EXPECT_EQ(q.buffer, 4u);
}

TEST(CudaRunner, MemRefParamsAreFiveEntries) {
  std::vector<CudaParam> params;
  appendMemRef1DParams(params, 2, 1000);
  ASSERT_EQ(params.size(), 5u);
  EXPECT_EQ(params[0].kind, CudaParam::Kind::BufferAddress);
  EXPECT_EQ(params[1].kind, CudaParam::Kind::BufferAddress);
  EXPECT_EQ(params[1].buffer, 2u);
  EXPECT_EQ(params[2].bytes, CudaParam::scalar<int64_t>(0).bytes);
  EXPECT_EQ(params[3].bytes, CudaParam::scalar<int64_t>(1000).bytes);
  EXPECT_EQ(params[4].bytes, CudaParam::scalar<int64_t>(1).bytes);
}

// With libcuda.so.1 and a device: the exact sums. Without the driver: the
// no-driver error, which is what tolk-run reports on such machines.
TEST(CudaRunner, AddsTwoBuffersAndAScalar) {
  AddLaunch add;
  std::string message = errorOf(runCudaKernel(add.launch));
  if (message.rfind("no CUDA driver: libcuda.so.1 not found (", 0) == 0)
    return;
  if (message.rfind("no CUDA device", 0) == 0)
    GTEST_SKIP() << message;
  ASSERT_EQ(message, "success");
  std::vector<int32_t> expected = {
      1000, 1011, 1018, INT32_MIN + 1000, INT32_MIN + 999, 1107, 900};
  EXPECT_EQ(add.c, expected);
}

} // namespace
