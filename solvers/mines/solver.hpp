// Minesweeper, wired: `solve mines FILE` analyses a position (solvers/mines/probability.hpp) and
// prints which cells are certainly safe, which are certain mines, and the exact probability of a
// mine on every unknown cell, with the stage that decided each certain one.
#pragma once

#include <string>
#include <string_view>

#include "puzzles/mines/game.hpp"
#include "puzzles/mines/position.hpp"
#include "solvers/mines/play.hpp"
#include "solvers/mines/probability.hpp"
#include "solvers/solver.hpp"

namespace bs::mines {

// Re-checks an analysis by other routes: every certain cell by the reference integer model (the
// opposite value must leave no layout), and, when at most 20 cells are unknown, every probability
// by counting all layouts. Returns "" when everything holds, else the first claim that fails.
std::string check_analysis(const Position& position, const Probabilities& analysis);

PuzzleSolver mines_solver();
// `mines-games`: a set of games (board, first-click rule) as an instance, so that the experiment
// runner can drive the player (solvers/mines/games.cpp).
PuzzleSolver mines_games_solver();
// A game set's text: one line `BOARD RULE [X,Y]`, '#' comments. InputError naming `filename`.
BoardSpec parse_game_set(std::string_view text, const std::string& filename);
// Replays a game's clicks on its layout with a flood fill of its own: "" when the record (first
// click, clicks, outcome) holds, else what does not.
std::string replay_record(const BoardSpec& spec, const Layout& layout, const GameRecord& record);

}  // namespace bs::mines
