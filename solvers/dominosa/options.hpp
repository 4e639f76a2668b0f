// The Dominosa options: the rows of the option table that only the dominosa puzzle reads.
//
// They sit with the puzzle, as every puzzle's do (solvers/futoshiki/options.hpp has the why):
// each row becomes a CLI flag, a config key, a line of `--help` and `list`, and a column of the
// result rows, and its scope makes another puzzle's commands refuse it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/options.hpp"
#include "propagation/branching.hpp"

namespace bs::dominosa {

inline constexpr std::string_view kDominosa = "dominosa";

const std::vector<OptionSpec>& dominosa_option_rows();

// --first-solution: automatic turns it on from kFirstSolutionOrder.
enum class FirstSolutionUse { automatic, on, off };
inline constexpr int kFirstSolutionOrder = 30;

// Every option the Dominosa solver and generator read, typed and checked once.
struct DominosaOptions {
  CommonOptions common;
  propagation::Branching branching = propagation::Branching::items;
  bool values_down = false;  // --value-order down
  bool by_ip = false;        // --method ip: the reference integer model instead of the search
  bool learning = false;     // --method learn: the search that learns from its conflicts
  // count --counter: the component-decomposing counter (count.hpp) rather than the DFS.
  bool by_components = false;
  int costly_depth = -1;  // probing and LP rules run no deeper than this; -1: every node
  FirstSolutionUse first_solution = FirstSolutionUse::automatic;  // the phase's first solution
  int order = 10;                                                 // generate
  std::string grade;                                              // generate
  // Throws std::invalid_argument naming the option on a value outside its choices.
  static DominosaOptions read(const Options& options);
};

}  // namespace bs::dominosa
