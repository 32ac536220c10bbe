"""Shared pytest settings: where the built tools are.

The build folder comes from $AXLE_BUILD_DIR (default: build/ at the top of
the repository). Tests that need a tool skip with a message naming the
missing file.
"""
import os
import pathlib

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def build_dir():
    return pathlib.Path(os.environ.get("AXLE_BUILD_DIR", REPO_ROOT / "build"))


def built_tool(build_dir, folder, name):
    """The path of a built tool, or a skip naming the missing file."""
    tool = build_dir / folder / name
    if not tool.exists():
        pytest.skip(f"{name} not built: {tool} is missing (run scripts/build.sh)")
    return tool


@pytest.fixture(scope="session")
def axle_opt(build_dir):
    return built_tool(build_dir, "tools/axle-opt", "axle-opt")


@pytest.fixture(scope="session")
def axle_run(build_dir):
    return built_tool(build_dir, "tools/axle-run", "axle-run")


@pytest.fixture
def run_axle_results(axle_run, tmp_path):
    """A function that runs a StableHLO program's @main with axle-run on
    NumPy inputs (passed as .npy files) and returns the list of its
    results; `extra` holds axle-run flags (--backend=..., --threads=...).
    bf16 results, which NumPy reads as 2-byte records, come back as
    ml_dtypes.bfloat16."""
    import re
    import subprocess

    import numpy as np

    def run(program, inputs, extra=()):
        source = tmp_path / "program.mlir"
        source.write_text(program)
        signature = re.search(r"@main\(.*?\)\s*->\s*(\(.*?\)|[^{]*)\{",
                              program, re.S)
        results = signature.group(1).strip() if signature else ""
        count = results.count("tensor<") if results.startswith("(") else 1
        args = [str(axle_run), str(source), *extra]
        for i, value in enumerate(inputs):
            np.save(tmp_path / f"in{i}.npy", value)
            args.append(f"--input=@{tmp_path / f'in{i}.npy'}")
        outs = [tmp_path / f"out{i}.npy" for i in range(count)]
        result = subprocess.run(args + [f"--output=@{out}" for out in outs],
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stderr[-2000:]
        values = []
        for out in outs:
            value = np.load(out)
            if value.dtype.kind == "V":
                import ml_dtypes
                value = value.view(ml_dtypes.bfloat16)
            values.append(value)
        return values

    return run


@pytest.fixture
def assert_compiled_bits(run_axle_results):
    """A function that runs a program on the CPU backend at one and at two
    threads and asserts that each result has exactly the bits of the same
    result in `reference` (a list of arrays, e.g. the interpreter's);
    `names` label the results in the message."""
    import numpy as np

    def check(program, inputs, reference, names):
        for threads in (1, 2):
            got = run_axle_results(program, inputs,
                                   ["--backend=cpu", f"--threads={threads}"])
            for name, g, r in zip(names, got, reference):
                assert g.tobytes() == r.tobytes(), (
                    f"{name}, {threads} thread(s): "
                    f"{np.count_nonzero(g != r)} of {r.size} differ")

    return check


@pytest.fixture
def run_axle(run_axle_results):
    """run_axle_results for programs with one result: returns it."""

    def run(program, inputs, extra=()):
        values = run_axle_results(program, inputs, extra)
        assert len(values) == 1
        return values[0]

    return run
