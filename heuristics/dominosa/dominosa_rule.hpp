// The Dominosa propagation rules: what they see and what they answer.
//
// Dominosa is an exact cover. Its items are the cells (each covered once) and the dominoes (each
// used once); its options are the placements, a pair of neighbouring cells, which cover two
// cells and one domino. On the propagation core (propagation/) the variables are the cells, and
// a cell's domain is the set of directions its partner can still lie in: value 1 right (the
// cell is an L), 2 left (R), 3 down (T), 4 up (B), so a domain is four bits and the solution
// letters are the values in order. A placement is alive while both of its cells hold the
// direction towards each other; every rule that removes a placement removes it at both ends
// (remove_placement), but a move of the search fixes one cell only, and the rules, or with no
// rules the check of plain backtracking, settle the other end.
//
// The view. After the cells, the state holds one word per domino: how many of its placements
// are alive. Structure::drop_values keeps it in step: a placement dies when the first of its two
// ends loses the direction, and only then is its domino's count lowered, so the count is exact
// whichever end goes first and whether or not the other end follows. A domino whose count is 1
// has one place left; 0 fails the node.
//
// Rules are plain functions over the read-only Structure, driven by the propagation core's
// fixpoint, cheapest first; each is one file in this folder defining one DominosaRuleEntry, plus
// one line in registry.cpp. A rule is handed the narrowings since it last ran (Dirty) and looks
// there, so a node after a move costs what the move sets off.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "heuristics/rule.hpp"
#include "propagation/fixpoint.hpp"
#include "propagation/probe.hpp"
#include "puzzles/dominosa/grid.hpp"

namespace bs::dominosa {

using propagation::Dirty;
using propagation::fixed;
using propagation::Mask;
using propagation::Narrowing;
using propagation::Regions;

// The domain bit of a direction.
inline Mask direction_bit(Direction d) {
  return Mask{1} << d;
}
// The direction of a one-bit domain.
inline Direction direction_of(Mask one) {
  return static_cast<Direction>(std::countr_zero(one));
}

struct Structure {
  explicit Structure(const Instance& instance);

  const Instance* instance;
  int n, width, height;
  int cells, placements, domino_count;
  // Per cell and direction (cell * 4 + d): the neighbour there and the placement joining them,
  // -1 off the grid.
  std::vector<int> neighbour, placement_at;
  std::vector<Placement> ends;      // per placement: its two cells
  std::vector<int> domino_of;       // per placement
  std::vector<Direction> first_to;  // per placement: the direction from its first cell
  // The placements of domino k: of_domino[domino_start[k] .. domino_start[k+1]).
  std::vector<int> domino_start, of_domino;
  std::vector<Mask> root_domain;  // per cell: the directions with a neighbour
  std::vector<uint8_t> region;    // per cell: its band of rows (regions_of)

  // The state: a domain per cell, then a count of alive placements per domino.
  int words() const { return cells + domino_count; }
  Mask& count(Mask* d, int domino) const { return d[cells + domino]; }
  Mask count(const Mask* d, int domino) const { return d[cells + domino]; }
  int other_end(int p, int cell) const {
    return ends[p].first == cell ? ends[p].second : ends[p].first;
  }
  // The direction from `cell` (one end of p) to the other end.
  Direction direction_from(int p, int cell) const {
    return ends[p].first == cell ? first_to[p] : opposite(first_to[p]);
  }
  bool alive(const Mask* d, int p) const {
    const Direction to = first_to[p];
    return (d[ends[p].first] & direction_bit(to)) &&
           (d[ends[p].second] & direction_bit(opposite(to)));
  }
  // Both ends fixed on each other: the placement is in the cover.
  bool placed(const Mask* d, int p) const {
    return d[ends[p].first] == direction_bit(first_to[p]) &&
           d[ends[p].second] == direction_bit(opposite(first_to[p]));
  }
  // The root: every direction with a neighbour, and every domino's count.
  std::vector<Mask> root_state() const;
  // Recounts every domino's alive placements from the domains.
  void init_counts(Mask* d) const;

  // The model the propagation core asks for (propagation/store.hpp, problem.hpp, probe.hpp).
  int variables() const { return cells; }
  int values() const { return 4; }
  void drop_values(Mask* d, int cell, Mask lost) const {
    for (; lost; lost &= lost - 1) {
      const int dir = std::countr_zero(lost);
      const int other = neighbour[cell * 4 + dir];
      // The placement dies with the first end to lose it: count it then, once.
      if (other >= 0 && (d[other] & (Mask{1} << (dir ^ 1))))
        --count(d, domino_of[placement_at[cell * 4 + dir]]);
    }
  }
  Regions regions_of(int cell) const { return Regions{1} << region[cell]; }
  int degree_of(int cell) const { return std::popcount(root_domain[cell]); }
  // The check of plain backtracking: every fixed cell points at a neighbour that can point
  // back, and no domino is placed twice.
  bool fixed_values_agree(const Mask* d) const;
  // Exact-cover branching (propagation::Branching::items): the unsettled item, cell or domino,
  // with the fewest alive placements; one move per placement, fixing an open end of it.
  void branch_moves(const Mask* d, bool down, std::vector<uint32_t>& out) const;
  Regions primary_regions() const { return all_regions; }
  propagation::VariableRun variables_in(int r) const { return {band_start[r], band_start[r + 1]}; }
  // Counts can change from anywhere: any region brings all of them.
  void copy_views(Mask* to, const Mask* from, Regions regions) const {
    if (regions) std::copy(from + cells, from + words(), to + cells);
  }
  Regions all_regions = 0;
  std::vector<int> band_start;  // per region: its first cell; one past the last at the end
};

using Changes = propagation::Changes<Structure>;
using FixpointIo = propagation::FixpointIo<Structure>;
using DominosaRuleEntry = propagation::RuleEntry<Structure, RuleInfo>;
using propagation::kMaxFixpointRules;
using propagation::run_to_fixpoint;

// Narrows `cell` to `keep` (a subset of its domain), noting it. False when nothing is left.
inline bool narrow(Mask* d, int cell, Mask keep, Changes& changed, bool& progress) {
  const Mask before = d[cell], now = before & keep;
  if (now == before) return true;
  d[cell] = now;
  changed.note(cell, before, now);
  progress = true;
  return now != 0;
}
// Takes placement p out at both ends. False when an end is left with no direction.
inline bool remove_placement(const Structure& s, Mask* d, int p, Changes& changed, bool& progress) {
  const Direction to = s.first_to[p];
  return narrow(d, s.ends[p].first, ~direction_bit(to), changed, progress) &&
         narrow(d, s.ends[p].second, ~direction_bit(opposite(to)), changed, progress);
}
// Puts placement p in the cover: both ends fixed on each other. False on a wipe-out.
inline bool place(const Structure& s, Mask* d, int p, Changes& changed, bool& progress) {
  const Direction to = s.first_to[p];
  return narrow(d, s.ends[p].first, direction_bit(to), changed, progress) &&
         narrow(d, s.ends[p].second, direction_bit(opposite(to)), changed, progress);
}

// Every Dominosa rule, in registry order (registry.cpp).
const std::vector<DominosaRuleEntry>& dominosa_rules();
std::vector<RuleInfo> dominosa_rule_infos();

}  // namespace bs::dominosa
