// Loads a shared library (argv[1]) with every symbol bound at once and says
// whether that worked. Links nothing but the C library, so a library that
// needs the C math library must name it itself.
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    printf("failed: %s\n", dlerror());
    return 1;
  }
  printf("loaded\n");
  return 0;
}
