// The Shakashaka options: the rows of the option table that only the shakashaka puzzle reads.
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

namespace bs::shakashaka {

inline constexpr std::string_view kShakashaka = "shakashaka";

const std::vector<OptionSpec>& shakashaka_option_rows();

// Every option the Shakashaka solver and generator read, typed and checked once.
struct ShakashakaOptions {
  CommonOptions common;
  propagation::Branching branching = propagation::Branching::dom_deg;
  bool values_down = false;  // --value-order down
  bool by_ip = false;        // --method ip or ip-hull: the reference integer model, not the search
  bool learning = false;     // --method learn: the search that learns from its conflicts
  bool ip_hull = false;      // --method ip-hull: the hull model rather than families A-F
  int probe_depth = -1;      // probing rules run no deeper than this; -1: every node
  int height = 10, width = 10;  // generate --size WxH
  std::string grade;            // generate
  // Throws std::invalid_argument naming the option on a value outside its choices.
  static ShakashakaOptions read(const Options& options);
};

// "WxH" (width first, as puzz.link writes it) into width and height, each 1..limit. Throws
// std::invalid_argument naming --size otherwise.
void parse_size(const std::string& text, int limit, int& width, int& height);

}  // namespace bs::shakashaka
