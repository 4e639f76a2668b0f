#include "solvers/mines/probability.hpp"

#include <math.h>  // lgammal_r
#include <omp.h>

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <boost/pending/disjoint_sets.hpp>
#include <charconv>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <stdexcept>

#include "heuristics/mines/lp.hpp"
#include "heuristics/mines/system.hpp"
#include "search/budget.hpp"
#include "solvers/mines/component.hpp"
#include "solvers/mines/frontier_dp.hpp"

namespace bs::mines {

namespace {

using Real = long double;

// Layout counts of one component by its number of mines, and per group the counts weighted by
// the group's mines and by its free cells (so that a certain group is certain exactly).
struct Tally {
  std::vector<Real> layouts;                   // [m]
  std::vector<std::vector<Real>> mines, free;  // [group][m]
  double visited = 0;
  void resize(size_t groups, size_t max_mines) {
    layouts.assign(max_mines + 1, 0);
    mines.assign(groups, std::vector<Real>(max_mines + 1, 0));
    free.assign(groups, std::vector<Real>(max_mines + 1, 0));
  }
  void add(const Tally& o) {
    for (size_t m = 0; m < layouts.size(); ++m) layouts[m] += o.layouts[m];
    for (size_t g = 0; g < mines.size(); ++g)
      for (size_t m = 0; m < layouts.size(); ++m) {
        mines[g][m] += o.mines[g][m];
        free[g][m] += o.free[g][m];
      }
    visited += o.visited;
  }
};

// lgamma sets the global `signgam`, a data race when games run on several threads (ThreadSanitizer
// reports it); the reentrant form returns the sign instead.
Real log_gamma(Real x) {
  int sign;
  return lgammal_r(x, &sign);
}

// log(k!), lgammal's own value, kept per thread: the player asks for the same few hundred values
// at every move (the interior's binomials), and lgammal took a twentieth of the strong player's
// time.
Real log_factorial(int k) {
  thread_local std::vector<Real> table;
  if (static_cast<size_t>(k) >= table.size()) {
    const size_t known = table.size();
    table.resize(std::max(static_cast<size_t>(k) + 1, 2 * known));
    for (size_t i = known; i < table.size(); ++i) table[i] = log_gamma(static_cast<Real>(i) + 1);
  }
  return table[static_cast<size_t>(k)];
}

Real binomial(int n, int k) {
  Real r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// Depth-first over the groups: each gets 0..size mines, every row is kept within reach of its
// target (its sum, plus what its unassigned groups could still hold), and the component's mines
// within [least_mines, max_mines].
class Counter {
 public:
  Counter(const Component& c, int max_mines, search::Budget& budget)
      : c_(c), max_mines_(max_mines), budget_(budget) {
    room_after_.assign(c.groups.size() + 1, 0);
    for (size_t g = c.groups.size(); g-- > 0;)
      room_after_[g] = room_after_[g + 1] + static_cast<int>(c.groups[g].size());
    sum_.assign(c.row_target.size(), 0);
    room_.assign(c.row_target.size(), 0);
    for (size_t g = 0; g < c.groups.size(); ++g)
      for (int r : c.rows_of[g]) room_[r] += static_cast<int>(c.groups[g].size());
    k_.assign(c.groups.size(), 0);
    for (size_t g = 0; g < c.groups.size(); ++g) {
      choose_.emplace_back();
      for (size_t k = 0; k <= c.groups[g].size(); ++k)
        choose_.back().push_back(
            binomial(static_cast<int>(c.groups[g].size()), static_cast<int>(k)));
    }
  }

  // Calls f() with every feasible assignment of groups [0, depth) (k_ holds it).
  template <class F>
  void prefixes(size_t depth, F&& f) {
    walk(0, depth, 0, 1, [&](int, Real) { f(k_); });
  }
  // Counts the completions of a prefix (as prefixes() produced it) into `t`.
  void count(const std::vector<int>& prefix, size_t depth, Tally& t) {
    int mines = 0;
    Real weight = 1;
    for (size_t g = 0; g < depth; ++g) {
      place(g, prefix[g]);
      mines += prefix[g];
      weight *= choose_[g][prefix[g]];
    }
    walk(depth, c_.groups.size(), mines, weight, [&](int m, Real w) {
      t.layouts[m] += w;
      for (size_t g = 0; g < k_.size(); ++g) {
        const int s = static_cast<int>(c_.groups[g].size());
        t.mines[g][m] += w * k_[g];
        t.free[g][m] += w * (s - k_[g]);
      }
    });
    t.visited += visited_;
    visited_ = 0;
    for (size_t g = depth; g-- > 0;) unplace(g, prefix[g]);
  }

 private:
  // place and unplace run at every step of the walk; inlined, as they were before the walk polled a
  // Budget, they save the Minesweeper player a few percent of its instructions.
  [[gnu::always_inline]] bool place(size_t g, int k) {
    k_[g] = k;
    bool ok = true;
    const int s = static_cast<int>(c_.groups[g].size());
    for (int r : c_.rows_of[g]) {
      sum_[r] += k;
      room_[r] -= s;
      ok = ok && sum_[r] <= c_.row_target[r] && sum_[r] + room_[r] >= c_.row_target[r];
    }
    return ok;
  }
  [[gnu::always_inline]] void unplace(size_t g, int k) {
    const int s = static_cast<int>(c_.groups[g].size());
    for (int r : c_.rows_of[g]) {
      sum_[r] -= k;
      room_[r] += s;
    }
  }
  template <class Leaf>
  void walk(size_t g, size_t end, int mines, Real weight, Leaf&& leaf) {
    ++visited_;
    if (budget_.poll(unpublished_)) return;  // the tally is partial; the caller reports it so
    if (mines + room_after_[g] < c_.least_mines) return;
    if (g == end) {
      leaf(mines, weight);
      return;
    }
    const int s = static_cast<int>(c_.groups[g].size());
    for (int k = 0; k <= s && mines + k <= max_mines_; ++k) {
      if (place(g, k)) walk(g + 1, end, mines + k, weight * choose_[g][k], leaf);
      unplace(g, k);
    }
  }

  const Component& c_;
  int max_mines_;
  std::vector<int> sum_, room_, k_, room_after_;
  std::vector<std::vector<Real>> choose_;
  double visited_ = 0;
  search::Budget& budget_;  // shared by the counting threads: once one sees it spent, all stop
  uint64_t unpublished_ = 0;
};

// All layouts of a component, split over threads when it is large.
Tally count_component(const Component& c, int max_mines, int threads, search::Budget& budget) {
  Tally total;
  const size_t max_m = std::min<size_t>(std::min(max_mines, c.most_mines), [&] {
    size_t cells = 0;
    for (const auto& g : c.groups) cells += g.size();
    return cells;
  }());
  total.resize(c.groups.size(), max_m);
  constexpr size_t kParallelGroups = 16;  // below this a component is counted in microseconds
  size_t depth = 0;
  if (threads > 1 && c.groups.size() >= kParallelGroups)
    depth = std::min<size_t>(6, c.groups.size() / 2);
  std::vector<std::vector<int>> parts;
  {
    Counter counter(c, static_cast<int>(max_m), budget);
    if (depth == 0) {
      counter.count({}, 0, total);
      return total;
    }
    counter.prefixes(depth, [&](const std::vector<int>& k) {
      parts.emplace_back(k.begin(), k.begin() + static_cast<std::ptrdiff_t>(depth));
    });
  }
  std::vector<Tally> tallies(parts.size());
#pragma omp parallel num_threads(threads)
  {
    Counter counter(c, static_cast<int>(max_m), budget);
#pragma omp for schedule(dynamic, 1)
    for (size_t i = 0; i < parts.size(); ++i) {
      tallies[i].resize(c.groups.size(), max_m);
      counter.count(parts[i], depth, tallies[i]);
    }
  }
  for (const Tally& t : tallies) total.add(t);  // in prefix order, whatever the threads did
  return total;
}

template <class Num>
std::vector<Num> convolve(const std::vector<Num>& a, const std::vector<Num>& b) {
  std::vector<Num> out(a.size() + b.size() - 1, Num(0));
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != 0)
      for (size_t j = 0; j < b.size(); ++j) out[i + j] += a[i] * b[j];
  return out;
}

// out[a] = sum over b of l[b] * ctx[a + b], for a below `size`. A set of components split in
// two: ctx weighs everything outside the set by the set's mines, l counts one part's layouts by
// its mines, and out then weighs everything outside the other part by that part's mines a.
template <class Num>
std::vector<Num> correlate(const std::vector<Num>& ctx, const std::vector<Num>& l, size_t size) {
  std::vector<Num> out(size, Num(0));
  for (size_t a = 0; a < size; ++a)
    for (size_t b = 0; b < l.size() && a + b < ctx.size(); ++b) out[a] += l[b] * ctx[a + b];
  return out;
}

// The components together with the interior, whose weight by the frontier's mines is `ways`:
// `all`, every component's layouts by their mines together, and weight[c][m], the layouts of
// everything but component c (the other components and the interior) when c holds m mines.
// Taking the product of the others afresh for each c costs the cube of the number of components
// (70 s on a 255x255 lattice); instead the products of a halving of the components are built up,
// and the interior's weights pushed down it, each half taking on the other half's layouts.
template <class Num>
void combine_components(const std::vector<const std::vector<Num>*>& layouts,
                        const std::vector<Num>& ways, std::vector<Num>& all,
                        std::vector<std::vector<Num>>& weight) {
  const size_t parts = layouts.size();
  weight.assign(parts, {});
  if (parts == 0) {
    all = {Num(1)};  // no component: one way, with no frontier mine
    return;
  }
  std::vector<std::vector<Num>> product(4 * parts);
  auto build = [&](auto& self, size_t node, size_t lo, size_t hi) -> void {
    if (hi - lo == 1) {
      product[node] = *layouts[lo];
      return;
    }
    const size_t mid = (lo + hi) / 2;
    self(self, 2 * node, lo, mid);
    self(self, 2 * node + 1, mid, hi);
    product[node] = convolve(product[2 * node], product[2 * node + 1]);
  };
  build(build, 1, 0, parts);
  all = product[1];
  auto push = [&](auto& self, size_t node, size_t lo, size_t hi,
                  const std::vector<Num>& ctx) -> void {
    if (hi - lo == 1) {
      weight[lo] = ctx;
      return;
    }
    const size_t mid = (lo + hi) / 2;
    const std::vector<Num>&left = product[2 * node], &right = product[2 * node + 1];
    self(self, 2 * node, lo, mid, correlate(ctx, right, left.size()));
    self(self, 2 * node + 1, mid, hi, correlate(ctx, left, right.size()));
  };
  push(push, 1, 0, parts, ways);
}

// A density as a fraction a/b of whole numbers: the shortest decimal that reads back as the same
// double, so that d=0.2 is 1/5 (not the double's binary fraction).
std::pair<boost::multiprecision::cpp_int, boost::multiprecision::cpp_int> decimal_fraction(
    double d) {
  char text[64];  // scientific form: at most 17 digits, a point, and an exponent
  const auto [end, ec] = std::to_chars(text, text + sizeof text, d, std::chars_format::scientific);
  if (ec != std::errc()) throw std::logic_error("mines: the density has no decimal form");
  const std::string digits(text, end);  // "2e-01", "1.2345e-07"
  const size_t e = digits.find('e');
  boost::multiprecision::cpp_int a = 0, b = 1;
  int exponent = std::stoi(digits.substr(e + 1));
  bool after_point = false;
  for (size_t i = 0; i < e; ++i) {
    if (digits[i] == '.') {
      after_point = true;
      continue;
    }
    a = a * 10 + (digits[i] - '0');
    exponent -= after_point;
  }
  for (; exponent > 0; --exponent) a *= 10;
  for (; exponent < 0; ++exponent) b *= 10;
  const boost::multiprecision::cpp_int g = boost::multiprecision::gcd(a, b);
  return {a / g, b / g};
}

// Whether enumerating `c` could visit more than `limit` assignments: it visits at most one node per
// prefix of group counts, sum over d of prod_{g<d} (size_g + 1), bounded here by twice the full
// product (each factor is at least 2).
bool may_visit_more_than(const Component& c, uint64_t limit) {
  double bound = 2;
  for (const auto& g : c.groups) {
    bound *= static_cast<double>(g.size() + 1);
    if (bound > static_cast<double>(limit)) return true;
  }
  return false;
}

// One analysis, stage by stage, each stage a method. A stage returns false when it has found the
// position inconsistent (having said why in `out`) or, for count(), when the budget ran out.
class Analysis {
 public:
  Analysis(const Position& p, const std::vector<std::string>& rules, Probabilities& out)
      : p(p), rules(rules), out(out) {
    const int n = p.width * p.height;
    out.mine.assign(n, -1);
    out.decided_by.assign(n, -1);
    out.stages.push_back("flag");
    for (const auto& r : rules) out.stages.push_back(r);
    out.stages.push_back("enumeration");
    enumeration_stage = static_cast<int>(out.stages.size()) - 1;
  }

