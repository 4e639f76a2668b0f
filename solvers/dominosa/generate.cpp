// The Dominosa generator: plant a solution, then repair the numbers in place until it is the only
// one, then steer the numbers towards the grade asked for.
//
// Why not generate and test. A random grid with a planted tiling T has, at order n, about 0.4 n
// 2x2 squares where the two parallel planted dominoes could be turned (numbers a b over b d read
// the same dominoes either way), besides longer ambiguities; a random grid is unique with a
// chance that falls exponentially in n, which is why Tatham's generator (and the seed's Java
// port) gives out near order 15-20. So a non-unique grid is repaired, not thrown away.
//
// The repair. Any other solution S of the grid differs from T on alternating cycles: cells
// c0 c1 c2 ... where (c0, c1), (c2, c3), ... are planted dominoes and (c1, c2), ..., (c_last, c0)
// are S's. Two kinds of change keep T a solution, because they only move T's number pairs between
// T's placements: flipping a planted domino (x y becomes y x), or exchanging the number pairs of
// two planted dominoes. Flipping the planted domino (a, b) on a cycle turns S's dominoes {x, p}
// and {y, q} through a and b into {y, p} and {x, q}; unless x = y or p = q, S now uses a domino
// twice and is no solution. Each repair is chosen among such flips (and, when every domino on the
// cycle is a double, exchanges with a planted domino elsewhere) in a seeded random order, taking
// the first that (1) kills S and the cycle on its own, and (2) opens no new short ambiguous cycle
// through the cells it changed; failing (2), the first that does (1).
//
// Finding the other solutions, cheaply first. Short cycles (up to kShortCycle planted dominoes)
// that are a second solution by themselves are found with no search at all: a depth-first walk
// over alternating paths from every cell, about 27 steps a cell. They are the bulk of the
// ambiguity (the 2x2 squares above), so a local pass repairs them all before the solver is ever
// called. What is left (long cycles, and pairs of cycles that trade dominoes) is found by
// analyse(): each repair round asks it for up to kSolutionsPerRound solutions within proof_nodes()
// nodes, and repairs every cycle by which a solution found differs from T. The round ends the
// attempt when the analysis proves the grid unique. After kMaxRepairRounds rounds the attempt
// gives up and the next starts from a new plant (a sub-seed of the seed).
//
// When the proof is the hard part. A grid with no short ambiguity left is often unique but hard
// to prove so: the search refutes near-solutions for seconds at order 30 and does not finish at
// order 100. So when an analysis runs out of nodes before a second solution, the grid is
// simplified instead (simplify()): moves at the cells that a set of sound rules leaves open, each
// kept when fewer cells stay open, until none does. Such a grid is unique, and the next analysis
// proves it at the root. For an ungraded puzzle the rules are the two trivial deductions (a cell,
// or a domino, with one placement left), the cheapest measure, and the puzzle comes out easy.
//
// Grades. For a grade G the climb measures with the default rules up to G instead, and refuses
// the move that would settle the grid if the rules below G settle it too: it ends at grade G
// exactly. A grid proved unique but harder than G is brought down by the same climb. Steering
// is what is left for a grid that comes out easier than G (or when G is "search"): each round
// draws kSteerCandidates moves (a flip, or an exchange of two planted dominoes a few cells apart),
// keeps the ones whose grid is still unique, and takes the one nearest the grade asked for, never
// one further from it; ties go to the lowest index. Rounds are bounded, then a new plant. Steering
// alone, from the easy grids the trivial climb leaves, found no set-analysis puzzle at order 30 in
// 120 s; the graded climb makes one in about a second.
//
// Parallel and deterministic. Every random choice is drawn serially from splitmix64 streams
// fixed by the seed. What runs in parallel is a fixed set of independent measurements whose
// outcome is read in index order: the subtrees of every analysis (split with its node budget into
// kAnalysisSubtrees, solver.hpp), the candidates of a steering round (each a whole analysis), the
// rows of the short-cycle scan on large grids, and the speculative moves of a graded climb's
// round (the lowest-index success is kept). The trivial climb's moves cost microseconds, so they
// run on one thread (kSimplifyThreads). So the puzzle is the same at every thread count and the
// threads only change how long a step takes. The plant is serial: random_tiling()'s flips are
// serial by nature, and the tiling here (sweep_tiling) is cheap enough that its 1600 barriers
// would cost more than they save.
#include "solvers/dominosa/generate.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <limits>
#include <optional>
#include <stdexcept>

#include "core/splitmix64.hpp"
#include "puzzles/dominosa/format.hpp"
#include "puzzles/dominosa/random.hpp"
#include "solvers/dominosa/options.hpp"
#include "solvers/generate_spec.hpp"
#include "solvers/measure.hpp"

