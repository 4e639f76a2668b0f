// The game record: one JSON line per game played, as `play mines --record` writes it.
//
// One writer and one reader, so that the two never drift: `play` writes records, `compare` reads
// them to pair two players' games, and a researcher's own scripts read the same fields. A line
// holds the game's index and seed, the board (its name and size), where the mines were, the
// clicks in order, every guess with its risk, the strategy element that chose it and how many
// layouts fitted then, and whether the game was won. Coordinates are [x, y] pairs, 0-based.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <utility>
#include <vector>

namespace bs::mines {

struct RecordedGuess {
  int x = 0, y = 0;
  double risk = 0;           // the probability of a mine when it was clicked
  std::string why;           // the strategy element that chose it
  double log10_layouts = 0;  // log10 of the layouts that fitted the position
};

struct RecordedGame {
  int64_t game = 0;
  uint64_t seed = 0;
  std::string board;  // the board's name, e.g. "30x16x99 sfar (0,0)"
  int width = 0, height = 0;
  std::vector<std::pair<int, int>> mines, clicks;
  std::vector<RecordedGuess> guesses;
  bool won = false;
};

// The record as one JSON line, without the newline.
std::string record_line(const RecordedGame& game);

// Reads one record line's JSON. `game`, `won`, `board` and `mines` must be there (they are what
// makes two records the same game); the rest is read when present. InputError at `path`:`line`.
RecordedGame read_record(const nlohmann::json& j, const std::string& path, int line);

}  // namespace bs::mines
