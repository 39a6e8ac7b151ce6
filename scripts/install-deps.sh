#!/usr/bin/env bash
# Installs the Debian packages Tolk-MLIR needs, and only those missing, so a
# second run costs one dpkg query. Debian 12 (bookworm) with its security
# suite carries LLVM/MLIR 22.
set -euo pipefail

PACKAGES=(
  # Build.
  cmake ninja-build g++ pkgconf python3
  # LLVM/MLIR 22: libraries, headers, and the tools MLIR's CMake package
  # checks for at configure time (mlir-tblgen, FileCheck, lit, ...).
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools libzstd-dev
  # lib/Dtype: GMP for the mathematical integers of constants.
  libgmp-dev
  # Tests and benchmarks.
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  # Target validators used by lit tests (skipped where missing).
  spirv-tools
  # The formatter that scripts/format.sh runs (LLVM style, .clang-format).
  clang-format-22
  # What the docs' commands and the main job use: numpy writes and reads
  # tolk-run's .npy buffers; matplotlib draws the benchmarks' plots.
  python3-numpy python3-matplotlib
  # The Python package's tests (test/Python, run by ctest).
  python3-pytest
  # tolk-run's Vulkan backend: the loader and its headers, and Mesa's
  # lavapipe, a Vulkan 1.3 CPU device, so kernels run without a GPU.
  libvulkan-dev mesa-vulkan-drivers vulkan-tools
  # The Khronos validation layer, under which the tests run every Vulkan
  # call (TOLK_VULKAN_VALIDATION; docs/Testing.md).
  vulkan-validationlayers
  # What the Vulkan runner reads a kernel's interface with: SPIRV-Cross's
  # reflection (C API).
  libspirv-cross-c-shared-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