namespace bs::dominosa {

namespace {

// Planted dominoes in the cycles the local pass looks for: 2 are the 2x2 squares, 3 and 4 the
// 2x3 and 2x4 rings and the L and S shapes.
constexpr int kShortCycle = 4;
// Grids of at least this many cells (order 70) are scanned for short cycles in parallel.
constexpr int kParallelScanCells = 5000;
// Passes of the local scan before the solver takes over whatever is left.
constexpr int kMaxLocalPasses = 16;
// The solutions each repair round asks analyse() for.
constexpr int kSolutionsPerRound = 3;
// Repair rounds before an attempt gives up on its plant.
constexpr int kMaxRepairRounds = 48;
// An analysis (a repair round's, or a steering candidate's) is cut short after proof_nodes()
// nodes: the grid is then simplified (see simplify()), or the candidate counts as not unique. A
// node costs about the grid's size (the rules look at every cell), so the budget is a fixed
// amount of work, kProofWork cell-nodes: 4,000 nodes at order 30, 390 at order 100. More bought
// nothing at order 100: there the proof ran out every time (seeds 1-5 at 4,000 nodes, 9 s each).
constexpr uint64_t kProofWork = 4'000'000;
uint64_t proof_nodes(const Instance& in) {
  return std::max<uint64_t>(kAnalysisSubtrees, kProofWork / static_cast<uint64_t>(in.cells()));
}
// Moves the simplifying climb tries per call, and the moves of each of its speculative rounds.
constexpr int kSimplifyTries = 20'000;
constexpr int kSimplifyBatch = 8;
// A graded climb gives up after this many moves in a row that did not help.
constexpr int kGradedStall = 480;
// The threads that measure a trivial climb's round of moves (a graded climb's moves cost
// milliseconds and use every thread). One: on the shared 2-core machine the
// round's barrier waits for a second thread the scheduler has not woken, a few ms a round, and
// at order 100 two threads took 2.3 s against 0.5 s for one (median of 5 seeds, `boundsearch
// generate dominosa --order 100 --seed S --threads T`). The rounds stay, so that the puzzle is the
// same whatever this is set to.
constexpr int kSimplifyThreads = 1;
// Exchanges tried, after the flips, when repairing one cycle.
constexpr int kExchangeCandidates = 12;
// Steering: moves analysed per round, rounds per attempt, and how far apart the two dominoes of
// an exchange may lie (in rows and in columns).
constexpr int kSteerCandidates = 4;
constexpr int kMaxSteerRounds = 64;
constexpr int kSteerReach = 3;
// Plants before a request gives up.
constexpr int kMaxAttempts = 16;

// SplitMix64's finaliser: nearby (seed, attempt) pairs give unrelated streams.
uint64_t mix(uint64_t x) {
  return splitmix64(x);
}

uint64_t below(uint64_t& state, uint64_t bound) {
  return splitmix64(state) % bound;
}

// Runs body(i) for i in [0, count) on up to `threads` threads; the first exception by index is
// rethrown (none may leave an OpenMP region).
template <class Body>
void parallel_for(int count, int threads, Body body) {
  std::vector<std::exception_ptr> failure(static_cast<size_t>(count));
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (int i = 0; i < count; ++i) {
    try {
      body(i);
    } catch (...) {
      failure[i] = std::current_exception();
    }
  }
  for (const std::exception_ptr& f : failure)
    if (f) std::rethrow_exception(f);
}

// Heat-bath sweeps of the 2x2 flip chain (random.hpp's move) per square: sweeps of 4 classes.
constexpr int kTilingSweeps = 400;

// A random domino tiling of the grid of order n, as a partner per cell. random_tiling()
// (random.hpp) flips squares drawn one at a time, two divisions and a random memory access each
// (24 ms at order 100); here each sweep visits the squares in four classes by the parity of their
// top-left corner, in order, and turns each (when two parallel dominoes cover it) on a coin drawn
// from its own counter (seed, step, square): 4 ms at order 100. The squares of a class are
// disjoint, so the rows of a class could run in parallel with the same result, but on 2 cores
// shared with other work the 192 barriers cost more than the sweeps, so they run serially. The
// chain is the lazy flip chain, connected over all tilings (Thurston): it tends to the uniform law.
std::vector<int> sweep_tiling(int n, uint64_t seed) {
  Instance shape;
  shape.n = n;
  const int w = shape.width(), h = shape.height();
  std::vector<int> partner(shape.cells());
  for (int cell = 0; cell < shape.cells(); ++cell) {  // bricks, as random_tiling starts
    const int r = cell / w, c = cell % w;
    if (w % 2 == 0)
      partner[cell] = c % 2 == 0 ? cell + 1 : cell - 1;
    else
      partner[cell] = r % 2 == 0 ? cell + w : cell - w;
  }
  const uint64_t base = mix(seed ^ 0x7377'6565'70ULL);  // "sweep"
  for (int step = 0; step < 4 * kTilingSweeps; ++step) {
    const int pr = step % 2, pc = step / 2 % 2;
    const int rows = (h - 1 - pr + 1) / 2;
    for (int i = 0; i < rows; ++i) {
      const int r = pr + 2 * i;
      for (int c = pc; c + 1 < w; c += 2) {
        uint64_t key = base +
                       (static_cast<uint64_t>(step) * static_cast<uint64_t>(h) + r) *
                           static_cast<uint64_t>(w) +
                       c;
        if ((splitmix64(key) & 1) == 0) continue;
        const int a = r * w + c, b = a + 1, d = a + w, e = a + w + 1;
        if (partner[a] == b && partner[d] == e) {
          partner[a] = d, partner[d] = a, partner[b] = e, partner[e] = b;
        } else if (partner[a] == d && partner[b] == e) {
          partner[a] = b, partner[b] = a, partner[d] = e, partner[e] = d;
        }
      }
    }
  }
  return partner;
}

// The placements, ascending, of a tiling given as a partner per cell.
std::vector<int> tiling_of(const Instance& shape, const std::vector<int>& partner) {
  std::vector<int> t;
  for (int c = 0; c < shape.cells(); ++c)
    if (partner[c] > c) t.push_back(shape.placement_at(c, partner[c] == c + 1 ? right : down));
  std::sort(t.begin(), t.end());
  return t;
}

// The grid being repaired: its numbers, the planted tiling as a partner per cell, and the
// neighbour table the walks read.
struct Planted {
  Instance in;
  std::vector<int> partner;
  std::vector<int> neighbour;  // cell * 4 + direction, -1 off the grid

