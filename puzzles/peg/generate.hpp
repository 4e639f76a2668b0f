// Peg solitaire instance generators, for experiment configs.
//
// The complete analyses of a board ask one question per pair of holes: with one vacancy at a,
// can the game end with one peg at b? `pairs` makes every such instance of one board, named
// <board>_v<r>-<c>_f<r>-<c> by the rows and columns of a and b. The board is a file (its start
// configuration gives the shape) or a full rectangle of `rows` x `cols` holes.
//
// Spec keys: kind = "pairs"; board = "FILE" or rows = R, cols = C; name = "stem" (optional).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "puzzles/peg/board.hpp"

namespace bs::peg {

// (name, instance text) of every single-vacancy to single-peg instance of `board`.
std::vector<std::pair<std::string, std::string>> vacancy_pairs(const Board& board,
                                                               const std::string& stem);

// Reads a spec; throws std::invalid_argument on an unknown kind or key, InputError on a bad
// board file.
std::vector<std::pair<std::string, std::string>> generate_from_spec(
    const std::vector<std::pair<std::string, std::string>>& spec);

}  // namespace bs::peg
