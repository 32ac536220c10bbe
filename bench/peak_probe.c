// Peak probe for bench/run.py: this machine's FMA throughput and copy
// bandwidth, measured on the cores the caller pinned us to.
//
//   clang-22 -O3 -march=native -pthread peak_probe.c -o peak_probe
//   taskset -c 0,1 ./peak_probe THREADS [quick|fma|fma-short]
//
// Prints one line of JSON: f32 GFLOP/s (independent chains of vfmadd231ps
// on the widest vectors the CPU has, 512 or 256 bits, enough of them to
// cover the FMA latency on every port), f32 GFLOP/s of the same
// multiply-adds in the shape of axle's matmul register tile for such a CPU
// (vector loads from L1 and broadcasts feeding them, f32_loaded_gflops),
// bf16 GFLOP/s where the CPU has AVX512-BF16 (vdpbf16ps: 32 bf16 products
// summed pairwise into 16 f32 lanes, so 64 flops an instruction), bf16
// GFLOP/s of AMX tile multiplies where the CPU has AMX-BF16 and the kernel
// lets this process use tile state (tdpbf16ps: a 16 x 32 bf16 tile times a
// 32 x 16 one into 16 x 16 f32 sums, 16384 flops an instruction; 0
// elsewhere), the same with the input tiles loaded from L1 before every four
// multiplies (as a matmul kernel on tiles must), and the copy bandwidth in
// GB/s (bytes read + bytes written, as STREAM counts them; the better of a
// plain loop and a streaming one with software prefetches and non-temporal
// stores) of a 64 MiB buffer (the size of the suite's
// memory-bound inputs) and of a 512 MiB one (source and destination together
// exceed this machine's L3; skipped with `quick`, which also shortens the FMA
// loops), and the read bandwidth of summing 64 MiB. `fma` measures the FMA
// peaks alone (the harness repeats that between models: other work on a shared
// machine can halve one probe), `fma-short` the same with a quarter of the
// iterations (the harness runs it right before each compute-bound model). Every
// thread runs the same kernel on its own data; the best of several repetitions
// counts, since a peak is what the hardware can do, not what it usually does.
#define _GNU_SOURCE
#include <immintrin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__AMX_TILE__) && defined(__AMX_BF16__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

// The widest f32 vectors: AVX-512's 32 registers of 16 lanes, or AVX2's
// 16 registers of 8 (with FMA), and the operations the probes use on them.
// TILE_ROW_VECTORS is how many vectors wide a row of axle's matmul register
// tile is on such a CPU (ContractionTiles.cpp: 4 rows x 4 zmm, 4 rows x 2
// ymm).
#if defined(__AVX512F__)
typedef __m512 VecF;
#define LANES 16
#define CHAINS 16 // 2 FMA ports x 4 cycles latency, with room to spare.
#define TILE_ROW_VECTORS 4
#define vecSet1 _mm512_set1_ps
#define vecZero _mm512_setzero_ps
#define vecFma _mm512_fmadd_ps
#define vecAdd _mm512_add_ps
#define vecLoad _mm512_load_ps
#define vecStream _mm512_stream_ps
static float vecSum(VecF v) { return _mm512_reduce_add_ps(v); }
#elif defined(__AVX2__) && defined(__FMA__)
typedef __m256 VecF;
#define LANES 8
#define CHAINS 10 // 2 FMA ports x 5 cycles latency, within 16 registers.
#define TILE_ROW_VECTORS 2
#define vecSet1 _mm256_set1_ps
#define vecZero _mm256_setzero_ps
#define vecFma _mm256_fmadd_ps
#define vecAdd _mm256_add_ps
#define vecLoad _mm256_load_ps
#define vecStream _mm256_stream_ps
static float vecSum(VecF v) {
  float lanes[LANES];
  _mm256_storeu_ps(lanes, v);
  float total = 0;
  for (int i = 0; i < LANES; ++i)
    total += lanes[i];
  return total;
}
#else
#error "the peak probe needs AVX-512F, or AVX2 with FMA"
#endif
#define TILE_COLUMNS (TILE_ROW_VECTORS * LANES)
#define TILE_SUMS (4 * TILE_ROW_VECTORS)