  explicit Planted(const Instance& instance, const std::vector<int>& tiling)
      : in(instance), partner(instance.cells(), -1), neighbour(4 * instance.cells()) {
    for (const int p : tiling) {
      const Placement pl = in.placement(p);
      partner[pl.first] = pl.second;
      partner[pl.second] = pl.first;
    }
    for (int c = 0; c < in.cells(); ++c)
      for (int d = 0; d < 4; ++d) neighbour[4 * c + d] = in.neighbour(c, static_cast<Direction>(d));
  }
  int domino(int a, int b) const { return domino_index(in.numbers[a], in.numbers[b], in.n); }
  std::vector<int> tiling() const { return tiling_of(in, partner); }
};

// Whether exchanging the planted dominoes of `cycle` (format of short_ambiguous_cycles) for the
// other pairs of its cells keeps the same dominoes: then the exchange is a second solution.
bool ambiguous(const Planted& g, const std::vector<int>& cycle) {
  const size_t k = cycle.size() / 2;
  std::vector<int> planted(k), other(k);
  for (size_t i = 0; i < k; ++i) {
    planted[i] = g.domino(cycle[2 * i], cycle[2 * i + 1]);
    other[i] = g.domino(cycle[2 * i + 1], cycle[(2 * i + 2) % cycle.size()]);
  }
  std::sort(planted.begin(), planted.end());
  std::sort(other.begin(), other.end());
  return planted == other;
}

// Depth-first over alternating paths that start with the planted domino path[0] path[1]: true
// when one closes into an ambiguous cycle, left in `path`. `canonical` keeps to cycles whose
// smallest cell is path[0], so that a scan over every cell lists each cycle once.
bool close_ambiguous(const Planted& g, std::vector<int>& path, int max_dominoes, bool canonical) {
  const int last = path.back();
  for (int d = 0; d < 4; ++d) {
    const int c = g.neighbour[4 * last + d];
    if (c < 0 || c == g.partner[last]) continue;
    if (c == path[0]) {
      if (path.size() >= 4 && ambiguous(g, path)) return true;
      continue;
    }
    if (static_cast<int>(path.size()) / 2 >= max_dominoes) continue;
    const int e = g.partner[c];
    if (canonical && (c < path[0] || e < path[0])) continue;
    // The path is whole planted dominoes, so c is on it exactly when e is.
    if (std::find(path.begin(), path.end(), c) != path.end()) continue;
    path.push_back(c);
    path.push_back(e);
    if (close_ambiguous(g, path, max_dominoes, canonical)) return true;
    path.pop_back();
    path.pop_back();
  }
  return false;
}

// Every short ambiguous cycle, each once, in the order of its smallest cell. On a large grid the
// rows are scanned in parallel and their lists joined in row order, so the list is the serial
// one; a small grid is scanned serially, its scan (0.1 ms at order 10) being far cheaper than
// waking a second thread on a busy machine.
std::vector<std::vector<int>> scan_short_cycles(const Planted& g, int max_dominoes, int threads) {
  std::vector<std::vector<std::vector<int>>> by_row(static_cast<size_t>(g.in.height()));
  const int used = g.in.cells() >= kParallelScanCells ? threads : 1;
  parallel_for(g.in.height(), used, [&](int r) {
    std::vector<int> path;
    for (int c = r * g.in.width(); c < (r + 1) * g.in.width(); ++c) {
      path = {c, g.partner[c]};
      if (path[1] < c) continue;  // a cycle's smallest cell starts it with its own partner
      // One cycle per start cell: the local pass repeats the scan until none is left.
      if (close_ambiguous(g, path, max_dominoes, true)) by_row[r].push_back(path);
    }
  });
  std::vector<std::vector<int>> out;
  for (auto& row : by_row)
    for (auto& cycle : row) out.push_back(std::move(cycle));
  return out;
}

// Whether some short ambiguous cycle passes through `cell` (every cycle through a cell holds its
// planted domino, so starting there finds them all).
bool short_cycle_through(const Planted& g, int cell) {
  std::vector<int> path = {cell, g.partner[cell]};
  return close_ambiguous(g, path, kShortCycle, false);
}

// A change of numbers that keeps the planted tiling a solution: swap the numbers of cells a and
// b, and (an exchange) of c and d.
struct Move {
  int a, b, c = -1, d = -1;
};
void apply(Instance& in, const Move& m) {
  std::swap(in.numbers[m.a], in.numbers[m.b]);
  if (m.c >= 0) std::swap(in.numbers[m.c], in.numbers[m.d]);
}
bool opens_short_cycle(const Planted& g, const Move& m) {
  for (const int cell : {m.a, m.b, m.c, m.d})
    if (cell >= 0 && short_cycle_through(g, cell)) return true;
  return false;
}

// Whether the tiling given as a partner per cell uses every domino once.
bool solves(const Planted& g, const std::vector<int>& partner, std::vector<uint8_t>& used) {
  used.assign(static_cast<size_t>(dominoes(g.in.n)), 0);
  for (int c = 0; c < g.in.cells(); ++c)
    if (partner[c] > c && used[g.domino(c, partner[c])]++) return false;
  return true;
}

// The cycles on which the tiling `other` (a partner per cell) differs from the planted one.
std::vector<std::vector<int>> difference_cycles(const Planted& g, const std::vector<int>& other) {
  std::vector<std::vector<int>> out;
  std::vector<char> seen(g.in.cells(), 0);
  for (int x = 0; x < g.in.cells(); ++x) {
    if (seen[x] || other[x] == g.partner[x]) continue;
    std::vector<int> cycle;
    int cur = x;
    do {
      const int p = g.partner[cur];
      cycle.push_back(cur);
      cycle.push_back(p);
      seen[cur] = seen[p] = 1;
      cur = other[p];
    } while (cur != x);
    out.push_back(std::move(cycle));
  }
  return out;
}

// How many cells the two trivial deductions leave open (a cell with one placement left, a
// domino with one placement left), run to their fixpoint from scratch in O(placements): the
// generator's own cheap measure of how much of a grid is settled without search, so that the
// simplifying climb below need not call the solver for every move. Both deductions are sound, so
// 0 open cells proves the grid unique.
class TrivialPropagation {
 public:
  explicit TrivialPropagation(const Instance& shape)
      : ends_(shape.placements()), at_cell_(4 * shape.cells(), -1) {
    for (int p = 0; p < shape.placements(); ++p) {
      ends_[p] = shape.placement(p);
      for (const int c : {ends_[p].first, ends_[p].second})
        for (int slot = 0; slot < 4; ++slot)
          if (at_cell_[4 * c + slot] < 0) {
            at_cell_[4 * c + slot] = p;
            break;
          }
    }
  }

