#include "solvers/peg/options.hpp"

#include <limits>

namespace bs::peg {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

const std::vector<OptionSpec>& peg_option_rows() {
  static const std::vector<OptionSpec> rows = {
      {"hash", OptionType::Int, "64", 0, 65536, "dead-position table size in MB; 0 disables it",
       kPeg},
      {"pagodas", OptionType::Int, "8", 0, 16,
       "pagodas the pagoda rule keeps for cutting nodes (its root certificate is always "
       "tried)",
       kPeg},
      {"backward", OptionType::Int, "20000", 0, 1e9,
       "positions the backward half of the bidirectional search may store (at most 1/16 "
       "of the table); 0 searches forward only",
       kPeg},
      {"reverse", OptionType::Bool, "true", 0, 0,
       "also search the time-reversed game (vacancy and peg swapped), alternating with "
       "restarts; the first side to finish decides",
       kPeg},
      {"restart-nodes", OptionType::Int, "5000", 1, 1e15,
       "node budget of each side in the first round of the portfolio", kPeg},
      {"restart-growth", OptionType::Int, "2", 1, 64,
       "factor by which the portfolio's node budget grows each round (each round also "
       "changes the move order)",
       kPeg},
      {"move-orders", OptionType::Int, "4", 1, 5,
       "move orders the portfolio's rounds cycle through: shift groups, board order, its "
       "reverse, a fixed shuffle, most residual uses R(J) - used(J) first (the fifth)",
       kPeg},
      {"beam", OptionType::Int, "400", 0, 1e9,
       "each round of the portfolio ends with a beam search as wide as the round's node "
       "budget divided by this (0: no beam); a beam can only find solutions",
       kPeg},
      {"symmetry", OptionType::Bool, "true", 0, 0,
       "identify positions under the board symmetries that fix start and final", kPeg},
      {"lazy-depth", OptionType::Int, "4", 0, 1024,
       "the residual-lp rule (off by default) re-solves the residual LP at nodes within this "
       "many jumps of the root",
       kPeg},
      {"exact-bounds", OptionType::Bool, "false", 0, 0,
       "make every R(J) an IP optimum (branch-and-bound); otherwise the hot-started LP "
       "bounds, floored, which cost a few ms",
       kPeg},
      {"bounds-threads", OptionType::Int, "0", 0, 1024,
       "threads for the bound IPs; 0 means the same as --threads", kPeg},
      {"bounds-time-limit", OptionType::Real, "10", 0, kInf,
       "seconds for the exact bound IPs before falling back to LP bounds; 0 means none", kPeg},
      {"lp-file", OptionType::Text, "", 0, 0,
       "write the feasibility IP to this .lp file (for an independent check of infeasibility)",
       kPeg},
  };
  return rows;
}

}  // namespace bs::peg
