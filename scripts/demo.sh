#!/usr/bin/env bash
# The main job on the bundled example: sets up the machine (once), builds
# axle, then reads the JAX-exported MLP in examples/mlp.mlir, verifies it,
# prints it back in stablehlo's pretty form (constants elided for reading)
# and runs it on the reference interpreter with a fixed input.
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
./scripts/setup.sh
./scripts/build.sh axle-opt axle-run
echo
echo "=== axle-opt examples/mlp.mlir (parsed, verified, printed)"
build/tools/axle-opt/axle-opt examples/mlp.mlir --mlir-elide-elementsattrs-if-larger=8
echo
echo "=== axle-run examples/mlp.mlir --input=8x64xf32=0.5 (class probabilities)"
build/tools/axle-run/axle-run examples/mlp.mlir --input=8x64xf32=0.5
