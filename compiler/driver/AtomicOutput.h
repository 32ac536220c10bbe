//===- AtomicOutput.h - keep old output files when a run fails --*- C++ -*-===//
//
// Tools built on MLIR's drivers open their `-o` file before they know whether
// the run succeeds, truncating what was there. AtomicOutput redirects `-o` to
// a temporary file beside the target and renames it into place only when the
// run succeeds, so a failed run leaves an existing output untouched.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_COMPILER_DRIVER_ATOMICOUTPUT_H
#define AXLE_COMPILER_DRIVER_ATOMICOUTPUT_H

#include <string>
#include <vector>

namespace axle {

class AtomicOutput {
public:
  /// Scans argv for `-o FILE`, `-o=FILE`, `--o ...` and rewrites the file
  /// name to a temporary one. `-o -` (stdout) is left alone.
  AtomicOutput(int argc, char **argv);
  ~AtomicOutput();

  int argc() const { return static_cast<int>(argvPointers.size()) - 1; }
  char **argv() { return argvPointers.data(); }

  /// Moves the temporary file into place when `succeeded`, else deletes it.
  /// Returns false (after printing why) when the rename fails.
  bool finish(bool succeeded);

private:
  std::vector<std::string> arguments;
  std::vector<char *> argvPointers;
  std::string target;
  std::string temporary;
};

} // namespace axle

#endif // AXLE_COMPILER_DRIVER_ATOMICOUTPUT_H
