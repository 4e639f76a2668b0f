#include "solvers/futoshiki/options.hpp"

#include <stdexcept>

namespace bs::futoshiki {

const std::vector<OptionSpec>& futoshiki_option_rows() {
  static const std::vector<OptionSpec> rows = {
      {"branching", OptionType::Text, "dom-probe", 0, 0,
       "cell to branch on: dom-probe (smallest domain, then the cell whose values the "
       "probe found to settle most), dom-deg (smallest domain, then most inequalities), dom, "
       "input (first open cell)",
       kFutoshiki},
      {"value-order", OptionType::Text, "up", 0, 0, "values tried up or down", kFutoshiki},
      {"method", OptionType::Text, "search", 0, 0,
       "search (rules and DFS) or ip (the reference integer model, solved by CBC)", kFutoshiki},
      {"probe-depth", OptionType::Int, "-1", -1, 1024,
       "probing rules run at nodes no deeper than this (0: the root only); -1: every "
       "node, or the root and its children when counting all solutions",
       kFutoshiki},
      {"size", OptionType::Int, "7", 1, 32, "generate: side of the grid", kFutoshiki},
      {"grade", OptionType::Text, "any", 0, 0,
       "generate: hardest rule the puzzle must need (a rule name, 'search' or 'any')", kFutoshiki},
  };
  return rows;
}

FutoshikiOptions FutoshikiOptions::read(const Options& options) {
  FutoshikiOptions o;
  o.common = CommonOptions::read(options);
  o.branching = propagation::parse_branching(options.text("branching"));
  o.values_down = propagation::parse_value_order(options.text("value-order"));
  const std::string& method = options.text("method");
  if (method != "search" && method != "ip")
    throw std::invalid_argument("option --method: '" + method + "' is not search or ip");
  o.by_ip = method == "ip";
  o.probe_depth = static_cast<int>(options.integer("probe-depth"));
  o.size = static_cast<int>(options.integer("size"));
  o.grade = options.text("grade");
  return o;
}

}  // namespace bs::futoshiki
