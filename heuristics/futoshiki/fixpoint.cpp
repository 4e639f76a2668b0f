// The per-thread logs of run_to_fixpoint (fixpoint.hpp).
#include "heuristics/futoshiki/fixpoint.hpp"

#include <array>

namespace bs::futoshiki {

namespace {
// Fixpoints nest two deep (a probe's trials inside a node's fixpoint); four is room to spare.
constexpr int kMaxNesting = 4;
thread_local std::array<std::vector<Narrowing>, kMaxNesting> logs;
thread_local int nesting = 0;
}  // namespace

FixpointLog::FixpointLog(const Structure& s, size_t start)
    : log(logs.at(static_cast<size_t>(nesting))) {
  ++nesting;
  log.clear();
  // Each narrowing removes a value, so a fixpoint notes at most one per value of every cell,
  // after the ones it starts from.
  log.reserve(static_cast<size_t>(s.cells()) * static_cast<size_t>(s.n) + start);
}

FixpointLog::~FixpointLog() {
  --nesting;
}

}  // namespace bs::futoshiki
