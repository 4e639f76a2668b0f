// scanline: read along a row (or column), the triangles pair up, and only white lies between a
// pair.
//
// The rule we found no published solver using. Every triangle lies on the edge of a diamond (its
// white half has a 45-degree side, so its white area is a rectangle turned 45 degrees), and a
// diamond crosses each row it meets in one run of cells: a triangle open to the right (a or d,
// black along its left leg) where its left edge crosses the row, then empty cells, then a triangle
// open to the left (b or c) where its right edge crosses. Diamonds do not overlap, so along any
// row the triangles alternate, opening and closing, starting with an opening one; between an
// opening triangle and the next closing one every cell is empty; and a row holds an even number
// of triangles. Columns are the same, read downwards, with the triangles open below (a, b) and
// open above (c, d).
//
// Each line is therefore a word of a two-state automaton: outside a diamond (black, empty as part
// of an axis-aligned rectangle, or an opening triangle, which moves inside) and inside one (empty,
// or a closing triangle, which moves out), starting and ending outside. A forward and a backward
// sweep over the domains find, per cell, the states with a path through the whole line, and the
// values that no such path uses go: the regular constraint's propagator (Pesant 2004), which is
// exact for one line. The lines are tied together through the empty cells: an empty cell inside a
// diamond by its row is inside by its column too, so each empty cell carries the sides it may
// still be on (inside, outside), which the row sweeps and the column sweeps narrow in turn until
// neither changes. The sides live only for one call: they are recomputed from the domains, so the
// rule keeps no state between nodes.
//
// What the local rules miss and this finds: a count along a whole line (an odd number of
// triangles so far, with one cell left that may be a triangle, decides that cell), and the side
// of an empty cell far from any triangle, which tells a diamond's interior from a rectangle.
//
// Cost: a sweep is linear in its line, and a call sweeps the lines through the cells that
// changed, then the lines those sweeps change in turn; at the root, where the sides are followed
// from row to column and back, that can go round the grid many times, so the rule is filed as
// more than linear. That also keeps it out of the probe's trials (probe.cpp), where it was
// measured to cost more than it saves: on the sparse 30x30 it took the probe from 21 to 19 nodes
// but made each trial dearer, 1.6 times the time in all.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "heuristics/shakashaka/shakashaka_rule.hpp"

namespace bs::shakashaka {

namespace {

// The two sides of the automaton, as a set (bit mask).
using Sides = uint8_t;
constexpr Sides kOutside = 1, kInside = 2;

// A reading direction: the triangles that enter a diamond (black along the leg met first) and
// those that leave it.
struct Direction {
  Mask opening, closing;
};
constexpr Mask bit_of(int state) {
  return Mask{1} << (state - 1);
}
// Left to right: a (ul) and d (ll) are black along their left leg, b (ur) and c (lr) along the
// right.
constexpr Direction kAlongRow{bit_of(ul) | bit_of(ll), bit_of(ur) | bit_of(lr)};
// Top to bottom: a and b are black along their top leg, c and d along the bottom.
constexpr Direction kDownColumn{bit_of(ul) | bit_of(ur), bit_of(lr) | bit_of(ll)};

// The scratch of a call, one per thread: the parallel search's workers run the rules at once.
struct ScanScratch {
  // Per cell: the sides its empty state may still be on, valid where stamp equals this call's
  // number (a call touches few lines, so it does not reset every cell).
  std::vector<Sides> side;
  std::vector<uint32_t> stamp;
  uint32_t call = 0;
  std::vector<uint8_t> row_queued, col_queued;
  std::vector<int> rows, cols;  // the lines waiting for a sweep
  std::vector<Sides> before;    // per position in the line: sides reachable from the start
  std::vector<Sides> after;     // per position: those from which the end is reachable too
  // Whether a change of sides alone sends a sweep across: on a call over the whole grid only
  // (see scanline()).
  bool link = false;