  // The system: a variable per unknown cell, a row per digit, and the mine-count row.
  bool build_system() {
    const int n = p.width * p.height;
    std::vector<int> var_of(n, -1);
    int flags = 0, digits = 0;
    cell_of.reserve(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
      digits += p.cells[i] >= 0;
      if (p.cells[i] == kUnknown) {
        var_of[i] = static_cast<int>(cell_of.size());
        cell_of.push_back(i);
      } else if (p.cells[i] == kFlag) {
        ++flags;
        out.mine[i] = 1;
        out.decided_by[i] = 0;
      }
    }
    sys.vars = static_cast<int>(cell_of.size());
    sys.value.assign(sys.vars, -1);
    sys.decided_by.assign(sys.vars, -1);
    sys.rows.reserve(static_cast<size_t>(digits) + 1);  // no row is moved as the list grows
    for (int i = 0; i < n; ++i) {
      if (p.cells[i] < 0) continue;
      Row& row = sys.rows.emplace_back();  // built in place, and dropped if it sees no cell
      row.source = i;
      int flagged = 0;
      p.for_neighbours(i, [&](int j) {
        if (p.cells[j] == kFlag) ++flagged;
        if (p.cells[j] == kUnknown) row.vars.push_back(var_of[j]);
      });
      row.target = p.cells[i] - flagged;
      if (row.target < 0 || row.target > static_cast<int>(row.vars.size()))
        return fail(i, "the digit " + std::to_string(p.cells[i]) + " sees " +
                           std::to_string(flagged) + " flags and " +
                           std::to_string(row.vars.size()) + " unknown cells");
      if (row.vars.empty()) sys.rows.pop_back();
    }
    // Only an exact total is a row: a density or an unknown count constrains no set of cells.
    if (p.total != MineTotal::exact) return true;
    mines_left = p.mines - flags;
    if (mines_left < 0 || mines_left > sys.vars)
      return fail(-1, std::to_string(p.mines) + " mines with " + std::to_string(flags) +
                          " flags and " + std::to_string(sys.vars) + " unknown cells");
    {
      Row& all = sys.rows.emplace_back();  // room was reserved for it
      all.vars.resize(static_cast<size_t>(sys.vars));
      std::iota(all.vars.begin(), all.vars.end(), 0);
      all.target = mines_left;
    }
    return true;
  }

