#include "solvers/futoshiki/options.hpp"

#include <unistd.h>

#include <charconv>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include "puzzles/futoshiki/grid.hpp"
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
               "search (rules and DFS), learn (rules and a search that learns clauses from its "
               "conflicts: propagation/learning.hpp), ip (the reference integer model, solved by "
               "CBC) or cadical (the direct CNF, solved by the cadical binary: the CDCL baseline)"),
      row.integer("probe-depth", "-1", -1, 1024,
                  "probing rules run at nodes no deeper than this (0: the root only); -1: every "
                  "node, or the root and its children when counting all solutions"),
      row.text("size", "auto", "generate: side of the grid, 1..32 (auto: 7)"),
      row.text("grade", "any",
               "generate: hardest rule the puzzle must need (a rule name, 'search' or 'any')"),
      row.text("clues", "all",
               "generate: all (every clue of the square, then remove) or add (add at random until "
               "unique, then remove: minimal and harder; under --time-limit)"),
      row.text("progress", "auto",
               "generate --clues add: a progress line on stderr every ~2 s: auto (when stderr is a "
               "terminal), on, off"),
  };
  return rows;
}

namespace {

// --size is text because Shakashaka's is "WxH": the rows of one name share a type.
int read_size(const std::string& text) {
  if (text == "auto") return 7;
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 1 || n > kMaxN)
    throw std::invalid_argument("option --size: '" + text + "' is not auto or a side 1.." +
                                std::to_string(kMaxN));
  return n;
}

// A text option whose value must be one of `choices`.
const std::string& read_choice(const Options& options, const char* name,
                               std::initializer_list<const char*> choices) {
  const std::string& value = options.text(name);
  std::string known;
  for (const char* c : choices) {
    if (value == c) return value;
    known += known.empty() ? c : std::string(", ") + c;
  }
  throw std::invalid_argument("option --" + std::string(name) + ": '" + value + "' is not one of " +
                              known);
}

}  // namespace

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
  if (method != "search" && method != "ip" && method != "learn" && method != "cadical")
    throw std::invalid_argument("option --method: '" + method +
                                "' is not search, learn, ip or cadical");
  o.by_ip = method == "ip";
  o.learning = method == "learn";
  o.by_cadical = method == "cadical";
  o.probe_depth = static_cast<int>(options.integer("probe-depth"));
  o.size = read_size(options.text("size"));
  o.grade = options.text("grade");
  o.clues_added = read_choice(options, "clues", {"all", "add"}) == "add";
  const std::string& progress = read_choice(options, "progress", {"auto", "on", "off"});
  o.progress = progress == "on" || (progress == "auto" && ::isatty(STDERR_FILENO) != 0);
  return o;
}

}  // namespace bs::futoshiki
