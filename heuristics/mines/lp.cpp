// lp: the linear relaxation of the whole position. Each undecided cell is a variable in [0, 1];
// each row says its cells sum to its remaining target, the mine-count row included. Every layout
// is a point of this polytope, so when the largest x_i over it is 0 the cell is safe in every
// layout, when the least is 1 it is a mine in every layout, and when the polytope is empty no
// layout fits. It sees what no pair of rows shows (long chains, the mine count against the whole
// frontier), so it runs after the combinatorial rules and before enumeration; the game player
// leaves it out for speed.
//
// The polytope is taken apart rather than solved whole. The digit rows link the frontier's cells
// into parts that share nothing but the mine-count row, and the cells next to no digit (the
// interior) are only in that row. Over a part's own rows its total takes every value between a
// least and a greatest (a linear image of a convex set), and so does the interior's, between 0
// and its size. So a point of one part extends to a point of the whole polytope exactly when the
// part's total lies where the other parts' and the interior's ranges can make up the rest of the
// mine count: a range for its total row. Each cell's largest and least x is then a warm-started
// LP over its own part alone. Solving the whole polytope twice per cell made the rule quadratic
// in the board: 23 s on a 111x111 lattice of small blocks, where the parts take under a second.
//
// The same relaxation answers a second question (lp_cell_bounds, issue 33): each cell's interval
// [least x, most x], which holds its probability of a mine, for the components too wide to count
// exactly. There every cell needs both answers, not only the certain ones, and a 100x100 board's
// frontier is one part of thousands of cells: two LPs per cell would be 7,000 warm re-solves of
// 1-4 ms each. Most answers are 0 or 1, though, and one LP can show many of them at once: a
// point with a cell at 1 shows that its most is 1, and an LP maximising the sum over many cells
// shows it for all those it puts at 1, or proves them all certain when the sum's optimum is 0.
// So the cells are settled in batches, and only those whose bound lies strictly inside (0, 1)
// get LPs of their own (PartBounds below): a few dozen LPs per part, however large.
#include "heuristics/mines/lp.hpp"

#include <algorithm>
#include <array>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

#include "ilp/lp_model.hpp"
#include "search/budget.hpp"

namespace bs::mines {

namespace {

// LP optima are floating point: a cell counts as certain within this of 0 or 1 (a layout's
// value is an integer, so any margin below 1/2 stays sound), and the total rows are widened by
// kTotalSlack so that ranges meeting at one point are not lost to rounding. An LP point shows a
// cell uncertain only when it is kWitness clear of 0 or 1, far beyond CLP's tolerances.
constexpr double kCertain = 1e-6;
constexpr double kWitness = 1e-4;
constexpr double kTotalSlack = 1e-7;
// lp_cell_bounds keeps CLP's factorization between the LPs of a part of this many columns or more.
constexpr size_t kKeepFactorization = 256;

struct Part {
  std::vector<int> var_of;  // column -> variable
  ilp::LpModel model;
  int total_row = -1;                 // sum of the part's columns, bounded by what the rest allows
  double least = 0, most = 0;         // its total's range over its own rows
  double total_lo = 0, total_hi = 0;  // the total row's bounds
  // With Relaxation::keep_points: the points at which its total was least and most.
  std::vector<double> least_point, most_point;
};

// The relaxation of the undecided part of `s`, taken apart as above.
struct Relaxation {
  std::vector<Part> parts;
  std::vector<int> part_of, column;  // per variable; -1 for decided and interior variables
  std::vector<int> interior;         // undecided variables in no digit row
  bool counted = false;              // a mine-count row couples the parts
  double mines = 0;                  // its target less its decided mines
  bool feasible = true;
  bool keep_points = false;  // set before relax(): keep each part's least and most points
  // One CLP solver, loaded with each part in turn: the parts are many and small (3,481 of at
  // most 40 cells on a 255x255 lattice), and making a solver cost more than loading one.
  ilp::LpSession session;
  int loaded = -1;

