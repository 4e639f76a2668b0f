// Minesweeper's readers under the parser fuzzer: a position, read from its text or its JSON form,
// written back in either form must read as itself (the same cells, blocked ones included, and the
// same total: count, density to the last bit, or "any"), and on boards small enough that any
// enumeration is quick the probability engine must analyse it or call it inconsistent, with every
// probability in [0, 1]; an MBF board must write back to the same board; a game set must name a
// board with its first click on it.
#include "solvers/mines/fuzz.hpp"

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "puzzles/mines/game.hpp"
#include "puzzles/mines/position.hpp"
#include "solvers/mines/probability.hpp"
#include "solvers/mines/solver.hpp"

namespace bs::mines {

namespace {

bool same_position(const Position& a, const Position& b) {
  return a.width == b.width && a.height == b.height && a.cells == b.cells && a.total == b.total &&
         (a.total != MineTotal::exact || a.mines == b.mines) &&
         (a.total != MineTotal::density || a.density == b.density);
}

// What is wrong with reading back `written`, the position p written in one of its forms.
std::string reads_back(const Position& p, const std::string& written, const char* form) {
  try {
    if (!same_position(parse_position(written, "again"), p))
      return std::string("a position written back as ") + form + " reads as another";
  } catch (const InputError& e) {  // the input was read, so its own form must read too
    return std::string("a position written back as ") + form + " does not read: " + e.located();
  }
  return "";
}

std::string reread_position(std::string_view text) {
  const Position p = parse_position(text, "fuzz.txt");
  for (const auto& [written, form] :
       {std::pair{format_position(p), "text"}, std::pair{position_json(p).dump(), "JSON"}})
    if (std::string why = reads_back(p, written, form); !why.empty()) return why;
  if (p.width * p.height > 25) return "";
  const Probabilities a = mine_probabilities(p, {"single-row", "subset"});
  if (a.consistent)
    for (int i = 0; i < p.width * p.height; ++i)
      if (p.cells[i] == kUnknown && !(a.mine[i] >= 0 && a.mine[i] <= 1))
        return "a probability outside [0, 1]";
  return "";
}

std::string reread_mbf(std::string_view text) {
  const Layout l = from_mbf(std::string(text), "fuzz.mbf");
  return from_mbf(to_mbf(l), "again.mbf").mine == l.mine ? "" : "an MBF board written back differs";
}

std::string reread_game_set(std::string_view text) {
  const BoardSpec b = parse_game_set(text, "fuzz.txt");
  if (b.click_x < 0 || b.click_y < 0 || b.click_x >= b.width || b.click_y >= b.height)
    return "a game set's first click is off its board";
  return "";
}

}  // namespace

std::string reread(std::string_view text) {
  for (auto* reader : {reread_position, reread_mbf, reread_game_set}) {
    try {
      if (std::string why = reader(text); !why.empty()) return why;
    } catch (const InputError&) {
    }
  }
  return "";
}

}  // namespace bs::mines
