// The backward half of a bidirectional search: breadth-first levels from a goal, stored exactly in
// the shared table.
//
// The caller plays backwards from its goal (for peg solitaire: reverse jumps from the final
// configuration) and hands each level's keys to the table with a tag of its own, so that the
// forward search can ask "does this position reach the goal?" with one probe. The forward search
// then stops at the level it meets: a node there either is in the table (a solution, whose
// second half the caller rebuilds level by level) or is not (dead). That answer is only sound if
// the level is complete, so keys go in through insert_exact, which says when the table dropped
// one: the level is then abandoned, and the forward search meets the level before it. Keys of an
// abandoned level stay in the table; each of them really does reach the goal, so finding one
// early is still a solution.
//
// How deep to go is a budget in positions, chosen by the caller from the table size: each level
// costs about its size in expansions, and the forward search saves one level of depth for it.
// Levels are expanded with OpenMP; a level's set of keys does not depend on the thread count.
#pragma once

#include <omp.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "search/transposition_table.hpp"

namespace bs::search {

struct LevelsConfig {
  int max_levels = 0;        // levels beyond the root
  size_t max_positions = 0;  // stop before the stored keys would exceed this
  int threads = 1;
};

struct Levels {
  int complete = 0;           // levels fully stored beyond the root
  std::vector<size_t> sizes;  // keys per complete level, the root's level first
  size_t stored = 0;          // keys stored, abandoned levels included
  bool table_full = false;    // a level was abandoned because the table dropped a key
  double seconds = 0;
};

// expand(key, emit) must call emit(child_key) for every child of `key` (keys as stored, tag
// included) and be safe to call from several threads at once.
template <class Expand>
Levels breadth_levels(uint64_t root, const LevelsConfig& cfg, DeadTable& table, Expand expand) {
  const auto t0 = std::chrono::steady_clock::now();
  Levels out;
  if (table.insert_exact(root) != DeadTable::Stored::added) {
    out.table_full = true;
    return out;
  }
  out.stored = 1;
  out.sizes.push_back(1);
  std::vector<uint64_t> level{root};
  const int threads = cfg.threads < 1 ? 1 : cfg.threads;
  for (int depth = 1; depth <= cfg.max_levels && !level.empty(); ++depth) {
    std::vector<std::vector<uint64_t>> parts(threads);
    std::atomic<bool> full{false}, dropped{false};
    std::atomic<size_t> added{0};
    const size_t room = cfg.max_positions > out.stored ? cfg.max_positions - out.stored : 0;
#pragma omp parallel num_threads(threads)
    {
      std::vector<uint64_t>& mine = parts[omp_get_thread_num()];
#pragma omp for schedule(dynamic, 64)
      for (size_t i = 0; i < level.size(); ++i) {
        if (full.load(std::memory_order_relaxed)) continue;
        expand(level[i], [&](uint64_t child) {
          switch (table.insert_exact(child)) {
            case DeadTable::Stored::added:
              mine.push_back(child);
              if (added.fetch_add(1, std::memory_order_relaxed) + 1 > room)
                full.store(true, std::memory_order_relaxed);
              break;
            case DeadTable::Stored::full:
              dropped.store(true, std::memory_order_relaxed);
              full.store(true, std::memory_order_relaxed);
              break;
            case DeadTable::Stored::present:
              break;
          }
        });
      }
    }
    out.stored += added.load();
    out.table_full = dropped.load();
    if (full.load()) break;  // abandoned: the forward search meets the level before
    std::vector<uint64_t> next;
    next.reserve(added.load());
    for (auto& p : parts) next.insert(next.end(), p.begin(), p.end());
    out.sizes.push_back(next.size());
    out.complete = depth;
    level = std::move(next);
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace bs::search
