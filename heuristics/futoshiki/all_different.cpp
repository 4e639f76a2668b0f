// all-different: generalised arc consistency of each row and column (Régin's filter).
//
// A line of n cells must take the n values once each: a perfect matching between cells and
// values in the graph of the domains. A value v stays in a cell's domain exactly when some
// perfect matching uses that edge. Régin's theorem turns this into graph search: take any one
// perfect matching M; an edge (cell x, value v) outside M is in another perfect matching iff v and
// M(x) lie on a common M-alternating cycle, that is, in one strongly connected component of the
// value graph with an arc M(x) -> v for every cell x and every other value v of its domain. There
// are no free values (as many values as cells), so alternating paths to free vertices, the other
// half of Régin's rule, never arise.
//
// This subsumes value-elimination and hidden-single on the line, and catches pairs, triples and
// every "these k cells share k values" argument at once. It is the most expensive rule, so the
// solver reaches it only when the linear rules are stuck.
//
// Why not Boost.Graph here: a line has at most 32 cells and 32 values, so a domain is one machine
// word and both the matching (augmenting paths) and the components (forward and backward
// reachability) become a few dozen mask operations, with no allocation per call. This runs at
// every search node. tests/futoshiki/rules_test.cpp checks it against Boost.Graph's
// edmonds_maximum_cardinality_matching and strong_components on random domains.
#include <algorithm>
#include <array>

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

constexpr int kNone = -1;

struct Matching {
  std::array<int, kMaxN> value_of;  // per cell position: matched value index, or kNone
  std::array<int, kMaxN> cell_of;   // per value index: matched cell position, or kNone
};

// One augmenting path from cell x by depth-first search over unvisited values.
bool augment(const Mask* dom, int x, Mask& visited, Matching& m) {
  for (Mask c = dom[x] & ~visited; c; c &= c - 1) {
    const int v = std::countr_zero(c);
    visited |= Mask{1} << v;
    if (m.cell_of[v] == kNone || augment(dom, m.cell_of[v], visited, m)) {
      m.value_of[x] = v;
      m.cell_of[v] = x;
      return true;
    }
  }
  return false;
}

}  // namespace

// Filters one line's domains in place (n of them). Returns fail, progress or no change. Exposed
// (not static) for the oracle test.
Verdict filter_all_different(int n, Mask* dom) {
  Matching m;
  m.value_of.fill(kNone);
  m.cell_of.fill(kNone);
  // Greedy start: fixed cells first, then each cell's lowest free value.
  for (int x = 0; x < n; ++x) {
    if (!dom[x]) return Verdict::fail;
    if (!fixed(dom[x])) continue;
    const int v = std::countr_zero(dom[x]);
    if (m.cell_of[v] != kNone) return Verdict::fail;
    m.value_of[x] = v;
    m.cell_of[v] = x;
  }
  Mask free_values = 0;
  for (int v = 0; v < n; ++v)
    if (m.cell_of[v] == kNone) free_values |= Mask{1} << v;
  for (int x = 0; x < n; ++x) {
    if (m.value_of[x] != kNone) continue;
    const Mask c = dom[x] & free_values;
    if (c) {
      const int v = std::countr_zero(c);
      m.value_of[x] = v;
      m.cell_of[v] = x;
      free_values &= ~(Mask{1} << v);
    }
  }
  for (int x = 0; x < n; ++x) {
    if (m.value_of[x] != kNone) continue;
    Mask visited = 0;
    if (!augment(dom, x, visited, m)) return Verdict::fail;  // no perfect matching
  }
  // Value graph: arc M(x) -> v for every other value v of x. succ[u] is the set of successors of
  // value u; pred[v] its predecessors.
  std::array<Mask, kMaxN> succ{}, pred{};
  for (int x = 0; x < n; ++x) {
    const int u = m.value_of[x];
    succ[u] = dom[x] & ~(Mask{1} << u);
    for (Mask c = succ[u]; c; c &= c - 1) pred[std::countr_zero(c)] |= Mask{1} << u;
  }
  // Components: the component of u is what u reaches intersected with what reaches u.
  std::array<Mask, kMaxN> component{};
  Mask unassigned = n >= 32 ? ~Mask{0} : (Mask{1} << n) - 1;
  while (unassigned) {
    const int u = std::countr_zero(unassigned);
    Mask fwd = Mask{1} << u, frontier = fwd;
    while (frontier) {
      Mask next = 0;
      for (Mask c = frontier; c; c &= c - 1) next |= succ[std::countr_zero(c)];
      frontier = next & ~fwd;
      fwd |= next;
    }
    Mask bwd = Mask{1} << u;
    frontier = bwd;
    while (frontier) {
      Mask next = 0;
      for (Mask c = frontier; c; c &= c - 1) next |= pred[std::countr_zero(c)];
      frontier = next & ~bwd & fwd;  // only what is also reached matters
      bwd |= next & fwd;
    }
    for (Mask c = bwd; c; c &= c - 1) component[std::countr_zero(c)] = bwd;
    unassigned &= ~bwd;
  }
  std::array<Mask, kMaxN> keep;
  for (int x = 0; x < n; ++x) {
    const int u = m.value_of[x];
    keep[x] = dom[x] & (component[u] | (Mask{1} << u));
  }
  return narrow_line(n, dom, keep.data());
}

