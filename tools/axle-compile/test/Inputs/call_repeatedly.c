/* Calls a model compiled by library_allocator.mlir (or another test)
 * many times from several threads at once, without the axle runtime, and
 * checks every element of every result: the library's own allocator hands
 * each cached block to one call at a time. The model maps an array of
 * SIZE floats, all ones, to an array of SIZE floats, all EXPECTED. */
#include MODEL_HEADER

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef SIZE
#define SIZE (256 * 256)
#endif
#ifndef EXPECTED
#define EXPECTED 65536.0f
#endif

enum { kThreads = 4, kCalls = 25, kSize = SIZE };

static void *callMany(void *arg) {
  float *x = malloc(sizeof(float) * kSize);
  float *y = malloc(sizeof(float) * kSize);
  long wrong = 0;
  for (int i = 0; i < kSize; ++i)
    x[i] = 1.0f;
  for (int call = 0; call < kCalls; ++call) {
    model_main(x, y);
    for (int i = 0; i < kSize; ++i)
      wrong += y[i] != EXPECTED;
  }
  free(x);
  free(y);
  *(long *)arg = wrong;
  return NULL;
}

int main(void) {
  pthread_t threads[kThreads];
  long wrong[kThreads];
  for (int t = 0; t < kThreads; ++t)
    pthread_create(&threads[t], NULL, callMany, &wrong[t]);
  long total = 0;
  for (int t = 0; t < kThreads; ++t) {
    pthread_join(threads[t], NULL);
    total += wrong[t];
  }
  printf("%d calls, %ld wrong elements\n", kThreads * kCalls, total);
  return total != 0;
}
