"""Every benchmark model (bench/models/*.mlir and bench/models/suite/*.mlir)
compiles: the suite's programs are the largest ones in the repository and
reach code paths (fusion clusters, matmul blocks) the small tests do not."""
import pathlib
import subprocess

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
MODELS = sorted((REPO_ROOT / "bench" / "models").glob("*.mlir")) + sorted(
    (REPO_ROOT / "bench" / "models" / "suite").glob("*.mlir"))


@pytest.mark.parametrize("model", MODELS, ids=lambda path: path.stem)
def test_model_compiles(build_dir, tmp_path, model):
    compiler = build_dir / "tools" / "axle-compile" / "axle-compile"
    if not compiler.exists():
        pytest.skip(f"axle-compile is not built: {compiler} is missing")
    result = subprocess.run(
        [str(compiler), str(model), "-o", str(tmp_path / "model.axle")],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
