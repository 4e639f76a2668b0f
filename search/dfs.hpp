// Generic depth-first search, serial or parallel, that knows no puzzle.
//
// A problem type P supplies a State, a Move, and five calls (see the DfsProblem concept): goal
// test, pruning hook, move generation in the order to try, apply and undo. The engine owns the
// path, the counters, the stop conditions and the parallelism. A problem that can name a state
// by a 64-bit (or wider) key may also share a table of dead states between all threads.
//
// Parallelism. The first `spawn_depth` levels are expanded into OpenMP tasks, each with its own
// copy of the state; below that a task runs the plain serial recursion with undo, which is where
// almost all nodes are. Each task carries a rank: its child indices on the spawned levels, packed
// most significant first, so that ranks order tasks as serial DFS would visit them. When a task
// finds a solution it publishes its rank; tasks ranked later give up at their next node, tasks
// ranked earlier go on. The solution returned is therefore the first in serial DFS order,
// whatever the thread count: parallel runs give the same answers as serial runs.
//
// Soundness of the dead table. A subtree is stored dead only when it was searched to the end
// without interruption and held no goal. It is up to the problem that deadness depends on the
// key alone (for peg solitaire it does: see solvers/peg.cpp).
#pragma once

#include <omp.h>

#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

#include "search/stats.hpp"
#include "search/stop.hpp"

namespace bs::search {

template <class P>
concept DfsProblem = requires(const P& p, typename P::State& s, const typename P::State& cs,
                              const typename P::Move& m, std::vector<typename P::Move>& moves,
                              Stats& stats) {
  { p.is_goal(cs) } -> std::same_as<bool>;
  { p.prune(cs, stats) } -> std::same_as<bool>;  // true: cut this node
  { p.moves(cs, moves) } -> std::same_as<void>;  // append the moves, best first
  { p.apply(s, m) } -> std::same_as<void>;
  { p.undo(s, m) } -> std::same_as<void>;
};

// A problem whose states can be looked up in a dead table of type T.
template <class P, class T>
concept Keyed = requires(const P& p, const typename P::State& s, T& t) {
  { t.contains(p.key(s)) } -> std::same_as<bool>;
  { t.insert(p.key(s)) } -> std::same_as<bool>;
};

struct NoTable {};

struct DfsConfig {
  int threads = 1;
  int spawn_depth = 4;         // levels expanded into tasks; at most kMaxSpawnDepth
  Limits limits;
  bool count = false;          // count solutions instead of stopping at the first
  uint64_t count_limit = 0;    // when counting: stop at this many; 0 = count all
};

inline constexpr int kMaxSpawnDepth = 5;

template <class Move>
struct DfsOutcome {
  bool found = false;
  std::vector<Move> path;      // the first solution in serial DFS order
  uint64_t solutions = 0;      // goals reached (all of them when counting)
  StopReason stop = StopReason::exhausted;
  Stats stats;
  double seconds = 0;
};

template <DfsProblem P, class Table = NoTable>
class DepthFirst {
 public:
  using State = typename P::State;
  using Move = typename P::Move;
  static constexpr bool kTable = !std::is_same_v<Table, NoTable>;

  DepthFirst(const P& problem, DfsConfig cfg, Table* table = nullptr)
      : problem_(problem), cfg_(cfg), table_(table), stopper_(cfg.limits) {
    if (cfg_.threads < 1) cfg_.threads = 1;
    if (cfg_.spawn_depth > kMaxSpawnDepth) cfg_.spawn_depth = kMaxSpawnDepth;
    if (cfg_.threads == 1) cfg_.spawn_depth = 0;
    contexts_.resize(cfg_.threads);
  }

