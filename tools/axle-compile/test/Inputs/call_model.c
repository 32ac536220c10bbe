/* Calls the model compiled by aot.mlir through its generated C header and
 * prints the results; no axle runtime is linked. */
#include MODEL_HEADER

#include <stdio.h>

int main(void) {
  const float x[4] = {1.0f, 2.0f, -3.0f, 0.5f};
  const float y[4] = {2.0f, 0.25f, 4.0f, -8.0f};
  const int32_t n[3] = {7, -7, 100};
  float fused[4];
  int32_t halved[3];
  model_main(x, y, n, fused, halved);
  for (int i = 0; i < 4; ++i)
    printf("fused[%d] = %g\n", i, fused[i]);
  for (int i = 0; i < 3; ++i)
    printf("halved[%d] = %d\n", i, halved[i]);
  return 0;
}
