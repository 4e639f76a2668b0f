#include "solvers/mines/options.hpp"

#include <string>

#include "solvers/mines/play.hpp"
#include "solvers/option_rows.hpp"

namespace bs::mines {

const std::vector<OptionSpec>& mines_option_rows() {
  static const std::string play_off_help =
      "strategy elements switched off, a comma list of " + strategy_element_names();
  constexpr OptionRows row{kMines};
  static const std::vector<OptionSpec> rows = {
      row.text("board", "expert",
               "beginner (8x8, 10), beginner9 (9x9, 10), intermediate (16x16, 40), expert (30x16, "
               "99) or WxHxM"),
      row.text("first-click", "sfar",
               "sfar (the first click is safe) or snr (it and its neighbours are); `play --rules "
               "sfar|snr` sets it too"),
      row.text("click", "", "the first click as x,y; default (0,0) under sfar, (3,3) under snr"),
      row.integer("games", "1000", 1, 1e12, "games to play"),
      row.text("play-off", "", play_off_help),
      row.real("near-tie", "0", 0, 1,
               "cells within this of the least mine probability are weighed by the progress score"),
      row.real(
          "progress-weight", "0", 0, 1000,
          "weight w of progress in the guess score (1 - p)(1 + w * progress); 0 leaves it out"),
      row.integer("endgame-layouts", "0", 0, 60000,
                  "the exact endgame search takes over once at most this many layouts fit; 0: 100, "
                  "or 3000 with the look-ahead"),
      row.integer("endgame-nodes", "0", 0, 1e9,
                  "the endgame search gives up (and the heuristics choose) past this many nodes; "
                  "0: 20000, or 1000000 with the look-ahead"),
      row.integer("lookahead", "0", 0, 3,
                  "guesses looked ahead; 1 scores each guess by its safety times the safety of the "
                  "move after it, every digit played out exactly (strong mode); 0 plays fast"),
      row.real("lookahead-window", "0.1", 0, 1,
               "the look-ahead scores the cells within this of the least mine probability"),
      row.real("lookahead-blend", "2", 0, 1000,
               "at the look-ahead's horizon a position is worth (w * best + second) / (w + 1), "
               "best and second being its two safest cells; 0 counts the best alone"),
      row.real("long-term", "1", 0, 10,
               "weight w of the long-term risk (with the look-ahead): a guess's score is "
               "multiplied by 1 + w * r / (1 - p), r being half the chance of the 50/50s it "
               "settles before they form; 0 leaves it out"),
      row.integer("long-term-pairs", "0", 0, 1,
                  "1 counts 2x1 coin tosses in the long-term risk too, not only 2x2 boxes"),
      row.text("counting", "auto",
               "how frontier components are counted: auto (enumeration up to 20,000 group "
               "assignments, then the frontier DP), enumeration or dp (one method for all)"),
      row.integer("dp-states", "250000", 1, 1e9,
                  "solve: the most states one layer of the frontier DP may hold; a component "
                  "past it is bounded by the LP relaxation instead (stop reason state-limit)"),
      row.boolean("exact", "false",
                  "solve: also each unknown cell's probability as an exact fraction, and the "
                  "number of layouts, from a second count in whole numbers"),
      row.integer("candidates", "20", 1, 100000,
                  "at most this many cells are scored by the look-ahead or the progress score"),
      row.real("open", "0.25", 0, 1,
               "generate: the fraction of the safe cells revealed, above 0 and up to 1 (0.25: a "
               "quarter); random safe clicks stop at the first that reaches it"),
      row.boolean("digits-only", "false",
                  "generate: click only safe cells with a nonzero digit, so that no click opens "
                  "an area"),
      row.text("csv", "",
               "solve: also write the probability table to this file as CSV, a header "
               "x,y,cell,probability,decided_by and a line per cell (empty fields where the JSON "
               "has null)"),
  };
  return rows;
}

}  // namespace bs::mines