  // Stage 1: the deduction rules, to a fixpoint. True when consistent.
  bool deduce() {
    int hardest = -1;
    if (run_rules(sys, rules, hardest, &out.rule_counts) == Verdict::fail) {
      const int source = sys.failed_row >= 0 ? sys.rows[sys.failed_row].source : -1;
      return fail(source, source >= 0
                              ? "the deduction rules find this digit cannot be met"
                              : "the deduction rules find no layout that fits the digits and "
                                "the mine count together");
    }
    for (int v = 0; v < sys.vars; ++v) {
      if (sys.value[v] < 0) continue;
      out.mine[cell_of[v]] = sys.value[v];
      out.decided_by[cell_of[v]] = 1 + sys.decided_by[v];
      ++(sys.value[v] ? decided_mines : decided_safe);
    }
    out.hardest = hardest >= 0 ? rules[hardest] : "none";
    // With no exact total, no count caps a component's mines: every undecided cell may hold one.
    remaining = p.total == MineTotal::exact ? mines_left - decided_mines : sys.vars;
    return true;
  }
  bool rules_found_a_safe_cell() const {
    return std::find(sys.value.begin(), sys.value.end(), 0) != sys.value.end();
  }

  // The undecided cells next to a digit split into components (variables joined along each
  // row), each in groups of the cells the same digits see; the rest is the interior. The player
  // runs this for every digit a look-ahead guess could show, so it allocates little: the rows
  // keep their cells inline, and Boost.Graph's union-find replaces an adjacency list (whose
  // undirected edges are list nodes, an allocation each: a tenth of the strong player's time).
  void find_components() {
    std::vector<int> row_source;  // per digit row with undecided cells: the digit's cell
    std::vector<RowCells> row_vars;
    std::vector<int> row_target;
    std::vector<char> frontier(sys.vars, 0);
    for (const Row& r : sys.rows) {
      if (r.source < 0) continue;
      RowCells& vars = row_vars.emplace_back();  // filled in place: no copy of inline cells
      int mines = 0;
      for (int v : r.vars) {
        if (sys.value[v] < 0) vars.push_back(v);
        mines += sys.value[v] == 1;
      }
      if (vars.empty()) {
        row_vars.pop_back();
        continue;
      }
      for (int v : vars) frontier[v] = 1;
      row_target.push_back(r.target - mines);
      row_source.push_back(r.source);
    }
    for (int v = 0; v < sys.vars; ++v)
      if (sys.value[v] < 0 && !frontier[v]) interior.push_back(v);

    // Components of the frontier: variables joined along each row.
    boost::disjoint_sets_with_storage<> joined(static_cast<size_t>(std::max(sys.vars, 1)));
    for (const RowCells& vars : row_vars)
      for (size_t k = 1; k < vars.size(); ++k) joined.union_set(vars[k - 1], vars[k]);
    // Ours, in order of first row, by the union-find's representative.
    std::vector<int> index_of_root(static_cast<size_t>(sys.vars), -1);
    std::vector<std::vector<int>> comp_rows;
    for (size_t r = 0; r < row_vars.size(); ++r) {
      int& index = index_of_root[static_cast<size_t>(joined.find_set(row_vars[r][0]))];
      if (index < 0) {
        index = static_cast<int>(comps.size());
        comps.emplace_back();
        comps.back().first_source = row_source[r];
        comp_rows.emplace_back();
      }
      comp_rows[static_cast<size_t>(index)].push_back(static_cast<int>(r));
    }
    // Groups: variables by the set of rows that see them, in order of first appearance. A
    // variable's rows are its digits (at most 8), listed in local row order, so two variables
    // share a group exactly when their lists are equal; only the groups whose list starts with
    // the same row need comparing.
    std::vector<RowCells> seen_by(static_cast<size_t>(sys.vars));  // var -> local rows
    std::vector<int> group_of_var(static_cast<size_t>(sys.vars), -1);
    for (size_t c = 0; c < comps.size(); ++c) {
      Component& comp = comps[c];
      const std::vector<int>& rows = comp_rows[c];
      for (size_t lr = 0; lr < rows.size(); ++lr)
        for (int v : row_vars[static_cast<size_t>(rows[lr])])
          seen_by[static_cast<size_t>(v)].push_back(static_cast<int>(lr));
      // Per local row, the groups whose list of rows starts there.
      std::vector<RowCells> groups_from(rows.size());
      for (size_t lr = 0; lr < rows.size(); ++lr)
        for (int v : row_vars[static_cast<size_t>(rows[lr])]) {
          if (group_of_var[static_cast<size_t>(v)] >= 0) continue;
          const RowCells& sig = seen_by[static_cast<size_t>(v)];
          int group = -1;
          for (int g : groups_from[static_cast<size_t>(sig[0])])
            if (std::equal(sig.begin(), sig.end(), comp.rows_of[static_cast<size_t>(g)].begin(),
                           comp.rows_of[static_cast<size_t>(g)].end())) {
              group = g;
              break;
            }
          if (group < 0) {
            group = static_cast<int>(comp.groups.size());
            comp.groups.emplace_back();
            comp.rows_of.emplace_back(sig.begin(), sig.end());
            groups_from[static_cast<size_t>(sig[0])].push_back(group);
          }
          group_of_var[static_cast<size_t>(v)] = group;
          comp.groups[static_cast<size_t>(group)].push_back(v);
        }
      for (int r : rows) comp.row_target.push_back(row_target[static_cast<size_t>(r)]);
    }
    out.components = static_cast<int>(comps.size());
  }

