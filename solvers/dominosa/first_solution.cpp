// The local search of first_solution.hpp: a perfect matching of the cells, then repair of the
// domino types it misses by alternating paths.
//
// The state is a tiling, a perfect matching of the grid graph over the alive placements; its
// cost is the number of domino types it does not use, which equals the number of its surplus
// tiles (a tiling has exactly as many tiles as there are types). Cost 0 is a solution.
//
// The grid graph is bipartite (a cell is black when row + column is even, and every placement
// joins a black cell to a white one), so every change of one tiling into another is a set of
// alternating cycles. A repair move adds a placement p = (b, w) of a missing type: it takes out
// the tiles of b and w, which leaves their partners w1 (white) and b1 (black) uncovered, and
// closes the gap by an alternating path from b1 to w1 (b1 -> w -> its tile's black -> ... -> w1)
// that does not pass through w. The path is the cheapest under an additive estimate of the cost
// change, found by Dijkstra over the black cells with weights 0, 1, 2: a step costs 1 for its
// length, minus 1 when the placement it adds is of a missing type, plus 1 when the tile it takes
// out is the only one of its type.
//
// The walk is a breakout search (Morris 1993; clause weighting in SAT local search). Each type
// has a weight, at first 1, and the weighted cost is the sum of the missing types' weights.
// A step picks a missing type at random, tries each of its placements (made and taken back), and
// makes the move that lowers the weighted cost most, or a move that keeps it; when every move
// would raise it, the type's weight goes up by 1 instead, so that a type that cannot be placed
// cheaply becomes worth a dearer move later. A plateau move raises the weight too, now and then:
// without that, a walk round a cycle of equal tilings never ends (seen at order 10). After every
// 0.6 moves per type (at least 100) the weights are halved, so old minima stop steering the walk.
// Measured on random planted grids (the propagated root; orders 40 and 60, seeds 1-5; order 100,
// seeds 1-3): plain min-conflicts with noise stalled with 20-30% of the start's missing types left
// at orders 40 and up, whatever the noise (1/2 to 1/16) or the search's reach; weights without
// decay solved orders 40 and 60 but stalled at order 100; with decay all were solved, order 100
// in 300,000-490,000 moves. A best-first search over longer paths (label-correcting, by the
// estimate alone) was 30 times slower per move and no better.
//
// The walk's time is heavy-tailed: on most grids it ends well inside 20 moves per type, on a few
// it stalls. So a walk that has not ended by then starts again from a fresh first tiling (a new
// part of the random stream), each walk given half as many moves again as the last, and the
// best tiling of all walks is kept. At order 100, seeds 1-5, moves to a solution: 79k, 365k,
// 42k, 45k and 180k with restarts; 79k, 158k, 42k, 45k and none in 515k without.
//
// The first tiling is greedy, most constrained type first: one placement of each type where both
// cells are free, the types with the fewest alive placements first (in random order among
// equals); at order 100 it leaves about 910 of 5,151 types missing against 1,010 for a plain
// random order, and on seeds 1-3 the walks after it took 79k, 158k and 42k moves against 463k,
// 491k and 463k (no restarts either way). It is completed by the same Dijkstra from each uncovered
// black cell to any uncovered white one, without bound there: no path from an uncovered cell proves
// that no perfect matching exists (Berge), and the empty tiling says so.
#include "solvers/dominosa/first_solution.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

#include "core/splitmix64.hpp"

