#!/usr/bin/env bash
# One-time, idempotent set-up of a fresh machine for building and testing axle:
# Debian packages (LLVM/MLIR 22 toolchain, build tools, test libraries) and the
# Python virtual environment under .venv with the packages the tests and tools use.
# Safe to run again: it installs only what is missing.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

apt_packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools clang-22 lld-22 libclang-rt-22-dev
  cmake ninja-build ccache libgtest-dev python3-venv
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

echo "setup: done"