  // Stage 2 (with the lp rule): the LP's bounds on each component's mines, which prune its
  // enumeration. They see what a component's own digits do not: the mine count against the other
  // components and the interior. The player leaves the lp rule out, and with it this stage.
  bool bound_components() {
    if (comps.empty()) return true;
    std::vector<std::vector<int>> sets;
    for (const Component& comp : comps) {
      sets.emplace_back();
      for (const auto& g : comp.groups) sets.back().insert(sets.back().end(), g.begin(), g.end());
    }
    std::vector<std::pair<int, int>> bounds;
    if (!lp_mine_bounds(sys, sets, bounds))
      return fail(-1, "the LP relaxation of the digits and the mine count has no solution");
    for (size_t c = 0; c < comps.size(); ++c) {
      comps[c].least_mines = bounds[c].first;
      comps[c].most_mines = bounds[c].second;
      const int trivial = std::min(static_cast<int>(sets[c].size()), remaining);
      if (bounds[c].first > 0 || bounds[c].second < trivial) ++out.lp_bounded_components;
    }
    return true;
  }

  // Stage 3: every component's layouts, by number of mines, scaled to a maximum of 1. A component
  // is enumerated first, within an effort limit (cheapest on small components, and what the
  // player's game records were made with); one that needs more is counted by the frontier DP,
  // whose cost grows with its width only.
  bool count(int threads, search::Budget& budget, const AnalysisOptions& options) {
    const Counting counting = options.counting;
    for (const Component& comp : comps) {
      const int cells = comp.cells();
      out.largest_component = std::max(out.largest_component, cells);
      out.most_groups = std::max(out.most_groups, static_cast<int>(comp.groups.size()));
      Tally& t = tallies.emplace_back();
      auto& dp = dps.emplace_back();
      double log10_scale = 0;
      bool counted = false;
      if (counting != Counting::dp && !may_visit_more_than(comp, options.enumeration_effort)) {
        // Too small to reach the effort limit: counted in the analysis' budget alone (most
        // components are, and a budget of its own costs a clock read).
        t = count_component(comp, remaining, threads, budget);
        out.enumerated += t.visited;
        counted = !budget.stopped();
      } else if (counting == Counting::enumeration) {
        t = count_component(comp, remaining, threads, budget);
        out.enumerated += t.visited;
        counted = !budget.stopped();
      } else if (counting == Counting::automatic) {
        // Its own effort limit, within the analysis' budget, on one thread: where it stops must
        // not depend on how threads share the work, or the method (and the answer's last bits)
        // would depend on the thread count.
        search::Budget effort(search::Limits{.nodes = options.enumeration_effort}, &budget);
        t = count_component(comp, remaining, 1, effort);
        out.enumerated += t.visited;
        counted = !effort.stopped();
        if (!counted && !budget.stopped()) {  // out of effort: the DP counts it afresh
          ++out.enumerations_abandoned;
          t = Tally{};
        }
      }
      if (!counted && !budget.stopped()) {
        const int max_m = std::min({remaining, comp.most_mines, cells});
        dp = std::make_unique<FrontierDp<Real>>(comp, max_m, budget, options.dp_state_limit);
        const DpOutcome outcome = dp->count();
        ++out.dp_components;
        out.dp_width = std::max(out.dp_width, dp->stats().width);
        out.dp_states = std::max(out.dp_states, dp->stats().most_states);
        out.dp_stored = std::max(out.dp_stored, dp->stats().stored);
        out.dp_transitions += dp->stats().transitions;
        if (outcome == DpOutcome::too_wide && options.enumerate_when_too_wide) {
          dp.reset();  // the player's form: enumerated with no limit, as before the DP
          t = count_component(comp, remaining, threads, budget);
          out.enumerated += t.visited;
        } else if (outcome == DpOutcome::too_wide) {  // bounded by the LP instead (bound_wide())
          dp.reset();
          bounded.push_back(static_cast<size_t>(&comp - comps.data()));
          t.layouts = {1};  // no mines and one way: a common factor, under a density or no count
          continue;
        } else if (outcome == DpOutcome::counted) {
          t.layouts.assign(dp->layouts().begin(), dp->layouts().end());
          log10_scale = dp->log10_scale();
        }
      }
      if (budget.stopped()) {  // the rules' decisions stand; the rest is bounded or unknown
        out.complete = false;
        out.out_of_time = true;
        return false;
      }
      // Scale to a maximum of 1: a common factor of every layout count, it cancels in the ratios.
      Real top = 0;
      for (Real x : t.layouts) top = std::max(top, x);
      if (top == 0)
        return fail(comp.first_source, "no placement of mines fits the digits around this one");
      out.layouts_log10 += static_cast<double>(std::log10(top)) + log10_scale;
      for (Real& x : t.layouts) x /= top;
      for (auto& v : t.mines)
        for (Real& x : v) x /= top;
      for (auto& v : t.free)
        for (Real& x : v) x /= top;
    }
    return true;
  }