  Part& use(int p) {
    Part& part = parts[p];
    if (loaded != p) {
      session.load(part.model);
      session.set_row_bounds(part.total_row, part.total_lo, part.total_hi);
      loaded = p;
    }
    return part;
  }

  // Range of the interior's total once the parts' ranges are met, when the count couples them.
  double interior_least() const { return std::max(0.0, mines - sum(&Part::most)); }
  double interior_most() const {
    return std::min(static_cast<double>(interior.size()), mines - sum(&Part::least));
  }
  double sum(double Part::*field) const {
    double total = 0;
    for (const Part& p : parts) total += p.*field;
    return total;
  }
};

// The largest value of `objective` (one entry per column of `part`) over the part's relaxation:
// NaN when it has no point, +inf when CLP stops without an optimum (no bound, which is sound).
// With `point`, an optimal point is left there (empty when there is none).
// `seconds` limits CLP's time (a stop is the +inf of no optimum).
double largest(ilp::LpSession& session, const std::vector<double>& objective,
               std::vector<double>* point = nullptr, double seconds = ilp::kInf) {
  session.set_objective(objective);
  ilp::Solution sol = session.resolve(seconds);
  if (point) point->clear();
  if (sol.status == ilp::SolveStatus::infeasible) return std::numeric_limits<double>::quiet_NaN();
  if (sol.status != ilp::SolveStatus::optimal) return std::numeric_limits<double>::infinity();
  if (point) *point = std::move(sol.x);
  return sol.objective;
}

// Fills `x` for the domains `d` (a Relaxation holds a solver, so it is not returned by value).
void relax(const MineSystem& s, const Mask* d, Relaxation& x) {
  x.part_of.assign(s.vars, -1);
  x.column.assign(s.vars, -1);
  // Parts: undecided variables joined along each digit row (Boost.Graph, as the engine's
  // components are found).
  boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS> graph(s.vars);
  std::vector<char> frontier(s.vars, 0);
  for (const Row& r : s.rows) {
    int mines = 0, first = -1;
    for (int v : r.vars) {
      mines += d[v] == kMine;
      if (d[v] != kUndecided || r.source < 0) continue;
      frontier[v] = 1;
      if (first < 0)
        first = v;
      else
        boost::add_edge(first, v, graph);
    }
    if (r.source < 0) {
      x.counted = true;
      x.mines = r.target - mines;
    } else if (first < 0 && r.target != mines) {
      x.feasible = false;  // a digit with no undecided neighbour left, and its count unmet
    }
  }
  std::vector<int> root(s.vars);
  if (s.vars > 0) boost::connected_components(graph, root.data());
  std::vector<int> part_of_root(s.vars, -1);  // by Boost's component index
  for (int v = 0; v < s.vars; ++v) {
    if (d[v] != kUndecided) continue;
    if (!frontier[v]) {
      x.interior.push_back(v);
      continue;
    }
    int& p = part_of_root[root[v]];
    if (p < 0) {
      p = static_cast<int>(x.parts.size());
      x.parts.emplace_back().model.set_maximize(true);
    }
    x.part_of[v] = p;
    x.column[v] = x.parts[p].model.add_column(0, 1, 0, false);
    x.parts[p].var_of.push_back(v);
  }
  for (const Row& r : s.rows) {
    if (r.source < 0) continue;
    int mines = 0, p = -1;
    std::vector<Eigen::Triplet<double>> row;
    for (int v : r.vars) {
      mines += d[v] == kMine;
      if (x.column[v] < 0) continue;
      p = x.part_of[v];
      row.emplace_back(0, x.column[v], 1.0);
    }
    if (p >= 0)
      x.parts[p].model.add_rows(row, {double(r.target - mines)}, {double(r.target - mines)});
  }
  if (!x.feasible) return;
  // Largest part last, so that it stays loaded, its basis warm for the caller's LPs.
  std::vector<size_t> order(x.parts.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return x.parts[a].var_of.size() < x.parts[b].var_of.size();
  });
  for (const size_t p : order) {
    Part& part = x.parts[p];
    const int n = static_cast<int>(part.var_of.size());
    std::vector<Eigen::Triplet<double>> total;
    for (int c = 0; c < n; ++c) total.emplace_back(0, c, 1.0);
    part.total_row = part.model.rows();
    part.model.add_rows(total, {0.0}, {double(n)});
    part.total_hi = n;
    x.use(static_cast<int>(p));
    // The least first: the basis left at the most is the nearer one for lp_cell_bounds' first LP.
    const double least = -largest(x.session, std::vector<double>(n, -1.0),
                                  x.keep_points ? &part.least_point : nullptr);
    const double most =
        largest(x.session, std::vector<double>(n, 1.0), x.keep_points ? &part.most_point : nullptr);
    if (std::isnan(most) || std::isnan(least)) {
      x.feasible = false;
      return;
    }
    part.least = std::max(0.0, least);
    part.most = std::min(static_cast<double>(n), most);
  }
  if (!x.counted) return;
  const double least = x.sum(&Part::least), most = x.sum(&Part::most);
  if (x.mines < least - kTotalSlack || x.mines > most + x.interior.size() + kTotalSlack) {
    x.feasible = false;
    return;
  }
  // Each part's total must leave the rest of the count to the other parts and the interior.
  for (Part& part : x.parts) {
    const double lo = x.mines - (most - part.most) - x.interior.size();
    const double hi = x.mines - (least - part.least);
    part.total_lo = std::max(lo, part.least) - kTotalSlack;
    part.total_hi = std::min(hi, part.most) + kTotalSlack;
  }
  if (x.loaded >= 0) {  // its total row takes the new bounds; the basis stays, dual feasible
    const Part& part = x.parts[x.loaded];
    x.session.set_row_bounds(part.total_row, part.total_lo, part.total_hi);
  }
}

}  // namespace

