// exp2 on NVVM is a call of libdevice's __nv_exp2f. Without a CUDA toolkit
// to link libdevice from, that is a diagnostic, not PTX with an undefined
// function that only the driver would reject.
// RUN: env -u CUDA_HOME -u CUDA_PATH -u CUDA_ROOT \
// RUN:   not tolk-opt %s --tolk-to-nvvm="chip=sm_90 features=+ptx80" 2>&1 \
// RUN:   | FileCheck %s

// CHECK: error: the kernel calls libdevice's __nv_exp2f, and no CUDA toolkit with nvvm/libdevice/libdevice.10.bc was found
func.func @exp2(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %y = tolk.exp2 %x : tensor<1024xf32>
  return %y : tensor<1024xf32>
}
