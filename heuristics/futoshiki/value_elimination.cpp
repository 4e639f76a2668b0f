// value-elimination: a fixed cell's value leaves every other cell of its row and column.
//
// The cheapest deduction of a Latin square, and the one a person does first. Each cell fixed
// since the last call sends its value to the other cells of its row and column (a peer fixed to
// the same value fails the node), and a peer that this fixes sends its own value on before the
// rule returns, so one call leaves no fixed value anywhere it could still remove. The places of
// the value in the two lines (Structure) name the peers that hold it, so a cell costs what it
// removes. A fresh node is swept line by line.
#include <array>

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

// m itself when it holds one value, else 0; without a branch, since which cells are fixed is
// what the branch predictor cannot learn.
inline Mask if_fixed(Mask m) {
  return m & (Mask{0} - static_cast<Mask>((m & (m - 1)) == 0));
}

Verdict value_elimination(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  const int n = s.n;
  bool progress = false;
  // Cells fixed and not yet sent to their peers: the newly fixed cells of the log, or of a whole
  // sweep of the grid for a fresh node, then whatever this call fixes.
  std::array<int, kMaxN * kMaxN> fixed_now;
  int top = 0;
  if (dirty.everywhere) {
    for (int l = 0; l < 2 * n; ++l) {
      const int* cells = s.line(l);
      Mask placed = 0, clash = 0;
      for (int j = 0; j < n; ++j) {
        const Mask f = if_fixed(d[cells[j]]);
        clash |= placed & f;
        placed |= f;
      }
      if (clash) return Verdict::fail;
      if (!placed) continue;
      for (int j = 0; j < n; ++j) {
        const Mask m = d[cells[j]];
        if (fixed(m) || !(m & placed)) continue;
        const Mask kept = m & ~placed;
        if (!kept) return Verdict::fail;
        d[cells[j]] = kept;
        changed.note(cells[j], m, kept);
        progress = true;
        if (fixed(kept)) fixed_now[top++] = cells[j];
      }
    }
  } else {
    // A cell can appear more than once in the log, but goes on the stack once: each cell is
    // pushed at most once per call, which bounds the stack by the number of cells.
    std::array<uint64_t, kMaxN * kMaxN / 64> queued{};
    for (const Narrowing* e = dirty.begin; e != dirty.end; ++e) {
      const int x = e->var;
      if (!fixed(d[x]) || (queued[x / 64] >> (x % 64) & 1)) continue;
      queued[x / 64] |= uint64_t{1} << (x % 64);
      fixed_now[top++] = x;
    }
  }
  // A fixed cell sends its value to the peers that still hold it, found in the places of its
  // row and column; a peer it fixes does the same.
  while (top) {
    const int x = fixed_now[--top];
    const Mask f = d[x];
    const int v = std::countr_zero(f);
    for (const int l : {int{s.row_of[x]}, int{s.column_of[x]}}) {
      const int* cells = s.line(l);
      for (Mask at = s.places(d, l)[v]; at; at &= at - 1) {
        const int p = cells[std::countr_zero(at)];
        if (p == x) continue;
        const Mask m = d[p];
        if (m == f) return Verdict::fail;
        const Mask kept = m & ~f;
        d[p] = kept;
        changed.note(p, m, kept);
        progress = true;
        if (fixed(kept)) fixed_now[top++] = p;
      }
    }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

// x != v because a peer was fixed to v: the reason is "peer = v". A failure is a Hall set, which
// the all-different explanation finds.
bool explain_value_elimination(const Structure& s, const Past& past, Lit l,
                               std::vector<Lit>& reason) {
  if (l != propagation::kNoLit) {
    const int x = propagation::lit_var(l), v = propagation::lit_value(l);
    for (const int line : {int{s.row_of[x]}, int{s.column_of[x]}}) {
      const int* cells = s.line(line);
      for (int j = 0; j < s.n; ++j)
        if (cells[j] != x && past.fixed_value(cells[j]) == v) {
          reason.push_back(propagation::lit_eq(cells[j], v));
          return true;
        }
    }
  }
  return explain_all_different(s, past, l, reason);
}

}  // namespace

extern const FutoshikiRuleEntry value_elimination_rule{
    {"value-elimination", "futoshiki", Cost::linear, true,
     "a fixed value leaves the other cells of its row and column"},
    value_elimination,
    /*idempotent=*/true,
    explain_value_elimination};

}  // namespace bs::futoshiki