static long fmaIters = 20000000L;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// Keeps results alive so the compiler cannot drop the chains.
static volatile float sink;

// An empty asm that claims to change every chain stops the compiler from
// folding iterations together (a macro, so the chains stay in registers).
#define KEEP_CHAINS(acc)                                                       \
  __asm__ volatile(""                                                          \
                   : "+v"(acc[0]), "+v"(acc[1]), "+v"(acc[2]), "+v"(acc[3]),   \
                     "+v"(acc[4]), "+v"(acc[5]), "+v"(acc[6]), "+v"(acc[7]))

static void initChains(VecF *acc, int count) {
  for (int i = 0; i < count; ++i)
    acc[i] = vecSet1((float)i);
}

// The chains' sum, so that their work is used.
static float sumChains(const VecF *acc, int count) {
  VecF total = acc[0];
  for (int i = 1; i < count; ++i)
    total = vecAdd(total, acc[i]);
  return vecSum(total);
}

static void *fmaF32(void *arg) {
  (void)arg;
  VecF acc[CHAINS];
  initChains(acc, CHAINS);
  const VecF a = vecSet1(0.999999f), b = vecSet1(1e-7f);
  for (long it = 0; it < fmaIters; ++it) {
    for (int i = 0; i < CHAINS; ++i)
      acc[i] = vecFma(acc[i], a, b);
    KEEP_CHAINS(acc);
  }
  sink = sumChains(acc, CHAINS);
  return NULL;
}

// The same multiply-adds in a matmul's shape (MatmulBlock.cpp's register
// tile): 4 rows x TILE_COLUMNS columns of sums (64 with AVX-512, 16 with
// AVX2), each k step TILE_ROW_VECTORS vector loads of a 128-row panel of B
// (32 or 8 KiB, so it stays in L1) and 4 broadcasts of A, for TILE_SUMS
// multiply-adds. Where this runs slower than the chains above, the loads
// cost (on a shared core, often only for a while): a matmul can at best run
// at this loop's rate.
#define PANEL_ROWS 128
static void *fmaF32Loaded(void *arg) {
  (void)arg;
  static _Thread_local float panel[PANEL_ROWS * TILE_COLUMNS]
      __attribute__((aligned(64)));
  static _Thread_local float rowsOfA[4 * PANEL_ROWS]
      __attribute__((aligned(64)));
  for (int i = 0; i < PANEL_ROWS * TILE_COLUMNS; ++i)
    panel[i] = 1e-7f;
  for (int i = 0; i < 4 * PANEL_ROWS; ++i)
    rowsOfA[i] = 0.5f;
  VecF acc[TILE_SUMS];
  initChains(acc, TILE_SUMS);
  for (long pass = 0; pass < fmaIters / PANEL_ROWS; ++pass) {
#pragma clang loop unroll_count(4)
    for (int k = 0; k < PANEL_ROWS; ++k) {
      const float *b = panel + k * TILE_COLUMNS;
      VecF row[TILE_ROW_VECTORS];
      for (int v = 0; v < TILE_ROW_VECTORS; ++v)
        row[v] = vecLoad(b + v * LANES);
      for (int r = 0; r < 4; ++r) {
        VecF a = vecSet1(rowsOfA[r * PANEL_ROWS + k]);
        for (int v = 0; v < TILE_ROW_VECTORS; ++v)
          acc[TILE_ROW_VECTORS * r + v] =
              vecFma(a, row[v], acc[TILE_ROW_VECTORS * r + v]);
      }
    }
    KEEP_CHAINS(acc);
  }
  sink = sumChains(acc, TILE_SUMS);
  return NULL;
}

