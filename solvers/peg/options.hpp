// The peg solitaire options: the rows of the option table that only the peg puzzle reads.
//
// They sit with the puzzle, not in core/, so that a puzzle brings its own knobs: the puzzle table
// (solvers/registry.cpp) joins these rows to the global ones, and every row then becomes a CLI
// flag, a config key, a line of `--help` and `list`, and a column of the result rows. The scope
// on each row makes `solve` of another puzzle refuse the option rather than ignore it.
#pragma once

#include <string_view>
#include <vector>

#include "core/options.hpp"
#include "heuristics/peg/peg_rule.hpp"

namespace bs::peg {

inline constexpr std::string_view kPeg = "peg";

const std::vector<OptionSpec>& peg_option_rows();

// Every option the peg solver and its rules read (the struct is heuristics/peg/peg_rule.hpp's,
// since the rules read it too), from `options`, once.
PegOptions read_peg_options(const Options& options);

}  // namespace bs::peg
