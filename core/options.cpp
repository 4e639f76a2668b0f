#include "core/options.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace bs {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec> table = {
      {"threads", OptionType::Int, "1", 0, 1024, "worker threads; 0 means one per core"},
      {"time-limit", OptionType::Real, "0", 0, kInf, "wall-clock limit in seconds; 0 means none"},
      {"node-limit", OptionType::Int, "0", 0, 9e18,
       "search node limit over all threads; 0 means none"},
      {"rules", OptionType::Text, "default", 0, 0,
       "pruning rules: 'default', 'none', or a list like position-class,jump-bounds,-pagoda"},
      {"spawn-depth", OptionType::Int, "4", 0, 12, "parallel DFS: depth of the task frontier"},
      {"hash", OptionType::Int, "64", 0, 65536, "dead-position table size in MB; 0 disables it"},
      {"pagodas", OptionType::Int, "8", 0, 16,
       "peg: pagodas the pagoda rule keeps for cutting nodes (its root certificate is always "
       "tried)"},
      {"backward", OptionType::Int, "20000", 0, 1e9,
       "peg: positions the backward half of the bidirectional search may store (at most 1/16 "
       "of the table); 0 searches forward only"},
      {"reverse", OptionType::Bool, "true", 0, 0,
       "peg: also search the time-reversed game (vacancy and peg swapped), alternating with "
       "restarts; the first side to finish decides"},
      {"restart-nodes", OptionType::Int, "5000", 1, 1e15,
       "peg: node budget of each side in the first round of the portfolio"},
      {"restart-growth", OptionType::Int, "2", 1, 64,
       "peg: factor by which the portfolio's node budget grows each round (each round also "
       "changes the move order)"},
      {"move-orders", OptionType::Int, "4", 1, 5,
       "peg: move orders the portfolio's rounds cycle through: shift groups, board order, its "
       "reverse, a fixed shuffle, most residual uses R(J) - used(J) first (the fifth)"},
      {"beam", OptionType::Int, "400", 0, 1e9,
       "peg: each round of the portfolio ends with a beam search as wide as the round's node "
       "budget divided by this (0: no beam); a beam can only find solutions"},
      {"symmetry", OptionType::Bool, "true", 0, 0,
       "peg: identify positions under the board symmetries that fix start and final"},
      {"lazy-depth", OptionType::Int, "4", 0, 1024,
       "peg: the residual-lp rule (off by default) re-solves the residual LP at nodes within this "
       "many jumps of the root"},
      {"exact-bounds", OptionType::Bool, "false", 0, 0,
       "peg: make every R(J) an IP optimum (branch-and-bound); otherwise the hot-started LP "
       "bounds, floored, which cost a few ms"},
      {"bounds-threads", OptionType::Int, "0", 0, 1024,
       "threads for the bound IPs; 0 means the same as --threads"},
      {"bounds-time-limit", OptionType::Real, "10", 0, kInf,
       "seconds for the exact bound IPs before falling back to LP bounds; 0 means none"},
      {"lp-file", OptionType::Text, "", 0, 0,
       "write the feasibility IP to this .lp file (for an independent check of infeasibility)"},
      {"seed", OptionType::Int, "0", 0, 9e18, "random seed, for puzzles and rules that use one"},
      {"count", OptionType::Bool, "false", 0, 0,
       "count solutions instead of finding one (the `count` command sets it)"},
      {"limit", OptionType::Int, "0", 0, 9e18,
       "counting: stop after this many solutions (2 proves uniqueness); 0 counts all"},
      {"branching", OptionType::Text, "lookahead", 0, 0,
       "futoshiki: cell to branch on: lookahead (smallest domain, then the cell whose values the "
       "probe found to settle most), dom-deg (smallest domain, then most inequalities), dom, "
       "input (first open cell)"},
      {"value-order", OptionType::Text, "up", 0, 0, "futoshiki: values tried up or down"},
      {"method", OptionType::Text, "search", 0, 0,
       "futoshiki: search (rules and DFS) or ip (the reference integer model, solved by CBC)"},
      {"probe-depth", OptionType::Int, "-1", -1, 1024,
       "futoshiki: probing rules run at nodes no deeper than this (0: the root only); -1: every "
       "node, or the root and its children when counting all solutions"},
      {"board", OptionType::Text, "expert", 0, 0,
       "mines: beginner (8x8, 10), beginner9 (9x9, 10), intermediate (16x16, 40), expert (30x16, "
       "99) or WxHxM"},
      {"first-click", OptionType::Text, "sfar", 0, 0,
       "mines: sfar (the first click is safe) or snr (it and its neighbours are); `play --rules "
       "sfar|snr` sets it too"},
      {"click", OptionType::Text, "", 0, 0,
       "mines: the first click as x,y; default (0,0) under sfar, (3,3) under snr"},
      {"games", OptionType::Int, "1000", 1, 1e12, "mines: games to play"},
      {"play-off", OptionType::Text, "", 0, 0,
       "mines: strategy elements switched off, a comma list of tiebreak, corners, fifty-fifty, "
       "dead, endgame, long-term, subset"},
      {"near-tie", OptionType::Real, "0", 0, 1,
       "mines: cells within this of the least mine probability are weighed by the progress "
       "score"},
      {"progress-weight", OptionType::Real, "0", 0, 1000,
       "mines: weight w of progress in the guess score (1 - p)(1 + w * progress); 0 leaves it "
       "out"},
      {"endgame-layouts", OptionType::Int, "0", 0, 60000,
       "mines: the exact endgame search takes over once at most this many layouts fit; 0: 100, or "
       "3000 with the look-ahead"},
      {"endgame-nodes", OptionType::Int, "0", 0, 1e9,
       "mines: the endgame search gives up (and the heuristics choose) past this many nodes; 0: "
       "20000, or 1000000 with the look-ahead"},
      {"lookahead", OptionType::Int, "0", 0, 3,
       "mines: guesses looked ahead; 1 scores each guess by its safety times the safety of the "
       "move after it, every digit played out exactly (strong mode); 0 plays fast"},
      {"lookahead-window", OptionType::Real, "0.1", 0, 1,
       "mines: the look-ahead scores the cells within this of the least mine probability"},
      {"lookahead-blend", OptionType::Real, "2", 0, 1000,
       "mines: at the look-ahead's horizon a position is worth (w * best + second) / (w + 1), "
       "best and second being its two safest cells; 0 counts the best alone"},
      {"long-term", OptionType::Real, "1", 0, 10,
       "mines: weight w of the long-term risk (with the look-ahead): a guess's score is multiplied "
       "by 1 + w * r / (1 - p), r being half the chance of the 50/50s it settles before they "
       "form; 0 leaves it out"},
      {"long-term-pairs", OptionType::Int, "0", 0, 1,
       "mines: 1 counts 2x1 coin tosses in the long-term risk too, not only 2x2 boxes"},
      {"candidates", OptionType::Int, "20", 1, 100000,
       "mines: at most this many cells are scored by the look-ahead or the progress score"},
      {"size", OptionType::Int, "7", 1, 32, "generate: side of the grid"},
      {"grade", OptionType::Text, "any", 0, 0,
       "generate: hardest rule the puzzle must need (a rule name, 'search' or 'any')"},
  };
  return table;
}