#ifdef __AVX512BF16__
static void *fmaBf16(void *arg) {
  (void)arg;
  __m512 acc[CHAINS];
  initChains(acc, CHAINS);
  const __m512bh a = (__m512bh)_mm512_set1_epi16(0x3f80); // 1.0
  const __m512bh b = (__m512bh)_mm512_set1_epi16(0x3380); // ~6e-8
  for (long it = 0; it < fmaIters; ++it) {
    for (int i = 0; i < CHAINS; ++i)
      acc[i] = _mm512_dpbf16_ps(acc[i], a, b);
    KEEP_CHAINS(acc);
  }
  sink = sumChains(acc, CHAINS);
  return NULL;
}
#endif

#if defined(__AMX_TILE__) && defined(__AMX_BF16__)
// Linux gives a process AMX tile state only once it asks for it
// (arch_prctl ARCH_REQ_XCOMP_PERM for XFEATURE_XTILEDATA); a kernel or
// hypervisor that does not offer it refuses, and the probe reports 0.
#define ARCH_REQ_XCOMP_PERM 0x1023
#define XFEATURE_XTILEDATA 18
static int amxGranted(void) {
  return syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA) == 0;
}

// The tile shapes, as ldtilecfg reads them (palette 1).
struct TileConfig {
  uint8_t palette, startRow, reserved[14];
  uint16_t bytesPerRow[16];
  uint8_t rows[16];
} __attribute__((packed));

// AMX runs this many times fewer iterations than the FMA chains: each of
// its instructions does 16384 flops, 512 times a vfmadd231ps's.
#define AMX_ITER_DIVISOR 16

// Four independent accumulator tiles (a 32 x 32 block of sums, as a matmul
// kernel keeps them) fed from two tiles of A and two of B: with `load`,
// the four input tiles are loaded again from L1 before each four multiplies,
// as every k step of a matmul on 8 tile registers must (2 x 2 is the most
// reuse they allow: one load per multiply); without, they stay in registers.
static void amxSteps(int load) {
  struct TileConfig config;
  memset(&config, 0, sizeof config);
  config.palette = 1;
  for (int tile = 0; tile < 8; ++tile) {
    config.bytesPerRow[tile] = 64;
    config.rows[tile] = 16;
  }
  _tile_loadconfig(&config);
  uint16_t ones[16 * 32] __attribute__((aligned(64)));
  uint16_t tiny[16 * 32] __attribute__((aligned(64)));
  for (int i = 0; i < 16 * 32; ++i) {
    ones[i] = 0x3f80; // bf16 1.0
    tiny[i] = 0x3380; // bf16 ~6e-8, so the sums stay finite.
  }
  _tile_zero(0);
  _tile_zero(1);
  _tile_zero(2);
  _tile_zero(3);
  _tile_loadd(4, ones, 64);
  _tile_loadd(5, tiny, 64);
  _tile_loadd(6, tiny, 64);
  _tile_loadd(7, ones, 64);
  if (load) {
    for (long it = 0; it < fmaIters / AMX_ITER_DIVISOR; ++it) {
      _tile_loadd(4, ones, 64);
      _tile_loadd(5, tiny, 64);
      _tile_loadd(6, tiny, 64);
      _tile_loadd(7, ones, 64);
      _tile_dpbf16ps(0, 4, 6);
      _tile_dpbf16ps(1, 4, 7);
      _tile_dpbf16ps(2, 5, 6);
      _tile_dpbf16ps(3, 5, 7);
    }
  } else {
    for (long it = 0; it < fmaIters / AMX_ITER_DIVISOR; ++it) {
      _tile_dpbf16ps(0, 4, 6);
      _tile_dpbf16ps(1, 4, 7);
      _tile_dpbf16ps(2, 5, 6);
      _tile_dpbf16ps(3, 5, 7);
    }
  }
  float sums[16 * 16] __attribute__((aligned(64)));
  _tile_stored(0, sums, 64);
  _tile_release();
  sink = sums[0];
}

static void *amxBf16(void *arg) {
  (void)arg;
  amxSteps(0);
  return NULL;
}

static void *amxBf16Loaded(void *arg) {
  (void)arg;
  amxSteps(1);
  return NULL;
}
#endif

struct CopyJob {
  float *src, *dst;
  size_t count;
  int reps;
};

