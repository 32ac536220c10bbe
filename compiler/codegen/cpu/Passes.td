//===- Passes.td - CPU code generation passes ------------*- tablegen -*-===//

#ifndef AXLE_CODEGEN_CPU_PASSES
#define AXLE_CODEGEN_CPU_PASSES

include "mlir/Pass/PassBase.td"

def ApproximateMathPass : Pass<"axle-approximate-math", "::mlir::ModuleOp"> {
  let summary = "Math functions as inline code or C library calls";
  let description = [{
    Rewrites f32 and bf16 exp, expm1, tanh, log, log1p, sin, cos and tan
    (scalars and vectors) into inline arithmetic (f32; f64 for sin, cos and
    tan, with C
    library calls for huge and non-finite inputs) and f32, f16 and bf16 pow
    into f64 arithmetic (products for constant exponents 2, 3, 4, 1 and -1,
    else the library pow), the recipes the interpreter runs on scalars, so
    that they vectorize and compute the interpreter's bits
    (VectorMath.cpp); rsqrt becomes 1 / sqrt (in f64 for f32, rounded
    once). The remaining transcendental
    functions become calls to the C library (declared in the module), f32
    and f16 ones through the f64 function and one rounding, which gives the
    correctly rounded value practically always; bit operations (ctpop,
    ctlz, copysign, ...) stay for the LLVM conversion.
  }];
  let options = [
    Option<"avx512", "avx512", "bool", /*default=*/"false",
           "The target has AVX-512F: exp scales its result by 2^n with "
           "vscalefps (llvm.x86.avx512.mask.scalef.ps.512) instead of two "
           "multiplies (the same bits), and table lookups of 16 lanes are "
           "one vpermps (llvm.x86.avx512.permvar.sf.512)">,
    Option<"avx2", "avx2", "bool", /*default=*/"false",
           "The target has AVX2: table lookups of 8 lanes are two vpermps "
           "(llvm.x86.avx2.permps) and a select">,
    Option<"quietUnderflow", "quiet-underflow", "bool", /*default=*/"false",
           "Products that underflow cost no more than others on the target "
           "(AMD Zen 4): exp computes the results that round to 0 instead "
           "of selecting them (the same bits, three operations fewer per "
           "vector)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect", "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::scf::SCFDialect"
  ];
}