namespace bs::dominosa {

namespace {

constexpr int kNone = -1;
// A repair move looks at alternating paths scoring no more than this, visiting no more than
// kRepairVisits black cells; the first tiling looks without bound.
constexpr int kMaxScore = 96;
constexpr int kRepairVisits = 400;
// The default budget: this many moves per domino type (order 100 took 55 per type on seed 1).
constexpr uint64_t kMovesPerType = 100;
// The weights are halved every this many moves per domino type, and at least every
// kMinDecayPeriod moves (tuned on random planted grids of orders 40, 60 and 100).
constexpr double kDecayPerType = 0.6;
constexpr uint64_t kMinDecayPeriod = 100;
// The clock is read once in this many moves (a move takes about 10 us at order 100).
constexpr uint64_t kMovesPerClockRead = 256;
// A walk from a first tiling is given this many moves per type (at least kMinRestartPeriod)
// before a fresh first tiling is tried, and each later walk half as many again.
constexpr uint64_t kRestartPerType = 20;
constexpr uint64_t kMinRestartPeriod = 1000;
// A plateau move raises its type's weight once in this many.
constexpr uint64_t kPlateauWeighting = 8;

struct Deadline {
  bool limited = false;
  std::chrono::steady_clock::time_point at;
};

class TilingSearch {
 public:
  TilingSearch(const Structure& s, const Mask* dom, uint64_t seed)
      : s_(s),
        rng_(seed),
        alive_(static_cast<size_t>(s.cells) * 4, kNone),
        alive_count_(static_cast<size_t>(s.cells), 0),
        of_type_(static_cast<size_t>(s.domino_count)),
        mate_(static_cast<size_t>(s.cells), kNone),
        use_(static_cast<size_t>(s.domino_count), 0),
        missing_at_(static_cast<size_t>(s.domino_count), kNone),
        weight_(static_cast<size_t>(s.domino_count), 1),
        decay_period_(
            std::max(kMinDecayPeriod, static_cast<uint64_t>(kDecayPerType * s.domino_count))),
        dist_(static_cast<size_t>(s.cells), 0),
        length_(static_cast<size_t>(s.cells), 0),
        stamp_(static_cast<size_t>(s.cells), 0),
        parent_(static_cast<size_t>(s.cells), kNone),
        via_(static_cast<size_t>(s.cells), kNone),
        buckets_(kMaxScore + 1) {
    for (int cell = 0; cell < s.cells; ++cell)
      for (int d = 0; d < 4; ++d) {
        const int p = s.placement_at[cell * 4 + d];
        if (p >= 0 && s.alive(dom, p)) alive_[cell * 4 + alive_count_[cell]++] = p;
      }
    for (int p = 0; p < s.placements; ++p)
      if (s.alive(dom, p)) of_type_[s.domino_of[p]].push_back(p);
    for (int t = 0; t < s.domino_count; ++t) mark_missing(t);
  }

  // The first tiling; false when the cells have no perfect matching.
  bool start() {
    greedy_distinct_types();
    std::vector<int> uncovered;
    for (int cell = 0; cell < s_.cells; ++cell)
      if (black(cell) && mate_[cell] == kNone) uncovered.push_back(cell);
    shuffle(uncovered);
    for (const int b : uncovered) {
      const Path path = cheapest_path(b, kNone, s_.cells, std::numeric_limits<int>::max());
      if (path.end < 0) return false;
      apply(path);
    }
    return true;
  }

  // Repair moves until no type is missing or the budget is spent; the best tiling is kept.
  void repair(uint64_t budget, const Deadline& deadline) {
    keep_if_best();
    while (missing() > 0 && moves_ < budget) {
      if (deadline.limited && moves_ % kMovesPerClockRead == 0 &&
          std::chrono::steady_clock::now() > deadline.at) {
        timed_out_ = true;
        break;
      }
      const int type = missing_[rng_below(missing_.size())];
      repair_type(type);
      ++moves_;
      if (moves_ % decay_period_ == 0) halve_weights();
      keep_if_best();
    }
  }

  // A fresh first tiling, with every weight back at 1; the best tiling and the move count stay.
  bool restart() {
    std::fill(mate_.begin(), mate_.end(), kNone);
    std::fill(use_.begin(), use_.end(), 0);
    std::fill(weight_.begin(), weight_.end(), 1);
    missing_.clear();
    weighted_ = 0;
    for (int t = 0; t < s_.domino_count; ++t) mark_missing(t);
    return start();
  }

