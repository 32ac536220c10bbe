/* Calls the model compiled by library_huge_pages.mlir once, without the
 * axle runtime, and prints how many huge pages the kernel handed out on
 * first touch meanwhile (thp_fault_alloc in /proc/vmstat) and whether every
 * element of the result is right. With x all ones, t = x @ x is 1024
 * everywhere and t @ x is 1024 * 1024. */
#include MODEL_HEADER

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kSize = 1024 * 1024 };

static long hugePageFaults(void) {
  FILE *file = fopen("/proc/vmstat", "r");
  if (!file)
    return -1;
  char name[128];
  long value, found = -1;
  while (fscanf(file, "%127s %ld", name, &value) == 2)
    if (strcmp(name, "thp_fault_alloc") == 0)
      found = value;
  fclose(file);
  return found;
}

int main(void) {
  float *x = malloc(sizeof(float) * kSize);
  float *y = malloc(sizeof(float) * kSize);
  for (int i = 0; i < kSize; ++i)
    x[i] = 1.0f;
  long before = hugePageFaults();
  model_main(x, y);
  long after = hugePageFaults();
  long wrong = 0;
  for (int i = 0; i < kSize; ++i)
    wrong += y[i] != 1048576.0f;
  printf("%ld wrong elements\n", wrong);
  printf("huge page faults: %s\n",
         before < 0 ? "not counted" : after - before >= 2 ? "2 or more" : "fewer than 2");
  free(x);
  free(y);
  return wrong != 0;
}
