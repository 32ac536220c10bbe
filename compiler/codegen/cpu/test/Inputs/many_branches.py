"""Prints a function with N independent branches (for schedule_for_memory.mlir).

Each branch makes a 32x32 f32 tensor (4 KiB) and reduces it to 32 values
that the function returns. All big tensors are listed first, then all
reductions, so the program order keeps N x 4 KiB live; the schedule runs
each reduction right after its producer.
"""
import sys

n = int(sys.argv[1])
print("#id = affine_map<(d0, d1) -> (d0, d1)>")
print("#row = affine_map<(d0, d1) -> (d0)>")
results = ", ".join(["tensor<32xf32>"] * n)
print(f"func.func @many(%x: tensor<32x32xf32>) -> ({results}) {{")
print("  %zero = arith.constant 0.0 : f32")
for i in range(n):
    print(f"  %e{i} = tensor.empty() : tensor<32x32xf32>")
    print(f"  %b{i} = linalg.generic {{indexing_maps = [#id, #id], "
          f"iterator_types = [\"parallel\", \"parallel\"]}} "
          f"ins(%x : tensor<32x32xf32>) outs(%e{i} : tensor<32x32xf32>) {{")
    print("  ^bb0(%in: f32, %out: f32):")
    print(f"    %c = arith.constant {i}.0 : f32")
    print("    %0 = arith.addf %in, %c : f32")
    print("    linalg.yield %0 : f32")
    print("  } -> tensor<32x32xf32>")
for i in range(n):
    print(f"  %s{i} = tensor.empty() : tensor<32xf32>")
    print(f"  %z{i} = linalg.fill ins(%zero : f32) outs(%s{i} : tensor<32xf32>) "
          "-> tensor<32xf32>")
    print(f"  %r{i} = linalg.generic {{indexing_maps = [#id, #row], "
          f"iterator_types = [\"parallel\", \"reduction\"]}} "
          f"ins(%b{i} : tensor<32x32xf32>) outs(%z{i} : tensor<32xf32>) {{")
    print("  ^bb0(%in: f32, %out: f32):")
    print("    %0 = arith.addf %out, %in : f32")
    print("    linalg.yield %0 : f32")
    print("  } -> tensor<32xf32>")
values = ", ".join(f"%r{i}" for i in range(n))
print(f"  return {values} : {results}")
print("}")