  void start(int cells) {
    if (side.size() != static_cast<size_t>(cells) || ++call == 0) {
      side.assign(static_cast<size_t>(cells), 0);
      stamp.assign(static_cast<size_t>(cells), 0);
      call = 1;
    }
  }
  Sides& sides_of(int cell, Mask d) {
    if (stamp[cell] != call) {
      stamp[cell] = call;
      side[cell] = (d & kEmptyBit) ? kOutside | kInside : 0;
    }
    return side[cell];
  }
};
ScanScratch& scan_scratch() {
  thread_local ScanScratch scratch;
  return scratch;
}

// The moves a cell allows, from the side it is entered on to the side it is left on: one bit
// per (from, to) pair, bit (from - 1) * 2 + (to - 1) with the sides numbered 1 (outside) and
// 2 (inside). Outside to outside: black, or empty in a rectangle; outside to inside: an opening
// triangle; inside to inside: empty in a diamond; inside to outside: a closing triangle.
using Moves = uint8_t;
constexpr Moves kStay = 1, kEnter = 2, kLeave = 4, kStayInside = 8;

Moves moves_of(Mask d, Sides empty_sides, const Direction& dir) {
  Moves m = 0;
  if ((d & kBlackBit) || ((d & kEmptyBit) && (empty_sides & kOutside))) m |= kStay;
  if (d & dir.opening) m |= kEnter;
  if (d & dir.closing) m |= kLeave;
  if ((d & kEmptyBit) && (empty_sides & kInside)) m |= kStayInside;
  return m;
}

// The sides a cell may be left on, entered on one of `entered`.
Sides step(Sides entered, Moves m) {
  Sides out = 0;
  if (entered & kOutside) out |= (m & kStay ? kOutside : 0) | (m & kEnter ? kInside : 0);
  if (entered & kInside) out |= (m & kLeave ? kOutside : 0) | (m & kStayInside ? kInside : 0);
  return out;
}

// The sides a cell may be entered on, to be left on one of `leaving`.
Sides step_back(Sides leaving, Moves m) {
  Sides in = 0;
  if (leaving & kOutside) in |= (m & kStay ? kOutside : 0) | (m & kLeave ? kInside : 0);
  if (leaving & kInside) in |= (m & kEnter ? kOutside : 0) | (m & kStayInside ? kInside : 0);
  return in;
}

// One line: cells first, first + stride, ..., `length` of them. Narrows the domains and the empty
// cells' sides to what some path through the line uses, and calls `moved(cell)` for each cell
// whose domain or sides changed. False: no path, the node fails.
template <class Moved>
bool sweep(Mask* d, int first, int stride, int length, const Direction& dir, ScanScratch& sc,
           Changes& changed, bool& progress, Moved&& moved) {
  sc.before.resize(static_cast<size_t>(length) + 1);
  sc.after.resize(static_cast<size_t>(length) + 1);
  sc.before[0] = kOutside;
  for (int i = 0, c = first; i < length; ++i, c += stride)
    sc.before[i + 1] = step(sc.before[i], moves_of(d[c], sc.sides_of(c, d[c]), dir));
  if (!(sc.before[length] & kOutside)) return false;
  sc.after[length] = kOutside;
  for (int i = length - 1, c = first + i * stride; i >= 0; --i, c -= stride)
    sc.after[i] = step_back(sc.after[i + 1], moves_of(d[c], sc.side[c], dir)) & sc.before[i];
  for (int i = 0, c = first; i < length; ++i, c += stride) {
    const Sides from = sc.after[i], to = sc.after[i + 1];
    Mask keep = 0;
    Sides empty_sides = 0;
    if ((from & kOutside) && (to & kOutside)) keep |= kBlackBit;
    if ((from & kOutside) && (to & kInside)) keep |= dir.opening;
    if ((from & kInside) && (to & kOutside)) keep |= dir.closing;
    empty_sides = from & to & sc.side[c];
    if (empty_sides) keep |= kEmptyBit;
    const bool sides_moved = sc.link && (d[c] & kEmptyBit) && empty_sides != sc.side[c];
    sc.side[c] = empty_sides;
    const Mask before = d[c];
    if (!narrow(d, c, keep, changed, progress)) return false;
    if (sides_moved || d[c] != before) moved(c);
  }
  return true;
}

Verdict scanline(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  ScanScratch& sc = scan_scratch();
  const int h = s.height, w = s.width;
  sc.start(s.cells);
  // The sides start from nothing known at every call, so the first sweep through a line moves
  // the sides of most of its empty cells. Followed across, that sweeps the whole grid, which the
  // root affords but a node, with a few cells changed, does not: there only a domain's change is
  // followed across. (Following the sides at every node changed no node count on the shipped
  // puzzles without the probe, ppb_09's 25 included.)
  sc.link = dirty.everywhere;
  sc.row_queued.assign(static_cast<size_t>(h), 0);
  sc.col_queued.assign(static_cast<size_t>(w), 0);
  sc.rows.clear();
  sc.cols.clear();
  const auto queue_lines_of = [&](int cell, bool row, bool col) {
    const int r = cell / w, k = cell % w;
    if (row && !sc.row_queued[r]) sc.row_queued[r] = 1, sc.rows.push_back(r);
    if (col && !sc.col_queued[k]) sc.col_queued[k] = 1, sc.cols.push_back(k);
  };
  if (dirty.everywhere) {
    for (int c = 0; c < s.cells; ++c) queue_lines_of(c, c % w == 0, c < w);
  } else {
    for (const Narrowing* e = dirty.begin; e != dirty.end; ++e) queue_lines_of(e->var, true, true);
  }
  bool progress = false;
  // A row's sweep leaves the row exact, so what it moves can only matter to the columns, and the
  // other way round.
  while (!sc.rows.empty() || !sc.cols.empty()) {
    while (!sc.rows.empty()) {
      const int r = sc.rows.back();
      sc.rows.pop_back();
      sc.row_queued[r] = 0;
      if (!sweep(d, r * w, 1, w, kAlongRow, sc, changed, progress,
                 [&](int c) { queue_lines_of(c, false, true); }))
        return Verdict::fail;
    }
    while (!sc.cols.empty()) {
      const int k = sc.cols.back();
      sc.cols.pop_back();
      sc.col_queued[k] = 0;
      if (!sweep(d, k, w, h, kDownColumn, sc, changed, progress,
                 [&](int c) { queue_lines_of(c, true, false); }))
        return Verdict::fail;
    }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

// Idempotent: a call ends with every line through a cell it changed swept after that change, and
// a new call starts every cell from both sides, which keeps whatever those sweeps kept; its own
// narrowings handed back would find nothing new (tested).
extern const ShakashakaRuleEntry scanline_rule{
    {"scanline", "shakashaka", Cost::quadratic, true,
     "along a row or column the triangles alternate, opening and closing a diamond, with only "
     "empty cells inside each pair"},
    scanline,
    /*idempotent=*/true};

}  // namespace bs::shakashaka
