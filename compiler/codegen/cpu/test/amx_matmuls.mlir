// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{amx-tiles=true}))' --split-input-file %s | FileCheck %s --check-prefix=MARK
// RUN: axle-opt --pass-pipeline='builtin.module(axle-amx-matmuls)' --split-input-file %s | FileCheck %s --check-prefix=AMX

// With amx-tiles, a bf16 matmul into f32 that the tiles fit stays a linalg
// op marked axle.amx_tiles, and its only consumer, lane-wise (here the
// truncation to bf16), stays one too, marked axle.amx_epilogue for
// axle-amx-matmuls to run on each block of sums; one whose n (8) would
// take 4 times the work padded to 32 gets the register tiles as before.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// MARK-LABEL: func.func @fits
// MARK: %[[SUMS:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<256x512xbf16>, tensor<512x1024xbf16>) outs(%{{.*}} : tensor<256x1024xf32>) attrs = {axle.amx_tiles}
// MARK-NOT: scf.forall
// MARK: linalg.generic {{.*}} ins(%[[SUMS]] : tensor<256x1024xf32>) outs(%{{.*}} : tensor<256x1024xbf16>) attrs = {axle.amx_epilogue}
// MARK: arith.truncf {{.*}} : f32 to bf16
// MARK-NOT: math.fma
// MARK-NOT: vector
// MARK: return
func.func @fits(%a: tensor<256x512xbf16>, %b: tensor<512x1024xbf16>) -> tensor<256x1024xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x1024xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x512xbf16>, tensor<512x1024xbf16>) outs(%c : tensor<256x1024xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256x1024xf32>
  %r = tensor.empty() : tensor<256x1024xbf16>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<256x1024xf32>) outs(%r : tensor<256x1024xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<256x1024xbf16>
  return %1 : tensor<256x1024xbf16>
}

// -----

// Sums that something else reads too (here the function returns them)
// keep their consumer a loop of its own.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// MARK-LABEL: func.func @shared_sums
// MARK: attrs = {axle.amx_tiles}
// MARK-NOT: axle.amx_epilogue
// MARK: scf.forall
// MARK: arith.truncf {{.*}} : vector<32xf32> to vector<32xbf16>
// MARK: return
func.func @shared_sums(%a: tensor<256x512xbf16>, %b: tensor<512x1024xbf16>) -> (tensor<256x1024xf32>, tensor<256x1024xbf16>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x1024xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x512xbf16>, tensor<512x1024xbf16>) outs(%c : tensor<256x1024xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256x1024xf32>
  %r = tensor.empty() : tensor<256x1024xbf16>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<256x1024xf32>) outs(%r : tensor<256x1024xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<256x1024xbf16>
  return %0, %1 : tensor<256x1024xf32>, tensor<256x1024xbf16>
}

// -----

// A consumer that reads the sums twice and writes in their place (its
// output is the sums' tensor) is marked too.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// MARK-LABEL: func.func @in_place
// MARK: %[[SUMS:.*]] = linalg.generic {{.*}} attrs = {axle.amx_tiles}
// MARK: linalg.generic {{.*}} outs(%[[SUMS]] : tensor<256x1024xf32>) attrs = {axle.amx_epilogue}
// MARK: math.tanh {{.*}} : f32
// MARK-NOT: vector
// MARK: return
func.func @in_place(%a: tensor<256x512xbf16>, %b: tensor<512x1024xbf16>) -> tensor<256x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x1024xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x512xbf16>, tensor<512x1024xbf16>) outs(%c : tensor<256x1024xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256x1024xf32>
  %r = tensor.empty() : tensor<256x1024xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%0, %0 : tensor<256x1024xf32>, tensor<256x1024xf32>) outs(%r : tensor<256x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %t = math.tanh %x : f32
    %m = arith.mulf %t, %y : f32
    linalg.yield %m : f32
  } -> tensor<256x1024xf32>
  return %1 : tensor<256x1024xf32>
}

