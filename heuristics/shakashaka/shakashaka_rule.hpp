// The Shakashaka propagation rules: what they see and what they answer.
//
// On the propagation core (propagation/) every cell is a variable. A white cell's domain is the
// set of its states still possible, values 1..5 (grid.hpp: empty, then the triangles a, b, c, d);
// a black cell is fixed to value 6 (kBlackValue), so that rules never ask whether a neighbour is
// on the grid or black: the grid's outside is black too. There are no views: the state is the
// domains alone, so a probe's trial copies nothing but domains.
//
// The lattice points. Every rectangle rule of Shakashaka is local to the corners of the cells:
// around a lattice point the four cells make eight 45-degree sectors, and the white sectors must
// form runs of exactly two (a right angle, axis-aligned or turned 45 degrees) or four (a straight
// edge through the point), or fill all eight. A white area all of whose corners are right angles
// and which has no holes (a hole has a corner of 270 degrees or more) is a rectangle, so these
// point constraints and the clues are the whole puzzle; the verifier (grid.hpp) checks the same
// thing by a different route, flooding and measuring areas. A sector beside a cell's edge at one
// of its corners is black exactly when the cell is black along that edge: a triangle is black
// along its two legs.
//
// Rules are plain functions over the read-only Structure, driven by the propagation core's
// fixpoint, cheapest first; each is one file in this folder defining one ShakashakaRuleEntry,
// plus one line in registry.cpp. A rule is handed the narrowings since it last ran (Dirty) and
// looks there, so a node after a move costs what the move sets off.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "heuristics/rule.hpp"
#include "propagation/fixpoint.hpp"
#include "propagation/probe.hpp"
#include "puzzles/shakashaka/grid.hpp"

namespace bs::shakashaka {

using propagation::Dirty;
using propagation::fixed;
using propagation::Mask;
using propagation::Narrowing;
using propagation::Regions;

inline constexpr int kBlackValue = 6;
inline constexpr Mask kBlackBit = Mask{1} << (kBlackValue - 1);
inline constexpr Mask kEmptyBit = Mask{1} << (empty - 1);
inline constexpr Mask kTriangleBits = 0b11110;  // a, b, c, d
inline constexpr Mask kWhiteStates = kEmptyBit | kTriangleBits;

// The states (as a mask) that are black along the whole of `side`: the black cell and the two
// triangles with a leg there.
Mask black_along_mask(int side);

// The four cells around a lattice point, in slot order.
enum Slot : int { upper_left = 0, upper_right = 1, lower_left = 2, lower_right = 3 };

// A point's four domains packed into one word, six bits a slot: slot s in bits 6s..6s+5.
using Packed = uint32_t;
inline constexpr int kSlotBits = 6;
inline constexpr Packed kSlotMask = (Packed{1} << kSlotBits) - 1;

// Every assignment of the four cells around a lattice point that keeps the white angles there
// legal, each as a Packed word with one bit a slot: 0..6^4 entries, made once.
const std::vector<Packed>& legal_corners();
// The same test for one assignment (values 1..6 per slot): the definition the table is built from.
bool corner_is_legal(const std::array<int, 4>& values);
// Whether a packed corner with one value in every slot is legal: a table look-up. A slot with no
// value or several is no assignment, and never legal.
bool legal_fixed_corner(Packed packed);

// The legal corners as a relation between the upper pair of cells (upper-left value a, upper-right
// b: pair a * 6 + b, values less one) and the lower pair (lower-left, lower-right), tabulated by
// the pairs' domains (index first << 6 | second, six bits each) so that a point's supports take
// four look-ups: `pairs` is the set of pairs two domains allow (bit a * 6 + b); `upper_fits` the
// upper pairs some allowed lower pair makes a legal corner with, and `lower_fits` the other way.
// 3 x 32 KB, built once.
using PairSet = uint64_t;
struct CornerPairs {
  PairSet pairs[4096];
  PairSet upper_fits[4096];  // by the lower pair's domains
  PairSet lower_fits[4096];  // by the upper pair's domains
};
const CornerPairs& corner_pairs();
inline int pair_index(Mask first, Mask second) {
  return static_cast<int>(first << 6 | second);
}

struct Structure {
  explicit Structure(const Instance& instance);

  const Instance* instance;
  int height, width, cells, points;
  // Per cell and side (cell * 4 + side): the neighbour there, -1 off the grid.
  std::vector<int> neighbour;
  // Per lattice point (row * (width + 1) + col, rows 0..height): its four cells in slot order,
  // -1 off the grid.
  std::vector<std::array<int, 4>> corner_cells;
  // Per cell: its four corners' points in slot order of the cell (upper-left corner first).
  std::vector<std::array<int, 4>> cell_points;
  // Per cell: the clued cells next to it (at most four), and per clued cell its neighbours.
  std::vector<std::array<int, 4>> clues_beside;
  std::vector<Mask> root_domain;  // per cell: every white state, or black
  std::vector<uint8_t> region;    // per cell: its band of rows (regions_of)
  std::vector<int> band_start;    // per region: its first cell; one past the last at the end
  Regions all_regions = 0;

  // A point's domains, packed; the outside is black.
  Packed packed_corner(const Mask* d, int point) const {
    Packed p = 0;
    for (int s = 0; s < 4; ++s) {
      const int c = corner_cells[point][s];
      p |= static_cast<Packed>(c < 0 ? kBlackBit : d[c]) << (kSlotBits * s);
    }
    return p;
  }
  int clue(int cell) const { return instance->givens[cell] <= 4 ? instance->givens[cell] : -1; }
  std::vector<Mask> root_state() const { return root_domain; }

  // The model the propagation core asks for (propagation/store.hpp, problem.hpp, probe.hpp).
  int variables() const { return cells; }
  int values() const { return kBlackValue; }
  int words() const { return cells; }
  void drop_values(Mask*, int, Mask) const {}
  Regions regions_of(int cell) const { return Regions{1} << region[cell]; }
  int degree_of(int cell) const { return degree[cell]; }
  // The check of plain backtracking: every point whose four cells are fixed is legal, and every
  // clue whose neighbours are all fixed has its count.
  bool fixed_values_agree(const Mask* d) const;
  Regions primary_regions() const { return all_regions; }
  propagation::VariableRun variables_in(int r) const { return {band_start[r], band_start[r + 1]}; }
  void copy_views(Mask*, const Mask*, Regions) const {}

  std::vector<int> degree;  // per cell: white neighbours and clues beside it
};

using Changes = propagation::Changes<Structure>;
using FixpointIo = propagation::FixpointIo<Structure>;
using ShakashakaRuleEntry = propagation::RuleEntry<Structure, RuleInfo>;
using propagation::kMaxFixpointRules;
using propagation::run_to_fixpoint;

// Narrows `cell` to `keep`, noting it. False when nothing is left.
inline bool narrow(Mask* d, int cell, Mask keep, Changes& changed, bool& progress) {
  const Mask before = d[cell], now = before & keep;
  if (now == before) return true;
  d[cell] = now;
  changed.note(cell, before, now);
  progress = true;
  return now != 0;
}

// Every Shakashaka rule, in registry order (registry.cpp).
const std::vector<ShakashakaRuleEntry>& shakashaka_rules();
std::vector<RuleInfo> shakashaka_rule_infos();

}  // namespace bs::shakashaka
