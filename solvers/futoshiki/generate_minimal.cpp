// The generator of minimal Futoshiki puzzles (`generate futoshiki --clues add`): add clues at
// random until the puzzle is unique, then remove each clue that uniqueness does not need.
//
// Why a second generator. The first (generate.cpp, `--clues all`) starts from every clue of the
// square and removes in one random pass. Its puzzles are minimal too, but they keep the clues that
// happened to be tried last, among a crowd of redundant ones, and they are easy. Adding from
// nothing stops at the first random clue set that pins the square down; removal then strips it to
// a minimal set. These are the hard puzzles of issue 35 (made there with a SAT solver as the
// oracle); here the toolkit is its own oracle.
//
// The steps, all random draws from one std::mt19937_64 seeded as the first generator's first
// attempt (so both methods start from the same Latin square for the same size and seed):
//   1. The square (random_latin_square) and its candidates: every given and every inequality it
//      implies between orthogonal neighbours, in one random order.
//   2. Add until unique. The puzzle is the shortest prefix of that order with one solution. It is
//      found by doubling the prefix (0, 1, 2, 4, ... clues) until unique, then bisecting between
//      the last prefix with two solutions and the first with one: about 2 log2(candidates)
//      oracle calls (~20 at 15x15) instead of one per clue added. Prefixes only grow in clues, so
//      uniqueness is monotone along them and the bisection finds exactly the clue at which adding
//      one by one would have stopped. The other way, adding a clue on which the square and the
//      second solution found differ, was not taken: it needs the oracle's second solution, which
//      the toolkit's count does not return, and it would make the puzzle depend on which second
//      solution an engine happens to find. With prefixes the puzzle depends only on the
//      yes/no answers, which every correct oracle gives alike: switching the oracle's engine
//      changes the time, never the puzzle.
//   3. Remove while unique: one pass over the prefix's clues in a new random order, dropping each
//      clue whose removal keeps the puzzle unique. One pass gives a minimal puzzle (see the top of
//      generate.cpp: a refusal stays right while later removals only add solutions). A removal is
//      decided as in generate.cpp, by the cheapest question that settles it: first a cycle switch
//      of the square through the clue's cell (a second solution in O(n^3), no search); then, for
//      an inequality a > b, whether the puzzle with b > a instead has any solution (every other
//      solution must break a > b); for a given, the count up to two without it.
//
// The oracle is one function, count_up_to(), which calls the toolkit's own solver (`solve` with
// count and a limit); the engine it uses is named on one line below. An oracle call cut short by
// the time limit is an unknown answer, and an unknown answer stops the generator with the limit:
// it is never read as unique (nor as not unique).
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <thread>

#include "core/result.hpp"
#include "solvers/futoshiki/generate.hpp"
#include "solvers/futoshiki/generate_common.hpp"

namespace bs::futoshiki {

namespace {

using generator::Clues;
using generator::mix;
using generator::shuffle;

// The engine behind every oracle call: a value of --method. The lead switches it here.
constexpr const char* kOracleMethod = "search";

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The progress line on standard error, every ~2 s from a thread of its own so that it keeps
// coming during one long oracle call: a live line on a terminal, plain lines otherwise.
class ProgressLine {
 public:
  ProgressLine(bool on, int n, uint64_t seed)
      : n_(n), seed_(seed), live_(::isatty(STDERR_FILENO) != 0), start_(Clock::now()) {
    if (on) thread_ = std::thread([this] { run(); });
  }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine() {
    if (!thread_.joinable()) return;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
    if (live_ && shown_) std::fprintf(stderr, "\r\033[K");
  }

  void phase(const char* name) { phase_.store(name); }
  void clues(int count) { clues_.store(count); }
  void oracle_call() { ++calls_; }

 private:
  void run() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::seconds(2), [this] { return done_; })) show();
  }
  void show() {
    shown_ = true;
    std::fprintf(stderr,
                 "%sgenerate futoshiki %d seed %llu: %s, %d clues, %ld oracle calls, %.0f s%s",
                 live_ ? "\r\033[K" : "", n_, static_cast<unsigned long long>(seed_), phase_.load(),
                 clues_.load(), calls_.load(), seconds_since(start_), live_ ? "" : "\n");
    std::fflush(stderr);
  }

  int n_;
  uint64_t seed_;
  bool live_, shown_ = false, done_ = false;
  Clock::time_point start_;
  std::atomic<const char*> phase_{"square"};
  std::atomic<int> clues_{0};
  std::atomic<long> calls_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread thread_;
};

// One run of the generator: the clue set, the oracle's budget and the bookkeeping.
class MinimalSearch {
 public:
  MinimalSearch(const Grid& square, int n, uint64_t seed, const MinimalSettings& settings)
      : clues_(square, n),
        n_(n),
        seed_(seed),
        settings_(settings),
        start_(Clock::now()),
        progress_(settings.progress, n, seed) {
    for (int id = 0; id < clues_.count(); ++id) clues_.set(id, false);
  }

