#!/usr/bin/env bash
# The NVIDIA bandwidth table of bench/README.md, on a machine with an NVIDIA
# GPU and its driver: for f32, f16, bf16 and f8E4M3FN, a tensor-level function
# y = x * 2 over one large buffer goes through tolk-opt --tolk-to-nvvm and
# tolk-translate --gpu-binary-to-isa to PTX, and tolk-cuda-bandwidth times
# that kernel and a device-to-device copy of the same bytes and prints one
# row of the table per dtype. The target is kernel / copy >= 0.9.
#
# Self-contained: installs what is missing (scripts/install-deps.sh, skipped
# with TOLK_SKIP_INSTALL_DEPS=1) and builds the three programs it needs
# (scripts/build.sh; TOLK_BUILD_DIR picks the build directory, as there).
#
#   bench/nvidia-bandwidth.sh             the table (needs a GPU and driver)
#   bench/nvidia-bandwidth.sh --ptx-only  build and generate the PTX only,
#                                         checked by ptxas where it is found
#
# Settings (environment): TOLK_BENCH_BYTES, bytes per buffer (default 2^28,
# past the L2 cache of today's GPUs); TOLK_BENCH_REPETITIONS (default 50;
# the median is reported); TOLK_CUDA_CHIP (default: the GPU's compute capability from
# nvidia-smi, else sm_90) and TOLK_PTX_FEATURES (default: what the chip
# needs); TOLK_BUILD_JOBS, ninja's -j.
#
# Exit status: 0 with the table; 2 when there is no CUDA driver or device;
# 1 for any other failure (a build, a tool, a kernel whose results are
# wrong).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TOLK_BUILD_DIR:-$ROOT/build}"
BYTES="${TOLK_BENCH_BYTES:-268435456}"
REPETITIONS="${TOLK_BENCH_REPETITIONS:-50}"
DTYPES=(f32:4 f16:2 bf16:2 f8E4M3FN:1)

die() {
  echo "nvidia-bandwidth: $*" >&2
  exit 1
}
no_gpu() {
  echo "nvidia-bandwidth: $*" >&2
  echo "nvidia-bandwidth: this benchmark needs an NVIDIA GPU and its driver" \
    "(libcuda.so.1); use --ptx-only to build and generate the kernels only" >&2
  exit 2
}

PTX_ONLY=0
for arg in "$@"; do
  case "$arg" in
    --ptx-only) PTX_ONLY=1 ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *) die "unknown argument '$arg' (see --help)" ;;
  esac
done
if ! [[ "$BYTES" =~ ^[0-9]+$ ]] || ((BYTES < 4)); then
  die "TOLK_BENCH_BYTES must be a number of bytes, at least 4"
fi

# The driver first, so that a machine without one fails in a second rather
# than after a build. Python's ctypes opens it the way the runner does
# (dlopen of libcuda.so.1); without python3 the benchmark program says it.
if ((!PTX_ONLY)) && command -v python3 >/dev/null; then
  python3 -c 'import ctypes; ctypes.CDLL("libcuda.so.1")' 2>/dev/null ||
    no_gpu "no CUDA driver: libcuda.so.1 not found"
fi

# The chip to compile for: the GPU's own where nvidia-smi says it.
CHIP="${TOLK_CUDA_CHIP:-}"
GPU_NAME=""
if [[ -z "$CHIP" ]] && ((!PTX_ONLY)) && command -v nvidia-smi >/dev/null; then
  if query=$(nvidia-smi --query-gpu=compute_cap,name --format=csv,noheader \
    -i 0 2>/dev/null); then
    cap="${query%%,*}"
    GPU_NAME="${query#*, }"
    [[ "$cap" =~ ^[0-9]+\.[0-9]+$ ]] && CHIP="sm_${cap/./}"
  fi
fi
CHIP="${CHIP:-sm_90}"
[[ "$CHIP" =~ ^sm_([0-9]+)[a-z]?$ ]] || die "TOLK_CUDA_CHIP '$CHIP' is not sm_XX"
# The lowest PTX version each chip needs, and 8.0 (CUDA 12.0) below that.
sm="${BASH_REMATCH[1]}"
if ((sm >= 120)); then default_features=+ptx87
elif ((sm >= 100)); then default_features=+ptx86
else default_features=+ptx80
fi
FEATURES="${TOLK_PTX_FEATURES:-$default_features}"

if [[ "${TOLK_SKIP_INSTALL_DEPS:-0}" != 1 ]]; then
  "$ROOT/scripts/install-deps.sh" >&2
