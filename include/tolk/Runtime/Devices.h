//===- Devices.h - Opening a device of any backend --------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The backends' constructors (lib/Runtime/Host, Vulkan, Cuda) and the one
// call that picks among them. Linking TolkRuntimeDevices links all three.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_RUNTIME_DEVICES_H
#define TOLK_RUNTIME_DEVICES_H

#include "tolk/Runtime/Runtime.h"

namespace tolk::runtime {

/// This CPU, through MLIR's JIT.
llvm::Expected<std::shared_ptr<Device>>
createHostDevice(const DeviceOptions &options);
/// Vulkan device `options.deviceIndex`; Unavailable without a loader, a
/// driver or that device.
llvm::Expected<std::shared_ptr<Device>>
createVulkanDevice(const DeviceOptions &options);
/// CUDA device `options.deviceIndex` through the driver library of the
/// options; Unavailable without it or that device.
llvm::Expected<std::shared_ptr<Device>>
createCudaDevice(const DeviceOptions &options);

/// A device of `options.backend`.
inline llvm::Expected<std::shared_ptr<Device>>
openDevice(const DeviceOptions &options) {
  switch (options.backend) {
  case BackendKind::Host:
    return createHostDevice(options);
  case BackendKind::Vulkan:
    return createVulkanDevice(options);
  case BackendKind::Cuda:
    return createCudaDevice(options);
  }
  return makeError(ErrorCode::InvalidArgument, "an unknown backend");
}

} // namespace tolk::runtime

#endif // TOLK_RUNTIME_DEVICES_H
