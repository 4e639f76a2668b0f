// Search counters: one plain struct per thread, merged when the search ends.
//
// Threads never share a counter while they run (each owns one cache-line-aligned Stats), so the
// hot path pays an ordinary increment. Rules are counted by their index in the solver's rule
// list; the solver names them when it writes the Result.
#pragma once

#include <array>
#include <cstdint>

namespace bs::search {

inline constexpr int kMaxRules = 16;

struct alignas(64) Stats {
  uint64_t nodes = 0;         // nodes entered, the root included
  uint64_t goals = 0;         // goal nodes reached
  uint64_t table_hits = 0;    // nodes cut because the table knew them dead
  uint64_t table_stores = 0;  // dead positions written to the table
  uint64_t tasks = 0;         // parallel tasks spawned
  uint64_t donated = 0;       // of them, subtrees a busy thread handed to an idle one
  uint64_t max_depth = 0;
  std::array<uint64_t, kMaxRules> prunes{};       // nodes (or moves) cut, per rule index
  std::array<uint64_t, kMaxRules> calls{};        // times each rule was asked
  std::array<uint64_t, kMaxRules> nanoseconds{};  // time in each rule, when timed (--profile)
  std::array<uint64_t, kMaxRules> removed{};      // values each rule took off (propagation core)

  void merge(const Stats& o) {
    nodes += o.nodes;
    goals += o.goals;
    table_hits += o.table_hits;
    table_stores += o.table_stores;
    tasks += o.tasks;
    donated += o.donated;
    if (o.max_depth > max_depth) max_depth = o.max_depth;
    for (int i = 0; i < kMaxRules; ++i) {
      prunes[i] += o.prunes[i];
      calls[i] += o.calls[i];
      nanoseconds[i] += o.nanoseconds[i];
      removed[i] += o.removed[i];
    }
  }
};

}  // namespace bs::search
