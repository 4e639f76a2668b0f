// inequality-bounds: a > b cuts a's low values and b's high values, along whole chains.
//
// For a > b, a must exceed b's least possible value and b must stay below a's greatest, so
// a loses every value <= min(b) and b every value >= max(a). Applied to a fixpoint, the bounds
// run along chains: in a > b > c on a 5-grid, a >= 3 and c <= 3 before any cell is known. This
// is bounds consistency on each inequality, which for a single a > b is also domain consistency
// (any value of a above min(b) has a support, and symmetrically).
#include <vector>

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

// Bounds consistency on inequality k. False: a domain empties. A cut cell goes on `todo`, since
// its other inequalities are the next links of its chains.
bool tighten(const Structure& s, Mask* d, int k, Changes& changed, int* todo, int& top,
             bool& progress) {
  const Inequality& q = s.inequalities[k];
  const Mask a = d[q.greater], b = d[q.smaller];
  if (!a || !b) return false;
  // values of a above min(b): clear bits 0..min(b)-1, i.e. the values 1..min(b)
  const Mask a_cut = a & ~((Mask{2} << (lowest_value(b) - 1)) - 1);
  // values of b below max(a): keep bits 0..max(a)-2
  const int high = highest_value(a);
  const Mask b_cut = high <= 1 ? 0 : b & ((Mask{1} << (high - 1)) - 1);
  if (!a_cut || !b_cut) return false;
  if (a_cut != a) {
    changed.note(q.greater, a, a_cut);
    d[q.greater] = a_cut;
    todo[top++] = q.greater;
    progress = true;
  }
  if (b_cut != b) {
    changed.note(q.smaller, b, b_cut);
    d[q.smaller] = b_cut;
    todo[top++] = q.smaller;
    progress = true;
  }
  return true;
}

Verdict inequality_bounds(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  bool progress = false;
  // Cells whose inequalities need a look. Each push follows a cut, which removes a value, so the
  // stack never holds more entries than the grid has values.
  thread_local std::vector<int> todo;
  todo.resize(static_cast<size_t>(s.cells()) * static_cast<size_t>(s.n) + 1);
  int top = 0;
  if (dirty.everywhere) {
    for (int k = 0; k < static_cast<int>(s.inequalities.size()); ++k)
      if (!tighten(s, d, k, changed, todo.data(), top, progress)) return Verdict::fail;
  } else {
    // Only a cell whose least or greatest value changed can cut a neighbour.
    for (const Narrowing* e = dirty.begin; e != dirty.end; ++e) {
      const Mask now = d[e->var], before = now | e->lost;
      if (!now) return Verdict::fail;
      if (lowest_value(now) == lowest_value(before) && highest_value(now) == highest_value(before))
        continue;
      for (int k = s.cell_start[e->var]; k < s.cell_start[e->var + 1]; ++k)
        if (!tighten(s, d, s.by_cell[k], changed, todo.data(), top, progress)) return Verdict::fail;
    }
  }
  while (top) {
    const int c = todo[--top];
    for (int k = s.cell_start[c]; k < s.cell_start[c + 1]; ++k)
      if (!tighten(s, d, s.by_cell[k], changed, todo.data(), top, progress)) return Verdict::fail;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

Mask values_up_to(int v) {
  return v >= 32 ? ~Mask{0} : (Mask{1} << v) - 1;
}
Mask values_from(int v) {
  return v > 32 ? 0 : ~Mask{0} << (v - 1);
}

// a > b took v from a because b had nothing below v ("b >= v"), or from b because a had nothing
// above v ("a <= v"). A failure: a had nothing above the least of b (a <= k and b >= k).
bool explain_inequality(const Structure& s, const Past& past, Lit l, std::vector<Lit>& reason) {
  if (l == propagation::kNoLit) {
    for (const Inequality& q : s.inequalities) {
      const Mask a = past.domain(q.greater), b = past.domain(q.smaller);
      if (!a || !b || highest_value(a) > lowest_value(b)) continue;
      const int k = highest_value(a);
      past.push_within(q.greater, values_up_to(k), reason);
      past.push_within(q.smaller, values_from(k), reason);
      return true;
    }
    return false;
  }
  const int x = propagation::lit_var(l), v = propagation::lit_value(l);
  for (int k = s.cell_start[x]; k < s.cell_start[x + 1]; ++k) {
    const Inequality& q = s.inequalities[s.by_cell[k]];
    if (q.greater == x && !(past.domain(q.smaller) & values_up_to(v - 1))) {
      past.push_within(q.smaller, values_from(v), reason);
      return true;
    }
    if (q.smaller == x && !(past.domain(q.greater) & values_from(v + 1))) {
      past.push_within(q.greater, values_up_to(v), reason);
      return true;
    }
  }
  return false;
}

}  // namespace

extern const FutoshikiRuleEntry inequality_bounds_rule{
    {"inequality-bounds", "futoshiki", Cost::linear, true,
     "a > b: a above the least value of b, b below the greatest of a, along chains"},
    inequality_bounds,
    /*idempotent=*/true,
    explain_inequality};

}  // namespace bs::futoshiki
