// What Tatham's deductions share: the alive placements at a cell, and the cells and dominoes a
// batch of narrowings touched.
//
// A deduction of his looks at a cell's remaining placements, so an incremental call looks again
// only where those changed: at the cell that lost a direction and at the neighbour in that
// direction, whose placement died with it. Both lists are deduplicated with stamps, since a
// fixpoint hands a rule the same cell many times over.
#pragma once

#include <algorithm>
#include <vector>

#include "heuristics/dominosa/dominosa_rule.hpp"

namespace bs::dominosa {

// The placements still alive at `cell` (both ends pointing at each other), into out[0..k); k.
inline int alive_at(const Structure& s, const Mask* d, int cell, int out[4]) {
  int k = 0;
  for (Mask rest = d[cell]; rest; rest &= rest - 1) {
    const int dir = std::countr_zero(rest);
    const int other = s.neighbour[cell * 4 + dir];
    if (other >= 0 && (d[other] & (Mask{1} << (dir ^ 1))))
      out[k++] = s.placement_at[cell * 4 + dir];
  }
  return k;
}

// A set of small integers with O(1) clearing, for the dirty cells or dominoes of one call.
class StampSet {
 public:
  void reset(int size) {
    if (static_cast<int>(stamp_.size()) < size) stamp_.assign(size, 0), now_ = 0;
    if (++now_ == 0) std::fill(stamp_.begin(), stamp_.end(), 0), now_ = 1;
    items_.clear();
  }
  void add(int i) {
    if (stamp_[i] != now_) stamp_[i] = now_, items_.push_back(i);
  }
  bool has(int i) const { return stamp_[i] == now_; }
  const std::vector<int>& items() const { return items_; }

 private:
  std::vector<uint32_t> stamp_;
  uint32_t now_ = 0;
  std::vector<int> items_;
};

// The cells whose alive placements may have changed in `dirty`: every cell on a fresh node.
inline void dirty_cells(const Structure& s, const Dirty& dirty, StampSet& out) {
  out.reset(s.cells);
  if (dirty.everywhere) {
    for (int cell = 0; cell < s.cells; ++cell) out.add(cell);
    return;
  }
  for (const Narrowing* e = dirty.begin; e != dirty.end; ++e) {
    out.add(e->var);
    for (Mask lost = e->lost; lost; lost &= lost - 1) {
      const int other = s.neighbour[e->var * 4 + std::countr_zero(lost)];
      if (other >= 0) out.add(other);
    }
  }
}

// The dominoes that may have lost a placement in `dirty`: every domino on a fresh node.
inline void dirty_dominoes(const Structure& s, const Dirty& dirty, StampSet& out) {
  out.reset(s.domino_count);
  if (dirty.everywhere) {
    for (int k = 0; k < s.domino_count; ++k) out.add(k);
    return;
  }
  for (const Narrowing* e = dirty.begin; e != dirty.end; ++e)
    for (Mask lost = e->lost; lost; lost &= lost - 1) {
      const int p = s.placement_at[e->var * 4 + std::countr_zero(lost)];
      if (p >= 0) out.add(s.domino_of[p]);
    }
}

}  // namespace bs::dominosa