  // Step 2: the shortest unique prefix of `order`, switched on; returns its length.
  int add_until_unique(const std::vector<int>& order) {
    progress_.phase("add");
    const int all = static_cast<int>(order.size());
    int several = -1, unique = all;  // longest prefix known not unique, shortest known unique
    for (int k = 0; k < all; k = k == 0 ? 1 : std::min(2 * k, all)) {
      if (prefix_is_unique(order, k)) {
        unique = k;
        break;
      }
      several = k;
    }
    while (unique - several > 1) {
      const int mid = several + (unique - several) / 2;
      if (prefix_is_unique(order, mid))
        unique = mid;
      else
        several = mid;
    }
    switch_on_prefix(order, unique);
    return unique;
  }

  // Step 3: one pass in the order given, dropping what uniqueness does not need.
  void remove_while_unique(const std::vector<int>& order) {
    progress_.phase("remove");
    int on = static_cast<int>(order.size());
    for (const int id : order) {
      clues_.set(id, false);
      if (removable(id))
        --on;
      else
        clues_.set(id, true);
      progress_.clues(on);
    }
  }

  Instance instance() const { return clues_.instance(); }
  int oracle_calls() const { return calls_; }

 private:
  void switch_on_prefix(const std::vector<int>& order, int k) {
    for (int i = 0; i < static_cast<int>(order.size()); ++i) clues_.set(order[i], i < k);
    progress_.clues(k);
  }

  // Every candidate on is every given: unique without asking.
  bool prefix_is_unique(const std::vector<int>& order, int k) {
    switch_on_prefix(order, k);
    if (k == static_cast<int>(order.size())) return true;
    const int count = ask(clues_.instance(), 2);
    if (count == 0) throw std::logic_error("generate futoshiki: the square breaks its own clues");
    return count == 1;
  }

  // Whether the puzzle stays unique with clue `id` (just switched off) gone; the current puzzle
  // with it is unique. The questions are explained at the top of the file.
  bool removable(int id) {
    if (id < clues_.cells()) {
      if (clues_.cycle_switch_keeps(id)) return false;
      return ask(clues_.instance(), 2) == 1;
    }
    const Inequality& q = clues_.inequality(id);
    if (clues_.cycle_switch_keeps(q.greater) || clues_.cycle_switch_keeps(q.smaller)) return false;
    return ask(clues_.reversed(id), 1) == 0;
  }

  // The oracle under what is left of the time limit; an unknown answer ends the run.
  int ask(const Instance& in, int limit) {
    double budget = 0;
    if (settings_.time_limit > 0) {
      budget = settings_.time_limit - seconds_since(start_);
      if (budget <= 0) out_of_time();
    }
    ++calls_;
    progress_.oracle_call();
    const int count = count_up_to(in, limit, budget, settings_.threads);
    if (count == kUnknownCount) out_of_time();
    return count;
  }

  [[noreturn]] void out_of_time() const {
    throw std::runtime_error("generate futoshiki: the time limit of " +
                             real_text(settings_.time_limit) +
                             " s ran out before the puzzle was minimal (size " +
                             std::to_string(n_) + ", seed " + std::to_string(seed_) + ", " +
                             std::to_string(calls_) + " oracle calls); no puzzle was written");
  }

  Clues clues_;
  int n_;
  uint64_t seed_;
  MinimalSettings settings_;
  Clock::time_point start_;
  int calls_ = 0;
  ProgressLine progress_;
};

}  // namespace

int count_up_to(const Instance& in, int limit, double time_limit, int threads) {
  Options o;
  o.set("method", kOracleMethod);
  o.set("count", "true");
  o.set("limit", std::to_string(limit));
  o.set("threads", std::to_string(threads));
  if (time_limit > 0) o.set("time-limit", real_text(time_limit));
  const Result r = solve(in, o);
  if (r.status == Status::unknown) return kUnknownCount;
  if (r.status == Status::infeasible) return 0;
  if (r.solution_count < 1) throw std::logic_error("futoshiki oracle: solved without a solution");
  return static_cast<int>(std::min<int64_t>(r.solution_count, limit));
}

Generated generate_minimal(int n, uint64_t seed, const MinimalSettings& settings) {
  if (n < 1 || n > kMaxN)
    throw std::invalid_argument("generate futoshiki: size " + std::to_string(n) +
                                " is outside [1, " + std::to_string(kMaxN) + "]");
  // The first generator's first attempt: the same square for the same size and seed.
  std::mt19937_64 rng(mix(seed ^ mix(static_cast<uint64_t>(n))));
  Generated g;
  g.solution = random_latin_square(n, rng);
  MinimalSearch search(g.solution, n, seed, settings);

  std::vector<int> order(static_cast<size_t>(Clues(g.solution, n).count()));
  std::iota(order.begin(), order.end(), 0);
  shuffle(order, rng);
  const int kept = search.add_until_unique(order);
  order.resize(static_cast<size_t>(kept));
  shuffle(order, rng);
  search.remove_while_unique(order);

  g.instance = search.instance();
  g.instance.name = "futoshiki-" + std::to_string(n) + "-" + std::to_string(seed);
  g.oracle_calls = search.oracle_calls();
  return g;
}

}  // namespace bs::futoshiki
