#!/usr/bin/env bash
# Everything an NVIDIA GPU can check, in one run, ending with one table:
#
#   - the differential suite (scripts/differential.py: every op and data
#     type, every cast and bitcast) and random programs
#     (scripts/differential-programs.py) with --backend cuda beside --backend
#     host, against the folder: cases compared / agreeing / excused / cells
#     unsupported, per op class;
#   - NativeFloatConversionsTest's inputs on the chip, bit for bit against
#     the folder (lib/Dtype through tolk-opt --canonicalize): every f16 and
#     bf16 code, the f32 patterns around every rounding boundary of the
#     8-bit floats, and every code of each 8-bit float, through tolk.cast to
#     every data type and tolk.bitcast to every one of its size (the native
#     fp8 conversions of sm_89 and later among them);
#   - bench/nvidia-bandwidth.sh's table (f32, f16, bf16 and fp8 kernels as a
#     ratio to a device-to-device copy; target >= 0.9), before the other
#     checks, on a quiet GPU;
#   - tolk-run --backend cuda on every kernel and tensor-level function of
#     examples/, with generated inputs, byte for byte against the host.
#
# Self-contained on a machine with an NVIDIA GPU and its driver: it looks
# for the driver first (libcuda.so.1 opened, cuInit, a device) and, without
# one, says so in one line and exits with status 2 before it installs or
# builds anything. Then it installs what is missing (scripts/install-deps.sh;
# TOLK_SKIP_INSTALL_DEPS=1 skips it), builds the tools it runs
# (scripts/build.sh in TOLK_BUILD_DIR, default build/) and runs the checks
# (scripts/gpu-check.py), all the CPUs at once. The table is printed at the
# end and written, with the date, the GPU, its driver and chip, to
# $TOLK_BUILD_DIR/gpu-check/results.md, ready for bench/README.md; the logs
# of every job are beside it.
#
#   scripts/gpu-check.sh               everything (needs the GPU)
#   scripts/gpu-check.sh --quick       the same on a few cases of each check
#                                      and a small bandwidth buffer: seconds
#                                      once built, a first run on a new
#                                      machine
#   scripts/gpu-check.sh --host-only   --quick with the host backend in
#                                      place of cuda, on tools already built
#                                      (--bin DIR, else TOLK_BUILD_DIR's,
#                                      else PATH's): no GPU, no build
#   scripts/gpu-check.sh --bin DIR     the tools of DIR, nothing built: no
#                                      bandwidth table (its script builds)
#
# Time: within 8 minutes on 16 cores and one GPU, estimated (not yet run on
# a GPU). Measured on the 2-core development machine with --device host (the
# host backend alone), CPU seconds of each stage's processes (wait4), then
# extrapolated: the cuda backend taken to cost what the host's tolk-run
# costs (both compile each kernel in the process; --tolk-to-nvvm measured
# as fast as the host JIT on these kernels), the folder paid once for both,
# and each of the ~500 processes that open the driver given up to 1 s for
# cuInit and a context:
#   install (fresh machine only)     apt's time; none where the packages are
#   build (4 tools, from scratch)    ~13 CPU-minutes: ~1.5 min on 16 cores
#   bandwidth                        ~20 s (4 kernels, 2 x 2^28 bytes each,
#                                    50 + 50 timed runs)
#   differential suite               host 56 CPU-s (34 jobs, longest 3.3 s);
#                                    with cuda ~90 CPU-s
#   conversions, every code          host 123 CPU-s (18 jobs, longest
#                                    9.8 s); with cuda ~135 CPU-s
#   random programs (300)            host 37 CPU-s (15 jobs of 20 seeds,
#                                    2.5 s each); with cuda ~60 CPU-s
#   examples                         ~2 s, beside the others
#   the checks on 16 processes       ~290 CPU-s / 16 + the driver's start-up
#                                    (<= 500 s / 16): 0.5 to 1 min
#   in all                           3 to 4 min with the build, under 1.5
#                                    min with a build already there
#
# Settings (environment): TOLK_BUILD_DIR; TOLK_CUDA_DRIVER_LIBRARY (default
# libcuda.so.1), the driver the check and tolk-run open (tests point it at
# a missing file); TOLK_CUDA_CHIP (default the device's compute capability,
# sm_90 at most: newer chips run sm_90's PTX through the driver's JIT);
# TOLK_GPU_CHECK_JOBS (default the CPU count); TOLK_GPU_CHECK_PROGRAMS
# (default 300); TOLK_SKIP_INSTALL_DEPS=1.
#
# Exit status: 0 when everything agrees; 1 when something disagrees or
# fails (the table says what, the logs why); 2 without a driver or device.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TOLK_BUILD_DIR:-$ROOT/build}"
DRIVER="${TOLK_CUDA_DRIVER_LIBRARY:-libcuda.so.1}"
JOBS="${TOLK_GPU_CHECK_JOBS:-$(nproc)}"
PROGRAMS="${TOLK_GPU_CHECK_PROGRAMS:-300}"

