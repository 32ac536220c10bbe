#!/usr/bin/env bash
# The main job on the bundled example: sets up the machine (once), builds
# axle, then reads the JAX-exported MLP in examples/mlp.mlir, verifies it and
# prints it back in stablehlo's pretty form (constants elided for reading).
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
./scripts/setup.sh
./scripts/build.sh axle-opt
echo
echo "=== axle-opt examples/mlp.mlir (parsed, verified, printed)"
build/tools/axle-opt/axle-opt examples/mlp.mlir --mlir-elide-elementsattrs-if-larger=8