  // The open cells of `in` (also left in `open` when given).
  int open_cells(const Instance& in, std::vector<int>* open) {
    const int cells = in.cells(), placements = in.placements(), kinds = dominoes(in.n);
    domino_.resize(placements);
    start_.assign(kinds + 1, 0);
    for (int p = 0; p < placements; ++p) {
      domino_[p] = domino_index(in.numbers[ends_[p].first], in.numbers[ends_[p].second], in.n);
      ++start_[domino_[p] + 1];
    }
    for (int k = 0; k < kinds; ++k) start_[k + 1] += start_[k];
    of_domino_.resize(placements);
    std::vector<int> fill(start_.begin(), start_.end() - 1);
    for (int p = 0; p < placements; ++p) of_domino_[fill[domino_[p]]++] = p;
    alive_.assign(placements, 1);
    covered_.assign(cells, 0);
    used_.assign(kinds, 0);
    cell_count_.assign(cells, 0);
    for (int p = 0; p < placements; ++p)
      ++cell_count_[ends_[p].first], ++cell_count_[ends_[p].second];
    queue_.clear();
    for (int c = 0; c < cells; ++c)
      if (cell_count_[c] == 1) queue_.push_back(c);
    domino_count_.resize(kinds);
    for (int k = 0; k < kinds; ++k) {
      domino_count_[k] = start_[k + 1] - start_[k];
      if (domino_count_[k] == 1) queue_.push_back(cells + k);
    }
    for (size_t head = 0; head < queue_.size(); ++head) {
      const int item = queue_[head];
      int chosen = -1;
      if (item < cells) {
        if (covered_[item]) continue;
        for (int slot = 0; slot < 4; ++slot) {
          const int p = at_cell_[4 * item + slot];
          if (p >= 0 && alive_[p]) chosen = p;
        }
      } else {
        if (used_[item - cells]) continue;
        for (int i = start_[item - cells]; i < start_[item - cells + 1]; ++i)
          if (alive_[of_domino_[i]]) chosen = of_domino_[i];
      }
      if (chosen >= 0) take(chosen, cells);
    }
    int count = 0;
    if (open) open->clear();
    for (int c = 0; c < cells; ++c)
      if (!covered_[c]) {
        ++count;
        if (open) open->push_back(c);
      }
    return count;
  }

