#!/usr/bin/env bash
# One-time, idempotent set-up of a fresh machine for building and testing axle:
# Debian packages (LLVM/MLIR 22 toolchain, build tools, test libraries) and the
# Python virtual environment under .venv with the packages the tests and tools use,
# and the axle Python package built from this repository.
# Safe to run again: it installs only what is missing.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

apt_packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools clang-22 lld-22 libclang-rt-22-dev
  cmake ninja-build ccache libgtest-dev python3-venv
  libdnnl-dev  # oneDNN: the kernel-library baseline of bench/run.py
)

missing=()
for pkg in "${apt_packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$pkg")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq \
    --no-install-recommends "${missing[@]}"
else
  echo "setup: Debian packages already installed"
fi

venv="$repo_root/.venv"
python_bin="${AXLE_PYTHON:-python3}"
if [[ ! -x "$venv/bin/python" ]]; then
  echo "setup: creating Python virtual environment in $venv"
  "$python_bin" -m venv "$venv"
fi

pip_packages=(numpy lit jax jaxlib pytest scipy mpmath iree-base-compiler iree-base-runtime matplotlib)
if ! "$venv/bin/python" -c "import numpy, lit, jax, pytest, scipy, mpmath, iree.compiler, iree.runtime, matplotlib" 2>/dev/null; then
  echo "setup: installing Python packages: ${pip_packages[*]}"
  "$venv/bin/python" -m pip install -q --upgrade pip
  "$venv/bin/python" -m pip install -q "${pip_packages[@]}"
else
  echo "setup: Python packages already installed"
fi

# The axle Python package (pyproject.toml, python/): its build tools, then
# the package itself, built against the venv's NumPy in build-python/ and
# installed into the venv. It links the compiler, so it is reinstalled when
# a source it is built from changed since the last install; ccache (shared
# with build/) and the persistent build folder keep that to what changed.
if ! "$venv/bin/python" -c "import scikit_build_core, nanobind" 2>/dev/null; then
  echo "setup: installing the Python package's build tools"
  "$venv/bin/python" -m pip install -q scikit-build-core nanobind
fi
stamp="$venv/.axle-package-stamp"
reinstall=0
if [[ ! -f "$stamp" ]] || ! (cd / && "$venv/bin/python" -c "import axle._axle") 2>/dev/null; then
  reinstall=1
elif [[ -n "$(cd "$repo_root" && find compiler runtime python CMakeLists.txt pyproject.toml \
      -newer "$stamp" \( -name '*.cpp' -o -name '*.h' -o -name '*.td' -o -name '*.py' \
      -o -name CMakeLists.txt -o -name pyproject.toml \) -print -quit)" ]]; then
  reinstall=1
fi
if ((reinstall)); then
  echo "setup: building and installing the axle Python package"
  mkdir -p "$repo_root/build"
  touch "$stamp.new"
  # Under build.sh's lock: the machine's cores go to one build at a time.
  (cd "$repo_root" &&
    CCACHE_BASEDIR="$repo_root" CCACHE_NOHASHDIR=1 \
    CMAKE_BUILD_PARALLEL_LEVEL="${AXLE_JOBS:-$(nproc)}" \
    flock "$repo_root/build/.build.lock" \
    "$venv/bin/python" -m pip install -q --no-build-isolation --no-deps .)
  mv "$stamp.new" "$stamp"
else
  echo "setup: axle Python package up to date"
fi

echo "setup: done"
