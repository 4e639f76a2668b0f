// The exact endgame of a Minesweeper position with few layouts left.
//
// When only a few hundred layouts fit the position, the best click can be found by searching the
// game itself: a click on cell c splits the layouts by what c shows (a mine ends the game; each
// digit leaves the layouts that show it), and the chance of winning from a set of layouts is the
// best, over clicks, of the weighted chances of its parts; one layout left is a won game. A click
// that is safe in every layout and splits the set is free information and is taken first. Clicks
// whose splits coincide are weighed once, results are memoised by layout set, and a node budget
// bounds the search: past it the caller falls back on its heuristics.
// The flood fill of a 0 is not modelled (a 0 reveals its neighbours, which only helps), so the
// chances found are lower bounds and the click is exact for that model.
#pragma once

#include <optional>

#include "puzzles/mines/position.hpp"

namespace bs::mines {

struct EndgameMove {
  int cell = -1;
  double win = 0;  // the chance of winning from here with best play (lower bound, see above)
};
// nullopt when more than `max_layouts` layouts fit or the search needs more than `max_nodes`.
std::optional<EndgameMove> solve_endgame(const Position& position, int max_layouts = 200,
                                         int max_nodes = 20000);

}  // namespace bs::mines