bool lp_mine_bounds(const MineSystem& s, const std::vector<std::vector<int>>& sets,
                    std::vector<std::pair<int, int>>& bounds) {
  bounds.clear();
  std::vector<Mask> d(static_cast<size_t>(s.vars));
  for (int v = 0; v < s.vars; ++v) d[v] = domain_of(s.value[v]);
  Relaxation x;
  relax(s, d.data(), x);
  if (!x.feasible) return false;
  for (const auto& set : sets) {
    int lo = 0, hi = 0;
    for (int v : set) hi += s.value[v] < 0;
    // A set inside one part is bounded over that part; any other keeps its trivial bounds.
    int p = -1;
    bool one_part = true;
    for (int v : set) {
      if (s.value[v] >= 0) continue;
      one_part = one_part && x.part_of[v] >= 0 && (p < 0 || p == x.part_of[v]);
      p = x.part_of[v];
    }
    if (one_part && p >= 0) {
      const Part& part = x.use(p);
      std::vector<double> objective(part.var_of.size(), 0);
      for (int sense : {+1, -1}) {  // max of the sum, then max of minus the sum
        for (int v : set)
          if (x.column[v] >= 0) objective[x.column[v]] = sense;
        const double best = largest(x.session, objective);
        if (!std::isfinite(best)) continue;  // keep the trivial bound
        // Rounded inwards with a tolerance: a layout's count is an integer inside [min, max].
        if (sense > 0) hi = std::min(hi, static_cast<int>(std::floor(best + kCertain)));
        if (sense < 0) lo = std::max(lo, static_cast<int>(std::ceil(-best - kCertain)));
      }
    }
    bounds.emplace_back(lo, hi);
  }
  return true;
}

