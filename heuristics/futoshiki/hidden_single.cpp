// hidden-single: a value that only one cell of a line can take goes there.
//
// Each row and column is a permutation, so every value must appear somewhere in it. Two running
// masks per line (values seen once, values seen more than once) find, in one pass, the values no
// cell can take (fail) and the values exactly one cell can take (fix that cell); a fresh node is
// swept so. After that only lost values can become singles, so each narrowing in the log asks
// after its lost values alone. Counterpart of value-elimination, which reasons from cells to
// values; this one reasons from values to cells.
#include <array>

#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

namespace {

// Fixes the cell of line `cells` that alone can take the values `single` (one value per cell).
bool place(const Structure& s, Mask* d, const int* cells, Mask single, Changes& changed) {
  for (int j = 0; j < s.n; ++j) {
    Mask& m = d[cells[j]];
    const Mask mine = m & single;
    if (!mine) continue;
    if (mine & (mine - 1)) return false;  // two values only this cell can take
    if (m != mine) {
      changed.note(cells[j], m, mine);
      m = mine;
    }
  }
  return true;
}

// The values of a whole line that have no place (fail) or one (place them).
Verdict sweep(const Structure& s, Mask* d, int l, Changes& changed, bool& progress) {
  const int* cells = s.line(l);
  Mask once = 0, more = 0, placed = 0;
  for (int j = 0; j < s.n; ++j) {
    const Mask m = d[cells[j]];
    more |= once & m;
    once |= m;
    if (fixed(m)) placed |= m;
  }
  if (once != s.all) return Verdict::fail;
  const Mask single = once & ~more & ~placed;  // placed values are singles already: skip them
  if (!single) return Verdict::no_change;
  progress = true;
  return place(s, d, cells, single, changed) ? Verdict::progress : Verdict::fail;
}

// Where value bit v can go in line l: fail if nowhere, place it if in one cell only. The scan
// stops at the second place, which for most values comes early.
bool look_up(const Structure& s, Mask* d, int l, Mask v, Changes& changed, bool& progress) {
  const int* cells = s.line(l);
  int places = 0, at = -1;
  for (int j = 0; j < s.n && places < 2; ++j)
    if (d[cells[j]] & v) {
      ++places;
      at = cells[j];
    }
  if (places == 0) return false;
  if (places == 1 && d[at] != v) {
    changed.note(at, d[at], v);
    d[at] = v;
    progress = true;
  }
  return true;
}

Verdict hidden_single(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  bool progress = false;
  if (dirty.everywhere) {
    for (int l = 0; l < 2 * s.n; ++l)
      if (sweep(s, d, l, changed, progress) == Verdict::fail) return Verdict::fail;
    return progress ? Verdict::progress : Verdict::no_change;
  }
  // Only a value some cell of a line lost can have become a single there: every other value has
  // the places it had at the last call, when it was not a single. So each line is asked only
  // about the values its cells lost, less those a fixed cell of the log placed there (whose one
  // place is that cell). A line asked about few values looks each up and stops at its second
  // place; one asked about many is swept whole, which costs the same as three look-ups.
  std::array<Mask, 2 * kMaxN> ask, placed;  // set for the lines in `lines` only
  Lines lines = 0;
  for (const Narrowing* e = dirty.begin; e != dirty.end; ++e) {
    const int row = s.row_of[e->cell], col = s.column_of[e->cell];
    for (const int l : {row, col})
      if (!(lines >> l & 1)) ask[l] = placed[l] = 0;
    lines |= s.lines_of(e->cell);
    ask[row] |= e->lost;
    ask[col] |= e->lost;
    const Mask now = d[e->cell];
    if (fixed(now)) {
      placed[row] |= now;
      placed[col] |= now;
    }
  }
  for (; lines; lines &= lines - 1) {
    const int l = std::countr_zero(lines);
    const Mask values = ask[l] & ~placed[l];
    if (std::popcount(values) > 3) {
      if (sweep(s, d, l, changed, progress) == Verdict::fail) return Verdict::fail;
      continue;
    }
    for (Mask rest = values; rest; rest &= rest - 1)
      if (!look_up(s, d, l, rest & -rest, changed, progress)) return Verdict::fail;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const FutoshikiRuleEntry hidden_single_rule{
    {"hidden-single", "futoshiki", Cost::linear, true,
     "a value only one cell of a row or column can take goes there"},
    hidden_single, /*idempotent=*/false};

}  // namespace bs::futoshiki