  // The components too wide for the DP get, cell by cell, the interval [least, most] of the LP
  // relaxation (heuristics/mines/lp.hpp: the true probability lies in it). Under an exact total
  // the mine count couples every component and the interior, so no cell's probability is then
  // exact: every undecided cell is bounded, and combine() is skipped (returns false here, with
  // the position still consistent). Under a density or no count the components are independent:
  // the wide ones are bounded and the rest combined exactly. The answer is incomplete either way:
  // the run reports the DP's state limit as its stop reason.
  bool bound_wide(search::Budget& budget) {
    if (bounded.empty()) return true;
    out.complete = false;
    out.too_wide = true;
    const bool coupled = p.total == MineTotal::exact;
    std::vector<char> wide(comps.size(), coupled ? 1 : 0);
    for (size_t c : bounded) wide[c] = 1;
    if (!bound_cells(wide, coupled, budget)) return false;
    for (size_t c = 0; c < comps.size(); ++c)
      if (wide[c]) {
        dps[c].reset();
        tallies[c] = Tally{};
        tallies[c].layouts = {1};
      }
    bounded_components = std::move(wide);
    return !coupled;
  }

  // After the time limit stopped the count: every undecided cell gets its LP interval, within a
  // budget of its own (`seconds`), since the analysis' is spent. The bounds are valid however
  // far they got: a side the LP did not reach stays at 0 or 1.
  void bound_after_stop(double seconds) {
    if (!out.consistent || comps.size() + interior.size() == 0) return;
    search::Budget own(search::Limits{.seconds = seconds});
    bound_cells(std::vector<char>(comps.size(), 1), true, own);
  }