  DfsOutcome<Move> run(State root) {
    const auto t0 = std::chrono::steady_clock::now();
    if (cfg_.threads == 1) {
      spawn(root, 0, 0, {});
    } else {
#pragma omp parallel num_threads(cfg_.threads)
#pragma omp single
      spawn(root, 0, 0, {});
    }
    DfsOutcome<Move> out;
    for (Context& c : contexts_) {
      stopper_.publish(c.unpublished);
      out.stats.merge(c.stats);
    }
    out.solutions = cfg_.count ? solutions_.load() : out.stats.goals;
    out.found = best_rank_.load() != kNone || (cfg_.count && out.solutions > 0);
    out.path = best_path_;
    if (cfg_.count && cfg_.count_limit && out.solutions >= cfg_.count_limit) {
      out.solutions = cfg_.count_limit;  // threads may overshoot together; report the limit
      out.stop = StopReason::solution;
    } else if (!cfg_.count && out.found) {
      out.stop = StopReason::solution;
    } else if (stopper_.stopped()) {
      out.stop = stopper_.reason();
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  }

 private:
  static constexpr uint64_t kNone = ~uint64_t{0};
  static constexpr int kDigitBits = 12;  // child index + 1 on one spawned level

  struct alignas(64) Context {
    Stats stats;
    uint64_t unpublished = 0;
    std::deque<std::vector<Move>> buffers;  // one move list per depth; deque keeps them put
    std::vector<Move> path;
  };

  Context& context() { return contexts_[cfg_.threads == 1 ? 0 : omp_get_thread_num()]; }

  bool abandoned(uint64_t rank, Context& ctx) {
    return stopper_.poll(ctx.unpublished) ||
           (!cfg_.count && best_rank_.load(std::memory_order_relaxed) < rank);
  }

  void record(uint64_t rank, const std::vector<Move>& path) {
    std::lock_guard lock(solution_mutex_);
    if (rank < best_rank_.load(std::memory_order_relaxed)) {
      best_path_ = path;
      best_rank_.store(rank, std::memory_order_relaxed);
    }
  }

  void count_goal() {
    const uint64_t n = solutions_.fetch_add(1, std::memory_order_relaxed) + 1;
    if (cfg_.count_limit && n >= cfg_.count_limit) stopper_.trigger(StopReason::solution);
  }

  // Expands one spawned level: children become tasks. Holds no thread context across the task
  // creation points, since the thread may run other tasks there.
  void spawn(State s, int depth, uint64_t rank, std::vector<Move> prefix) {
    if (depth >= cfg_.spawn_depth) {
      Context& ctx = context();
      ctx.path = std::move(prefix);
      bool interrupted = false;
      if (search(s, depth, rank, ctx, interrupted)) record(rank, ctx.path);
      return;
    }
    Context& ctx = context();
    if (abandoned(rank, ctx)) return;
    if (!enter(s, depth, ctx)) return;
    if (problem_.is_goal(s)) {
      goal(rank, prefix);
      return;
    }
    if (cut(s, ctx)) return;
    std::vector<Move> moves;
    problem_.moves(s, moves);
    const int shift = kDigitBits * (kMaxSpawnDepth - 1 - depth);
    for (size_t i = 0; i < moves.size(); ++i) {
      // Beyond 4094 children ranks tie; answers stay right but the choice among ties is free.
      const uint64_t digit = std::min<uint64_t>(i + 1, (1u << kDigitBits) - 1);
      State child = s;
      problem_.apply(child, moves[i]);
      std::vector<Move> child_prefix = prefix;
      child_prefix.push_back(moves[i]);
      const uint64_t child_rank = rank | (digit << shift);
      ++context().stats.tasks;
#pragma omp task firstprivate(child, child_prefix, child_rank, depth)
      spawn(std::move(child), depth + 1, child_rank, std::move(child_prefix));
    }
  }

  // Counts a node; false when the search is already over for this node.
  bool enter(const State&, int depth, Context& ctx) {
    ++ctx.stats.nodes;
    if (static_cast<uint64_t>(depth) > ctx.stats.max_depth) ctx.stats.max_depth = depth;
    return true;
  }

  void goal(uint64_t rank, const std::vector<Move>& path) {
    ++context().stats.goals;
    if (cfg_.count)
      count_goal();
    else
      record(rank, path);
  }

  // Table lookup and the problem's rules. True: cut.
  bool cut(const State& s, Context& ctx) {
    if constexpr (kTable) {
      if (table_ && table_->contains(problem_.key(s))) {
        ++ctx.stats.table_hits;
        return true;
      }
    }
    return problem_.prune(s, ctx.stats);
  }

  // The serial recursion. Returns true when it found a solution (first-solution mode); the
  // solution is then left in ctx.path.
  bool search(State& s, int depth, uint64_t rank, Context& ctx, bool& interrupted) {
    if (abandoned(rank, ctx)) {
      interrupted = true;
      return false;
    }
    enter(s, depth, ctx);
    if (problem_.is_goal(s)) {
      ++ctx.stats.goals;
      if (!cfg_.count) return true;
      count_goal();
      return false;
    }
    if (cut(s, ctx)) return false;
    if (ctx.buffers.size() <= static_cast<size_t>(depth)) ctx.buffers.resize(depth + 1);
    std::vector<Move>& moves = ctx.buffers[depth];
    moves.clear();
    problem_.moves(s, moves);
    const uint64_t goals_before = ctx.stats.goals;
    for (const Move& m : moves) {
      problem_.apply(s, m);
      ctx.path.push_back(m);
      if (search(s, depth + 1, rank, ctx, interrupted)) return true;
      ctx.path.pop_back();
      problem_.undo(s, m);
      if (interrupted) return false;
    }
    if constexpr (kTable) {
      if (table_ && ctx.stats.goals == goals_before && table_->insert(problem_.key(s)))
        ++ctx.stats.table_stores;
    }
    return false;
  }

  const P& problem_;
  DfsConfig cfg_;
  Table* table_;
  Stopper stopper_;
  std::vector<Context> contexts_;
  std::atomic<uint64_t> best_rank_{kNone};
  std::atomic<uint64_t> solutions_{0};
  std::mutex solution_mutex_;
  std::vector<Move> best_path_;
};

// Convenience: run a search once.
template <DfsProblem P, class Table = NoTable>
DfsOutcome<typename P::Move> depth_first(const P& problem, typename P::State root,
                                         const DfsConfig& cfg, Table* table = nullptr) {
  DepthFirst<P, Table> engine(problem, cfg, table);
  return engine.run(std::move(root));
}

}  // namespace bs::search
