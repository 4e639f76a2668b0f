// Minesweeper games: boards, first-click rules, reproducible deals, play, and MBF files.
//
// A game is dealt from (seed, game index, board, first-click rule) alone, so game i of a run is
// the same whatever the thread count or the order in which games run. The first-click rules:
// - SFAR: the first click is safe. Mines are placed uniformly on the other cells, which makes
//   every layout without a mine on the clicked cell equally likely.
// - SNR: the first click and its neighbours are safe, so the first click opens an area. Mines go
//   uniformly on the cells outside that 3x3 block.
// MBF is the Minesweeper Board Format other solvers read: width and height as one byte each, the
// mine count as two bytes (big-endian), then x and y of each mine as one byte each.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/mines/position.hpp"

namespace bs::mines {

struct BoardSpec {
  int width = 30, height = 16, mines = 99;
  bool snr = false;  // first-click rule: SNR, else SFAR
  int click_x = 0, click_y = 0;
  std::string name() const;  // "30x16x99 sfar (0,0)"
};
// `board`: beginner (8x8, 10), beginner9 (9x9, 10), intermediate (16x16, 40), expert (30x16, 99)
// or WxHxM; `rule`: sfar or snr; `click`: "x,y" or empty for the rule's default ((0,0) under
// SFAR, (3,3) under SNR, moved inside small boards). Throws std::invalid_argument.
BoardSpec parse_board_spec(const std::string& board, const std::string& rule,
                           const std::string& click);

struct Layout {
  int width = 0, height = 0;
  std::vector<uint8_t> mine;  // per cell
};
Layout deal(const BoardSpec& spec, uint64_t seed, uint64_t game);

// A game in progress: what the player sees (a Position) and the hidden layout, which must outlive
// the game.
class Game {
 public:
  explicit Game(const Layout& layout, int mines);
  // Reveals a cell, opening the area around a 0. Returns false when it was a mine (the game is
  // lost). Revealing a revealed cell does nothing.
  bool reveal(int cell);
  // The cells the last reveal() opened, in the order it opened them.
  const std::vector<int>& opened() const { return opened_; }
  // Marks a cell the player knows to be a mine; the view shows it as a flag.
  void flag(int cell) {
    if (view_.cells[cell] == kUnknown) view_.cells[cell] = kFlag;
  }
  bool won() const { return hidden_safe_ == 0; }
  bool lost() const { return lost_; }
  const Position& view() const { return view_; }

 private:
  const Layout& layout_;
  Position view_;
  std::vector<uint8_t> around_;
  std::vector<int> stack_, opened_;  // kept from one reveal to the next: a game makes hundreds
  int hidden_safe_ = 0;
  bool lost_ = false;
};

// Whether the first click of `spec` (and under SNR its neighbours) is free of mines in `layout`.
bool first_click_safe(const BoardSpec& spec, const Layout& layout);

std::string to_mbf(const Layout& layout);
// Throws InputError naming `filename` when the bytes are not a valid MBF board.
Layout from_mbf(const std::string& bytes, const std::string& filename);

}  // namespace bs::mines
