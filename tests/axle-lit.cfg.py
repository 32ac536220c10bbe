# lit configuration for axle's FileCheck tests. Tests live beside the code
# they test, in `test/` folders under compiler/ and tools/; this file is
# loaded by the lit.site.cfg.py that CMake writes into the build tree. It is
# not named lit.cfg.py so that lit does not take this folder for a suite.
import os

import lit.formats

config.name = "axle"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
# Only the `test/` folders of the source tree hold tests.
config.excludes = [
    "build", "build-asan", ".venv", ".git", "examples", "docs", "bench",
    "scripts", "python", "Inputs", "shared",
]
# Other build trees (build-asan, the Python package's) hold copies of the
# test folders' outputs, never tests.
config.excludes += [entry for entry in os.listdir(config.axle_source_root)
                    if entry.startswith("build")]

config.test_source_root = config.axle_source_root
config.test_exec_root = os.path.join(config.axle_binary_root, "lit")

# Our tools first, then LLVM's FileCheck, not, count.
tool_dirs = [
    os.path.join(config.axle_binary_root, "tools", "axle-opt"),
    os.path.join(config.axle_binary_root, "tools", "axle-run"),
    os.path.join(config.axle_binary_root, "tools", "axle-compile"),
    os.path.join(config.axle_binary_root, "tests"),
]
for path in [config.llvm_tools_dir] + tool_dirs:
    config.environment["PATH"] = os.pathsep.join([path, config.environment.get("PATH", "")])
config.substitutions.append(("%python", config.python_executable))
# Transparent huge pages only where a program asks for them ("madvise" mode):
# there, a test can tell whether the program asked.
try:
    with open("/sys/kernel/mm/transparent_hugepage/enabled") as thp:
        if "[madvise]" in thp.read() and os.path.exists("/proc/vmstat"):
            config.available_features.add("thp-on-request")
except OSError:
    pass
# A C compiler, for tests that call compiled libraries from C.
config.substitutions.append(("%cc", os.path.join(config.llvm_tools_dir, "clang")))
