// Generic depth-first search, serial or parallel, that knows no puzzle.
//
// A problem type P supplies a State, a Move, and five calls (see the DfsProblem concept): goal
// test, pruning hook, move generation in the order to try, apply and undo. The engine owns the
// path, the counters, the stop conditions and the parallelism. A problem that can name a state
// by a 64-bit (or wider) key may also share a table of dead states between all threads.
//
// Parallelism. The first `spawn_depth` levels are expanded, serially and in DFS order, into a
// frontier of subtrees, each with its own copy of the state. One OpenMP task per thread then
// runs the plain serial recursion with undo on one subtree after another, which is where almost
// all nodes are. A task does not own fixed subtrees: it takes the lowest-ranked subtree left in a
// shared queue, so the subtrees start in serial DFS order whatever order the OpenMP runtime runs
// tasks in (libgomp, for one, does not keep creation order).
//
// Donation. A static frontier balances badly when one subtree holds most of the tree, which is
// the rule on a puzzle whose propagation leaves a few hundred expensive nodes (a minimal 15x15
// Futoshiki: one thread worked alone on the last big subtree while the other waited). So a thread
// with nothing left to take says it is hungry, and a busy thread, at its next node, hands over
// the moves it has not tried yet at the shallowest level of its path that still has some: the
// largest pieces of work it holds. It rebuilds the state there by undoing its own moves on a
// copy (undo is the problem's, so this needs nothing new of it), gives each untried move as a
// subtree to the queue, and goes on with its current branch. Nothing is handed over unless some
// thread waits, so one thread, or a well-balanced frontier, pays one relaxed load per node.
//
// Ranks. Every subtree owns an interval of [0, 2^64): the root all of it, and each node's
// interval divided evenly among its moves in their order, so intervals nest and follow serial DFS
// order. A subtree's rank is the start of its interval. A level whose moves would get an empty
// interval each (the tree deeper than 64 bits of branching) is never handed over, so ranks stay
// distinct. When a task finds a solution it publishes its rank; tasks ranked later give up at
// their next node, tasks ranked earlier go on. The work a thread keeps after a donation lies
// before everything it gave away, so its rank still sorts it first. The solution returned is
// therefore the first in serial DFS order, whatever the thread count: parallel runs give the same
// answers as serial runs.
//
// Split budgets. A bounded count in the mode above is not reproducible: which solutions are
// found before the count limit, and where a node limit cuts, depend on how the threads raced. A
// caller that needs the same outcome at every thread count (the Dominosa generator, whose next
// move depends on the solutions an analysis found) sets `split_subtrees`: the frontier is then
// expanded to that many subtrees whatever the thread count (on one thread too), and each subtree
// is searched on its own, with an equal share of the node limit and counting up to the count
// limit by itself. The outcome is read in rank order: the solutions (capped at the count limit),
// the kept paths, and the stop (the count limit when reached; else the time limit or a cancel
// when one stopped a subtree, and only these two depend on timing; else the node limit when some
// subtree ran out of its share; else exhausted). Only the node counts, and work skipped once the
// outcome is settled, change with the threads. The price is that a subtree cannot spend nodes a
// sibling left unused, so a split search gives up sooner than a serial one on a lopsided tree.
//
// Soundness of the dead table. A subtree is stored dead only when it was searched to the end
// without interruption and held no goal, by the thread that stores it: a node above a donation
// of this task (or the node that donated) is never stored, since part of it went to another
// thread. It is up to the problem that deadness depends on the key alone (for peg solitaire it
// does: see solvers/peg/solver.cpp).
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <concepts>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

#include "search/budget.hpp"
#include "search/stats.hpp"

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

// A problem that narrows a state when the search enters it (constraint propagation), as opposed to
// one whose moves already leave a finished state. `propagate` runs once per node, before the goal
// test and the pruning hook; it may change the state (the move's undo must restore everything) and
// returns false when the node has no solution. Problems without it skip the call at compile time.
template <class P>
concept Propagating = requires(const P& p, typename P::State& s, Stats& stats) {
  { p.propagate(s, stats) } -> std::same_as<bool>;
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
  // Levels expanded serially into the first tasks; 0: the root alone, shared by donation.
  int spawn_depth = 0;
  Limits limits;
  Budget* parent = nullptr;  // a budget the search spends within (a portfolio's whole run)
  bool count = false;        // count solutions instead of stopping at the first; the first
                             // solution in DFS order found is still returned in the path
  uint64_t count_limit = 0;  // when counting: stop at this many; 0 = count all
  // When counting: keep the paths of the first this many solutions found (in serial DFS order
  // on one thread; in the order threads reach them on more, except in a split search, where they
  // are in rank order on any number), for a caller that compares them.
  size_t keep_paths = 0;
  // When counting: split the search into this many subtrees with a share of the node limit each,
  // for an outcome that does not depend on the threads (see the top of the file); 0: off.
  size_t split_subtrees = 0;
  // The most levels a split search expands to reach split_subtrees (its outcome depends on where
  // the subtrees are cut, so this stays fixed, apart from spawn_depth).
  int split_depth = 4;
};

