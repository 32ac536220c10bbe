//===- CustomCall.h - C functions compiled code calls by name ---*- C++ -*-===//
//
// `stablehlo.custom_call @name(...)` in a compiled program calls a C
// function `void fn(void **buffers)` (buffers: the operands' data, then
// room for the results, row-major, like the entry points). The compiled
// library holds one function pointer per target, the symbol
// customCallSlotSymbol(name); the runtime fills it in when it loads the
// artifact, from the functions registered here, and refuses to load an
// artifact whose targets are not all registered. A program linking a
// compiled shared library directly assigns the slots itself (the generated
// C header declares them).
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_RUNTIME_CUSTOMCALL_H
#define AXLE_RUNTIME_CUSTOMCALL_H

#include <string>
#include <string_view>

namespace axle::runtime {

using CustomCallFn = void (*)(void **buffers);

/// Makes `fn` the implementation of custom-call target `name` for every
/// artifact loaded afterwards (a later registration replaces it).
void registerCustomCall(const std::string &name, CustomCallFn fn);

/// The registered implementation of `name`, or null.
CustomCallFn lookupCustomCall(const std::string &name);

/// The symbol of target `name`'s function-pointer slot in compiled code:
/// `axle_custom_call_slot_` + the name with every character other than
/// letters and digits written as `_XX` (its hex code).
inline std::string customCallSlotSymbol(std::string_view name) {
  static const char hex[] = "0123456789ABCDEF";
  std::string symbol = "axle_custom_call_slot_";
  for (char c : name) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                 (c >= '0' && c <= '9');
    if (plain) {
      symbol.push_back(c);
    } else {
      symbol.push_back('_');
      symbol.push_back(hex[(static_cast<unsigned char>(c) >> 4) & 15]);
      symbol.push_back(hex[static_cast<unsigned char>(c) & 15]);
    }
  }
  return symbol;
}

} // namespace axle::runtime

#endif // AXLE_RUNTIME_CUSTOMCALL_H