def EmitEntryPointsPass : Pass<"axle-emit-entry-points", "::mlir::ModuleOp"> {
  let summary = "Give every public function a `void axle_entry_<name>(void **)` wrapper";
  let description = [{
    Runs after bufferization, when every public function takes only
    statically shaped memrefs (inputs, then outputs) and returns nothing.
    For each such function `@f` it adds `@axle_entry_f(%buffers: !llvm.ptr)`:
    `buffers` points at an array of data pointers, one per argument, in
    order; the wrapper builds the memref descriptors (identity layout) and
    calls `@f`. This is the one calling convention of compiled axle code:
    the runtime, the C header of a shared library and the JIT all call it.
    It first gives custom-call thunks their bodies
    (see --axle-emit-custom-call-thunks).
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect", "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect", "::mlir::arith::ArithDialect"
  ];
}

def CopyAliasedResultsPass
    : Pass<"axle-copy-aliased-results", "::mlir::ModuleOp"> {
  let summary = "Give every result of a public function its own tensor";
  let description = [{
    Public functions write each result into a buffer the caller owns. A
    result that is also an argument, or that repeats an earlier result, has
    no computation of its own to write there; this pass inserts a
    `linalg.copy` into a fresh tensor for each such result. Run it right
    before bufferization (CSE would merge the copies again).

    It also marks every tensor argument of a public function read-only
    (`bufferization.writable = false`): callers pass their inputs as const
    buffers, so an op that would update an argument in place (scatter,
    dynamic_update_slice) updates a copy of it instead.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"
  ];
}

def FoldFillTransfersPass : Pass<"axle-fold-fill-transfers"> {
  let summary = "Vector reads of a fill become broadcasts; whole writes over "
                "a fill write into its destination";
  let description = [{
    On tensors: an in-bounds, unmasked `vector.transfer_read` of a
    `linalg.fill` result becomes a `vector.broadcast` of the fill value; an
    unmasked `vector.transfer_write` at index 0 that covers every element of
    a fill result writes into the fill's destination instead. A contraction
    tile whose k loop runs once then starts its accumulators from a constant
    and writes C once, with no fill in memory. Run it after the C tile is
    hoisted out of the k loop (loop-invariant-subset-hoisting, canonicalize).
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::vector::VectorDialect"
  ];
}

def WidenBoolConstantsPass : Pass<"axle-widen-bool-constants"> {
  let summary = "Give elementwise ops i8 copies of their i1 constant operands";
  let description = [{
    Each i1 tensor constant read by a `linalg.generic` on tensors is
    replaced, for that op, by an i8 constant of the same 0 and 1 values, and
    the body truncates the byte back to i1 before using it. Tensors of i1
    do not vectorize (LLVM packs i1 vectors into bits, a buffer holds a byte
    per element); bytes do. Run it before axle-tile-and-vectorize.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def DuplicateSharedFillsPass : Pass<"axle-duplicate-shared-fills"> {
  let summary = "Give every user of a tensor linalg.fill a fill of its own";
  let description = [{
    A fill with several users (CSE merges identical zero fills, e.g. the
    accumulators of two matmuls of one shape) becomes one fill per user,
    placed right before it. Bufferization can then write each into the
    buffer its user owns instead of keeping one filled buffer alive (and
    copying it) until the last user. Run it right before bufferization
    (CSE would merge the fills again).
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"
  ];
}

def ScheduleForMemoryPass
    : Pass<"axle-schedule-for-memory", "::mlir::func::FuncOp"> {
  let summary = "Reorder top-level tensor ops so that fewer buffers are live at once";
  let description = [{
    Runs on tensors right before one-shot bufferization. Models the buffers
    bufferization will allocate (one per tensor.empty, made where its user
    stands; in-place results share their operand's buffer; arguments,
    constants and returned buffers cost nothing; a buffer dies after the
    last top-level op that touches it) and reorders the top-level ops with
    a greedy list scheduler: among the ready ops, the one that raises the
    live bytes least (or lowers them most) runs next, ties in program
    order. Dependences: SSA uses (also inside regions), the relative order
    of ops with memory effects or memrefs, and of each in-place write with
    the other ops touching its buffer (bufferization then makes the same
    in-place decisions: no copies). tensor.empty and fills used by one op
    move with it. Of two orders with the same peak, the one with fewer ops
    out of place is taken (a second schedule follows the program order
    while it stays within the greedy peak). The program order stays unless
    the new one lowers the model's largest live set by at least 1%. Pure
    tensor ops compute the same bits in any order.
  }];
  let options = [
    Option<"annotate", "annotate", "bool", /*default=*/"false",
           "Record the model's largest live set before and after and the "
           "ops moved on the function (axle.memory_schedule) for the memory "
           "report">
  ];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def ExpandF64ToBF16Pass : Pass<"axle-expand-f64-to-bf16"> {
  let summary = "Round f64 to bf16 through f32 without double rounding";
  let description = [{
    x86-64 has no f64 -> bf16 conversion and the C runtime of older
    toolchains lacks the library routine LLVM calls for it. This pass
    rewrites `arith.truncf` f64 -> bf16 as a round-to-odd step to f32
    followed by the usual f32 -> bf16 rounding, which gives the correctly
    rounded (nearest-even) bf16 value: f32 keeps more than two extra bits.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::math::MathDialect"];
}

def ExpandArithPass : Pass<"axle-expand-arith"> {
  let summary = "Expand the arith ops LLVM cannot lower, keeping IEEE "
                "maximum and minimum exact";
  let description = [{
    Applies the rewrites of MLIR's arith-expand that axle needs (ceiling
    and floor division, scaling conversions, bf16 conversions) but not its
    maximumf / minimumf expansion: that compare-and-select returns its
    second operand when the two compare equal, so maximum(+0, -0) came out
    -0, where IEEE 754 (and so StableHLO) orders -0 below +0. Those ops
    stay for the LLVM conversion (llvm.maximum / llvm.minimum, exact on
    every target). With `avx512dq`, the ones on vectors of whole zmm
    registers (16 x f32, 8 x f64, and rows of several, such as a matmul
    epilogue's 64 columns) become vrangeps / vrangepd, register by
    register, which order signed zeros but return the other operand for
    a quiet NaN, and a select of a + b (the first NaN, made quiet, as
    llvm::maximum gives) where either operand is NaN: three instructions
    per register where LLVM's generic lowering takes six.
  }];
  let options = [
    Option<"avx512dq", "avx512dq", "bool", /*default=*/"false",
           "The target has AVX-512DQ: maximumf and minimumf of vectors of "
           "whole 512-bit registers use vrangeps / vrangepd">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def EmitCustomCallThunksPass
    : Pass<"axle-emit-custom-call-thunks", "::mlir::ModuleOp"> {
  let summary = "Give custom-call thunks a body that calls the target's slot";
  let description = [{
    The lowering turns each `stablehlo.custom_call @T` into a call of a
    bodiless private function marked `axle.custom_call_target = "T"` that
    takes the operand and result buffers. This pass adds an exported,
    null-initialized function-pointer global per target (its name is
    `runtime::customCallSlotSymbol(T)`), and gives each thunk a body that
    collects the buffers' data pointers into a `void *[]` and calls the
    function in the slot, which the runtime (or a program linking the
    library) fills in.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect", "::mlir::memref::MemRefDialect",
    "::mlir::arith::ArithDialect"
  ];
}

def ParallelizeLoopsPass : Pass<"axle-parallelize-loops", "::mlir::ModuleOp"> {
  let summary = "Run large outer parallel loops on the runtime's threads";
  let description = [{
    Each `scf.parallel` directly in a function body (after bufferization)
    whose first dimension has a constant trip count of at least 2 and whose
    iterations do enough work is outlined into a function
    `(void *ctx, i64 begin, i64 end)` running iterations [begin, end) of
    that dimension. The captured values (static memrefs as data pointers,
    scalars as 64-bit words) go into a stack array `ctx`, and the loop
    becomes a call of the runtime's `axle_parallel_for` through the slot
    `axle_parallel_for_slot`; with an empty slot (a library used without
    the runtime) it calls the outlined function once for the whole range.
    Loops with results or with captures of other types stay as they are.
  }];
  let options = [
    Option<"minIterations", "min-iterations", "int64_t", /*default=*/"32768",
           "Smallest number of innermost iterations worth parallelizing">
  ];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect", "::mlir::scf::SCFDialect",
    "::mlir::memref::MemRefDialect", "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect"
  ];
}

def MemoryReportPass : Pass<"axle-memory-report", "::mlir::ModuleOp"> {
  let summary = "Print the peak memory of the bufferized program";
  let description = [{
    Runs on the bufferized program (before deallocation is inserted) and
    prints, for each public function: the caller-owned input and output
    bytes, the constant data, the naive total of all intermediate buffers
    (what a program keeping every intermediate would need), the planned
    peak (each buffer lives from its allocation to the last use of it or of
    a view of it, in program order; the code frees it there), and the
    largest live set with the ops whose results hold it. Buffers allocated
    inside loops or branches count while their enclosing top-level op runs.
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"text\"",
           "text or json">
  ];
}

def PlanBuffersPass : Pass<"axle-plan-buffers", "::mlir::ModuleOp"> {
  let summary = "Place each function's intermediate buffers in one arena";
  let description = [{
    Runs on the bufferized program before deallocation is inserted. The
    statically shaped buffers a function allocates at its top level become
    views of one arena allocated at its entry: each buffer lives from the
    top-level op that first touches it to the last one that touches it or
    a view of it, and buffers whose lifetimes overlap never share bytes
    (largest first, each at the lowest 64-byte aligned offset that fits).
    Buffers allocated inside loops or branches and buffers handed back to
    the caller keep their own allocations.
  }];
  let dependentDialects = [
    "::mlir::memref::MemRefDialect", "::mlir::arith::ArithDialect"
  ];
}

def RouteAllocationsPass : Pass<"axle-route-allocations", "::mlir::ModuleOp"> {
  let summary = "Allocate buffers through the runtime's slots, else malloc";
  let description = [{
    Runs after finalize-memref-to-llvm{use-generic-functions}, which calls
    the declared `_mlir_memref_to_llvm_alloc` and `_mlir_memref_to_llvm_free`
    for every allocation. Defines them (internal linkage): each calls the
    function in an exported, null-initialized slot (`axle_alloc_slot`,
    `axle_free_slot`) that the runtime fills with its per-thread cache of
    large blocks, or the library's own allocator (aligned_alloc / free) when
    the slot is empty. Both give 64-byte aligned blocks, and the allocation
    function's result says so (noalias, align 64; not inlined).
  }];
  let options = [
    Option<"hugePages", "huge-pages", "bool", /*default=*/"false",
           "Linux targets: the library's own allocator puts blocks of 4 MiB "
           "or more on 2 MiB pages and advises huge pages for them (madvise)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def LowerStridedCopiesPass : Pass<"axle-lower-strided-copies"> {
  let summary = "Turn copies between strided buffers into linalg.copy";
  let description = [{
    `memref.copy` between buffers that are not both contiguous would become
    a call into MLIR's runtime-utils library, which compiled axle code does
    not link. Such copies become `linalg.copy`, which later becomes loops;
    contiguous copies stay and become `memcpy`.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TileAndVectorizePass
    : Pass<"axle-tile-and-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Fuse, tile and vectorize linalg ops on tensors, bit-exactly";
  let description = [{
    Fuses elementwise producers into their consumers, tiles float matmuls
    for the caches and the registers (k innermost, step 1) and vectorizes
    the register tile (convolutions in NHWC x HWIO layout get the same
    register tile), and vectorizes the innermost parallel dimension of
    other linalg ops whose operands are contiguous along it. Every result
    keeps the scalar loops' order of operations (no reassociation; the
    contractions' fused multiply-adds stay fused multiply-adds), so the
    generated code computes the same bits as the interpreter, except where
    an option allows another order (bf16-pair-dot, reassociate-reductions). Ops
    that do not fit stay linalg ops for convert-linalg-to-loops.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Print the fusion decisions and the kernel counts before and after">,
    Option<"fuse", "fuse", "bool", /*default=*/"true",
           "Fuse elementwise producers into their consumers">,
    Option<"bf16PairDot", "bf16-pair-dot", "bool", /*default=*/"false",
           "bf16 matmuls into f32 add two k steps per AVX512-BF16 vdpbf16ps "
           "(a fast-math choice: another order of additions, subnormals "
           "flushed)">,
    Option<"amxTiles", "amx-tiles", "bool", /*default=*/"false",
           "Leave bf16 x bf16 -> f32 matmuls that AMX tiles fit (m and n "
           "multiples of 32, k of 32) to axle-amx-matmuls, marked "
           "axle.amx_tiles (a fast-math choice: the tiles' own order of "
           "additions, bf16 subnormals read as zero), and with fuse their "
           "lane-wise consumers, marked axle.amx_epilogue">,
    Option<"l1DataBytes", "l1-data-bytes", "int64_t", /*default=*/"0",
           "The target's L1 data cache per core in bytes (0 = unknown): "
           "below 48 KiB, f32 matmuls take 512-deep k blocks">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "The width of the target's widest vector registers in bits: 512 "
           "(AVX-512, 32 registers: register tiles of 16 accumulators, up "
           "to 4 x 64 f32) or 256 (AVX2, 16 registers: 8 accumulators, up "
           "to 4 x 16 f32)">,
    Option<"reassociateReductions", "reassociate-reductions", "bool",
           /*default=*/"false",
           "Row sums and products of floats keep partial results across "
           "their k loop and combine them once after it, as maxima do "
           "(--reassociate-reductions: another order of additions)">,
    Option<"reductionRowPrefetches", "reduction-row-prefetches", "bool",
           /*default=*/"true",
           "Row reductions over a large tensor prefetch each of their 16 "
           "rows ahead (off where the CPU's hardware prefetchers follow "
           "16 streams: targetPrefetchesReductionRows)">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect", "::mlir::ub::UBDialect",
    "::mlir::vector::VectorDialect", "::mlir::memref::MemRefDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::x86vector::X86VectorDialect"
  ];
}

def LowerStridedTransfersPass : Pass<"axle-lower-strided-transfers"> {
  let summary = "Scalar loads and stores for vector transfers LLVM cannot take";
  let description = [{
    Runs after convert-vector-to-scf (transfers are then at most 1-D):
    0-D transfers, and 1-D transfers along a memref dimension whose stride
    is not 1, become memref.load / memref.store of each element. Contiguous
    transfers stay for the LLVM conversion (vector loads and stores).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def StreamingStoresPass
    : Pass<"axle-streaming-stores", "::mlir::func::FuncOp"> {
  let summary = "Write large, write-only results with non-temporal stores";
  let description = [{
    For each buffer argument of at least `min-bytes` that the function only
    writes, and only with unmasked, in-bounds 1-D vector writes of whole
    64-byte lines along a unit-stride innermost dimension, each write
    becomes: if its address is 64-byte aligned, a non-temporal
    `vector.store` (written around the caches, no read for ownership),
    otherwise the write as it was. Likewise the writes of an intermediate
    buffer (an allocation or a view of the arena at the function's top
    level) of at least `min-intermediate-bytes` in each top-level loop nest
    that writes it only that way and does not read it; an sfence follows
    each such loop nest. x86 only: run `axle-fence-streaming-stores` after
    the loops are outlined.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"8388608",
           "Smallest result (bytes) written with streaming stores; smaller "
           "ones are likely still in cache when their reader runs">,
    Option<"minIntermediateBytes", "min-intermediate-bytes", "int64_t",
           /*default=*/"33554432",
           "Smallest intermediate buffer (bytes) whose writers stream it: "
           "the next kernel reads it from memory anyway where it exceeds "
           "the last-level cache (32 MiB per Zen 4 chiplet)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def FenceStreamingStoresPass
    : Pass<"axle-fence-streaming-stores", "::mlir::func::FuncOp"> {
  let summary = "Fence the non-temporal stores of a function before it returns";
  let description = [{
    Non-temporal stores are weakly ordered: another thread may see them late
    unless a store fence follows. Every function containing a non-temporal
    `vector.store` gets an `sfence` (x86) before each return; run it after
    the parallel loops are outlined, so that each worker fences its own
    stores before the runtime reports its work done.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def PipelineRowBlocksPass
    : Pass<"axle-pipeline-row-blocks", "::mlir::func::FuncOp"> {
  let summary = "Stream each row block's result while the next block computes";
  let description = [{
    For an `scf.parallel` over blocks (its last dimension, constant bounds,
    at the top of a function; other dimensions, such as attention's heads,
    stay as they are) whose body ends with a parallel loop that writes
    with non-temporal stores (then only deallocations), and that has an
    earlier parallel loop over the same iteration space: the blocks are
    split into chunks (parallel) and each chunk runs its blocks in order,
    the last loop of block b-1 fused into that earlier loop of block b, so
    the streaming stores overlap the earlier loop's compute. Each block's
    buffers are freed one iteration later. Run after bufferization and
    `axle-streaming-stores`, before `axle-parallelize-loops`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def PipelineVectorLoopsPass
    : Pass<"axle-pipeline-vector-loops", "::mlir::func::FuncOp"> {
  let summary = "Run the first half of iteration i+1 beside the second half "
                "of iteration i";
  let description = [{
    Software pipelining in two stages of innermost `scf.parallel` loops
    without reductions whose last dimension has constant bounds and at
    least two iterations, and whose body's critical path is at least 40
    estimated cycles (vector math such as tanh or exp). The body splits
    where the fewest values cross, in the middle half of its critical path;
    memory writes stay in the second stage. The loop becomes `scf.for`
    loops, the innermost running the first stage of the next iteration and
    the second stage of the current one, with a prologue and an epilogue.
    Bit-identical (each iteration keeps its order of operations). Run on
    loops of vector operations, after the math is expanded and before SCF
    is lowered to control flow.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"
  ];
}

def AmxMatmulsPass : Pass<"axle-amx-matmuls", "::mlir::ModuleOp"> {
  let summary = "Compute the bf16 matmuls marked for AMX on AMX tiles";
  let description = [{
    Rewrites each bf16 x bf16 -> f32 matmul on buffers that
    axle-tile-and-vectorize marked `axle.amx_tiles` (with its amx-tiles
    option: --fast-math on a CPU with AMX-BF16) as AMX code: a parallel
    loop over the panels of C's columns of each batch, each copying its
    panel of B into VNNI
    layout (rows k and k + 1 interleaved) and then running 2 x 2 blocks of
    16 x 16 accumulator tiles over it, 32 k at a time (tdpbf16ps). The
    function first asks Linux for AMX tile state (arch_prctl) and aborts
    with a message where that is refused. The tiles add the products in
    their own order and read bf16 subnormals as zero: a fast-math choice.
    A consumer marked `axle.amx_epilogue` (the lane-wise op reading the
    sums: a truncation to bf16, a bias, an activation) runs on each 32 x 32
    block of sums as its tiles finish, from a 4 KiB buffer in L1, and
    writes its own output; the f32 sums are never stored whole. Where
    something between the two touches memory, the consumer runs after the
    matmul as vector loops of its own instead. Run after bufferization, before the remaining linalg ops become loops;
    a module pass, since it declares the C library functions it calls.
  }];
  let dependentDialects = [
    "::mlir::amx::AMXDialect", "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::ub::UBDialect",
    "::mlir::vector::VectorDialect"
  ];
}

#endif // AXLE_CODEGEN_CPU_PASSES