template <class Move>
struct DfsOutcome {
  bool found = false;
  std::vector<Move> path;               // the first solution in serial DFS order (a split
                                        // search: the first of its subtrees in rank order)
  std::vector<std::vector<Move>> kept;  // when counting: DfsConfig::keep_paths solutions' paths
  uint64_t solutions = 0;               // goals reached (all of them when counting)
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
      : problem_(problem),
        cfg_(cfg),
        table_(table),
        budget_(split() ? without_nodes(cfg.limits) : cfg.limits, cfg.parent) {
    if (cfg_.threads < 1) cfg_.threads = 1;
    if (cfg_.threads == 1 && !split()) cfg_.spawn_depth = 0;
    level_ = omp_get_level();
    contexts_.resize(cfg_.threads);
  }

  DfsOutcome<Move> run(State root) {
    if (split()) return run_split(std::move(root));
    const auto t0 = std::chrono::steady_clock::now();
    if (cfg_.threads == 1) {
      run_subtree(Entry{std::move(root), {}});
    } else {
      std::vector<Entry> frontier = expand(std::move(root), cfg_.spawn_depth);
      contexts_[0].stats.tasks = frontier.size();
      if (frontier.empty() || (frontier.size() == 1 && problem_.is_goal(frontier[0].state))) {
        // Nothing to share (the root settled by its rules): no parallel region, whose start
        // costs milliseconds on a machine where a fresh OpenMP thread spins on the core of the
        // thread that made it (measured: 10 ms against 0.1 ms for the 1-node proof of a 50x50
        // Shakashaka). A frontier of one subtree that is not settled is shared by donation.
        if (!frontier.empty()) run_subtree(std::move(frontier[0]));
      } else {
        queue_.assign(std::make_move_iterator(frontier.begin()),
                      std::make_move_iterator(frontier.end()));
        queued_.store(queue_.size(), std::memory_order_relaxed);
        // One task per thread; each takes subtrees in rank order until none are left and no
        // thread is busy (a busy one may yet donate).
#pragma omp parallel num_threads(cfg_.threads)
#pragma omp single
        for (int worker = 0; worker < cfg_.threads; ++worker) {
#pragma omp task
          work();
        }
      }
    }
    DfsOutcome<Move> out;
    for (Context& c : contexts_) {
      budget_.account(c.unpublished);
      out.stats.merge(c.stats);
    }
    out.solutions = cfg_.count ? solutions_.load() : out.stats.goals;
    const uint64_t best = best_rank_.load();
    out.found = best != kNone || (cfg_.count && out.solutions > 0);
    out.path = best_path_;
    out.kept = std::move(kept_);
    // A limit matters only if it cut a subtree short. A solution is the serial DFS's first only
    // if no subtree ranked before it was cut; otherwise it is still a solution, but the stop
    // reason says a limit fired, since a serial run might have returned another one.
    const uint64_t cut = lowest_stopped_rank_.load();
    if (cfg_.count && cfg_.count_limit && out.solutions >= cfg_.count_limit) {
      out.solutions = cfg_.count_limit;  // threads may overshoot together; report the limit
      out.stop = StopReason::solution;
    } else if (!cfg_.count && out.found && best < cut) {
      out.stop = StopReason::solution;
    } else if (cut != kNone) {
      out.stop = budget_.reason();
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  }

 private:
  struct Entry {  // a subtree: its root state, the path to it, and its rank interval
    State state;
    std::vector<Move> path;
    uint64_t lo = 0;          // the rank
    uint64_t width = kWhole;  // the interval [lo, lo + width)
    // Expanded already, but its moves would have had empty intervals: searched whole as it is.
    bool kept_whole = false;
  };

  bool split() const {
    return cfg_.count && cfg_.split_subtrees > 0;
  }
  static Limits without_nodes(Limits limits) {
    limits.nodes = 0;
    return limits;
  }

  // What one subtree of a split search found.
  struct SubtreeOutcome {
    uint64_t solutions = 0;
    bool out_of_nodes = false;
    bool done = false;
    std::vector<std::vector<Move>> kept;
  };

  // The split search (see the top of the file): every subtree with its own share of the node
  // limit and its own count, read in rank order. Once the subtrees done from rank 0 on hold the
  // count limit, the outcome is settled and the rest are skipped.
  DfsOutcome<Move> run_split(State root) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<Entry> frontier = expand(std::move(root), cfg_.split_depth, cfg_.split_subtrees);
    subtrees_.assign(frontier.size(), SubtreeOutcome{});
    const uint64_t expanded = contexts_[0].stats.nodes;
    if (cfg_.limits.nodes > 0) {
      const uint64_t left = cfg_.limits.nodes > expanded ? cfg_.limits.nodes - expanded : 1;
      subtree_nodes_ = std::max<uint64_t>(1, left / std::max<size_t>(1, frontier.size()));
    }
    contexts_[0].stats.tasks = frontier.size();
    std::atomic<size_t> next{0};
#pragma omp parallel num_threads(cfg_.threads)
    for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < frontier.size();) {
      if (settled()) break;
      run_split_subtree(std::move(frontier[i]), depth_of_frontier_, i);
    }
    DfsOutcome<Move> out;
    for (Context& c : contexts_) {
      budget_.account(c.unpublished);
      out.stats.merge(c.stats);
    }
    bool out_of_nodes = false, interrupted = false;
    for (SubtreeOutcome& sub : subtrees_) {
      if (out.solutions >= cfg_.count_limit && cfg_.count_limit) break;
      interrupted |= !sub.done;
      out_of_nodes |= sub.out_of_nodes;
      out.solutions += sub.solutions;
      if (out.path.empty() && !sub.kept.empty()) out.path = sub.kept.front();
      for (auto& path : sub.kept)
        if (out.kept.size() < cfg_.keep_paths) out.kept.push_back(std::move(path));
    }
    out.found = out.solutions > 0;
    if (cfg_.count_limit && out.solutions >= cfg_.count_limit) {
      out.solutions = cfg_.count_limit;
      out.stop = StopReason::solution;
    } else if (interrupted) {
      out.stop = budget_.reason();
    } else if (out_of_nodes) {
      out.stop = StopReason::node_limit;
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  }

