"""What the bf16 matmul tests share: a dot_general of bf16 matrices into
f32 or bf16 results, and the host CPU's flags, which decide the path
--fast-math takes (vdpbf16ps pairs, AMX tiles or widened f32)."""
import pathlib

PROGRAM = """func.func public @main(%a: tensor<{m}x{k}xbf16>, %b: tensor<{k}x{n}xbf16>)
    -> tensor<{m}x{n}x{out}> {{
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : (tensor<{m}x{k}xbf16>, tensor<{k}x{n}xbf16>) -> tensor<{m}x{n}x{out}>
  return %0 : tensor<{m}x{n}x{out}>
}}
"""


def host_cpuinfo():
    cpuinfo = pathlib.Path("/proc/cpuinfo")
    return cpuinfo.read_text() if cpuinfo.exists() else ""
