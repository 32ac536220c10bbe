// Matmuls whose columns are multiples of 48 but not of 64 or 32 (48, 96,
// 144) take register tiles 1 or 2 zmm registers wide, and those whose
// columns no zmm register divides (1000, 100) are split into a part of
// whole 64-column tiles and the rest (ContractionTiles.cpp), also with a
// fused bias-and-relu epilogue and with a batch dimension; 197 rows (prime)
// split into 196 and 1 likewise; a B read transposed (attention's Q K^T
// over 197 tokens) gathers the panel of its 5 leftover columns element by
// element. All agree bit
// for bit with the interpreter: every sum runs in k order with one fused
// multiply-add per step in both.

// RUN: %python -c "import numpy as np; r = np.random.default_rng(0); [np.save('%t.%%s.npy' %% n, r.standard_normal(s).astype(np.float32)) for n, s in [('a', (64, 256)), ('b48', (256, 48)), ('b96', (256, 96)), ('b144', (256, 144)), ('b1000', (256, 1000)), ('bias', (1000,)), ('ba', (2, 64, 256)), ('bb', (2, 256, 100)), ('a197', (197, 256)), ('q', (2, 197, 64)), ('k', (2, 197, 64))]]"
// RUN: axle-run %s --function=cols48 --verify --verify-ulps=0 --input=@%t.a.npy --input=@%t.b48.npy --output=@%t.c48.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=cols96 --verify --verify-ulps=0 --input=@%t.a.npy --input=@%t.b96.npy --output=@%t.c96.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=cols144 --verify --verify-ulps=0 --input=@%t.a.npy --input=@%t.b144.npy --output=@%t.c144.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=cols1000 --verify --verify-ulps=0 --input=@%t.a.npy --input=@%t.b1000.npy --input=@%t.bias.npy --output=@%t.c1000.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=batched100 --verify --verify-ulps=0 --input=@%t.ba.npy --input=@%t.bb.npy --output=@%t.c100.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=rows197 --verify --verify-ulps=0 --input=@%t.a197.npy --input=@%t.b96.npy --output=@%t.c197.npy 2>&1 | FileCheck %s
// RUN: axle-run %s --function=scores197 --verify --verify-ulps=0 --input=@%t.q.npy --input=@%t.k.npy --output=@%t.s197.npy 2>&1 | FileCheck %s
// RUN: %python -c "import numpy as np; a = np.load('%t.a.npy').astype(np.float64); [print('numpy', n, np.abs(np.load('%t.c%%d.npy' %% n) - a @ np.load('%t.b%%d.npy' %% n)).max() < 1e-3) for n in (48, 96, 144)]; print('numpy 1000', np.abs(np.load('%t.c1000.npy') - np.maximum(a @ np.load('%t.b1000.npy') + np.load('%t.bias.npy'), 0)).max() < 1e-3); print('numpy batched', np.abs(np.load('%t.c100.npy') - np.load('%t.ba.npy').astype(np.float64) @ np.load('%t.bb.npy')).max() < 1e-3); print('numpy 197', np.abs(np.load('%t.c197.npy') - np.load('%t.a197.npy').astype(np.float64) @ np.load('%t.b96.npy')).max() < 1e-3); print('numpy scores', np.abs(np.load('%t.s197.npy') - np.einsum('hqd,hkd->hqk', np.load('%t.q.npy').astype(np.float64), np.load('%t.k.npy'))).max() < 1e-3)" | FileCheck %s --check-prefix=NUMPY

// CHECK: agree
// NUMPY: numpy 48 True
// NUMPY: numpy 96 True
// NUMPY: numpy 144 True
// NUMPY: numpy 1000 True
// NUMPY: numpy batched True
// NUMPY: numpy 197 True
// NUMPY: numpy scores True

func.func @cols48(%a: tensor<64x256xf32>, %b: tensor<256x48xf32>) -> tensor<64x48xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x256xf32>, tensor<256x48xf32>) -> tensor<64x48xf32>
  return %c : tensor<64x48xf32>
}

func.func @cols96(%a: tensor<64x256xf32>, %b: tensor<256x96xf32>) -> tensor<64x96xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x256xf32>, tensor<256x96xf32>) -> tensor<64x96xf32>
  return %c : tensor<64x96xf32>
}

func.func @cols144(%a: tensor<64x256xf32>, %b: tensor<256x144xf32>) -> tensor<64x144xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x256xf32>, tensor<256x144xf32>) -> tensor<64x144xf32>
  return %c : tensor<64x144xf32>
}

func.func @cols1000(%a: tensor<64x256xf32>, %b: tensor<256x1000xf32>, %bias: tensor<1000xf32>) -> tensor<64x1000xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x256xf32>, tensor<256x1000xf32>) -> tensor<64x1000xf32>
  %bb = stablehlo.broadcast_in_dim %bias, dims = [1] : (tensor<1000xf32>) -> tensor<64x1000xf32>
  %s = stablehlo.add %c, %bb : tensor<64x1000xf32>
  %z = stablehlo.constant dense<0.0> : tensor<64x1000xf32>
  %r = stablehlo.maximum %s, %z : tensor<64x1000xf32>
  return %r : tensor<64x1000xf32>
}

func.func @batched100(%a: tensor<2x64x256xf32>, %b: tensor<2x256x100xf32>) -> tensor<2x64x100xf32> {
  %c = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x64x256xf32>, tensor<2x256x100xf32>) -> tensor<2x64x100xf32>
  return %c : tensor<2x64x100xf32>
}

func.func @rows197(%a: tensor<197x256xf32>, %b: tensor<256x96xf32>) -> tensor<197x96xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<197x256xf32>, tensor<256x96xf32>) -> tensor<197x96xf32>
  return %c : tensor<197x96xf32>
}

func.func @scores197(%q: tensor<2x197x64xf32>, %k: tensor<2x197x64xf32>) -> tensor<2x197x197xf32> {
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x197x64xf32>, tensor<2x197x64xf32>) -> tensor<2x197x197xf32>
  return %s : tensor<2x197x197xf32>
}