  // One subtree of a split search, with the thread's context reset to count it alone.
  void run_split_subtree(Entry e, int depth, uint64_t rank) {
    Context& ctx = context();
    ctx.path = std::move(e.path);
    ctx.subtree = &subtrees_[rank];
    ctx.subtree_nodes = 0;
    bool interrupted = false;
    search(e.state, depth, rank, ctx, interrupted);
    SubtreeOutcome& sub = subtrees_[rank];
    ctx.subtree = nullptr;
    // `done` is written under the lock, after every other field: a thread that reads it there
    // as true may read the rest.
    std::lock_guard lock(solution_mutex_);
    // A subtree stopped by its own count or node share is done; one stopped by the time limit
    // or a cancel is not, and the outcome then says the budget stopped the search.
    sub.done =
        !interrupted || sub.out_of_nodes || (cfg_.count_limit && sub.solutions >= cfg_.count_limit);
    while (settled_prefix_ < subtrees_.size() && subtrees_[settled_prefix_].done) {
      settled_solutions_ += subtrees_[settled_prefix_].solutions;
      ++settled_prefix_;
    }
    if (cfg_.count_limit && settled_solutions_ >= cfg_.count_limit)
      settled_flag_.store(true, std::memory_order_relaxed);
  }

  // Whether the subtrees done from rank 0 on already reach the count limit.
  bool settled() const {
    return settled_flag_.load(std::memory_order_relaxed);
  }
  static constexpr uint64_t kNone = ~uint64_t{0};
  static constexpr uint64_t kWhole = ~uint64_t{0};  // the root's interval, all of [0, 2^64)
  // Stop expanding the frontier once it holds this many subtrees per thread.
  static constexpr size_t kFrontierPerThread = 256;

  // One level of a thread's path: the node's moves, the one being searched, the end of those
  // still its own (a donation lowers it), and the rank interval each child gets.
  struct Frame {
    std::vector<Move> moves;
    size_t next = 0;
    size_t end = 0;
    uint64_t lo = 0;  // the node's interval, set by its parent
    uint64_t width = kWhole;
    uint64_t child_width = 0;  // width / moves; 0: the level is too deep to hand over
  };