  int missing() const { return static_cast<int>(missing_.size()); }
  bool timed_out() const { return timed_out_; }
  int best_missing() const { return best_missing_; }
  uint64_t moves() const { return moves_; }
  std::vector<int> best_tiling() const {
    std::vector<int> tiles;
    for (int cell = 0; cell < s_.cells; ++cell)
      if (best_[cell] != kNone && s_.ends[best_[cell]].first == cell) tiles.push_back(best_[cell]);
    std::sort(tiles.begin(), tiles.end());
    return tiles;
  }

 private:
  // A repair move as tried: its placement, the two tiles it took out, the path that closed the
  // gap, and the change of the weighted cost.
  struct Move {
    int placement = kNone, taken_black = kNone, taken_white = kNone;
    std::vector<int> adds, removes;
    int64_t change = 0;
  };
  // A path found by cheapest_path: it ends by adding placement `last` from black cell `end`.
  struct Path {
    int end = kNone, last = kNone;
    int score = 0, length = 0;  // the Dijkstra weight and the number of placements added
    int estimate() const { return score - length; }  // the estimated change of the cost
  };

  bool black(int cell) const { return (cell / s_.width + cell % s_.width) % 2 == 0; }
  int black_end(int p) const {
    return black(s_.ends[p].first) ? s_.ends[p].first : s_.ends[p].second;
  }
  int white_end(int p) const { return s_.other_end(p, black_end(p)); }

