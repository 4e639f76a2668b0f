// hidden-single: a value that only one cell of a line can take goes there.
//
// Each row and column is a permutation, so every value must appear somewhere in it. The places
// of a value in a line (Structure) answer at once whether no cell can take it (fail) or exactly
// one can (fix that cell). A fresh node asks of every line and value; after that only lost
// values can become singles, so each narrowing in the log asks after its lost values alone.
// Counterpart of value-elimination, which reasons from cells to values; this one reasons from
// values to cells.
#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

// Where value index v can go in line l: fail if nowhere, fix the cell if it is the only place.
bool look_up(const Structure& s, Mask* d, int l, int v, Changes& changed, bool& progress) {
  const Mask at = s.places(d, l)[v];
  if (!at) return false;
  if (at & (at - 1)) return true;
  const int cell = s.line(l)[std::countr_zero(at)];
  const Mask value = Mask{1} << v;
  if (d[cell] != value) {
    changed.note(cell, d[cell], value);
    d[cell] = value;
    progress = true;
  }
  return true;
}

Verdict hidden_single(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  bool progress = false;
  if (dirty.everywhere) {
    for (int l = 0; l < 2 * s.n; ++l)
      for (int v = 0; v < s.n; ++v)
        if (!look_up(s, d, l, v, changed, progress)) return Verdict::fail;
    return progress ? Verdict::progress : Verdict::no_change;
  }
  // Only a value some cell of a line lost can have become a single there: every other value has
  // the places it had at the last call, when it was not a single.
  for (const Narrowing* e = dirty.begin; e != dirty.end; ++e)
    for (Mask rest = e->lost; rest; rest &= rest - 1) {
      const int v = std::countr_zero(rest);
      if (!look_up(s, d, s.row_of[e->var], v, changed, progress) ||
          !look_up(s, d, s.column_of[e->var], v, changed, progress))
        return Verdict::fail;
    }
  return progress ? Verdict::progress : Verdict::no_change;
}

// x != w because another value u of x has no other place in a line of x: the reason is "u is
// in no other cell of that line". A value with no place at all explains a failure the same way.
bool explain_hidden_single(const Structure& s, const Past& past, Lit l, std::vector<Lit>& reason) {
  const bool failure = l == propagation::kNoLit;
  const int x = failure ? -1 : propagation::lit_var(l);
  const int w = failure ? 0 : propagation::lit_value(l);
  for (int line = 0; line < 2 * s.n; ++line) {
    if (!failure && line != s.row_of[x] && line != s.column_of[x]) continue;
    const int* cells = s.line(line);
    for (int u = 1; u <= s.n; ++u) {
      if (u == w || (!failure && past.lacks(x, u))) continue;
      bool lonely = true;
      for (int j = 0; j < s.n && lonely; ++j) lonely = cells[j] == x || past.lacks(cells[j], u);
      if (!lonely) continue;
      for (int j = 0; j < s.n; ++j)
        if (cells[j] != x) reason.push_back(propagation::lit_ne(cells[j], u));
      return true;
    }
  }
  return explain_all_different(s, past, l, reason);
}

}  // namespace

extern const FutoshikiRuleEntry hidden_single_rule{
    {"hidden-single", "futoshiki", Cost::linear, true,
     "a value only one cell of a row or column can take goes there"},
    hidden_single,
    /*idempotent=*/false,
    explain_hidden_single};

}  // namespace bs::futoshiki
