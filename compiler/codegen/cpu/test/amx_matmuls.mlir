// RUN: axle-opt --pass-pipeline='builtin.module(func.func(axle-tile-and-vectorize{amx-tiles=true}))' --split-input-file %s | FileCheck %s --check-prefix=MARK
// RUN: axle-opt --pass-pipeline='builtin.module(axle-amx-matmuls)' --split-input-file %s | FileCheck %s --check-prefix=AMX

// With amx-tiles, a bf16 matmul into f32 that the tiles fit stays a linalg
// op marked axle.amx_tiles (its truncating epilogue is vectorized on its
// own, not fused into it); one whose n (48) is no multiple of 32 gets the
// register tiles as before.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// MARK-LABEL: func.func @fits
// MARK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<256x512xbf16>, tensor<512x1024xbf16>) outs(%{{.*}} : tensor<256x1024xf32>) attrs = {axle.amx_tiles}
// MARK: scf.forall
// MARK: arith.truncf {{.*}} : vector<32xf32> to vector<32xbf16>
// MARK-NOT: math.fma
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

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// MARK-LABEL: func.func @narrow
// MARK-NOT: axle.amx_tiles
// MARK: math.fma {{.*}} : vector<16xf32>
// MARK-NOT: axle.amx_tiles
// MARK: return
func.func @narrow(%a: tensor<256x512xbf16>, %b: tensor<512x48xbf16>, %c: tensor<256x48xf32>) -> tensor<256x48xf32> {
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x512xbf16>, tensor<512x48xbf16>) outs(%c : tensor<256x48xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %s = math.fma %xf, %yf, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256x48xf32>
  return %0 : tensor<256x48xf32>
}

// -----

// A marked matmul on buffers whose C was just filled with zeros: the
// function asks Linux for tile state (arch_prctl through syscall 158) and
// aborts with a message if refused; then one parallel iteration per panel
// of 256 columns copies its 512 x 256 slice of B into VNNI layout (256
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
// AMX: scf.parallel (%[[J0:.*]]) = ({{.*}}) to ({{.*}}) step (%c256{{.*}})
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
// 96 columns take panels of 32.

#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// AMX-LABEL: func.func @accumulate
// AMX: %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64x256xbf16>
// AMX: memref.copy %arg0, %[[COPY]]
// AMX: scf.parallel ({{.*}}) = ({{.*}}) to (%c96{{.*}}) step (%c32{{.*}})
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