  uint64_t rng_below(size_t n) { return splitmix64(rng_) % n; }
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng_below(i)]);
  }

  void mark_missing(int type) {
    weighted_ += weight_[type];
    missing_at_[type] = static_cast<int>(missing_.size());
    missing_.push_back(type);
  }
  void unmark_missing(int type) {
    weighted_ -= weight_[type];
    const int at = missing_at_[type];
    missing_at_[missing_.back()] = at;
    missing_[at] = missing_.back();
    missing_.pop_back();
    missing_at_[type] = kNone;
  }
  void set_tile(int p) {
    mate_[s_.ends[p].first] = mate_[s_.ends[p].second] = p;
    if (use_[s_.domino_of[p]]++ == 0) unmark_missing(s_.domino_of[p]);
  }
  void clear_tile(int p) {
    mate_[s_.ends[p].first] = mate_[s_.ends[p].second] = kNone;
    if (--use_[s_.domino_of[p]] == 0) mark_missing(s_.domino_of[p]);
  }

  // One tile of each type where both cells are free, the types in random order.
  void greedy_distinct_types() {
    std::vector<int> types(static_cast<size_t>(s_.domino_count));
    for (int t = 0; t < s_.domino_count; ++t) types[t] = t;
    shuffle(types);
    std::stable_sort(types.begin(), types.end(),
                     [&](int a, int b) { return of_type_[a].size() < of_type_[b].size(); });
    std::vector<int> free_places;
    for (const int t : types) {
      free_places.clear();
      for (const int p : of_type_[t])
        if (mate_[s_.ends[p].first] == kNone && mate_[s_.ends[p].second] == kNone)
          free_places.push_back(p);
      if (!free_places.empty()) set_tile(free_places[rng_below(free_places.size())]);
    }
  }

  // Dijkstra over black cells from the uncovered black cell `from` to an uncovered white cell
  // other than `locked`, visiting at most `visits` black cells and no path scoring over
  // `max_score`. The weights are those of the opening prose; ties go to the first found, and the
  // placements of each cell are scanned from a random one, so ties break at random.
  Path cheapest_path(int from, int locked, int visits, int max_score) {
    ++generation_;
    for (size_t d = 0; d < buckets_used_; ++d) buckets_[d].clear();
    buckets_used_ = 0;
    Path best;
    best.score = std::numeric_limits<int>::max();
    reach(from, 0, 0, kNone, kNone);
    int visited = 0;
    for (size_t d = 0; d < buckets_used_; ++d) {
      const int dist = static_cast<int>(d);
      if (dist >= best.score) break;
      for (size_t i = 0; i < buckets_[d].size(); ++i) {
        const int x = buckets_[d][i];
        if (dist_[x] != dist) continue;  // reached more cheaply since it was queued
        if (++visited > visits) return best;
        expand(x, locked, max_score, best);
      }
    }
    return best;
  }

  void expand(int x, int locked, int max_score, Path& best) {
    const int count = alive_count_[x];
    const int first = count > 1 ? static_cast<int>(rng_below(static_cast<size_t>(count))) : 0;
    for (int k = 0; k < count; ++k) {
      const int e = alive_[x * 4 + (first + k) % count];
      if (e == mate_[x]) continue;
      const int w = s_.other_end(e, x);
      if (w == locked) continue;
      const int gain = use_[s_.domino_of[e]] == 0 ? -1 : 0;
      if (mate_[w] == kNone) {
        const int score = dist_[x] + 1 + gain;
        if (score < best.score) best = Path{x, e, score, length_[x] + 1};
        continue;
      }
      const int y = s_.other_end(mate_[w], w);
      const int loss = use_[s_.domino_of[mate_[w]]] == 1 ? 1 : 0;
      const int nd = dist_[x] + 1 + gain + loss;
      if (nd > max_score) continue;
      if (stamp_[y] != generation_ || nd < dist_[y]) reach(y, nd, length_[x] + 1, x, e);
    }
  }

  void reach(int cell, int dist, int length, int parent, int via) {
    stamp_[cell] = generation_;
    dist_[cell] = dist;
    length_[cell] = length;
    parent_[cell] = parent;
    via_[cell] = via;
    const auto bucket = static_cast<size_t>(dist);
    if (bucket >= buckets_.size()) buckets_.resize(bucket + 1);
    buckets_used_ = std::max(buckets_used_, bucket + 1);
    buckets_[bucket].push_back(cell);
  }

  // Flips the path the last cheapest_path found: its tiles out, its new placements in.
  void apply(const Path& path) {
    adds_.assign(1, path.last);
    removes_.clear();
    for (int cell = path.end; parent_[cell] != kNone; cell = parent_[cell]) {
      removes_.push_back(mate_[cell]);
      adds_.push_back(via_[cell]);
    }
    for (const int p : removes_) clear_tile(p);
    for (const int p : adds_) set_tile(p);
  }
  // Takes back the last apply().
  void unapply() {
    for (const int p : adds_) clear_tile(p);
    for (const int p : removes_) set_tile(p);
  }

  // The best move that adds a placement of the missing `type`, by the weighted cost; when
  // every such move would raise it, the type's weight goes up instead (opening prose).
  void repair_type(int type) {
    const int64_t before = weighted_;
    Move& best = best_move_;
    best.placement = kNone;
    candidates_ = of_type_[type];
    shuffle(candidates_);
    for (const int p : candidates_) {
      const Path path = try_placement(p);
      if (path.end >= 0) {
        apply(path);
        if (best.placement == kNone || weighted_ - before < best.change) {
          best.placement = p;
          best.taken_black = taken_black_;
          best.taken_white = taken_white_;
          best.adds.assign(adds_.begin(), adds_.end());
          best.removes.assign(removes_.begin(), removes_.end());
          best.change = weighted_ - before;
        }
        unapply();
      }
      untry_placement(p);
    }
    if (best.placement == kNone) return;
    // No move improves: the type weighs more from now on; on a plateau only now and then, so
    // that a walk round a cycle of equal tilings ends without flattening the landscape.
    if (best.change > 0 || (best.change == 0 && splitmix64(rng_) % kPlateauWeighting == 0)) {
      ++weight_[type];
      ++weighted_;  // the type is missing
      if (best.change > 0) return;
    }
    clear_tile(best.taken_black);
    clear_tile(best.taken_white);
    set_tile(best.placement);
    for (const int p : best.removes) clear_tile(p);
    for (const int p : best.adds) set_tile(p);
  }

  // Puts p in, taking out the tiles of its cells, and finds the path that closes the gap; the
  // caller either applies the path or calls untry_placement(p).
  Path try_placement(int p) {
    const int b = black_end(p), w = white_end(p);
    taken_black_ = mate_[b];
    taken_white_ = mate_[w];
    clear_tile(taken_black_);
    clear_tile(taken_white_);
    set_tile(p);
    return cheapest_path(black_end(taken_white_), w, kRepairVisits, kMaxScore);
  }
  void untry_placement(int p) {
    clear_tile(p);
    set_tile(taken_black_);
    set_tile(taken_white_);
  }

  // Forgets half of what the weights learnt, so that old local minima stop steering the walk.
  void halve_weights() {
    for (int& w : weight_) w = std::max(1, w / 2);
    weighted_ = 0;
    for (const int type : missing_) weighted_ += weight_[type];
  }

  void keep_if_best() {
    if (best_missing_ >= 0 && missing() >= best_missing_) return;
    best_missing_ = missing();
    best_ = mate_;
  }

  const Structure& s_;
  uint64_t rng_;
  std::vector<int> alive_;                 // per cell, 4 slots: its alive placements
  std::vector<int> alive_count_;           // per cell
  std::vector<std::vector<int>> of_type_;  // per type: its alive placements
  std::vector<int> mate_;                  // per cell: its tile, or kNone
  std::vector<int> use_;                   // per type: its tiles
  std::vector<int> missing_, missing_at_;  // the types with no tile, and where each is listed
  std::vector<int> weight_;                // per type: its weight in the weighted cost
  int64_t weighted_ = 0;                   // the weighted cost: the missing types' weights
  uint64_t decay_period_;
  bool timed_out_ = false;
  std::vector<int> best_;
  int best_missing_ = -1;
  uint64_t moves_ = 0;
  // Dijkstra's scratch, per black cell, valid where stamp_ is the current generation.
  std::vector<int> dist_, length_, stamp_, parent_, via_;
  int generation_ = 0;
  std::vector<std::vector<int>> buckets_;  // by distance; those below buckets_used_ in use
  size_t buckets_used_ = 0;
  std::vector<int> adds_, removes_, candidates_;
  Move best_move_;
  int taken_black_ = kNone, taken_white_ = kNone;
};

}  // namespace

