// rectangle: close an axis-aligned white rectangle from a corner known for sure.
//
// The angle rule sees one lattice point at a time, so it knows that an edge goes on or turns at
// each point, but not that the rectangle's far side must have the length of its near side. This
// rule does. A cell known empty with black along two adjacent sides (a black cell, the frame, or
// a triangle's leg) is the corner of an axis-aligned white rectangle: a white area with an
// axis-aligned edge is no 45-degree rectangle. Every rectangle of w x h cells that could be it is
// enumerated from that corner: its cells must all allow empty, and the cells just outside its four
// sides must allow being black along the side that faces it. None: the node fails. Otherwise
// every cell inside the smallest width and the smallest height of the candidates is empty, and
// when one candidate is left its outside cells are black along the sides that face it.
//
// Its cost is the candidates' area, at most the grid's per corner, so it is quadratic in the worst
// case; each call looks at every corner, since a narrowing far along an edge can close a
// rectangle whose corner did not change.
#include <algorithm>

#include "heuristics/shakashaka/shakashaka_rule.hpp"

namespace bs::shakashaka {

namespace {

// A rectangle growing from corner cell (row, col) towards rows row + dr * k and columns
// col + dc * k.
struct Corner {
  int row, col, dr, dc;
};

// The side of a cell that faces a rectangle lying in direction `d` (+1 below or right of it).
int facing_vertical(int d) {
  return d > 0 ? bottom : top;
}
int facing_horizontal(int d) {
  return d > 0 ? right : left;
}

class Closer {
 public:
  Closer(const Structure& s, Mask* d) : s_(s), d_(d) {}

  // Whether (row, col) is outside the grid or may be black along `side`.
  bool may_face(int row, int col, int side) const {
    if (row < 0 || row >= s_.height || col < 0 || col >= s_.width) return true;
    return (d_[row * s_.width + col] & black_along_mask(side)) != 0;
  }
  bool may_be_empty(int row, int col) const {
    return row >= 0 && row < s_.height && col >= 0 && col < s_.width &&
           (d_[row * s_.width + col] & kEmptyBit);
  }
  bool must_face(int row, int col, int side) const {
    if (row < 0 || row >= s_.height || col < 0 || col >= s_.width) return true;
    return (d_[row * s_.width + col] & ~black_along_mask(side)) == 0;
  }

  // Whether cell (row, col) is surely the corner of an axis-aligned white rectangle that grows
  // towards (dr, dc).
  bool is_corner(const Corner& k) const {
    return d_[k.row * s_.width + k.col] == kEmptyBit &&
           must_face(k.row - k.dr, k.col, facing_vertical(k.dr)) &&
           must_face(k.row, k.col - k.dc, facing_horizontal(k.dc));
  }

  // The candidates from corner k: false when there is none; else the smallest width and height
  // among them, and the one candidate when it is alone (w, h; 0 when several).
  bool candidates(const Corner& k, int& min_w, int& min_h, int& only_w, int& only_h) const {
    min_w = min_h = 1 << 30;
    int found = 0;
    const int top_side = facing_vertical(k.dr), left_side = facing_horizontal(k.dc);
    const int far_row_side = facing_vertical(-k.dr), far_col_side = facing_horizontal(-k.dc);
    for (int w = 1;; ++w) {
      const int last_col = k.col + k.dc * (w - 1);
      if (!may_be_empty(k.row, last_col) || !may_face(k.row - k.dr, last_col, top_side)) break;
      const int after_col = k.col + k.dc * w;
      for (int h = 1;; ++h) {
        const int row = k.row + k.dr * (h - 1);
        if (!may_face(row, k.col - k.dc, left_side) || !may_face(row, after_col, far_col_side))
          break;
        bool empty_row = true;
        for (int i = 0; i < w && empty_row; ++i) empty_row = may_be_empty(row, k.col + k.dc * i);
        if (!empty_row) break;
        bool closes = true;
        for (int i = 0; i < w && closes; ++i)
          closes = may_face(row + k.dr, k.col + k.dc * i, far_row_side);
        if (!closes) continue;
        ++found;
        min_w = std::min(min_w, w);
        min_h = std::min(min_h, h);
        only_w = w;
        only_h = h;
      }
    }
    if (found != 1) only_w = only_h = 0;
    return found > 0;
  }

 private:
  const Structure& s_;
  Mask* d_;
};

// Narrows (row, col), when on the grid, to `keep`. False on a wipe-out.
bool narrow_at(const Structure& s, Mask* d, int row, int col, Mask keep, Changes& changed,
               bool& progress) {
  if (row < 0 || row >= s.height || col < 0 || col >= s.width) return true;
  return narrow(d, row * s.width + col, keep, changed, progress);
}

// Settles what every candidate of corner k agrees on. False on a contradiction.
bool close_corner(const Structure& s, Mask* d, const Corner& k, Changes& changed, bool& progress) {
  const Closer closer(s, d);
  int min_w, min_h, only_w, only_h;
  if (!closer.candidates(k, min_w, min_h, only_w, only_h)) return false;
  for (int i = 0; i < min_h; ++i)
    for (int j = 0; j < min_w; ++j)
      if (!narrow_at(s, d, k.row + k.dr * i, k.col + k.dc * j, kEmptyBit, changed, progress))
        return false;
  if (!only_w) return true;
  // One candidate: the cells around it are black along the sides that face it.
  for (int j = 0; j < only_w; ++j) {
    const int col = k.col + k.dc * j;
    if (!narrow_at(s, d, k.row - k.dr, col, black_along_mask(facing_vertical(k.dr)), changed,
                   progress) ||
        !narrow_at(s, d, k.row + k.dr * only_h, col, black_along_mask(facing_vertical(-k.dr)),
                   changed, progress))
      return false;
  }
  for (int i = 0; i < only_h; ++i) {
    const int row = k.row + k.dr * i;
    if (!narrow_at(s, d, row, k.col - k.dc, black_along_mask(facing_horizontal(k.dc)), changed,
                   progress) ||
        !narrow_at(s, d, row, k.col + k.dc * only_w, black_along_mask(facing_horizontal(-k.dc)),
                   changed, progress))
      return false;
  }
  for (int i = 0; i < only_h; ++i)
    for (int j = 0; j < only_w; ++j)
      if (!narrow_at(s, d, k.row + k.dr * i, k.col + k.dc * j, kEmptyBit, changed, progress))
        return false;
  return true;
}

Verdict rectangle(const Structure& s, Mask* d, const Dirty&, Changes& changed) {
  bool progress = false;
  for (int c = 0; c < s.cells; ++c) {
    if (d[c] != kEmptyBit) continue;
    for (const int dr : {1, -1})
      for (const int dc : {1, -1}) {
        const Corner k{c / s.width, c % s.width, dr, dc};
        if (Closer(s, d).is_corner(k) && !close_corner(s, d, k, changed, progress))
          return Verdict::fail;
      }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

// Not idempotent: what it settles can make a new corner.
extern const ShakashakaRuleEntry rectangle_rule{
    {"rectangle", "shakashaka", Cost::quadratic, true,
     "from a corner known for sure, every axis-aligned white rectangle that could close there: "
     "what all of them share is white, and a lone one is closed"},
    rectangle,
    /*idempotent=*/false};

}  // namespace bs::shakashaka
