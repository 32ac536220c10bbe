/* Fills the custom-call slot of the library compiled by custom_call.mlir
 * with its own function, then calls the model. */
#include MODEL_HEADER

#include <stdio.h>

static void triple(void **buffers) {
  const float *in = (const float *)buffers[0];
  float *out = (float *)buffers[1];
  for (int i = 0; i < 3; ++i)
    out[i] = 3.0f * in[i];
}

int main(void) {
  axle_custom_call_slot_triple = triple;
  const float x[3] = {1.0f, -2.0f, 0.25f};
  float y[3];
  model_main(x, y);
  for (int i = 0; i < 3; ++i)
    printf("y[%d] = %g\n", i, y[i]);
  return 0;
}
