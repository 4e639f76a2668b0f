#include "solvers/dominosa/options.hpp"

#include <stdexcept>
#include <string>

#include "solvers/option_rows.hpp"

namespace bs::dominosa {

const std::vector<OptionSpec>& dominosa_option_rows() {
  constexpr OptionRows row{kDominosa};
  static const std::vector<OptionSpec> rows = {
      row.text("branching", "auto",
               "what to branch on: auto (items), items (the cell or domino with the fewest "
               "placements left, as exact cover does), dom (the cell with the fewest "
               "directions), dom-deg, input (the first open cell)"),
      row.text("value-order", "up", "placements tried in grid order (up) or reversed (down)"),
      row.text("method", "search",
               "search (rules and DFS), learn (rules and a search that learns from its conflicts) "
               "or ip (the reference integer model, solved by CBC)"),
      row.text("counter", "auto",
               "count: components (split the open grid into independent parts, multiply their "
               "counts; exact big integers, serial; adds the probe rule when --rules is "
               "default), dfs (enumerate solutions one by one, "
               "parallel, stops at --limit), or auto (components without --limit, else dfs)"),
      row.integer("costly-depth", "-1", -1, 100000,
                  "probing and LP rules run at nodes no deeper than this (0: the root only); "
                  "-1: every node, or, when --first-solution found a verified solution, the "
                  "root only, where every rule of linear cost and up counts as costly"),
      row.text("first-solution", "auto",
               "a first solution by local search on tilings, found after the root's rules, "
               "as the search's phase (the value tried first at each node): on, off, "
               "auto (on from order 30)"),
      row.integer("order", "10", 1, 255, "generate: the order n (numbers 0..n)"),
      row.text("grade", "any",
               "generate: hardest rule the puzzle must need (a rule name, 'search' or 'any')"),
  };
  return rows;
}

DominosaOptions DominosaOptions::read(const Options& options) {
  DominosaOptions o;
  o.common = CommonOptions::read(options);
  o.branching =
      propagation::parse_branching(options.text("branching"), propagation::Branching::items);
  if (o.branching == propagation::Branching::dom_probe)
    throw std::invalid_argument(
        "option --branching: 'dom-probe' is not a Dominosa branching "
        "(auto, items, dom, dom-deg, input)");
  o.values_down = propagation::parse_value_order(options.text("value-order"));
  const std::string& method = options.text("method");
  if (method != "search" && method != "ip" && method != "learn")
    throw std::invalid_argument("option --method: '" + method + "' is not search, learn or ip");
  o.by_ip = method == "ip";
  o.learning = method == "learn";
  const std::string& counter = options.text("counter");
  if (counter != "auto" && counter != "components" && counter != "dfs")
    throw std::invalid_argument("option --counter: '" + counter +
                                "' is not auto, components or dfs");
  if (counter == "components" && o.common.limit > 0)
    throw std::invalid_argument(
        "option --counter components counts every solution and cannot stop at --limit " +
        std::to_string(o.common.limit) + "; use --counter dfs or auto with a limit");
  o.by_components = counter == "components" || (counter == "auto" && o.common.limit == 0);
  o.costly_depth = static_cast<int>(options.integer("costly-depth"));
  const std::string& first = options.text("first-solution");
  if (first != "auto" && first != "on" && first != "off")
    throw std::invalid_argument("option --first-solution: '" + first + "' is not on, off or auto");
  o.first_solution = first == "on"    ? FirstSolutionUse::on
                     : first == "off" ? FirstSolutionUse::off
                                      : FirstSolutionUse::automatic;
  o.order = static_cast<int>(options.integer("order"));
  o.grade = options.text("grade");
  return o;
}

}  // namespace bs::dominosa