// -----

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// MARK-LABEL: func.func @narrow
// MARK-NOT: axle.amx_tiles
// MARK: math.fma {{.*}} : vector<8xf32>
// MARK-NOT: axle.amx_tiles
// MARK: return
func.func @narrow(%a: tensor<256x1024xbf16>, %b: tensor<1024x8xbf16>, %c: tensor<256x8xf32>) -> tensor<256x8xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x1024xbf16>, tensor<1024x8xbf16>) outs(%c : tensor<256x8xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256x8xf32>
  return %0 : tensor<256x8xf32>
}

// -----

// A marked matmul on buffers whose C was just filled with zeros: the
// function asks Linux for tile state (arch_prctl through syscall 158) and
// aborts with a message if refused; then one parallel iteration per panel
// of 256 columns (4 of them) copies its 512 x 256 slice of B into VNNI layout (256
// rows of 512 bf16: rows 2p and 2p + 1 interleaved), and each 32 x 32
// block of C starts from 4 zeroed tiles (the fill is gone), runs k by 32
// with 2 tiles of A, 2 of the panel and 4 tdpbf16ps, and stores its tiles.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// AMX: llvm.mlir.global internal constant @axle_amx_refused_message("axle: this code multiplies bf16 matrices on AMX tiles
// AMX-DAG: llvm.func @syscall(i64, ...) -> i64
// AMX-DAG: llvm.func @abort()
// AMX-LABEL: func.func @from_zero
// AMX-NOT: linalg.fill
// AMX: %[[STATUS:.*]] = llvm.call @syscall(%{{.*}}, %{{.*}}, %{{.*}}) vararg
// AMX: %[[REFUSED:.*]] = arith.cmpi ne, %[[STATUS]]
// AMX: scf.if %[[REFUSED]] {
// AMX: llvm.call @puts
// AMX: llvm.call @abort
// AMX: scf.parallel (%[[IT:.*]]) = ({{.*}}) to (%c4{{.*}}) step (%c1{{.*}})
// AMX: arith.muli %{{.*}}, %c256
// AMX: %[[PANEL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256x512xbf16>
// AMX: vector.interleave {{.*}} : vector<16xbf16> -> vector<32xbf16>
// AMX: vector.store {{.*}}, %[[PANEL]]
// AMX-COUNT-4: amx.tile_zero : !amx.tile<16x16xf32>
// AMX: scf.for {{.*}} iter_args
// AMX-COUNT-2: amx.tile_load %arg0
// AMX-COUNT-2: amx.tile_load %[[PANEL]]
// AMX-COUNT-4: amx.tile_mulf
// AMX: scf.yield
// AMX-COUNT-4: amx.tile_store %arg2
// AMX: memref.dealloc %[[PANEL]]
// AMX-NOT: linalg.generic
// AMX: return
func.func @from_zero(%a: memref<256x512xbf16>, %b: memref<512x1024xbf16>, %c: memref<256x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<256x1024xf32>)
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<256x512xbf16>, memref<512x1024xbf16>) outs(%c : memref<256x1024xf32>) attrs = {axle.amx_tiles} {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Without a zero fill the tiles start from C; an operand whose rows are
// not contiguous (every other column of a wider buffer) is copied first.
// 96 columns take 3 panels of 32.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// AMX-LABEL: func.func @accumulate
// AMX: %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64x256xbf16>
// AMX: memref.copy %arg0, %[[COPY]]
// AMX: scf.parallel ({{.*}}) = ({{.*}}) to (%c3{{.*}}) step (%c1{{.*}})
// AMX: arith.muli %{{.*}}, %c32
// AMX-COUNT-4: amx.tile_load %arg2
// AMX-COUNT-2: amx.tile_load %[[COPY]]
// AMX: memref.dealloc %[[COPY]]
// AMX: return
func.func @accumulate(%a: memref<64x256xbf16, strided<[512, 2]>>, %b: memref<256x96xbf16>, %c: memref<64x96xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<64x256xbf16, strided<[512, 2]>>, memref<256x96xbf16>) outs(%c : memref<64x96xf32>) attrs = {axle.amx_tiles} {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A marked epilogue right after its matmul (past the allocation of its
// output) runs on each 32 x 32 block: the four tiles go to a 4 KiB buffer,
// and each of its 32 rows is read as a vector of 32 sums, the bias's 32
// columns read beside it, the row's scale read once and broadcast, and the
// body applied lane-wise, written to the output. The f32 sums' buffer,
// which nothing reads any more, goes with its fill.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
// AMX-LABEL: func.func @epilogue
// AMX-NOT: memref<64x128xf32>
// AMX: %[[OUT:.*]] = memref.alloc() : memref<64x128xbf16>
// AMX: scf.parallel
// AMX: %[[BLOCK:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32x32xf32>
// AMX-COUNT-4: amx.tile_zero
// AMX: scf.for
// AMX-COUNT-4: amx.tile_mulf
// AMX: scf.yield
// AMX-COUNT-4: amx.tile_store %[[BLOCK]]
// AMX: scf.for %[[R:.*]] = %{{.*}} to %c32{{.*}} step %c1
// AMX: %[[ROW:.*]] = arith.addi %{{.*}}, %[[R]]
// AMX: %[[SUMS:.*]] = vector.load %[[BLOCK]][%[[R]], %{{.*}}] : memref<32x32xf32>, vector<32xf32>
// AMX: %[[BIAS:.*]] = vector.transfer_read %arg2[%[[COLUMN:.*]]], %{{.*}} {in_bounds = [true]} : memref<128xbf16>, vector<32xbf16>
// AMX: %[[SCALAR:.*]] = memref.load %arg3[%[[ROW]]] : memref<64xbf16>
// AMX: %[[SCALE:.*]] = vector.broadcast %[[SCALAR]] : bf16 to vector<32xbf16>
// AMX: %[[T:.*]] = arith.truncf %[[SUMS]] : vector<32xf32> to vector<32xbf16>
// AMX: %[[S:.*]] = arith.addf %[[T]], %[[BIAS]] : vector<32xbf16>
// AMX: %[[P:.*]] = arith.mulf %[[S]], %[[SCALE]] : vector<32xbf16>
// AMX: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<32xbf16>
// AMX: %[[M:.*]] = arith.maximumf %[[P]], %[[ZERO]] : vector<32xbf16>
// AMX: vector.transfer_write %[[M]], %[[OUT]][%[[ROW]], %[[COLUMN]]] {in_bounds = [true]}
// AMX: memref.dealloc %[[BLOCK]]
// AMX-NOT: linalg.generic
// AMX-NOT: memref<64x128xf32>
// AMX: return %[[OUT]]
func.func @epilogue(%a: memref<64x256xbf16>, %b: memref<256x128xbf16>, %bias: memref<128xbf16>, %scale: memref<64xbf16>) -> memref<64x128xbf16> {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<64x128xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<64x128xf32>)
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<64x256xbf16>, memref<256x128xbf16>) outs(%c : memref<64x128xf32>) attrs = {axle.amx_tiles} {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  }
  %out = memref.alloc() : memref<64x128xbf16>
  linalg.generic {indexing_maps = [#id, #col, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%c, %bias, %scale : memref<64x128xf32>, memref<128xbf16>, memref<64xbf16>) outs(%out : memref<64x128xbf16>) attrs = {axle.amx_epilogue} {
  ^bb0(%x: f32, %bi: bf16, %sc: bf16, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    %s = arith.addf %t, %bi : bf16
    %p = arith.mulf %s, %sc : bf16
    %z = arith.constant 0.0 : bf16
    %m = arith.maximumf %p, %z : bf16
    linalg.yield %m : bf16
  }
  memref.dealloc %c : memref<64x128xf32>
  return %out : memref<64x128xbf16>
}

// -----

// Where something between the matmul and its epilogue writes memory (here
// the bias), the matmul stores its sums whole and the epilogue reads them
// back: rows in parallel, 32 columns at a time.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// AMX-LABEL: func.func @epilogue_apart
// AMX-COUNT-4: amx.tile_store %arg3
// AMX: linalg.fill
// AMX: scf.parallel (%[[ROW:.*]]) = (%{{.*}}) to (%c64{{.*}}) step (%c1{{.*}})
// AMX: scf.for %[[COLUMN:.*]] = %{{.*}} to %c128{{.*}} step %c32
// AMX: %[[SUMS:.*]] = vector.transfer_read %arg3[%[[ROW]], %[[COLUMN]]]{{.*}} : memref<64x128xf32>, vector<32xf32>
// AMX: %[[BIAS:.*]] = vector.transfer_read %arg2[%[[COLUMN]]]
// AMX: %[[T:.*]] = arith.addf %[[SUMS]], %[[BIAS]] : vector<32xf32>
// AMX: vector.transfer_write %[[T]], %arg4[%[[ROW]], %[[COLUMN]]]
// AMX-NOT: linalg.generic
// AMX: return
func.func @epilogue_apart(%a: memref<64x256xbf16>, %b: memref<256x128xbf16>, %bias: memref<128xf32>, %c: memref<64x128xf32>, %out: memref<64x128xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<64x256xbf16>, memref<256x128xbf16>) outs(%c : memref<64x128xf32>) attrs = {axle.amx_tiles} {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%one : f32) outs(%bias : memref<128xf32>)
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : memref<64x128xf32>, memref<128xf32>) outs(%out : memref<64x128xf32>) attrs = {axle.amx_epilogue} {
  ^bb0(%x: f32, %bi: f32, %o: f32):
    %s = arith.addf %x, %bi : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A batched matmul: one parallel iteration per panel of each batch (2
// batches of 3 panels of 32 columns), whose batch and panel come from the
// iteration number; every tile and vector access leads with the batch.

#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// AMX-LABEL: func.func @batched
// AMX: scf.parallel (%[[IT:.*]]) = (%{{.*}}) to (%c6{{.*}}) step (%c1{{.*}})
// AMX: %[[REM:.*]] = arith.remui %[[IT]], %c3
// AMX: %[[J0:.*]] = arith.muli %[[REM]], %c32
// AMX: %[[BATCH:.*]] = arith.divui %[[IT]], %c3
// AMX: vector.load %arg1[%[[BATCH]], %{{.*}}, %{{.*}}] : memref<2x256x96xbf16>, vector<16xbf16>
// AMX-COUNT-4: amx.tile_load %arg2[%[[BATCH]], %{{.*}}, %{{.*}}] : memref<2x64x96xf32> into !amx.tile<16x16xf32>
// AMX: scf.for
// AMX: amx.tile_load %arg0[%[[BATCH]], %{{.*}}, %{{.*}}] : memref<2x64x256xbf16> into !amx.tile<16x32xbf16>
// AMX-COUNT-4: amx.tile_store %arg2[%[[BATCH]], %{{.*}}, %{{.*}}]
// AMX: return
func.func @batched(%a: memref<2x64x256xbf16>, %b: memref<2x256x96xbf16>, %c: memref<2x64x96xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : memref<2x64x256xbf16>, memref<2x256x96xbf16>) outs(%c : memref<2x64x96xf32>) attrs = {axle.amx_tiles} {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// B given transposed (n x k, as q k^T and PyTorch's linear layers have
// it): the panel is packed from 16 rows of B^T at a time, 32 k each, read
// as 16 words (pairs of k) per row and transposed with shuffles, so that
// each of the 16 rows stored holds 16 columns' pairs of k.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// AMX-LABEL: func.func @transposed_b
// AMX: %[[PANEL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x128xbf16>
// AMX-COUNT-16: vector.load %arg1[{{.*}}] : memref<64x256xbf16>, vector<32xbf16>
// AMX-NOT: vector.transpose
// AMX: vector.shuffle
// AMX-COUNT-16: vector.store {{.*}}, %[[PANEL]]
// AMX-NOT: vector.transpose
// AMX-COUNT-4: amx.tile_mulf
// AMX: return
func.func @transposed_b(%a: memref<128x256xbf16>, %b: memref<64x256xbf16>, %c: memref<128x64xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<128x256xbf16>, memref<64x256xbf16>) outs(%c : memref<128x64xf32>) attrs = {axle.amx_tiles} {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Sizes that are no multiples of 32 (48 x 40 x 100) run padded: A, B and
// C are copied into buffers of 64 x 128, 128 x 64 and 64 x 64 (C, whose
// sums start from its values, is copied in too) whose padding alone is
// zeroed (the rows past the operand's, then the columns past its within
// its rows), the tiles run on those, and C's part is copied back.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// AMX-LABEL: func.func @padded
// AMX: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64x128xbf16>
// AMX: %[[AW:.*]] = memref.subview %[[A]][0, 0] [48, 100] [1, 1]
// AMX-NOT: linalg.fill
// AMX: %[[AR:.*]] = memref.subview %[[A]][48, 0] [16, 128] [1, 1]
// AMX-NEXT: linalg.fill ins(%{{.*}} : bf16) outs(%[[AR]]
// AMX-NEXT: %[[AC:.*]] = memref.subview %[[A]][0, 100] [48, 28] [1, 1]
// AMX-NEXT: linalg.fill ins(%{{.*}} : bf16) outs(%[[AC]]
// AMX-NEXT: memref.copy %arg0, %[[AW]]
// AMX: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x64xbf16>
// AMX-NOT: linalg.fill
// AMX: %[[BR:.*]] = memref.subview %[[B]][100, 0] [28, 64] [1, 1]
// AMX-NEXT: linalg.fill ins(%{{.*}} : bf16) outs(%[[BR]]
// AMX-NEXT: %[[BC:.*]] = memref.subview %[[B]][0, 40] [100, 24] [1, 1]
// AMX-NEXT: linalg.fill ins(%{{.*}} : bf16) outs(%[[BC]]
// AMX-NEXT: memref.copy %arg1
// AMX: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64x64xf32>
// AMX: %[[CW:.*]] = memref.subview %[[C]][0, 0] [48, 40] [1, 1]
// AMX-NOT: linalg.fill
// AMX: %[[CR:.*]] = memref.subview %[[C]][48, 0] [16, 64] [1, 1]
// AMX-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[CR]]
// AMX-NEXT: %[[CC:.*]] = memref.subview %[[C]][0, 40] [48, 24] [1, 1]
// AMX-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[CC]]
// AMX-NEXT: memref.copy %arg2, %[[CW]]
// AMX-NOT: linalg.fill
// AMX: scf.parallel ({{.*}}) = ({{.*}}) to (%c1{{.*}}) step (%c1{{.*}})
// AMX-COUNT-4: amx.tile_load %[[C]]
// AMX: amx.tile_load %[[A]]
// AMX-COUNT-4: amx.tile_store %[[C]]
// AMX: memref.copy %[[CW]], %arg2
// AMX-NEXT: memref.dealloc %[[C]]
// AMX-NEXT: memref.dealloc %[[B]]
// AMX-NEXT: memref.dealloc %[[A]]
// AMX: return
func.func @padded(%a: memref<48x100xbf16>, %b: memref<100x40xbf16>, %c: memref<48x40xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<48x100xbf16>, memref<100x40xbf16>) outs(%c : memref<48x40xf32>) attrs = {axle.amx_tiles} {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  }
  return
}
