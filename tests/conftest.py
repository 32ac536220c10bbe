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