  struct alignas(64) Context {
    Stats stats;
    uint64_t unpublished = 0;
    std::deque<Frame> frames;  // one per depth; deque keeps them put
    std::vector<Move> path;
    int task_depth = 0;  // the depth of the running task's root
    // Levels of the path above this one have no move left to hand over (they only lose moves
    // while they stay on the path), so a donation looks from here down.
    int scan_from = 0;
    // The deepest level this task donated from (-1: none). A node of the path at this depth or
    // above was not searched whole by this thread. Exact: a donation takes place only below the
    // levels already exhausted, so donations go deeper, and once the path unwinds past one, the
    // task has nothing left above it.
    int donated_depth = -1;
    SubtreeOutcome* subtree = nullptr;  // split search: the subtree being searched
    uint64_t subtree_nodes = 0;         // and the nodes it has spent
  };

  Context& context() {
    // Outside this engine's own parallel region (one thread, or a frontier of one subtree run
    // on the calling thread) the context is the first, whatever team the caller is in.
    return contexts_[cfg_.threads == 1 || omp_get_level() == level_ ? 0 : omp_get_thread_num()];
  }

  // True when this subtree must stop: a limit fired (remembered by rank), or a subtree ranked
  // earlier holds a solution (nothing to remember: this subtree could not have the first one).
  bool abandoned(uint64_t rank, Context& ctx) {
    if (budget_.poll(ctx.unpublished)) {
      uint64_t seen = lowest_stopped_rank_.load(std::memory_order_relaxed);
      while (rank < seen && !lowest_stopped_rank_.compare_exchange_weak(seen, rank)) {
      }
      return true;
    }
    return !cfg_.count && best_rank_.load(std::memory_order_relaxed) < rank;
  }

  // Split search: whether this subtree has spent its share of the node limit, or the outcome is
  // settled without it (true: stop it).
  bool out_of_share(Context& ctx) {
    if (subtree_nodes_ && ctx.subtree_nodes++ >= subtree_nodes_) {
      ctx.subtree->out_of_nodes = true;
      return true;
    }
    return settled();
  }

  void record(uint64_t rank, const std::vector<Move>& path) {
    std::lock_guard lock(solution_mutex_);
    if (rank < best_rank_.load(std::memory_order_relaxed)) {
      best_path_ = path;
      best_rank_.store(rank, std::memory_order_relaxed);
    }
  }

  void keep(const std::vector<Move>& path) {
    std::lock_guard lock(solution_mutex_);
    if (kept_.size() < cfg_.keep_paths) kept_.push_back(path);
  }

  void count_goal() {
    const uint64_t n = solutions_.fetch_add(1, std::memory_order_relaxed) + 1;
    if (cfg_.count_limit && n >= cfg_.count_limit) budget_.trigger(StopReason::solution);
  }

  // Up to `levels` levels, breadth by breadth; each node is replaced by its children in place,
  // so the frontier stays in DFS order, and its interval is divided among them. Goal nodes stay
  // as leaves for run_subtree to record, and so does a node whose moves would get empty
  // intervals (kept whole: its node is not counted twice). `target` (0: kFrontierPerThread per
  // thread) caps the size at which expansion stops.
  std::vector<Entry> expand(State root, int levels, size_t target = 0) {
    Context& ctx = contexts_[0];
    std::vector<Entry> frontier;
    frontier.push_back(Entry{std::move(root), {}});
    if (target == 0) target = kFrontierPerThread * static_cast<size_t>(cfg_.threads);
    int depth = 0;
    for (; depth < levels && frontier.size() < target; ++depth) {
      std::vector<Entry> next;
      std::vector<Move> moves;
      for (Entry& e : frontier) {
        if (e.kept_whole || problem_.is_goal(e.state)) {
          next.push_back(std::move(e));
          continue;
        }
        if (!enter(e.state, ctx)) {
          ++ctx.stats.nodes;
          continue;
        }
        if (problem_.is_goal(e.state)) {
          // Counted where run_subtree records it, as on one thread: not here too.
          next.push_back(std::move(e));
          continue;
        }
        ++ctx.stats.nodes;
        if (cut(e.state, ctx)) continue;
        moves.clear();
        problem_.moves(e.state, moves);
        const uint64_t width = moves.empty() ? 0 : e.width / moves.size();
        if (!moves.empty() && width == 0) {
          --ctx.stats.nodes;  // run_subtree enters and counts it
          e.kept_whole = true;
          next.push_back(std::move(e));
          continue;
        }
        for (size_t i = 0; i < moves.size(); ++i) {
          Entry child{e.state, e.path, e.lo + i * width, width};
          problem_.apply(child.state, moves[i]);
          child.path.push_back(moves[i]);
          next.push_back(std::move(child));
        }
      }
      frontier = std::move(next);
    }
    depth_of_frontier_ = depth;
    return frontier;
  }