 private:
  void take(int p, int cells) {
    const int a = ends_[p].first, b = ends_[p].second, k = domino_[p];
    for (const int c : {a, b})
      for (int slot = 0; slot < 4; ++slot) {
        const int q = at_cell_[4 * c + slot];
        if (q >= 0 && q != p && alive_[q]) kill(q, cells);
      }
    for (int i = start_[k]; i < start_[k + 1]; ++i)
      if (of_domino_[i] != p && alive_[of_domino_[i]]) kill(of_domino_[i], cells);
    covered_[a] = covered_[b] = 1;
    used_[k] = 1;
  }
  void kill(int q, int cells) {
    alive_[q] = 0;
    for (const int c : {ends_[q].first, ends_[q].second})
      if (!covered_[c] && --cell_count_[c] == 1) queue_.push_back(c);
    const int k = domino_[q];
    if (!used_[k] && --domino_count_[k] == 1) queue_.push_back(cells + k);
  }

  std::vector<Placement> ends_;
  std::vector<int> at_cell_;  // cell * 4 + slot: the placements through the cell, -1 padding
  std::vector<int> domino_, start_, of_domino_, cell_count_, domino_count_, queue_;
  std::vector<char> alive_, covered_, used_;
};

// The measure the simplifying climb lowers: the cells a set of sound rules leaves open at the
// root. For an ungraded request (or one for a puzzle that needs search) the two trivial
// deductions, counted by TrivialPropagation at a few microseconds a grid; for a request of grade
// G, the default rules up to G (open_cells_at_root), a few milliseconds at order 30. Climbing
// with the rules up to G stops as soon as they settle the grid, so the grid lands at grade G or
// just below it, where the steering has a short way left; climbing with the trivial rules lands
// at the bottom grade, from which the steering rarely climbs to a hard grade (order 30 found no
// set-analysis puzzle in 120 s that way).
class OpenCells {
 public:
  OpenCells(const Instance& shape, std::string rules) : rules_(std::move(rules)) {
    if (rules_.empty()) trivial_.emplace(shape);
  }
  bool cheap() const { return trivial_.has_value(); }
  int operator()(const Instance& in, std::vector<int>* open) {
    if (trivial_) return trivial_->open_cells(in, open);
    std::vector<int> cells = open_cells_at_root(in, rules_);
    const int count = static_cast<int>(cells.size());
    if (open) *open = std::move(cells);
    return count;
  }

