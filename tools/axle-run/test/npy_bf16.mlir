// bfloat16 through .npy files as JAX users have them: NumPy saves
// ml_dtypes' bfloat16 as raw 2-byte values ('<V2'), which axle-run reads as
// bf16 where the argument is bf16 and writes for bf16 results. The sums are
// exact in bf16 (worked out by hand): 1 + 0.5, 2 + 0.25, 3 + 1, 4 + 256,
// 5 - 5, -6 + 7.
// RUN: %python -c "import numpy as np, ml_dtypes as m; np.save('%t.a.npy', np.array([[1, 2, 3], [4, 5, -6]], m.bfloat16)); np.save('%t.b.npy', np.array([[0.5, 0.25, 1], [256, -5, 7]], m.bfloat16)); np.save('%t.f.npy', np.zeros((2, 3), np.float32))"
// RUN: axle-run %s --input=@%t.a.npy --input=@%t.b.npy --output=@%t.out.npy
// RUN: %python -c "import numpy as np, ml_dtypes as m; r = np.load('%t.out.npy').view(m.bfloat16); assert r.astype(np.float32).tolist() == [[1.5, 2.25, 4], [260, 0, 1]], r; print('ok')" | FileCheck %s
// RUN: axle-run %s --backend=interpreter --input=@%t.a.npy --input=@%t.b.npy | FileCheck %s --check-prefix=PRINTED
// CHECK: ok
// PRINTED: 2x3xbf16={{\[\[}}1.5,2.25,4],[260,0,1]]

// Raw 2-byte values where the argument is not bf16, and an f32 file where
// it is, are errors naming the argument.
// RUN: not axle-run %s --input=@%t.a.npy --input=@%t.f.npy 2>&1 | FileCheck %s --check-prefix=F32
// F32: argument 1 of @main is tensor<2x3xbf16>, got 2x3xf32
// RUN: not axle-run %S/npy.mlir --input=@%t.a.npy 2>&1 | FileCheck %s --check-prefix=VOID
// VOID: argument 0: '{{.*}}.a.npy' has dtype '<V2' (raw values, as NumPy saves ml_dtypes' bfloat16 and float8 arrays); it is read only where a bf16 ('V2') or 8-bit float ('V1') tensor is expected

func.func @main(%a: tensor<2x3xbf16>, %b: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = stablehlo.add %a, %b : tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}