  // One subtree, on the calling thread, without task creation inside: the thread context is
  // private to it from start to end.
  void run_subtree(Entry e) {
    Context& ctx = context();
    const int depth = static_cast<int>(e.path.size());
    ctx.path = std::move(e.path);
    ctx.task_depth = depth;
    ctx.scan_from = depth;
    ctx.donated_depth = -1;
    Frame& root = frame(ctx, depth);
    root.lo = e.lo;
    root.width = e.width;
    bool interrupted = false;
    if (search(e.state, depth, e.lo, ctx, interrupted)) record(e.lo, ctx.path);
  }

  Frame& frame(Context& ctx, int depth) {
    if (ctx.frames.size() <= static_cast<size_t>(depth)) ctx.frames.resize(depth + 1);
    return ctx.frames[depth];
  }

  // One thread's share of a parallel search: the lowest-ranked queued subtree, one after
  // another, until the queue is empty and no thread is busy. A thread that finds the queue empty
  // while another is busy waits, hungry, for a donation.
  void work() {
    for (;;) {
      Entry e;
      {
        std::unique_lock lock(queue_mutex_);
        if (queue_.empty() && busy_ > 0) {
          hungry_.fetch_add(1, std::memory_order_relaxed);
          queue_ready_.wait(lock, [&] { return !queue_.empty() || busy_ == 0; });
          hungry_.fetch_sub(1, std::memory_order_relaxed);
        }
        if (queue_.empty()) return;
        e = std::move(queue_.front());
        queue_.pop_front();
        queued_.store(queue_.size(), std::memory_order_relaxed);
        ++busy_;
      }
      run_subtree(std::move(e));
      std::lock_guard lock(queue_mutex_);
      if (--busy_ == 0) queue_ready_.notify_all();
    }
  }

  // Whether this thread should hand work over: a thread waits and nothing is queued for it.
  bool someone_hungry() const {
    return hungry_.load(std::memory_order_relaxed) > 0 &&
           queued_.load(std::memory_order_relaxed) == 0;
  }

  // Hands the untried moves of the shallowest level of this task's path that has some (and can
  // divide its interval) to the queue, as subtrees, each with the state rebuilt by undoing this
  // thread's moves below that level on a copy of `s` (the node at `depth`, not yet entered).
  void donate(const State& s, int depth, Context& ctx) {
    for (int d = ctx.scan_from; d < depth; ++d) {
      Frame& f = ctx.frames[d];
      if (f.child_width == 0) break;  // and every level below: intervals only narrow
      if (f.next + 1 >= f.end) continue;
      State at = s;
      for (int j = depth - 1; j >= d; --j) problem_.undo(at, ctx.path[j]);
      std::vector<Entry> gift;
      for (size_t i = f.next + 1; i < f.end; ++i) {
        Entry child{at, std::vector<Move>(ctx.path.begin(), ctx.path.begin() + d),
                    f.lo + i * f.child_width, f.child_width};
        problem_.apply(child.state, f.moves[i]);
        child.path.push_back(f.moves[i]);
        gift.push_back(std::move(child));
      }
      f.end = f.next + 1;
      ctx.scan_from = d + 1;
      ctx.donated_depth = d;
      ctx.stats.tasks += gift.size();
      ctx.stats.donated += gift.size();
      std::lock_guard lock(queue_mutex_);
      for (Entry& g : gift) {  // keep the queue in rank order
        auto at_rank = std::upper_bound(queue_.begin(), queue_.end(), g.lo,
                                        [](uint64_t lo, const Entry& q) { return lo < q.lo; });
        queue_.insert(at_rank, std::move(g));
      }
      queued_.store(queue_.size(), std::memory_order_relaxed);
      queue_ready_.notify_all();
      return;
    }
    ctx.scan_from = depth;  // nothing above: the levels above stay as they are
  }

