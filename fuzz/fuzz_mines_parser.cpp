// libFuzzer target for the Minesweeper position parser.
//
// Position files come from users, so any byte string must either parse or fail with an
// InputError; anything else (a crash, a sanitizer report, another exception) is a bug. A parsed
// position must print and parse back unchanged, and the probability engine must either analyse
// it or call it inconsistent, on boards small enough that any enumeration is quick.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/error.hpp"
#include "heuristics/mines/system.hpp"
#include "puzzles/mines/position.hpp"
#include "solvers/mines_probability.hpp"

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
  return 0;
}