 private:
  std::optional<TrivialPropagation> trivial_;
  std::string rules_;
};

// The rules the simplifying climb measures with for a target grade (an index into grade_names(),
// -1 for any): empty for the trivial measure, else the default rules up to the target.
std::string climb_rules(int target) {
  const std::vector<std::string>& names = grade_names();
  if (target < 0 || target + 1 >= static_cast<int>(names.size())) return "";
  std::string rules;
  for (int i = 0; i <= target; ++i) rules += (i ? "," : "") + names[i];
  return rules;
}

struct Counters {
  int analyses = 0, repairs = 0, local_repairs = 0;
  double analyse_seconds = 0;
};

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Repairs one cycle (see the top of the file): applies the chosen move. `other`, when given, is
// the whole second solution the cycle came from, which the move must kill too.
void repair_cycle(Planted& g, const std::vector<int>& cycle, const std::vector<int>* other,
                  uint64_t& rng, Counters& counters) {
  std::vector<Move> moves;
  for (size_t i = 0; i < cycle.size(); i += 2)
    if (g.in.numbers[cycle[i]] != g.in.numbers[cycle[i + 1]])
      moves.push_back({cycle[i], cycle[i + 1]});
  for (size_t i = moves.size(); i > 1; --i) std::swap(moves[i - 1], moves[below(rng, i)]);
  std::vector<char> on_cycle(g.in.cells(), 0);
  for (const int c : cycle) on_cycle[c] = 1;
  for (int k = 0; k < kExchangeCandidates; ++k) {
    const size_t i = 2 * below(rng, cycle.size() / 2);
    const int x = cycle[i], px = cycle[i + 1];
    const int y = static_cast<int>(below(rng, g.in.cells())), py = g.partner[y];
    if (on_cycle[y] || g.domino(x, px) == g.domino(y, py)) continue;
    if (below(rng, 2))
      moves.push_back({x, y, px, py});
    else
      moves.push_back({x, py, px, y});
  }
  std::vector<uint8_t> used;
  int fallback = -1;
  for (size_t i = 0; i < moves.size(); ++i) {
    apply(g.in, moves[i]);
    const bool kills = !ambiguous(g, cycle) && (!other || !solves(g, *other, used));
    const bool clean = kills && !opens_short_cycle(g, moves[i]);
    apply(g.in, moves[i]);  // a move is its own inverse
    if (clean) {
      fallback = static_cast<int>(i);
      break;
    }
    if (kills && fallback < 0) fallback = static_cast<int>(i);
  }
  if (fallback < 0) return;  // nothing kills it here; the next round meets it again
  apply(g.in, moves[fallback]);
  ++counters.repairs;
  if (!other) ++counters.local_repairs;
}

// The local pass: repairs every short ambiguous cycle, with no search.
void repair_short_cycles(Planted& g, uint64_t& rng, int threads, Counters& counters) {
  for (int pass = 0; pass < kMaxLocalPasses; ++pass) {
    const std::vector<std::vector<int>> cycles = scan_short_cycles(g, kShortCycle, threads);
    if (cycles.empty()) return;
    for (const auto& cycle : cycles)
      if (ambiguous(g, cycle)) repair_cycle(g, cycle, nullptr, rng, counters);
  }
}

int grade_index(const Analysis& a) {
  return a.needs_search ? static_cast<int>(grade_names().size()) - 1 : a.hardest;
}

bool unique(const Analysis& a) {
  return a.solutions == 1 && a.complete;
}

// The simplifying climb, for a grid whose proof of uniqueness the solver could not finish within
// proof_nodes(). A move (a flip, or an exchange of number pairs between two planted dominoes) takes
// the planted domino at a random cell that the measure's rules (OpenCells: the trivial
// deductions, or the default rules up to the grade asked for) leave open, and is kept when it
// leaves fewer cells open and opens no short ambiguous cycle, until no cell is open: the grid is
// then unique by those rules alone, and the solver's proof is a formality. For a grade G, the
// move that settles the grid must also leave cells open to the rules below G, so that the climb
// ends at grade G exactly. Most moves
// change nothing (the deductions run in chains, and a grid is mostly open until a move sets one
// off), so the moves are speculated on: each round draws kSimplifyBatch moves serially and
// measures them in parallel, each on a thread's copy of the grid, and keeps the lowest-index one
// that helps. A thread skips the moves after a success already found, so one thread measures
// exactly the moves a serial first-improvement climb would; the kept move, and so the grid, is
// the same at every thread count.
// Returns whether the grid was settled (a graded climb may stall and give up).
bool simplify(Planted& g, uint64_t& rng, int threads, int target, Counters& counters) {
  const std::string rules = climb_rules(target);
  if (rules.empty()) threads = kSimplifyThreads;
  std::vector<Planted> copies(static_cast<size_t>(threads), g);
  std::vector<OpenCells> measure(static_cast<size_t>(threads), OpenCells(g.in, rules));
  // For a graded climb, the rules below the grade: a move that settles the grid must leave it
  // open to these, or the puzzle would be easier than the grade asked for.
  const bool graded = !rules.empty() && target >= 1;
  std::vector<OpenCells> easier(static_cast<size_t>(graded ? threads : 0),
                                OpenCells(g.in, graded ? climb_rules(target - 1) : rules));
  std::vector<int> open;
  int score = measure[0](g.in, &open);
  std::vector<Move> moves(kSimplifyBatch);
  std::vector<int> scores(kSimplifyBatch);
  std::vector<std::vector<int>> opens(kSimplifyBatch);
  int since_kept = 0;
  for (int tries = 0; tries < kSimplifyTries && score > 0; tries += kSimplifyBatch) {
    // A graded climb that stalls is at a grid the grade does not settle from here (its moves
    // cost milliseconds, so waiting is dear): the attempt starts again from a new plant.
    if (graded && since_kept >= kGradedStall) return false;
    since_kept += kSimplifyBatch;
    for (Move& move : moves) {
      const int x = open[below(rng, open.size())], px = g.partner[x];
      const int y = static_cast<int>(below(rng, g.in.cells())), py = g.partner[y];
      move = {x, px};
      if (below(rng, 3) != 0 && y != x && y != px && g.domino(x, px) != g.domino(y, py))
        move = below(rng, 2) ? Move{x, y, px, py} : Move{x, py, px, y};
    }
    std::atomic<int> first{kSimplifyBatch};
    parallel_for(kSimplifyBatch, threads, [&](int i) {
      if (i > first.load()) return;
      const int t = omp_get_thread_num();
      Planted& copy = copies[t];
      copy.in.numbers = g.in.numbers;
      apply(copy.in, moves[i]);
      if (opens_short_cycle(copy, moves[i])) return;
      scores[i] = measure[t](copy.in, &opens[i]);
      if (scores[i] >= score) return;
      if (graded && scores[i] == 0 && easier[t](copy.in, nullptr) == 0) return;
      int seen = first.load();
      while (i < seen && !first.compare_exchange_weak(seen, i)) {
      }
    });
    const int kept = first.load();
    if (kept == kSimplifyBatch) continue;
    apply(g.in, moves[kept]);
    score = scores[kept];
    std::swap(open, opens[kept]);
    since_kept = 0;
    ++counters.repairs;
  }
  return score == 0;
}

// Repair rounds until analyse() proves the grid unique; its analysis, or nothing after
// kMaxRepairRounds or when a graded climb stalls. An analysis cut short before a second solution
// is followed by the simplifying climb, and the next round analyses the simplified grid.
std::optional<Analysis> repair_until_unique(Planted& g, uint64_t& rng, int threads, int target,
                                            Counters& counters) {
  std::vector<uint8_t> used;
  for (int round = 0; round < kMaxRepairRounds; ++round) {
    const auto start = std::chrono::steady_clock::now();
    const Analysis a = analyse(g.in, kSolutionsPerRound, "default", proof_nodes(g.in), threads);
    counters.analyse_seconds += since(start);
    ++counters.analyses;
    if (a.solutions == 0 && a.complete)
      throw std::logic_error("dominosa generate: the planted tiling stopped solving its grid");
    if (unique(a)) return a;
    // Every solution found that is not the planted one, as a partner per cell.
    std::vector<std::vector<int>> others;
    for (const std::vector<int>& placements : a.found) {
      std::vector<int> other(g.in.cells());
      for (const int p : placements) {
        const Placement pl = g.in.placement(p);
        other[pl.first] = pl.second;
        other[pl.second] = pl.first;
      }
      if (other != g.partner) others.push_back(std::move(other));
    }
    if (others.empty()) {  // cut short before a second solution
      if (!simplify(g, rng, threads, target, counters) && !climb_rules(target).empty())
        return std::nullopt;
      continue;
    }
    for (const std::vector<int>& other : others) {
      if (!solves(g, other, used)) continue;  // an earlier repair of this round killed it
      for (const std::vector<int>& cycle : difference_cycles(g, other))
        repair_cycle(g, cycle, &other, rng, counters);
    }
    repair_short_cycles(g, rng, threads, counters);
  }
  return std::nullopt;
}

// A steering move: a flip of a random planted domino, or an exchange with one whose first cell
// lies within kSteerReach rows and columns.
Move steering_move(const Planted& g, uint64_t& rng) {
  const Instance& in = g.in;
  const int x = static_cast<int>(below(rng, in.cells())), px = g.partner[x];
  const int r = x / in.width() + static_cast<int>(below(rng, 2 * kSteerReach + 1)) - kSteerReach;
  const int c = x % in.width() + static_cast<int>(below(rng, 2 * kSteerReach + 1)) - kSteerReach;
  const bool flip_only = r < 0 || r >= in.height() || c < 0 || c >= in.width();
  const int y = flip_only ? x : r * in.width() + c, py = g.partner[y];
  if (y == x || y == px || g.domino(x, px) == g.domino(y, py)) return {x, px};
  return below(rng, 2) ? Move{x, y, px, py} : Move{x, py, px, y};
}

// Steering rounds until the grade is `target` (see the top of the file). Returns whether it got
// there; `a` is the analysis of the grid as it is left.
bool steer(Planted& g, int target, Analysis& a, uint64_t& rng, int threads, Counters& counters,
           int& rounds) {
  struct Candidate {
    Move move;
    Analysis analysis;
    bool viable = false;
  };
  for (rounds = 0; rounds < kMaxSteerRounds; ++rounds) {
    if (grade_index(a) == target) return true;
    std::vector<Candidate> candidates(kSteerCandidates);
    for (Candidate& cand : candidates) cand.move = steering_move(g, rng);
    parallel_for(kSteerCandidates, threads, [&](int i) {
      Candidate& cand = candidates[i];
      Planted trial = g;
      apply(trial.in, cand.move);
      if (opens_short_cycle(trial, cand.move)) return;
      cand.analysis = analyse(trial.in, 2, "default", proof_nodes(trial.in));
      cand.viable = unique(cand.analysis);
    });
    counters.analyses += kSteerCandidates;
    const int now = std::abs(grade_index(a) - target);
    int best = -1, best_distance = now;
    for (int i = 0; i < kSteerCandidates; ++i) {
      if (!candidates[i].viable) continue;
      const int distance = std::abs(grade_index(candidates[i].analysis) - target);
      if (distance < best_distance || (best < 0 && distance == now)) {
        best = i;
        best_distance = distance;
      }
    }
    if (best < 0) continue;
    apply(g.in, candidates[best].move);
    a = candidates[best].analysis;
    ++counters.repairs;
  }
  return grade_index(a) == target;
}

int target_index(const std::string& grade) {
  if (grade == "any") return -1;
  const std::vector<std::string>& names = grade_names();
  const auto it = std::find(names.begin(), names.end(), grade);
  if (it == names.end()) {
    std::string known;
    for (const auto& name : names) known += " " + name;
    throw std::invalid_argument("generate dominosa: unknown grade '" + grade + "' (known: any" +
                                known + ")");
  }
  return static_cast<int>(it - names.begin());
}

}  // namespace

std::string grade_of(const Analysis& a) {
  const int g = grade_index(a);
  return g < 0 ? "none" : grade_names()[g];
}

std::vector<std::vector<int>> short_ambiguous_cycles(const Instance& instance,
                                                     const std::vector<int>& tiling,
                                                     int max_dominoes) {
  return scan_short_cycles(Planted(instance, tiling), max_dominoes, 1);
}

Generated generate(int n, uint64_t seed, const std::string& grade, int threads) {
  if (n < 1 || n > kMaxOrder)
    throw std::invalid_argument("generate dominosa: order " + std::to_string(n) +
                                " is outside [1, " + std::to_string(kMaxOrder) + "]");
  if (threads < 1) throw std::invalid_argument("generate dominosa: threads must be at least 1");
  const int target = target_index(grade);
  for (int k = 0; k < kMaxAttempts; ++k) {
    uint64_t rng = mix(seed ^ mix(static_cast<uint64_t>(k) << 16 | static_cast<uint64_t>(n)));
    auto start = std::chrono::steady_clock::now();
    Instance shape;
    shape.n = n;
    const std::vector<int> tiling = tiling_of(shape, sweep_tiling(n, splitmix64(rng)));
    Planted g(number_tiling(n, tiling, splitmix64(rng)), tiling);
    const double plant_seconds = since(start);
    start = std::chrono::steady_clock::now();
    Counters counters;
    repair_short_cycles(g, rng, threads, counters);
    const double local_seconds = since(start);
    std::optional<Analysis> analysis = repair_until_unique(g, rng, threads, target, counters);
    if (!analysis) continue;
    if (target >= 0 && grade_index(*analysis) > target && !climb_rules(target).empty()) {
      // Unique but harder than asked: the graded climb brings it down to the grade.
      if (!simplify(g, rng, threads, target, counters)) continue;
      *analysis = analyse(g.in, 2, "default", proof_nodes(g.in), threads);
      ++counters.analyses;
      if (!unique(*analysis)) continue;
    }
    int rounds = 0;
    if (target >= 0 && !steer(g, target, *analysis, rng, threads, counters, rounds)) continue;
    Generated out;
    out.instance = g.in;
    out.instance.name = "dominosa-" + std::to_string(n) + "-" + std::to_string(seed);
    out.tiling = g.tiling();
    out.grade = grade_of(*analysis);
    out.attempt = k;
    out.analyses = counters.analyses;
    out.repairs = counters.repairs;
    out.local_repairs = counters.local_repairs;
    out.steering_rounds = rounds;
    out.plant_seconds = plant_seconds;
    out.local_seconds = local_seconds;
    out.analyse_seconds = counters.analyse_seconds;
    return out;
  }
  throw std::runtime_error("generate dominosa: no unique puzzle of grade " + grade + " at order " +
                           std::to_string(n) + " in " + std::to_string(kMaxAttempts) +
                           " attempts from seed " + std::to_string(seed) +
                           "; try another seed or grade");
}

std::string generate_text(const Options& options) {
  const DominosaOptions o = DominosaOptions::read(options);
  return format_instance(
      generate(o.order, o.common.seed, o.grade, resolve_threads(options)).instance);
}

// Names: gen_<order>_seed<seed>, with the grade after the order when one is asked for; each file
// is the very text `boundsearch generate dominosa` writes for that order, seed and grade.
std::vector<GeneratedInstance> generate_instances(
    const std::vector<std::pair<std::string, std::string>>& spec) {
  int order = -1;
  int64_t count = 1, first = 1;
  std::string grade = "any";
  for (const auto& [k, v] : spec) {
    if (k == "order")
      order = static_cast<int>(generator_whole(k, v, 1, kMaxOrder));
    else if (k == "grade")
      grade = v;
    else if (k == "count")
      count = generator_whole(k, v, 1, kMaxGeneratedCount);
    else if (k == "seed")
      first = generator_whole(k, v, 0, kMaxGeneratorSeed);
    else
      throw std::invalid_argument("unknown generator key '" + k +
                                  "' (dominosa knows order, count, seed, grade)");
  }
  if (order < 0) throw std::invalid_argument("dominosa's generator needs an order");
  target_index(grade);  // a bad grade is a bad spec, found before any puzzle is made
  std::vector<GeneratedInstance> out(static_cast<size_t>(count));
  parallel_for(static_cast<int>(count), omp_get_max_threads(), [&](int k) {
    const uint64_t seed = static_cast<uint64_t>(first + k);
    out[k] = {"gen_" + std::to_string(order) + (grade == "any" ? "" : "_" + grade) + "_seed" +
                  std::to_string(seed),
              format_instance(generate(order, seed, grade, 1).instance)};
  });
  return out;
}

}  // namespace bs::dominosa