die() {
  echo "gpu-check: $*" >&2
  exit 1
}

HOST_ONLY=0
QUICK=0
BIN=""
while (($#)); do
  case "$1" in
    --host-only) HOST_ONLY=1 ;;
    --quick) QUICK=1 ;;
    --bin)
      (($# > 1)) || die "--bin needs a directory"
      BIN="$2"
      shift
      ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
  shift
done
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || die "TOLK_GPU_CHECK_JOBS must be a positive number"
[[ "$PROGRAMS" =~ ^[0-9]+$ ]] || die "TOLK_GPU_CHECK_PROGRAMS must be a number"

# The driver: opened, initialized, one device, as the CUDA runner does. One
# line on stdout: name, compute capability (e.g. 90), driver API version
# (e.g. 12080); or one line on stderr and status 2.
probe_driver() {
  python3 - "$DRIVER" <<'EOF'
import ctypes, sys
lib = sys.argv[1]
def no(what):
    print(f"gpu-check: {what}; this script needs an NVIDIA GPU and its "
          "driver (--host-only runs its commands on the host backend)",
          file=sys.stderr)
    sys.exit(2)
try:
    cu = ctypes.CDLL(lib)
except OSError as e:
    no(f"no CUDA driver: {lib} cannot be opened ({e})")
def call(fn, *args):
    """The CUDA result of cu.fn(*args); 999 where the library lacks it."""
    f = getattr(cu, fn, None)
    return f(*args) if f else 999
r = call("cuInit", 0)
if r:
    no(f"no CUDA device: cuInit of {lib} failed with CUDA error {r}")
n, dev, major, minor, version = (ctypes.c_int() for _ in range(5))
if call("cuDeviceGetCount", ctypes.byref(n)) or n.value == 0:
    no(f"no CUDA device: {lib} sees none")
name = ctypes.create_string_buffer(256)
call("cuDeviceGet", ctypes.byref(dev), 0)
call("cuDeviceGetName", name, 256, dev)
# The compute capability (attributes 75 and 76) and the driver API version;
# 0 where the driver does not say.
call("cuDeviceGetAttribute", ctypes.byref(major), 75, dev)
call("cuDeviceGetAttribute", ctypes.byref(minor), 76, dev)
call("cuDriverGetVersion", ctypes.byref(version))
cap = major.value * 10 + minor.value
print(f"{name.value.decode(errors='replace')}\t{cap}\t{version.value}")
EOF
}

if ((!HOST_ONLY)); then
  if command -v python3 >/dev/null; then
    GPU="$(probe_driver)" || exit $?
  else
    # No python3 yet (install-deps brings it): the library and a device as
    # far as the shell can tell; the full check follows the install.
    found=""
    if [[ "$DRIVER" == */* ]]; then
      [[ ! -e "$DRIVER" ]] || found=y
    else
      found=$(ldconfig -p 2>/dev/null | grep -F "$DRIVER" || true)
    fi
    if [[ -z "$found" ]]; then
      echo "gpu-check: no CUDA driver: $DRIVER not found; this script needs an NVIDIA GPU and its driver" >&2
      exit 2
    fi
    if command -v nvidia-smi >/dev/null && ! nvidia-smi -L >/dev/null 2>&1; then
      echo "gpu-check: no CUDA device: nvidia-smi -L fails; this script needs an NVIDIA GPU and its driver" >&2
      exit 2
    fi
    GPU=""
  fi
fi

start=$SECONDS
WORK="$BUILD/gpu-check"
if ((HOST_ONLY)); then
  if [[ -z "$BIN" ]]; then
    if [[ -x "$BUILD/bin/tolk-run" ]]; then BIN="$BUILD/bin"
    elif command -v tolk-run >/dev/null; then BIN="$(dirname "$(command -v tolk-run)")"
    else die "--host-only runs the tools of a build: give --bin DIR, or build first"
    fi
  fi
  mkdir -p "$WORK"
  exec python3 "$ROOT/scripts/gpu-check.py" --bin "$BIN" --work "$WORK" \
    --device host --quick --jobs "$JOBS"
fi

mkdir -p "$WORK"
if [[ "${TOLK_SKIP_INSTALL_DEPS:-0}" != 1 ]]; then
  echo "gpu-check: scripts/install-deps.sh (log: $WORK/install.log)"
  "$ROOT/scripts/install-deps.sh" >"$WORK/install.log" 2>&1 ||
    die "scripts/install-deps.sh failed: see $WORK/install.log"
fi
[[ -n "$GPU" ]] || GPU="$(probe_driver)" || exit $?
IFS=$'\t' read -r GPU_NAME CAP API <<<"$GPU"
DRIVER_VERSION=""
if command -v nvidia-smi >/dev/null; then
  DRIVER_VERSION="$(nvidia-smi --query-gpu=driver_version --format=csv,noheader -i 0 2>/dev/null || true)"
fi
# The chip to compile for: the device's, sm_90 at most (and where the
# driver does not say).
cap_text="sm_$CAP"
((CAP > 0)) || { CAP=90; cap_text="compute capability unknown"; }
CHIP="${TOLK_CUDA_CHIP:-sm_$((CAP > 90 ? 90 : CAP))}"
[[ "$CHIP" =~ ^sm_([0-9]+)$ ]] || die "TOLK_CUDA_CHIP '$CHIP' is not sm_XX"
api_text="?"
((API > 0)) && api_text="$((API / 1000)).$((API % 1000 / 10))"
MACHINE="$GPU_NAME ($cap_text), driver ${DRIVER_VERSION:-?} (CUDA $api_text), compiled for $CHIP"
if ((BASH_REMATCH[1] < 89)); then
  MACHINE+="; below sm_89 the fp8 conversions are in software"
fi
echo "gpu-check: $MACHINE"

# The build (--bin builds nothing and runs those tools instead).
BUILT=0
if [[ -z "$BIN" ]]; then
  BUILT=1
  echo "gpu-check: building in $BUILD (log: $WORK/build.log)"
  TOLK_BUILD_DIR="$BUILD" "$ROOT/scripts/build.sh" -j "$JOBS" tolk-opt tolk-run \
    tolk-translate tolk-cuda-bandwidth >"$WORK/build.log" 2>&1 ||
    die "the build failed: see $WORK/build.log"
  BIN="$BUILD/bin"
fi

# tolk-run for the checks: the chip and the driver of this machine.
mkdir -p "$WORK/bin"
ln -sf "$(cd "$BIN" && pwd)/tolk-opt" "$WORK/bin/tolk-opt"
cat >"$WORK/bin/tolk-run" <<EOF
#!/bin/sh
exec "$(cd "$BIN" && pwd)/tolk-run" --cuda-chip=$CHIP --cuda-driver-library="$DRIVER" "\$@"
EOF
chmod +x "$WORK/bin/tolk-run"

# The bandwidth first, while nothing else runs on the GPU (--quick: 1 MiB
# buffers, 5 runs). bench/nvidia-bandwidth.sh opens libcuda.so.1 itself.
rm -f "$WORK/bandwidth.md"
bandwidth=(--bandwidth "$WORK/bandwidth.md")
if ((BUILT)); then
  echo "gpu-check: bench/nvidia-bandwidth.sh (log: $WORK/bandwidth.log)"
  bench=(TOLK_SKIP_INSTALL_DEPS=1 TOLK_BUILD_DIR="$BUILD" TOLK_CUDA_CHIP="$CHIP"
    TOLK_BUILD_JOBS="$JOBS")
  ((QUICK)) && bench+=(TOLK_BENCH_BYTES=1048576 TOLK_BENCH_REPETITIONS=5)
  if env "${bench[@]}" "$ROOT/bench/nvidia-bandwidth.sh" \
    >"$WORK/bandwidth.md" 2>"$WORK/bandwidth.log"; then
    cat "$WORK/bandwidth.md"
  else
    echo "gpu-check: bench/nvidia-bandwidth.sh failed: $(tail -n 1 "$WORK/bandwidth.log")"
    rm -f "$WORK/bandwidth.md"
  fi
else
  bandwidth=(--bandwidth-skipped "--bin: bench/nvidia-bandwidth.sh builds its tools")
fi

quick=()
((QUICK)) && quick=(--quick)
# The checks end 7.5 minutes after the start, with at least 2 for them: a
# hung kernel leaves a table that says so.
limit=$((450 - SECONDS))
((limit >= 120)) || limit=120
python3 "$ROOT/scripts/gpu-check.py" --bin "$WORK/bin" --work "$WORK" \
  --device cuda "${quick[@]}" --jobs "$JOBS" --programs "$PROGRAMS" \
  --time-limit "$limit" \
  "${bandwidth[@]}" --machine "$MACHINE" \
  --setup-seconds "$((SECONDS - start))"
