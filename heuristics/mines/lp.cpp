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
#include "heuristics/mines/lp.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#include <cmath>
#include <limits>

#include "ilp/lp_model.hpp"

namespace bs::mines {

namespace {

// LP optima are floating point: a cell counts as certain within this of 0 or 1 (a layout's
// value is an integer, so any margin below 1/2 stays sound), and the total rows are widened by
// kTotalSlack so that ranges meeting at one point are not lost to rounding. An LP point shows a
// cell uncertain only when it is kWitness clear of 0 or 1, far beyond CLP's tolerances.
constexpr double kCertain = 1e-6;
constexpr double kWitness = 1e-4;
constexpr double kTotalSlack = 1e-7;

struct Part {
  std::vector<int> var_of;  // column -> variable
  ilp::LpModel model;
  int total_row = -1;                 // sum of the part's columns, bounded by what the rest allows
  double least = 0, most = 0;         // its total's range over its own rows
  double total_lo = 0, total_hi = 0;  // the total row's bounds
};

// The relaxation of the undecided part of `s`, taken apart as above.
struct Relaxation {
  std::vector<Part> parts;
  std::vector<int> part_of, column;  // per variable; -1 for decided and interior variables
  std::vector<int> interior;         // undecided variables in no digit row
  bool counted = false;              // a mine-count row couples the parts
  double mines = 0;                  // its target less its decided mines
  bool feasible = true;
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
double largest(ilp::LpSession& session, const std::vector<double>& objective,
               std::vector<double>* point = nullptr) {
  session.set_objective(objective);
  ilp::Solution sol = session.resolve();
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
  for (size_t p = 0; p < x.parts.size() && x.feasible; ++p) {
    Part& part = x.parts[p];
    const int n = static_cast<int>(part.var_of.size());
    std::vector<Eigen::Triplet<double>> total;
    for (int c = 0; c < n; ++c) total.emplace_back(0, c, 1.0);
    part.total_row = part.model.rows();
    part.model.add_rows(total, {0.0}, {double(n)});
    part.total_hi = n;
    x.use(static_cast<int>(p));
    const double most = largest(x.session, std::vector<double>(n, 1.0));
    const double least = -largest(x.session, std::vector<double>(n, -1.0));
    if (std::isnan(most) || std::isnan(least)) {
      x.feasible = false;
      break;
    }
    part.least = std::max(0.0, least);
    part.most = std::min(static_cast<double>(n), most);
  }
  if (!x.feasible || !x.counted) return;
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
  x.loaded = -1;  // the loaded part's total row still has its old bounds
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

}  // namespace bs::mines
