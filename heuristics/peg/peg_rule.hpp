// The peg solitaire rule interface.
//
// A peg rule has two entry points, after Gecode's propagators. `post` runs once at the root: it
// may prove the instance impossible (and say why, as a certificate) or tighten the jump budget
// that the search obeys. `propagate` runs at every node, if the rule asks to, on a read-only view
// of the node; it must be thread-safe because all search threads share one rule object.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/options.hpp"
#include "core/result.hpp"
#include "heuristics/rule.hpp"
#include "puzzles/peg/board.hpp"
#include "search/budget.hpp"

namespace bs::peg {

// A linear cut on positions: every position on the way to the final has weights . pegs >= bound
// (a pagoda is one). Rules post cuts at the root; the search keeps each sum up to date with one
// addition per cut per move, which is far cheaper than asking the rule at every node.
struct LinearCut {
  std::vector<int64_t> weights;  // per hole
  int64_t bound = 0;
};

// Every option the peg solver and its rules read, typed and read once, from the global rows and the
// peg rows of the option table (both read by solvers/peg/options.cpp, where the rows are).
struct PegOptions {
  CommonOptions common;
  size_t hash_mb = 64;            // --hash
  int pagodas = 8;                // --pagodas
  size_t backward = 20000;        // --backward
  bool reverse = true;            // --reverse
  uint64_t restart_nodes = 5000;  // --restart-nodes
  uint64_t restart_growth = 2;    // --restart-growth
  int move_orders = 4;            // --move-orders
  uint64_t beam = 400;            // --beam
  bool symmetry = true;           // --symmetry
  int lazy_depth = 4;             // --lazy-depth
  bool exact_bounds = false;      // --exact-bounds
  int bounds_threads = 0;         // --bounds-threads
  double bounds_time_limit = 10;  // --bounds-time-limit
  std::string lp_file;            // --lp-file
  int proof_boxes = 20000;        // --proof-boxes
  uint64_t proof_log = 1000000;   // --proof-log
};

// What the root knows, and what root rules may tighten.
struct PegRoot {
  const Instance& instance;
  const PegOptions& options;
  int threads = 1;
  // budget[j]: how often jump j may be used in a solution. Starts at pegs(start) - pegs(final),
  // which every jump respects; rules only lower it.
  std::vector<int> budget;
  std::vector<std::pair<std::string, double>> counters;  // what the rules want reported
  std::vector<LinearCut> cuts;                           // checked at every node, incrementally
  // The whole solve's budget (--time-limit); root rules that can run long stop by its deadline.
  const search::Budget* solve_budget = nullptr;

  double seconds_left() const {
    return solve_budget ? solve_budget->seconds_left() : std::numeric_limits<double>::infinity();
  }
};

// A node as rules see it.
struct PegNode {
  const uint64_t* pegs;  // hole h is bit h % 64 of word h / 64
  const uint8_t* used;   // per jump: times used on the path to this node
  const int* budget;     // per jump: the root budget
  int count;             // pegs on the board
  bool peg(int h) const { return (pegs[h >> 6] >> (h & 63)) & 1; }
};

class PegRule {
 public:
  virtual ~PegRule() = default;
  virtual Verdict post(PegRoot& root, Certificate& why) = 0;
  virtual bool checks_nodes() const { return false; }
  virtual Verdict propagate(const PegNode&) const { return Verdict::no_change; }
};

struct PegRuleEntry {
  RuleInfo info;
  std::unique_ptr<PegRule> (*make)();
};

// Every peg rule; heuristics/peg/registry.cpp.
const std::vector<PegRuleEntry>& peg_rules();
std::vector<RuleInfo> peg_rule_infos();

}  // namespace bs::peg
