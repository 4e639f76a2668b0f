// Minesweeper analysis positions: middle games reached by random safe clicks, the positions that
// issue 33's targets for the probability engine are stated on.
//
// Why. The engine must answer the positions a researcher brings from other programs, not only
// the ones the player meets. The player opens a board outward from one area; random clicks
// scatter openings over the whole board instead, and the unknown cells along their edges join
// into long, branching frontier components: tens of cells on an expert board at 12-35% open,
// hundreds on a 100x100 board, and with digits-only clicks (below) up to the whole frontier,
// 300 cells on an expert board from 28% open. That is where counting a component by
// enumeration blows up, so these positions are the benchmark of the engine
// (experiments/configs/bench-mines-analysis.toml, scripts/mines_analysis_timing.py).
//
// What. A position is fixed by its recipe alone:
// 1. The layout is game 0 of `play mines --seed S` on the same board and first-click rule
//    (deal() in puzzles/mines/game.hpp): mines uniform on the cells the rule does not keep safe.
// 2. The first click is the rule's click ((0,0) under SFAR, (3,3) under SNR, or --click), as in
//    the player's games, so the position is one a player could reach after a real opening.
// 3. Then clicks on safe cells drawn uniformly among those not yet revealed, each revealed as a
//    player's click is (a 0 opens the area around it), until at least ceil(open x safe cells)
//    safe cells are revealed. A mine is never clicked, so every digit is the layout's true count
//    and the position is consistent. A click that opens an area may overshoot the target: the
//    fraction reached is at least `open`, and the header comment says what it came to.
// With digits-only, no click opens more than its own cell: every click, the first one included,
// is drawn among the safe cells with a nonzero digit, and no 0 is ever revealed. The openings
// are then single digits spread over the board with no open areas, the most ragged frontier a
// fraction can have. The rule's click cell is still free of mines (the deal keeps it so) but is
// not clicked, for under SNR it is always a 0.
//
// Every draw comes from splitmix64 (core/splitmix64.hpp) through an exact bounded draw, and no
// floating point decides anything but the one product open x safe cells, the same under IEEE 754
// on every machine: the same recipe gives the same bytes everywhere.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/options.hpp"
#include "puzzles/mines/game.hpp"
#include "puzzles/mines/position.hpp"
#include "solvers/solver.hpp"

namespace bs::mines {

// Everything a generated position depends on.
struct PositionRecipe {
  BoardSpec board;           // size, mines, first-click rule and click
  double open = 0.25;        // the fraction of the safe cells to reveal, in (0, 1]
  bool digits_only = false;  // clicks only on nonzero digits, so none opens an area
  uint64_t seed = 0;
};

// A generated position with the layout behind it and what the clicks came to.
struct AnalysisPosition {
  Layout layout;
  Position position;   // what the player sees: digits and unknown cells, no flags
  int safe_cells = 0;  // cells without a mine
  int target = 0;      // ceil(open x safe_cells): the revealed safe cells asked for
  int revealed = 0;    // the revealed safe cells, >= target
  int clicks = 0;      // clicks made, the first one included
};

// Makes the position of `recipe`. Throws std::invalid_argument when `open` is outside (0, 1],
// and std::runtime_error when digits-only clicks cannot reach the target (too few safe cells
// have a nonzero digit on this board).
AnalysisPosition make_analysis_position(const PositionRecipe& recipe);

// The table entry behind `boundsearch generate mines`: options board, first-click, click, open,
// digits-only and seed. Returns the position's text: two comment lines (the command that makes
// it again, and the fraction reached), then format_position.
std::string generate_text(const Options& options);

// An experiment config's [[generate]] table. Keys: board (expert, WxHxM, ...) or width, height
// and mines; open (a fraction in (0, 1]); digits-only (0/1 or true/false); first-click and
// click; count (1 by default) and seed (1 by default): positions from seeds seed ..
// seed + count - 1. Each file is exactly what `boundsearch generate mines` prints for those
// options, named mines-<W>x<H>x<M>-o<open %>-s<seed>, with -snr, -click<x>-<y> and -digits
// after the board where they apply (mines-30x16x99-o25-s3, mines-30x16x99-o12.5-digits-s1).
std::vector<GeneratedInstance> generate_instances(
    const std::vector<std::pair<std::string, std::string>>& spec);

}  // namespace bs::mines
