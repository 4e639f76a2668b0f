#include "solvers/shakashaka/options.hpp"

#include <charconv>
#include <stdexcept>
#include <string>

#include "puzzles/shakashaka/grid.hpp"
#include "solvers/option_rows.hpp"

namespace bs::shakashaka {

const std::vector<OptionSpec>& shakashaka_option_rows() {
  constexpr OptionRows row{kShakashaka};
  static const std::vector<OptionSpec> rows = {
      row.text("branching", "auto",
               "what to branch on: auto (dom-deg), dom-probe (the probe's look-ahead scores), "
               "dom (the cell with the fewest states), dom-deg, input (the first open cell)"),
      row.text("value-order", "up", "states tried in the order empty, a, b, c, d (up) or reversed"),
      row.text("method", "search",
               "search (rules and DFS), learn (rules and a search that learns from its "
               "conflicts), ip (the reference integer model, families A-F, solved by "
               "CBC) or ip-hull (the same solutions, with the convex hull of each lattice point's "
               "corners)"),
      row.integer("probe-depth", "-1", -1, 1024,
                  "the probe and lp rules run at nodes no deeper than this (0: the root only); "
                  "-1: every node. generate always probes at every node"),
      row.text("size", "auto", "generate: WxH, width first (auto: 10x10)"),
      row.text("grade", "any",
               "generate: hardest rule the puzzle must need (a rule name, 'search' or 'any')"),
  };
  return rows;
}

void parse_size(const std::string& text, int limit, int& width, int& height) {
  auto bad = [&] {
    return std::invalid_argument("option --size: '" + text + "' is not WxH with sides 1.." +
                                 std::to_string(limit));
  };
  const size_t x = text.find('x');
  if (x == std::string::npos) throw bad();
  auto side = [&](const char* b, const char* e) {
    int v = 0;
    const auto [end, ec] = std::from_chars(b, e, v);
    if (ec != std::errc() || end != e || b == e || v < 1 || v > limit) throw bad();
    return v;
  };
  width = side(text.data(), text.data() + x);
  height = side(text.data() + x + 1, text.data() + text.size());
}

ShakashakaOptions ShakashakaOptions::read(const Options& options) {
  ShakashakaOptions o;
  o.common = CommonOptions::read(options);
  o.branching =
      propagation::parse_branching(options.text("branching"), propagation::Branching::dom_deg);
  if (o.branching == propagation::Branching::items)
    throw std::invalid_argument(
        "option --branching: 'items' is not a Shakashaka branching "
        "(auto, dom-probe, dom, dom-deg, input)");
  o.values_down = propagation::parse_value_order(options.text("value-order"));
  const std::string& method = options.text("method");
  if (method != "search" && method != "ip" && method != "ip-hull" && method != "learn")
    throw std::invalid_argument("option --method: '" + method +
                                "' is not search, learn, ip or ip-hull");
  o.by_ip = method == "ip" || method == "ip-hull";
  o.learning = method == "learn";
  o.ip_hull = method == "ip-hull";
  o.probe_depth = static_cast<int>(options.integer("probe-depth"));
  const std::string& size = options.text("size");
  if (size != "auto") parse_size(size, kMaxSide, o.width, o.height);
  o.grade = options.text("grade");
  return o;
}

}  // namespace bs::shakashaka
