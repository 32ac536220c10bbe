//===- Status.h - errors as values in the axle runtime ----------*- C++ -*-===//
//
// The runtime reports every failure as a value: Status (ok or a message)
// and Result<T> (a T or a message). It never aborts on bad input.
//
//===----------------------------------------------------------------------===//

#ifndef AXLE_RUNTIME_STATUS_H
#define AXLE_RUNTIME_STATUS_H

#include <string>
#include <utility>
#include <variant>

namespace axle::runtime {

class Status {
public:
  Status() = default;
  static Status error(std::string message) {
    Status status;
    status.failed = true;
    status.text = std::move(message);
    return status;
  }
  bool ok() const { return !failed; }
  explicit operator bool() const { return ok(); }
  const std::string &message() const { return text; }

private:
  bool failed = false;
  std::string text;
};

template <typename T> class Result {
public:
  Result(T value) : value(std::move(value)) {}
  Result(Status status) : value(std::move(status)) {}

  bool ok() const { return std::holds_alternative<T>(value); }
  explicit operator bool() const { return ok(); }
  T &operator*() { return std::get<T>(value); }
  const T &operator*() const { return std::get<T>(value); }
  T *operator->() { return &std::get<T>(value); }
  const T *operator->() const { return &std::get<T>(value); }
  /// The error; only valid when !ok().
  const Status &status() const { return std::get<Status>(value); }

private:
  std::variant<T, Status> value;
};

} // namespace axle::runtime

#endif // AXLE_RUNTIME_STATUS_H
