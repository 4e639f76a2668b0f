// The exact endgame of a Minesweeper position with few layouts left.
//
// When only a few hundred layouts fit the position, the best click can be found by searching the
// game itself: a click on cell c splits the layouts by what c shows (a mine ends the game; each
// digit leaves the layouts that show it), and the chance of winning from a set of layouts is the
// best, over clicks, of the weighted chances of its parts; one layout left is a won game. A click
// that is safe in every layout and splits the set is free information and is taken first. Clicks
// whose splits coincide are weighed once, results are memoised by layout set, and a node budget
// bounds the search: past it the caller falls back on its heuristics. A click is worth at most its
// share of safe layouts, so clicks are weighed safest first and the weighing stops at the first
// that cannot beat the best found (a branch-and-bound that keeps the values exact; `prune` false
// weighs every click, the reference the tests compare it with). The bound reaches down the tree
// too, as alpha-beta does in an expectimax search: each outcome of a click is told what it must be
// worth for the click to beat the best so far, and stops as soon as it proves less (the memo
// keeps such a set's bound apart from exact values). Only the root's value and click need be
// exact, and they are. Two-layout sets are valued directly.
// The flood fill of a 0 needs no modelling: after a 0 its neighbours are safe in every layout
// left, so the search clicks them next as free information, which is what the fill reveals. The
// chances found are exact (a test checks them against best play by brute force over the real
// game, flood fills included).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "puzzles/mines/position.hpp"

namespace bs::mines {

struct EndgameMove {
  int cell = -1;
  double win = 0;  // the chance of winning from here with best play
};
// nullopt when more than `max_layouts` (at most 65,535) layouts fit or the search needs more than
// `max_nodes`.
std::optional<EndgameMove> solve_endgame(const Position& position, int max_layouts = 200,
                                         int max_nodes = 20000, bool prune = true);

// The search's inner kernel, exposed for its test: `rows` holds what each cell (columns, `stride`
// of them) shows in each layout (rows; -1 a mine); for each cell c in [lo, hi) of the layouts in
// `set` (at most 65,535), same[c - lo] counts those that show what the first shows and safe[c - lo]
// those where c is safe.
void count_by_rows(const int8_t* rows, size_t stride, std::span<const uint16_t> set, int lo, int hi,
                   uint16_t* same, uint16_t* safe);

}  // namespace bs::mines