  // The LP intervals of the cells of the components marked `wide` (and of the interior when
  // `interior_too`), into out.bounds. False (and the position inconsistent) when the relaxation
  // is empty.
  bool bound_cells(const std::vector<char>& wide, bool interior_too, search::Budget& budget) {
    std::vector<std::vector<int>> groups;
    for (size_t c = 0; c < comps.size(); ++c)
      if (c < wide.size() && wide[c])
        groups.insert(groups.end(), comps[c].groups.begin(), comps[c].groups.end());
    if (interior_too && !interior.empty()) groups.push_back(interior);
    std::vector<std::pair<double, double>> bounds;
    LpCellStats stats;
    if (!lp_cell_bounds(sys, groups, bounds, &budget, &stats))
      return fail(-1, "the LP relaxation of the digits and the mine count has no solution");
    out.bounds.assign(out.mine.size(), {-1, -1});
    out.bounded_cells = 0;
    for (size_t g = 0; g < groups.size(); ++g)
      for (int v : groups[g]) {
        out.bounds[static_cast<size_t>(cell_of[v])] = bounds[g];
        ++out.bounded_cells;
      }
    out.bound_lps = stats.lps;
    out.bounds_complete = stats.complete;
    if (budget.stopped()) out.out_of_time = true;
    return true;
  }

  // The components and the interior together: each cell's share of all layouts.
  bool combine() {
    // The weight of each number t of frontier mines, relative to the largest: under an exact
    // total, the interior's binomial (its ways to hold the rest); under a density, d^t (1-d)^(F-t)
    // for F frontier cells (the interior's layouts then weigh 1 together, each cell a mine with
    // probability d); with no count, every layout weighs the same, 2^interior.
    const int interior_cells = static_cast<int>(interior.size());
    size_t frontier_max = 1;
    for (const Tally& t : tallies) frontier_max += t.layouts.size() - 1;
    const int frontier_cells = sys.vars - interior_cells - decided_mines - decided_safe;
    const Real log_d = p.total == MineTotal::density ? std::log(static_cast<Real>(p.density)) : 0;
    const Real log_free =
        p.total == MineTotal::density ? std::log1p(-static_cast<Real>(p.density)) : 0;
    std::vector<Real> log_ways(frontier_max, -INFINITY);
    Real log_top = -INFINITY;
    for (size_t t = 0; t < frontier_max; ++t) {
      const int rest = remaining - static_cast<int>(t);
      if (p.total == MineTotal::density)
        log_ways[t] =
            static_cast<Real>(t + decided_mines) * log_d +
            static_cast<Real>(frontier_cells - static_cast<int>(t) + decided_safe) * log_free;
      else if (p.total == MineTotal::any)
        log_ways[t] = interior_cells * std::log(2.0L);
      else if (rest >= 0 && rest <= interior_cells)
        log_ways[t] = log_factorial(interior_cells) - log_factorial(rest) -
                      log_factorial(interior_cells - rest);
      log_top = std::max(log_top, log_ways[t]);
    }
    if (log_top == -INFINITY)
      return fail(-1, "the frontier cannot hold the " + std::to_string(remaining) +
                          " mines left with " + std::to_string(interior_cells) +
                          " cells away from the digits");
    std::vector<Real> ways(frontier_max, 0);
    for (size_t t = 0; t < frontier_max; ++t)
      if (log_ways[t] > -INFINITY) ways[t] = std::exp(log_ways[t] - log_top);

    std::vector<const std::vector<Real>*> layouts;
    for (const Tally& t : tallies) layouts.push_back(&t.layouts);
    std::vector<Real> all;  // as long as `ways`
    std::vector<std::vector<Real>> weight;
    combine_components(layouts, ways, all, weight);
    Real z = 0, interior_mines = 0, interior_free = 0;
    for (size_t t = 0; t < all.size(); ++t) {
      const Real w = all[t] * ways[t];
      z += w;
      interior_mines += w * (remaining - static_cast<int>(t));
      interior_free += w * (interior_cells - remaining + static_cast<int>(t));
    }
    if (p.total != MineTotal::exact) {  // the interior's cells are independent of the frontier
      const Real d = p.total == MineTotal::density ? static_cast<Real>(p.density) : 0.5L;
      interior_mines = d;
      interior_free = 1 - d;
    }
    if (z == 0)
      return fail(-1, "no layout of the " + std::to_string(remaining) +
                          " mines left fits the frontier and the interior together");
    out.layouts_log10 += static_cast<double>(std::log10(z) + log_top / std::log(10.0L));

    auto set_cell = [&](int v, Real mines, Real free) {
      const int cell = cell_of[v];
      out.mine[cell] = static_cast<double>(mines / (mines + free));
      if (mines == 0 || free == 0) out.decided_by[cell] = enumeration_stage;
    };
    for (int v : interior) set_cell(v, interior_mines, interior_free);
    for (size_t c = 0; c < comps.size(); ++c) {
      if (!bounded_components.empty() && bounded_components[c]) continue;
      if (dps[c]) {
        if (!set_dp_component(c, weight[c], set_cell)) return false;
        continue;
      }
      for (size_t g = 0; g < comps[c].groups.size(); ++g) {
        Real mines = 0, free = 0;
        for (size_t m = 0; m < weight[c].size(); ++m) {
          mines += tallies[c].mines[g][m] * weight[c][m];
          free += tallies[c].free[g][m] * weight[c][m];
        }
        for (int v : comps[c].groups[g]) set_cell(v, mines, free);
      }
    }
    return true;
  }