Verdict filter_dirty_lines(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed,
                           Verdict (*filter)(int n, Mask* line)) {
  bool progress = false;
  std::array<Mask, kMaxN> line;
  for (Lines todo = dirty_lines(s, dirty); todo; todo &= todo - 1) {
    const int* cells = s.line(std::countr_zero(todo));
    bool open = false;
    Mask seen = 0;
    for (int j = 0; j < s.n; ++j) {
      line[j] = d[cells[j]];
      open |= !fixed(line[j]);
      seen |= line[j];
    }
    if (!open) {  // every cell fixed: the line holds all values or repeats one
      if (seen != s.all) return Verdict::fail;
      continue;
    }
    if (seen != s.all) return Verdict::fail;  // a value no cell can take: no matching
    const Verdict v = filter(s.n, line.data());
    if (v == Verdict::fail) return v;
    if (v == Verdict::no_change) continue;
    for (int j = 0; j < s.n; ++j)
      if (d[cells[j]] != line[j]) {
        changed.note(cells[j], d[cells[j]], line[j]);
        d[cells[j]] = line[j];
        progress = true;
      }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

namespace {

// The line's domains at `past`, with cell position `only` (if any) held to the value bit `keep`.
void line_at(const Structure& s, const Past& past, int l, int only, Mask keep, Mask* dom) {
  const int* cells = s.line(l);
  for (int j = 0; j < s.n; ++j) dom[j] = j == only ? keep : past.domain(cells[j]);
}

// A maximum matching of the line's cells, `first` tried last so that a failure leaves its own
// tree. Returns the cell position left unmatched (`first` when it is), or kNone.
int unmatched_cell(int n, const Mask* dom, int first, Matching& m, Mask& tree) {
  m.value_of.fill(kNone);
  m.cell_of.fill(kNone);
  int missing = kNone;
  for (int k = 0; k <= n; ++k) {
    const int x = k == n ? first : k;
    if (x == kNone || (k < n && x == first)) continue;
    Mask visited = 0;
    if (!augment(dom, x, visited, m)) {
      missing = x;
      tree = visited;
      if (x == first) break;
    }
  }
  return missing;
}

// The reason a matching failed at cell `root`: the cells the failed search reached (root and
// the cells matched to the values of its tree) had no values outside that tree.
void push_hall_set(const Structure& s, const Past& past, int l, int root, int skip, Mask tree,
                   const Matching& m, std::vector<Lit>& reason) {
  const int* cells = s.line(l);
  if (root != skip) past.push_within(cells[root], tree, reason);
  for (Mask t = tree; t; t &= t - 1) {
    const int j = m.cell_of[std::countr_zero(t)];
    if (j != skip) past.push_within(cells[j], tree, reason);
  }
}

}  // namespace

bool explain_all_different(const Structure& s, const Past& past, Lit l, std::vector<Lit>& reason) {
  std::array<Mask, kMaxN> dom;
  Matching m;
  Mask tree = 0;
  if (l == propagation::kNoLit) {  // a line that cannot be completed
    for (int line = 0; line < 2 * s.n; ++line) {
      line_at(s, past, line, kNone, 0, dom.data());
      const int missing = unmatched_cell(s.n, dom.data(), kNone, m, tree);
      if (missing == kNone) continue;
      push_hall_set(s, past, line, missing, kNone, tree, m, reason);
      return true;
    }
    return false;
  }
  // x != v: with x held to v, the line of x has no complete matching.
  const int x = propagation::lit_var(l);
  const Mask v = value_bit(propagation::lit_value(l));
  for (const int line : {int{s.row_of[x]}, int{s.column_of[x]}}) {
    const int* cells = s.line(line);
    const int at = static_cast<int>(std::find(cells, cells + s.n, x) - cells);
    line_at(s, past, line, at, v, dom.data());
    const int missing = unmatched_cell(s.n, dom.data(), at, m, tree);
    if (missing == kNone) continue;
    push_hall_set(s, past, line, missing, at, tree, m, reason);
    return true;
  }
  return false;
}

extern const FutoshikiRuleEntry all_different_rule{
    {"all-different", "futoshiki", Cost::quadratic, true,
     "generalised arc consistency of every row and column (Regin: matching and components)"},
    line_filter_rule<filter_all_different>,
    /*idempotent=*/false,
    explain_all_different};

}  // namespace bs::futoshiki
