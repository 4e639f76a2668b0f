// libFuzzer target for the Minesweeper parsers: positions, MBF boards and game sets.
//
// These files come from users, so any byte string must either parse or fail with an InputError;
// anything else (a crash, a sanitizer report, another exception) is a bug. Each input is fed to
// all three. A parsed position must print and parse back unchanged, and the probability engine
// must either analyse it or call it inconsistent, on boards small enough that any enumeration is
// quick. An MBF board must write back to the same bytes' board; a game set must name a board
// with its first click on it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/error.hpp"
#include "heuristics/mines/system.hpp"
#include "puzzles/mines/game.hpp"
#include "puzzles/mines/position.hpp"
#include "solvers/mines/solver.hpp"
#include "solvers/mines/probability.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace bs::mines;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const Position p = parse_position(text, "fuzz.txt");
    const Position again = parse_position(format_position(p), "fuzz.txt");
    if (again.cells != p.cells || again.width != p.width || again.height != p.height ||
        again.mines != p.mines)
      std::abort();
    if (p.width * p.height <= 25) {  // small enough that any enumeration is quick
      const Probabilities a = mine_probabilities(p, {"single-row", "subset"});
      if (a.consistent)
        for (int i = 0; i < p.width * p.height; ++i)
          if (p.cells[i] == kUnknown && !(a.mine[i] >= 0 && a.mine[i] <= 1)) std::abort();
    }
  } catch (const bs::InputError&) {
  }
  try {
    const Layout l = from_mbf(std::string(text), "fuzz.mbf");
    if (from_mbf(to_mbf(l), "again.mbf").mine != l.mine) std::abort();
  } catch (const bs::InputError&) {
  }
  try {
    const BoardSpec b = parse_game_set(text, "fuzz.txt");
    if (b.click_x < 0 || b.click_y < 0 || b.click_x >= b.width || b.click_y >= b.height)
      std::abort();
  } catch (const bs::InputError&) {
  }
  return 0;
}
