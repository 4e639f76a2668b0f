// The per-thread logs of run_to_fixpoint (fixpoint.hpp), and the store's overflow report.
#include "propagation/fixpoint.hpp"

#include <array>
#include <stdexcept>

namespace bs::propagation {

namespace {
// Fixpoints nest two deep (a probe's trials inside a node's fixpoint); four is room to spare.
constexpr int kMaxNesting = 4;
thread_local std::array<std::vector<Narrowing>, kMaxNesting> logs;
thread_local int nesting = 0;
}  // namespace

FixpointLog::FixpointLog(size_t capacity) : log(logs.at(static_cast<size_t>(nesting))) {
  ++nesting;
  log.clear();
  log.reserve(capacity);
}

FixpointLog::~FixpointLog() {
  --nesting;
}

void log_overflow() {
  throw std::logic_error("propagation: a rule noted a narrowing that removed no value");
}

}  // namespace bs::propagation