  // A component the DP counted: its backward pass, with the weights of everything else by the
  // component's mines (scaled to a maximum of 1 before they become doubles).
  template <class SetCell>
  bool set_dp_component(size_t c, const std::vector<Real>& weight, SetCell& set_cell) {
    FrontierDp<Real>& dp = *dps[c];
    // Scaled by the largest weight over the mine counts the component can hold, not over every
    // count: outside them the weights may be larger by any factor and carry no layout.
    Real top = 0;
    for (size_t m = 0; m < dp.layouts().size() && m < weight.size(); ++m)
      if (dp.layouts()[m] > 0) top = std::max(top, weight[m]);
    std::vector<Real> w(dp.layouts().size(), 0);
    for (size_t m = 0; m < w.size() && m < weight.size() && top > 0; ++m) w[m] = weight[m] / top;
    std::vector<Real> mines, free;
    const double before = dp.stats().transitions;
    if (dp.marginals(w, mines, free) != DpOutcome::counted) {
      out.complete = false;
      out.out_of_time = true;
      return false;
    }
    out.dp_transitions += dp.stats().transitions - before;
    for (size_t g = 0; g < comps[c].groups.size(); ++g)
      for (int v : comps[c].groups[g]) set_cell(v, mines[g], free[g]);
    return true;
  }

