// The Futoshiki options: the rows of the option table that only the futoshiki puzzle reads.
//
// They sit with the puzzle, not in core/, so that a puzzle brings its own knobs: the puzzle table
// (solvers/registry.cpp) joins these rows to the global ones, and every row then becomes a CLI
// flag, a config key, a line of `--help` and `list`, and a column of the result rows. The scope
// on each row makes `solve` of another puzzle refuse the option rather than ignore it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/options.hpp"
#include "propagation/branching.hpp"

namespace bs::futoshiki {

inline constexpr std::string_view kFutoshiki = "futoshiki";

const std::vector<OptionSpec>& futoshiki_option_rows();

// Every option the Futoshiki solver reads, typed and checked once.
struct FutoshikiOptions {
  CommonOptions common;
  propagation::Branching branching = propagation::Branching::dom_probe;
  bool values_down = false;  // --value-order down
  bool by_ip = false;        // --method ip: the reference integer model instead of the search
  bool learning = false;     // --method learn: the search that learns from its conflicts
  bool by_cadical = false;   // --method cadical: the CNF solved by the cadical binary
  int probe_depth = -1;      // -1: every node, or the root and its children when counting all
  int size = 7;              // generate
  std::string grade;         // generate
  bool clues_added = false;  // generate --clues add: the minimal puzzles of generate_minimal.cpp
  bool progress = false;     // generate --progress, with auto resolved
  // Throws std::invalid_argument naming the option on a value outside its choices.
  static FutoshikiOptions read(const Options& options);
};

}  // namespace bs::futoshiki