Verdict apply_lp(const MineSystem& s, Mask* d, const Dirty&, Changes& changed) {
  Relaxation x;
  relax(s, d, x);
  if (!x.feasible) {
    s.fail_at(d, -1);
    return Verdict::fail;
  }
  bool progress = false;
  const auto decide_as = [&](int v, int value) {
    decide(d, v, value ? kMine : kSafe, changed);
    progress = true;
  };
  // Every point an LP hands back is a witness for all the part's cells at once: a cell above 0
  // there is not certainly safe, one below 1 not certainly a mine, and neither of its own two LPs
  // need run. A witness counts only with a margin (kWitness) over the tolerance, so that it
  // spares exactly the LPs whose answer it foretells; on a 255x255 lattice it spares most.
  std::vector<double> point;
  for (size_t p = 0; p < x.parts.size(); ++p) {
    const Part& part = x.use(static_cast<int>(p));
    const size_t n = part.var_of.size();
    std::vector<char> above_0(n, 0), below_1(n, 0);
    const auto witness = [&] {
      for (size_t c = 0; c < point.size(); ++c) {
        above_0[c] = above_0[c] || point[c] > kWitness;
        below_1[c] = below_1[c] || point[c] < 1 - kWitness;
      }
    };
    std::vector<double> objective(n, 0);
    for (size_t c = 0; c < n; ++c) {
      // Every part has a point (relax checked), so each optimum is a number or +inf.
      if (!above_0[c]) {
        objective[c] = 1;  // max x_v
        const double most = largest(x.session, objective, &point);
        objective[c] = 0;
        witness();
        if (most < kCertain) {
          decide_as(part.var_of[c], 0);
          continue;
        }
      }
      if (!below_1[c]) {
        objective[c] = -1;  // max -x_v = -(min x_v)
        const double least = -largest(x.session, objective, &point);
        objective[c] = 0;
        witness();
        if (least > 1 - kCertain) decide_as(part.var_of[c], 1);
      }
    }
  }
  // The interior cells are interchangeable and only in the count row: each can hold a mine
  // between max(0, t - (size - 1)) and min(1, t) over the interior total's range t.
  if (x.counted && !x.interior.empty()) {
    const double n = static_cast<double>(x.interior.size());
    const int value = x.interior_most() < kCertain                  ? 0
                      : x.interior_least() - (n - 1) > 1 - kCertain ? 1
                                                                    : -1;
    if (value >= 0)
      for (int v : x.interior) decide_as(v, value);
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

namespace {

// A bound within kCertain of 0 or 1 is that value: the margin apply_lp decides cells by. It must
// be well above CLP's tolerances and the total rows' slack (kTotalSlack), which can each move an
// optimum by about 1e-7.
double snap(double v) {
  v = std::clamp(v, 0.0, 1.0);
  return v < kCertain ? 0.0 : v > 1 - kCertain ? 1.0 : v;
}

// The bounds of the groups whose cells lie in one part (the part loaded in x.session): the
// `most` side of every group first, then the `least` side. A side is settled in one of three
// ways, cheapest first:
// - witnessed: a point of the part's relaxation put the group's cell at the side's own end (1 for
//   the most, 0 for the least), so the bound is that end and needs no LP of its own. The points
//   are those of every LP solved here, and relax()'s two (the part's least and most total) when
//   their total lies within the range the mine count leaves it, so that they extend to points of
//   the whole relaxation;
// - batched: one LP maximises a weighted sum over every open cell (towards the side's end). Its
//   point witnesses every cell it puts at that end, often most of them at once. When it puts
//   none there and its optimum is below kCertain, every open cell is at the other end in every
//   point (each term of the sum is at most the optimum, the weights being at least 1): the
//   certain cells, proved together;
// - own: otherwise the cells the point moved off the far end get an LP each (none of them can be
//   certain; the bound is inside (0, 1], or the end itself), and the rest stay open for the next
//   batch. (Batches over those cells alone witnessed almost nothing: measured, they cost more
//   LPs than they saved.) Should the point move none by kCertain (an optimum spread thin over
//   many cells, within CLP's tolerances), every open cell gets its own LP.
// Each round settles at least one side. The weights, from a hash of the cell and the round, lie
// in [1, 2): under a plain sum the optima tie, and CLP's vertex put many cells at 1/2 where a
// weighted optimum puts one of them at 1 (measured: 30% fewer LPs, and a tenth of the own LPs, on
// 100x100 positions). Every LP differs from the last only in its objective, so LpSession
// re-solves it warm, by the primal simplex, keeping its factorization. Returns false when the
// budget stopped it; the sides still open keep their trivial bound.
class PartBounds {
 public:
  PartBounds(Relaxation& x, const Part& part, const std::vector<std::vector<int>>& groups,
             const std::vector<size_t>& mine, std::vector<std::pair<double, double>>& bounds,
             search::Budget* budget, LpCellStats& stats)
      : x_(x), mine_(mine), bounds_(bounds), budget_(budget), stats_(stats) {
    for (size_t g : mine) column_.push_back(x.column[groups[g][0]]);
    for (auto& r : reached_) r.assign(mine.size(), 0);
    objective_.assign(part.var_of.size(), 0.0);
    for (const auto* point : {&part.least_point, &part.most_point}) {
      double total = 0;
      for (double v : *point) total += v;
      if (!point->empty() && total >= part.total_lo && total <= part.total_hi) witness(*point);
    }
  }

  bool run() {
    for (const int end : {1, 0}) {
      std::vector<size_t> open;
      for (size_t i = 0; i < mine_.size(); ++i)
        if (!reached_[end][i]) open.push_back(i);
      stats_.witnessed += static_cast<int>(mine_.size() - open.size());
      if (!settle(end, open)) return false;
    }
    return true;
  }

 private:
  // Settles every side in `open`; false when the budget (or CLP) stopped it first.
  bool settle(int end, std::vector<size_t> open) {
    const double sense = end ? 1.0 : -1.0;
    while (!open.empty()) {
      // The batch: max sum of w x (end 1), or of w (1 - x) (end 0), over the open cells.
      ++round_;
      double weights = 0;
      for (size_t i : open) {
        const double w = weight(i);
        objective_[column_[i]] = sense * w;
        weights += w;
      }
      const double best = solve();
      for (size_t i : open) objective_[column_[i]] = 0;
      if (std::isnan(best)) return false;
      const size_t before = open.size();
      drop_reached(end, open);
      if (open.size() < before) continue;
      if ((end ? best : weights + best) < kCertain) {
        for (size_t i : open) side(end, i) = 1.0 - end;
        stats_.batched += static_cast<int>(open.size());
        return true;
      }
      std::vector<size_t> moved;
      std::erase_if(open, [&](size_t i) {
        const double v = point_[column_[i]];
        const bool off = end ? v >= kCertain : v <= 1 - kCertain;
        if (off) moved.push_back(i);
        return off;
      });
      if (moved.empty()) moved.swap(open);  // the optimum spread thin (tolerances): each its own
      for (size_t i : moved) {
        if (reached_[end][i]) {
          ++stats_.witnessed;
          continue;
        }
        objective_[column_[i]] = sense;
        const double own = solve();
        objective_[column_[i]] = 0;
        if (std::isnan(own)) return false;
        side(end, i) = snap(sense * own);
        ++stats_.own;
      }
      drop_reached(end, open);
    }
    return true;
  }

  void drop_reached(int end, std::vector<size_t>& open) {
    stats_.witnessed +=
        static_cast<int>(std::erase_if(open, [&](size_t i) { return reached_[end][i] != 0; }));
  }

  // The largest value of the objective, its point kept and read for witnesses; NaN when the
  // budget had stopped, or CLP stopped without an optimum. Each LP is a node of the budget.
  double solve() {
    if (budget_ && budget_->check(1)) return std::numeric_limits<double>::quiet_NaN();
    const double best =
        largest(x_.session, objective_, &point_, budget_ ? budget_->seconds_left() : ilp::kInf);
    ++stats_.lps;
    if (budget_) budget_->add(1);
    if (!std::isfinite(best)) return std::numeric_limits<double>::quiet_NaN();
    witness(point_);
    return best;
  }

  void witness(const std::vector<double>& point) {
    for (size_t k = 0; k < column_.size(); ++k) {
      reached_[1][k] |= point[column_[k]] > 1 - kCertain;
      reached_[0][k] |= point[column_[k]] < kCertain;
    }
  }

  // Cell i's weight in this round's batch, in [1, 2): splitmix64's finaliser of the two.
  double weight(size_t i) const {
    uint64_t h = (static_cast<uint64_t>(column_[i]) << 32) ^ round_;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    h ^= h >> 31;
    return 1.0 + static_cast<double>(h >> 11) * 0x1.0p-53;
  }

  double& side(int end, size_t i) {
    return end ? bounds_[mine_[i]].second : bounds_[mine_[i]].first;
  }

  Relaxation& x_;
  const std::vector<size_t>& mine_;  // the groups, by index into `groups`
  std::vector<std::pair<double, double>>& bounds_;
  search::Budget* budget_;
  LpCellStats& stats_;
  // Per group of the part: its first variable's column, and [end][i]: a point put it at `end`.
  std::vector<int> column_;
  std::array<std::vector<char>, 2> reached_;
  std::vector<double> objective_, point_;
  uint64_t round_ = 0;  // batches so far, for the weights
};

}  // namespace

bool lp_cell_bounds(const MineSystem& s, const std::vector<std::vector<int>>& groups,
                    std::vector<std::pair<double, double>>& bounds, search::Budget* budget,
                    LpCellStats* stats) {
  LpCellStats unused;
  LpCellStats& st = stats ? *stats : unused;
  st = LpCellStats{};
  bounds.assign(groups.size(), {0.0, 1.0});
  for (size_t g = 0; g < groups.size(); ++g)
    if (!groups[g].empty() && s.value[groups[g][0]] >= 0)
      bounds[g] = {s.value[groups[g][0]], s.value[groups[g][0]]};
  if (budget && budget->check()) {
    st.complete = false;
    return true;
  }
  std::vector<Mask> d(static_cast<size_t>(s.vars) + 1);
  for (int v = 0; v < s.vars; ++v) d[v] = domain_of(s.value[v]);
  Relaxation x;
  x.keep_points = true;
  relax(s, d.data(), x);
  if (!x.feasible) return false;
  // Each group goes to the part of its first variable; an interior one is bounded at once.
  std::vector<std::vector<size_t>> of_part(x.parts.size());
  for (size_t g = 0; g < groups.size(); ++g) {
    if (groups[g].empty() || s.value[groups[g][0]] >= 0) continue;
    const int v = groups[g][0];
    if (x.part_of[v] >= 0) {
      of_part[x.part_of[v]].push_back(g);
    } else if (x.counted) {
      // As in apply_lp: over an interior total t the cell ranges over [t - (size - 1), t].
      const double n = static_cast<double>(x.interior.size());
      bounds[g] = {snap(x.interior_least() - (n - 1)), snap(x.interior_most())};
    }
  }
  // The part relax() left loaded (the largest) first, its basis still warm.
  std::vector<size_t> visit;
  if (x.loaded >= 0) visit.push_back(static_cast<size_t>(x.loaded));
  for (size_t p = 0; p < x.parts.size(); ++p)
    if (static_cast<int>(p) != x.loaded) visit.push_back(p);
  for (const size_t p : visit) {
    if (of_part[p].empty()) continue;
    const Part& part = x.use(static_cast<int>(p));
    // Only a large part pays for it: on small ones, switching CLP's options costs more than
    // their few LPs save (measured: 30% slower on 100x100 boards at 12% open, most of whose
    // parts are small).
    if (part.var_of.size() >= kKeepFactorization) x.session.keep_factorization();
    if (!PartBounds(x, part, groups, of_part[p], bounds, budget, st).run()) {
      st.complete = false;
      break;
    }
  }
  return true;
}

}  // namespace bs::mines
