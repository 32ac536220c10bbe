//===- CustomCall.cpp - the registry of custom-call targets ---------------===//

#include "runtime/CustomCall.h"

#include <map>
#include <mutex>

namespace axle::runtime {

namespace {
std::mutex registryMutex;
std::map<std::string, CustomCallFn> &registry() {
  static std::map<std::string, CustomCallFn> functions;
  return functions;
}
} // namespace

void registerCustomCall(const std::string &name, CustomCallFn fn) {
  std::lock_guard<std::mutex> lock(registryMutex);
  registry()[name] = fn;
}

CustomCallFn lookupCustomCall(const std::string &name) {
  std::lock_guard<std::mutex> lock(registryMutex);
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : it->second;
}

} // namespace axle::runtime