static void *copyKernel(void *arg) {
  struct CopyJob *job = arg;
  for (int r = 0; r < job->reps; ++r) {
    // A plain loop (vectorized by the compiler, ordinary stores), as a
    // compiled elementwise kernel would write it.
    float *restrict dst = job->dst;
    const float *restrict src = job->src;
    for (size_t i = 0; i < job->count; ++i)
      dst[i] = src[i];
    __asm__ volatile("" ::"r"(dst) : "memory");
  }
  return NULL;
}

// The same copy as a streaming kernel can write it: each line of the
// source prefetched 8 KiB ahead into L2 and the destination written with
// non-temporal stores (no read for ownership), as axle's compiled
// elementwise loops over large tensors do. On this VM the hardware
// prefetchers alone left the plain loop well below what memory can do
// (one thread: about 11 GB/s plain, where axle's exp moved 22.8).
static void *streamingCopyKernel(void *arg) {
  struct CopyJob *job = arg;
  for (int r = 0; r < job->reps; ++r) {
    float *dst = job->dst;
    const float *src = job->src;
    size_t lines = job->count / 16;
    for (size_t i = 0; i < lines; ++i) {
      _mm_prefetch((const char *)(src + 16 * i) + 8192, _MM_HINT_T1);
      for (int v = 0; v < 16; v += LANES)
        vecStream(dst + 16 * i + v, vecLoad(src + 16 * i + v));
    }
    _mm_sfence();
    for (size_t i = lines * 16; i < job->count; ++i)
      dst[i] = src[i];
  }
  return NULL;
}

// Sums the source in STREAMS interleaved sequential streams (more
// memory-level parallelism than one, as a blocked reduction has), with
// independent vector accumulators so that the adds keep up with the loads:
// the read bandwidth a reduction can reach.
#define STREAMS 4
static void *readKernel(void *arg) {
  struct CopyJob *job = arg;
  // 4 lines per stream and step: 4 vectors each with AVX-512, 8 with AVX2.
  VecF acc[STREAMS][4];
  for (int s = 0; s < STREAMS; ++s)
    for (int j = 0; j < 4; ++j)
      acc[s][j] = vecZero();
  size_t part = job->count / STREAMS / 64 * 64;
  for (int r = 0; r < job->reps; ++r)
    for (size_t i = 0; i < part; i += 64)
      for (int s = 0; s < STREAMS; ++s)
        for (int j = 0; j < 64 / LANES; ++j)
          acc[s][j % 4] = vecAdd(acc[s][j % 4],
                                 vecLoad(job->src + s * part + i + LANES * j));
  VecF total = vecZero();
  for (int s = 0; s < STREAMS; ++s)
    for (int j = 0; j < 4; ++j)
      total = vecAdd(total, acc[s][j]);
  sink = vecSum(total);
  return NULL;
}

// Runs `fn` on `threads` threads at once; returns the wall time.
static double parallel(int threads, void *(*fn)(void *), void *args,
                       size_t argSize) {
  pthread_t ids[64];
  double start = now();
  for (int t = 0; t < threads; ++t)
    pthread_create(&ids[t], NULL, fn, (char *)args + t * argSize);
  for (int t = 0; t < threads; ++t)
    pthread_join(ids[t], NULL);
  return now() - start;
}

static double fmaPeak(int threads, void *(*fn)(void *), double flopsPerIter) {
  double best = 0;
  for (int rep = 0; rep < 5; ++rep) {
    double seconds = parallel(threads, fn, NULL, 0);
    double gflops = threads * fmaIters * flopsPerIter / seconds / 1e9;
    if (gflops > best)
      best = gflops;
  }
  return best;
}