fi
jobs=()
[[ -n "${TOLK_BUILD_JOBS:-}" ]] && jobs=(-j "$TOLK_BUILD_JOBS")
echo "nvidia-bandwidth: building tolk-opt, tolk-translate and" \
  "tolk-cuda-bandwidth in $BUILD" >&2
TOLK_BUILD_DIR="$BUILD" "$ROOT/scripts/build.sh" "${jobs[@]}" \
  tolk-opt tolk-translate tolk-cuda-bandwidth >&2 ||
  die "the build failed (tolk-cuda-bandwidth is built with" \
    "TOLK_ENABLE_BENCHMARKS=ON, the default)"
OPT="$BUILD/bin/tolk-opt"
TRANSLATE="$BUILD/bin/tolk-translate"
BENCH="$BUILD/bin/tolk-cuda-bandwidth"
for tool in "$OPT" "$TRANSLATE" "$BENCH"; do
  [[ -x "$tool" ]] || die "the build did not make $tool"
done

WORK="$BUILD/nvidia-bandwidth"
mkdir -p "$WORK"
PTXAS="$(command -v ptxas || true)"
[[ -z "$PTXAS" && -x /usr/local/cuda/bin/ptxas ]] && PTXAS=/usr/local/cuda/bin/ptxas

# One kernel per dtype: its PTX, and the grid and block that kernelize
# chose (known_grid_size, known_block_size), which the PTX does not hold.
declare -A COUNT GRID BLOCK
for spec in "${DTYPES[@]}"; do
  dtype="${spec%%:*}"
  size="${spec##*:}"
  count=$((BYTES / size))
  src="$WORK/scale_$dtype.mlir"
  cat >"$src" <<EOF
// y = x * 2 over $count elements of $dtype (bench/nvidia-bandwidth.sh).
func.func @scale_$dtype(%x: tensor<${count}x$dtype>) -> tensor<${count}x$dtype> {
  %two = tolk.const 2.0 : $dtype
  %y = tolk.mul %x, %two : (tensor<${count}x$dtype>, $dtype) -> tensor<${count}x$dtype>
  return %y : tensor<${count}x$dtype>
}
EOF
  kernelized=$("$OPT" "$src" --tolk-kernelize) ||
    die "tolk-opt --tolk-kernelize failed on $src"
  dims() {
    sed -n "s/.*$1 = array<i32: \([0-9, ]*\)>.*/\1/p" <<<"$kernelized" |
      head -n 1 | tr -d ' '
  }
  GRID[$dtype]=$(dims known_grid_size)
  BLOCK[$dtype]=$(dims known_block_size)
  [[ -n "${GRID[$dtype]}" && -n "${BLOCK[$dtype]}" ]] ||
    die "the kernel of $src has no known_grid_size or known_block_size"
  COUNT[$dtype]=$count
  "$OPT" "$src" --tolk-to-nvvm="chip=$CHIP features=$FEATURES" |
    "$TRANSLATE" --gpu-binary-to-isa >"$WORK/scale_$dtype.ptx" ||
    die "compiling $src to PTX for $CHIP failed"
  if [[ -n "$PTXAS" ]]; then
    "$PTXAS" -arch="$CHIP" "$WORK/scale_$dtype.ptx" -o "$WORK/scale_$dtype.cubin" ||
      die "ptxas -arch=$CHIP rejects $WORK/scale_$dtype.ptx"
  fi
  echo "nvidia-bandwidth: $dtype: $count elements, grid ${GRID[$dtype]}," \
    "block ${BLOCK[$dtype]}: $WORK/scale_$dtype.ptx" \
    "${PTXAS:+(ptxas -arch=$CHIP accepts it)}" >&2
done
if ((PTX_ONLY)); then
  exit 0
fi

rows=()
for spec in "${DTYPES[@]}"; do
  dtype="${spec%%:*}"
  if ! row=$("$BENCH" "$WORK/scale_$dtype.ptx" --dtype="$dtype" \
    --count="${COUNT[$dtype]}" --grid="${GRID[$dtype]}" \
    --block="${BLOCK[$dtype]}" --repetitions="$REPETITIONS" 2>"$WORK/error.txt"); then
    message=$(cat "$WORK/error.txt")
    case "$message" in
      *"no CUDA driver"* | *"no CUDA device"*) no_gpu "${message#tolk-cuda-bandwidth: }" ;;
    esac
    die "$dtype: ${message#tolk-cuda-bandwidth: }"
  fi
  rows+=("$row")
done

echo "NVIDIA bandwidth: ${GPU_NAME:-device 0} ($CHIP, PTX $FEATURES)," \
  "$BYTES bytes per buffer, median of $REPETITIONS; target kernel / copy >= 0.9"
echo
"$BENCH" --header-only
printf '%s\n' "${rows[@]}"