  // The problem's propagation, where it has one. False: the node has no solution.
  bool enter(State& s, Context& ctx) {
    if constexpr (Propagating<P>) {
      return problem_.propagate(s, ctx.stats);
    } else {
      (void)s;
      (void)ctx;
      return true;
    }
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
    if (abandoned(rank, ctx) || (ctx.subtree && out_of_share(ctx))) {
      interrupted = true;
      return false;
    }
    if (someone_hungry()) donate(s, depth, ctx);  // never in a split search: no thread waits
    ++ctx.stats.nodes;
    if (static_cast<uint64_t>(depth) > ctx.stats.max_depth) ctx.stats.max_depth = depth;
    if (!enter(s, ctx)) return false;
    if (problem_.is_goal(s)) {
      ++ctx.stats.goals;
      if (!cfg_.count) return true;
      if (ctx.subtree) {
        SubtreeOutcome& sub = *ctx.subtree;
        // One path at least, for the outcome's `path`.
        if (sub.kept.size() < std::max<size_t>(cfg_.keep_paths, 1)) sub.kept.push_back(ctx.path);
        // The subtree stops at the count limit by itself; the caller's `interrupted` check
        // after the return unwinds it.
        ++sub.solutions;
        interrupted = cfg_.count_limit && sub.solutions >= cfg_.count_limit;
        return false;
      }
      // Counting still reports one solution: the first found in the lowest-ranked subtree.
      if (rank < best_rank_.load(std::memory_order_relaxed)) record(rank, ctx.path);
      if (cfg_.keep_paths) keep(ctx.path);
      count_goal();
      return false;
    }
    if (cut(s, ctx)) return false;
    Frame& child = frame(ctx, depth + 1);  // first: growing the deque keeps references put
    Frame& f = ctx.frames[depth];
    f.moves.clear();
    problem_.moves(s, f.moves);
    f.end = f.moves.size();
    f.child_width = f.moves.empty() ? 0 : f.width / f.moves.size();
    const uint64_t goals_before = ctx.stats.goals;
    // f.end may drop while a child runs: a donation gave the rest away.
    for (f.next = 0; f.next < f.end; ++f.next) {
      const Move m = f.moves[f.next];
      child.lo = f.lo + f.next * f.child_width;
      child.width = f.child_width;
      problem_.apply(s, m);
      ctx.path.push_back(m);
      if (search(s, depth + 1, rank, ctx, interrupted)) return true;
      ctx.path.pop_back();
      problem_.undo(s, m);
      if (interrupted) return false;
    }
    if constexpr (kTable) {
      if (table_ && ctx.stats.goals == goals_before && depth > ctx.donated_depth &&
          table_->insert(problem_.key(s)))
        ++ctx.stats.table_stores;
    }
    return false;
  }

  const P& problem_;
  DfsConfig cfg_;
  Table* table_;
  Budget budget_;
  std::vector<Context> contexts_;
  int level_ = 0;  // the OpenMP nesting level of the caller: inside a region of ours it is one more
  std::atomic<uint64_t> best_rank_{kNone};
  std::atomic<uint64_t> lowest_stopped_rank_{kNone};
  std::atomic<uint64_t> solutions_{0};
  std::mutex solution_mutex_;
  std::vector<Move> best_path_;
  std::vector<std::vector<Move>> kept_;
  int depth_of_frontier_ = 0;
  // Split search (see the top of the file).
  std::vector<SubtreeOutcome> subtrees_;
  uint64_t subtree_nodes_ = 0;  // each subtree's share of the node limit; 0: none
  size_t settled_prefix_ = 0;   // subtrees done from rank 0 on (under solution_mutex_)
  uint64_t settled_solutions_ = 0;
  std::atomic<bool> settled_flag_{false};
  // The queue of subtrees (see the top of the file), in rank order, under queue_mutex_.
  std::mutex queue_mutex_;
  std::condition_variable queue_ready_;
  std::deque<Entry> queue_;
  int busy_ = 0;                   // threads running a subtree
  std::atomic<size_t> queued_{0};  // queue_.size(), for a lock-free look
  std::atomic<int> hungry_{0};     // threads waiting for a donation
};

// Convenience: run a search once.
template <DfsProblem P, class Table = NoTable>
DfsOutcome<typename P::Move> depth_first(const P& problem, typename P::State root,
                                         const DfsConfig& cfg, Table* table = nullptr) {
  DepthFirst<P, Table> engine(problem, cfg, table);
  return engine.run(std::move(root));
}

}  // namespace bs::search
