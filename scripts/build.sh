#!/usr/bin/env bash
# Configures (once) and builds axle in build/ (or $AXLE_BUILD_DIR) with
# clang-22, Ninja and ccache. Extra arguments are Ninja targets.
# Concurrent invocations wait for each other (the machine has two cores).
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${AXLE_BUILD_DIR:-$repo_root/build}"
jobs="${AXLE_JOBS:-$(nproc)}"
export CCACHE_BASEDIR="$repo_root"
export CCACHE_NOHASHDIR=1

mkdir -p "$build_dir"
exec 9>"$build_dir/.build.lock"
flock 9

if [[ ! -f "$build_dir/build.ninja" ]]; then
  cmake -G Ninja -S "$repo_root" -B "$build_dir" \
    -DCMAKE_BUILD_TYPE="${AXLE_BUILD_TYPE:-Release}" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DAXLE_PYTHON="$repo_root/.venv/bin/python" \
    ${AXLE_CMAKE_ARGS:-}
fi
ninja -C "$build_dir" -j "$jobs" "$@"