FirstSolution first_solution(const Structure& s, const Mask* dom,
                             const FirstSolutionConfig& config) {
  FirstSolution out;
  Deadline deadline;
  if (config.seconds > 0) {
    deadline.limited = true;
    deadline.at = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                      std::chrono::duration<double>(config.seconds));
  }
  const auto types = static_cast<uint64_t>(s.domino_count);
  const uint64_t budget = config.max_moves > 0 ? config.max_moves : kMovesPerType * types;
  TilingSearch search(s, dom, config.seed);
  if (!search.start()) return out;
  out.start_missing = search.missing();
  // Walks from fresh first tilings, each given half as many moves again as the last.
  for (uint64_t walk = std::max(kMinRestartPeriod, kRestartPerType * types);; walk += walk / 2) {
    search.repair(std::min(budget, search.moves() + walk), deadline);
    if (search.best_missing() == 0 || search.moves() >= budget || search.timed_out()) break;
    ++out.restarts;
    search.restart();
  }
  out.timed_out = search.timed_out();
  out.tiling = search.best_tiling();
  out.missing = search.best_missing();
  out.moves = search.moves();
  if (out.missing == 0)
    out.verified =
        verify_solution(*s.instance, solution_from_placements(*s.instance, out.tiling)).empty();
  return out;
}

std::vector<Mask> phase_of(const Structure& s, const std::vector<int>& tiling) {
  std::vector<Mask> phase(static_cast<size_t>(s.cells), 0);
  for (const int p : tiling) {
    phase[s.ends[p].first] = direction_bit(s.first_to[p]);
    phase[s.ends[p].second] = direction_bit(opposite(s.first_to[p]));
  }
  return phase;
}

}  // namespace bs::dominosa
