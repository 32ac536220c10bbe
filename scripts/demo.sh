#!/usr/bin/env bash
# The main job on the bundled example: sets up the machine (once), builds
# axle, then reads the JAX-exported MLP in examples/mlp.mlir, verifies it,
# prints it back in stablehlo's pretty form (constants elided for reading),
# compiles it ahead of time to native code (build/mlp.axle), runs that with a
# fixed input and prints the output and its latency, then checks the
# compiled result against the reference interpreter.
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
./scripts/setup.sh
./scripts/build.sh axle-opt axle-run axle-compile
echo
echo "=== axle-opt examples/mlp.mlir (parsed, verified, printed)"
build/tools/axle-opt/axle-opt examples/mlp.mlir --mlir-elide-elementsattrs-if-larger=8
echo
echo "=== axle-compile examples/mlp.mlir -o build/mlp.axle (native code for this CPU)"
build/tools/axle-compile/axle-compile examples/mlp.mlir -o build/mlp.axle
ls -l build/mlp.axle
echo
echo "=== axle-run build/mlp.axle --input=8x64xf32=0.5 --benchmark=200 (class probabilities, latency)"
build/tools/axle-run/axle-run build/mlp.axle --input=8x64xf32=0.5 --benchmark=200
echo
echo "=== axle-run examples/mlp.mlir --input=8x64xf32=0.5 --verify --verify-ulps=0 (compiled vs reference interpreter, bit for bit)"
build/tools/axle-run/axle-run examples/mlp.mlir --input=8x64xf32=0.5 --verify --verify-ulps=0 > /dev/null