std::string real_text(double v) {
  char buf[64];
  const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, ec == std::errc() ? p : buf);
}

const OptionSpec* find_option(std::string_view name) {
  for (const auto& spec : option_table())
    if (spec.name == name) return &spec;
  return nullptr;
}

namespace {

std::string normalise(const OptionSpec& spec, std::string_view value) {
  const std::string name(spec.name);
  auto range_error = [&](const std::string& why) {
    return std::invalid_argument("option --" + name + ": " + why);
  };
  switch (spec.type) {
    case OptionType::Int: {
      int64_t v = 0;
      auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (ec != std::errc() || p != value.data() + value.size())
        throw range_error("'" + std::string(value) + "' is not an integer");
      if (v < spec.lo || static_cast<double>(v) > spec.hi)
        throw range_error(std::to_string(v) + " is outside [" + std::to_string((int64_t)spec.lo) +
                          ", " + std::to_string((int64_t)spec.hi) + "]");
      return std::to_string(v);
    }
    case OptionType::Real: {
      std::string s(value);
      char* end = nullptr;
      errno = 0;
      const double v = std::strtod(s.c_str(), &end);
      if (s.empty() || end != s.c_str() + s.size() || std::isnan(v))
        throw range_error("'" + s + "' is not a number");
      if (errno == ERANGE || std::isinf(v) || v < spec.lo || v > spec.hi)
        throw range_error(s + " is out of range");
      // Stored in the shortest form that reads back exactly, so "5.0" and "5" are one value.
      return real_text(v);
    }
    case OptionType::Bool:
      if (value == "1" || value == "true" || value == "on") return "true";
      if (value == "0" || value == "false" || value == "off") return "false";
      throw range_error("'" + std::string(value) + "' is not true or false");
    case OptionType::Text:
      return std::string(value);
  }
  return std::string(value);
}

}  // namespace

Options::Options() {
  for (const auto& spec : option_table()) values_[std::string(spec.name)] = spec.fallback;
}

void Options::set(std::string_view name, std::string_view value) {
  const OptionSpec* spec = find_option(name);
  if (!spec) throw std::invalid_argument("unknown option '" + std::string(name) + "'");
  values_[std::string(name)] = normalise(*spec, value);
}

const std::string& Options::raw(std::string_view name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("no option named " + std::string(name));
  return it->second;
}

int64_t Options::integer(std::string_view name) const {
  return std::stoll(raw(name));
}
double Options::real(std::string_view name) const {
  return std::stod(raw(name));
}
bool Options::flag(std::string_view name) const {
  return raw(name) == "true";
}
const std::string& Options::text(std::string_view name) const {
  return raw(name);
}

std::vector<std::pair<std::string, std::string>> Options::non_default() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& spec : option_table()) {
    const std::string& v = raw(spec.name);
    if (v != normalise(spec, spec.fallback)) out.emplace_back(std::string(spec.name), v);
  }
  return out;
}

}  // namespace bs