// Copy bandwidth of `bytes` (total over all threads) from src to dst, or
// with `readOnly` the read bandwidth of summing src.
static double bandwidth(int threads, size_t bytes, int readOnly) {
  size_t count = bytes / sizeof(float);
  float *src = aligned_alloc(64, bytes), *dst = aligned_alloc(64, bytes);
  if (!src || !dst)
    return 0;
  struct CopyJob jobs[64];
  size_t per = count / threads;
  for (int t = 0; t < threads; ++t)
    jobs[t] = (struct CopyJob){src + t * per, dst + t * per, per, 1};
  // First touch from the threads that use the pages, then one warm-up pass.
  for (int t = 0; t < threads; ++t)
    memset(src + t * per, 1, per * sizeof(float));
  parallel(threads, copyKernel, jobs, sizeof(jobs[0]));
  int reps = bytes >= (256ul << 20) ? 2 : 8;
  double best = 0;
  for (int rep = 0; rep < 5; ++rep) {
    for (int t = 0; t < threads; ++t)
      jobs[t].reps = reps;
    // Copies: the better of the plain and the streaming loop.
    for (int streaming = 0; streaming < (readOnly ? 1 : 2); ++streaming) {
      void *(*kernel)(void *) = readOnly    ? readKernel
                                : streaming ? streamingCopyKernel
                                            : copyKernel;
      double seconds = parallel(threads, kernel, jobs, sizeof(jobs[0]));
      double gbs = (readOnly ? 1.0 : 2.0) * per * threads * sizeof(float) *
                   reps / seconds / 1e9;
      if (gbs > best)
        best = gbs;
    }
  }
  free(src);
  free(dst);
  return best;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 1;
  if (threads < 1 || threads > 64)
    threads = 1;
  int quick = argc > 2 && strcmp(argv[2], "quick") == 0;
  int fmaOnly = argc > 2 && (strcmp(argv[2], "fma") == 0 ||
                             strcmp(argv[2], "fma-short") == 0);
  if (quick || (argc > 2 && strcmp(argv[2], "fma-short") == 0))
    fmaIters /= 4;
  // LANES x 2 flops per chain per iteration.
  double f32 = fmaPeak(threads, fmaF32, CHAINS * LANES * 2.0);
  // A k step per iteration: TILE_SUMS multiply-adds of LANES lanes.
  double f32Loaded = fmaPeak(threads, fmaF32Loaded, TILE_SUMS * LANES * 2.0);
#ifdef __AVX512BF16__
  double bf16 = fmaPeak(threads, fmaBf16, CHAINS * 16 * 4.0);
#else
  double bf16 = 0;
#endif
  double amx = 0, amxLoaded = 0;
#if defined(__AMX_TILE__) && defined(__AMX_BF16__)
  if (amxGranted()) {
    amx = fmaPeak(threads, amxBf16, 4 * 16384.0 / AMX_ITER_DIVISOR);
    amxLoaded = fmaPeak(threads, amxBf16Loaded, 4 * 16384.0 / AMX_ITER_DIVISOR);
  }
#endif
  if (fmaOnly) {
    printf("{\"threads\": %d, \"f32_gflops\": %.2f, "
           "\"f32_loaded_gflops\": %.2f, \"tile_columns\": %d, "
           "\"tile_row_vectors\": %d, \"bf16_gflops\": %.2f, "
           "\"amx_bf16_gflops\": %.2f, \"amx_loaded_bf16_gflops\": %.2f}\n",
           threads, f32, f32Loaded, TILE_COLUMNS, TILE_ROW_VECTORS, bf16, amx,
           amxLoaded);
    return 0;
  }
  double copySmall = bandwidth(threads, 64ul << 20, 0);
  double readSmall = bandwidth(threads, 64ul << 20, 1);
  double copyBig = quick ? 0 : bandwidth(threads, 512ul << 20, 0);
  printf("{\"threads\": %d, \"f32_gflops\": %.2f, "
         "\"f32_loaded_gflops\": %.2f, \"tile_columns\": %d, "
         "\"tile_row_vectors\": %d, \"bf16_gflops\": %.2f, "
         "\"amx_bf16_gflops\": %.2f, \"amx_loaded_bf16_gflops\": %.2f, "
         "\"copy_64mib_gbs\": %.2f, \"read_64mib_gbs\": %.2f, "
         "\"copy_big_gbs\": %.2f}\n",
         threads, f32, f32Loaded, TILE_COLUMNS, TILE_ROW_VECTORS, bf16, amx,
         amxLoaded, copySmall, readSmall, copyBig);
  return 0;
}
