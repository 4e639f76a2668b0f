#include "solvers/peg/options.hpp"

#include <limits>

#include "solvers/option_rows.hpp"

namespace bs::peg {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

const std::vector<OptionSpec>& peg_option_rows() {
  constexpr OptionRows row{kPeg};
  static const std::vector<OptionSpec> rows = {
      row.integer("hash", "64", 0, 65536, "dead-position table size in MB; 0 disables it"),
      row.integer(
          "pagodas", "8", 0, 16,
          "pagodas the pagoda rule keeps for cutting nodes (its root certificate is always tried)"),
      row.integer("backward", "20000", 0, 1e9,
                  "positions the backward half of the bidirectional search may store (at most 1/16 "
                  "of the table); 0 searches forward only"),
      row.boolean("reverse", "true",
                  "also search the time-reversed game (vacancy and peg swapped), alternating with "
                  "restarts; the first side to finish decides"),
      row.integer("restart-nodes", "5000", 1, 1e15,
                  "node budget of each side in the first round of the portfolio"),
      row.integer("restart-growth", "2", 1, 64,
                  "factor by which the portfolio's node budget grows each round (each round also "
                  "changes the move order)"),
      row.integer(
          "move-orders", "4", 1, 5,
          "move orders the portfolio's rounds cycle through: shift groups, board order, its "
          "reverse, a fixed shuffle, most residual uses R(J) - used(J) first (the fifth)"),
      row.integer("beam", "400", 0, 1e9,
                  "each round of the portfolio ends with a beam search as wide as the round's node "
                  "budget divided by this (0: no beam); a beam can only find solutions"),
      row.boolean("symmetry", "true",
                  "identify positions under the board symmetries that fix start and final"),
      row.integer("lazy-depth", "4", 0, 1024,
                  "the residual-lp rule (off by default) re-solves the residual LP at nodes within "
                  "this many jumps of the root"),
      row.boolean("exact-bounds", "false",
                  "make every R(J) an IP optimum (branch-and-bound); otherwise the hot-started LP "
                  "bounds, floored, which cost a few ms"),
      row.integer("bounds-threads", "0", 0, 1024,
                  "threads for the bound IPs; 0 means the same as --threads"),
      row.real("bounds-time-limit", "10", 0, kInf,
               "seconds for the exact bound IPs before falling back to LP bounds; 0 means none"),
      row.integer("proof-boxes", "20000", 0, 1e9,
                  "boxes the branch-and-bound proof of an infeasible IP may open (0: no proof; "
                  "the certificate then cannot be checked)"),
      row.integer("proof-log", "1000000", 0, 1e9,
                  "dead positions an exhaustive-search certificate's proof log may hold (0: no "
                  "log; the certificate then cannot be checked)"),
      row.text(
          "lp-file", "",
          "write the feasibility IP to this .lp file (for an independent check of infeasibility)"),
  };
  return rows;
}

PegOptions read_peg_options(const Options& options) {
  PegOptions o;
  o.common = CommonOptions::read(options);
  o.hash_mb = static_cast<size_t>(options.integer("hash"));
  o.pagodas = static_cast<int>(options.integer("pagodas"));
  o.backward = static_cast<size_t>(options.integer("backward"));
  o.reverse = options.flag("reverse");
  o.restart_nodes = static_cast<uint64_t>(options.integer("restart-nodes"));
  o.restart_growth = static_cast<uint64_t>(options.integer("restart-growth"));
  o.move_orders = static_cast<int>(options.integer("move-orders"));
  o.beam = static_cast<uint64_t>(options.integer("beam"));
  o.symmetry = options.flag("symmetry");
  o.lazy_depth = static_cast<int>(options.integer("lazy-depth"));
  o.exact_bounds = options.flag("exact-bounds");
  o.bounds_threads = static_cast<int>(options.integer("bounds-threads"));
  o.bounds_time_limit = options.real("bounds-time-limit");
  o.lp_file = options.text("lp-file");
  o.proof_boxes = static_cast<int>(options.integer("proof-boxes"));
  o.proof_log = static_cast<uint64_t>(options.integer("proof-log"));
  return o;
}

}  // namespace bs::peg