  // --exact: the components counted again by the frontier DP in whole numbers, and combined with
  // the interior's exact weights (binomials under an exact total; under a density a/b, a^t
  // (b-a)^(F-t) for t of the F frontier cells' mines; 1 with no count), so that every
  // probability is a ratio of whole numbers. On a stop (the time limit) `exact` stays empty.
  void exact_fractions(search::Budget& budget, int64_t state_limit) {
    using Int = boost::multiprecision::cpp_int;
    std::vector<std::unique_ptr<FrontierDp<Int>>> exact_dps;
    std::vector<const std::vector<Int>*> layouts;
    for (const Component& comp : comps) {
      const int max_m = std::min({remaining, comp.most_mines, comp.cells()});
      exact_dps.push_back(std::make_unique<FrontierDp<Int>>(comp, max_m, budget, state_limit));
      if (const DpOutcome o = exact_dps.back()->count(); o != DpOutcome::counted)
        return exact_missing(o);
      layouts.push_back(&exact_dps.back()->layouts());
    }
    const int interior_cells = static_cast<int>(interior.size());
    size_t frontier_max = 1;
    for (const auto* l : layouts) frontier_max += l->size() - 1;
    std::vector<Int> ways(frontier_max, 0);
    Int interior_mines = 1, interior_free = 1;  // with no count: each interior cell half the time
    if (p.total == MineTotal::exact) {
      // C(I, rest) for rest = remaining - t, from the largest rest down by C(I, r-1) =
      // C(I, r) r / (I - r + 1).
      int rest = std::min(remaining, interior_cells);
      Int binomial = 1;
      for (int i = 1; i <= rest; ++i) binomial = binomial * (interior_cells - rest + i) / i;
      for (; rest >= 0; --rest) {
        const int t = remaining - rest;
        if (t >= 0 && static_cast<size_t>(t) < frontier_max)
          ways[static_cast<size_t>(t)] = binomial;
        if (rest > 0) binomial = binomial * rest / (interior_cells - rest + 1);
      }
    } else if (p.total == MineTotal::density) {
      const auto [a, b] = decimal_fraction(p.density);
      const int frontier_cells = static_cast<int>(frontier_max) - 1;
      for (size_t t = 0; t < frontier_max; ++t)
        ways[t] = boost::multiprecision::pow(a, static_cast<unsigned>(t)) *
                  boost::multiprecision::pow(
                      Int(b - a), static_cast<unsigned>(frontier_cells - static_cast<int>(t)));
      interior_mines = a;
      interior_free = b - a;
    } else {
      std::fill(ways.begin(), ways.end(), Int(1));
    }
    std::vector<Int> all;
    std::vector<std::vector<Int>> weight;
    combine_components(layouts, ways, all, weight);
    if (p.total == MineTotal::exact) {
      Int z = 0;
      interior_mines = interior_free = 0;
      for (size_t t = 0; t < all.size(); ++t) {
        const Int w = all[t] * ways[t];
        z += w;
        interior_mines += w * (remaining - static_cast<int>(t));
        interior_free += w * (interior_cells - remaining + static_cast<int>(t));
      }
      out.exact_layouts = z.str();
    }
    const int n = p.width * p.height;
    out.exact.assign(static_cast<size_t>(n), "");
    for (int cell = 0; cell < n; ++cell)
      if (out.decided_by[cell] >= 0 && p.cells[cell] == kUnknown)
        out.exact[static_cast<size_t>(cell)] = out.mine[cell] == 1 ? "1" : "0";
    auto fraction = [&](int v, const Int& mines, const Int& free) {
      out.exact[static_cast<size_t>(cell_of[v])] =
          boost::multiprecision::cpp_rational(mines, mines + free).str();
    };
    for (int v : interior) fraction(v, interior_mines, interior_free);
    for (size_t c = 0; c < comps.size(); ++c) {
      std::vector<Int> mines, free;
      if (const DpOutcome o = exact_dps[c]->marginals(weight[c], mines, free);
          o != DpOutcome::counted) {
        out.exact.clear();
        out.exact_layouts.clear();
        return exact_missing(o);
      }
      for (size_t g = 0; g < comps[c].groups.size(); ++g)
        for (int v : comps[c].groups[g]) fraction(v, mines[g], free[g]);
    }
  }

  // --exact was asked for and the whole-number count did not finish: the answer is incomplete,
  // and says why.
  void exact_missing(DpOutcome why) {
    out.complete = false;
    out.exact_failed = true;
    (why == DpOutcome::too_wide ? out.too_wide : out.out_of_time) = true;
  }

  void record_hardest() {
    for (int cell = 0; cell < p.width * p.height; ++cell)
      if (out.decided_by[cell] == enumeration_stage) out.hardest = "enumeration";
  }

 private:
  bool fail(int cell, std::string why) {
    out.consistent = false;
    out.bad_cell = cell;
    out.why = std::move(why);
    return false;
  }

  const Position& p;
  const std::vector<std::string>& rules;
  Probabilities& out;
  int enumeration_stage = 0;
  MineSystem sys;
  std::vector<int> cell_of;  // variable -> cell
  int mines_left = 0;        // mines not flagged
  int remaining = 0;         // mines not flagged nor decided by the rules (exact totals)
  int decided_mines = 0, decided_safe = 0;  // cells the rules decided
  std::vector<int> interior;
  std::vector<Component> comps;
  std::vector<Tally> tallies;                          // per component
  std::vector<std::unique_ptr<FrontierDp<Real>>> dps;  // per component: the DP, if it counted it
  std::vector<size_t> bounded;                         // components too wide for the DP
  std::vector<char> bounded_components;  // per component, after bound_wide(): bounded by the LP
};

}  // namespace

Probabilities mine_probabilities(const Position& p, const std::vector<std::string>& rules,
                                 const AnalysisOptions& options) {
  // A finite limit of 0 or less is spent already: the count stops at its first look at the clock.
  const double limit = options.time_limit_seconds;
  search::Budget budget(search::Limits{
      .seconds = limit < kNoTimeLimit ? std::max(limit, std::numeric_limits<double>::min()) : 0});
  Probabilities out;
  out.rule_counts.timed = options.time_rules;
  Analysis a(p, rules, out);
  if (!a.build_system() || !a.deduce()) return out;
  if (options.when == Enumerate::unless_rules_find_a_safe_cell && a.rules_found_a_safe_cell())
    return out;
  a.find_components();
  const bool lp = std::find(rules.begin(), rules.end(), "lp") != rules.end();
  if (lp && !a.bound_components()) return out;
  if (!a.count(options.threads, budget, options)) {
    if (out.out_of_time && options.bound_when_stopped)
      a.bound_after_stop(std::max(0.05, 0.1 * options.time_limit_seconds));
    return out;
  }
  if (!a.bound_wide(budget) || !a.combine()) return out;
  a.record_hardest();
  if (options.exact && out.complete) a.exact_fractions(budget, options.dp_state_limit);
  return out;
}

}  // namespace bs::mines
