#include "solvers/futoshiki/options.hpp"

#include <stdexcept>

#include "solvers/option_rows.hpp"

namespace bs::futoshiki {

const std::vector<OptionSpec>& futoshiki_option_rows() {
  constexpr OptionRows row{kFutoshiki};
  static const std::vector<OptionSpec> rows = {
      row.text("branching", "auto",
               "cell to branch on: auto (dom-probe), dom-probe (smallest domain, then the cell "
               "whose values the probe found to settle most), dom-deg (smallest domain, then most "
               "inequalities), dom, input (first open cell)"),
      row.text("value-order", "up", "values tried up or down"),
      row.text("method", "search",
               "search (rules and DFS) or ip (the reference integer model, solved by CBC)"),
      row.integer("probe-depth", "-1", -1, 1024,
                  "probing rules run at nodes no deeper than this (0: the root only); -1: every "
                  "node, or the root and its children when counting all solutions"),
      row.integer("size", "7", 1, 32, "generate: side of the grid"),
      row.text("grade", "any",
               "generate: hardest rule the puzzle must need (a rule name, 'search' or 'any')"),
  };
  return rows;
}

FutoshikiOptions FutoshikiOptions::read(const Options& options) {
  FutoshikiOptions o;
  o.common = CommonOptions::read(options);
  o.branching =
      propagation::parse_branching(options.text("branching"), propagation::Branching::dom_probe);
  if (o.branching == propagation::Branching::items)
    throw std::invalid_argument(
        "option --branching: 'items' is not a Futoshiki branching (auto, "
        "dom-probe, dom-deg, dom, input)");
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
