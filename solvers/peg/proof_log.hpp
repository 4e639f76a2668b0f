// The proof log of an exhaustive search: every dead position a plain search met, for a checker
// that confirms them one jump at a time and never searches (puzzles/peg/proof_check.hpp).
//
// The portfolio's own "no" rests on machinery a checker cannot replay cheaply: jump budgets that
// depend on the path, a backward set, symmetry, a table that forgets. So once it has said "no",
// this second, plain search writes the proof: a depth-first search from the start that prunes
// only by what the checker re-derives on its own (too few pegs left, the pagodas it is given,
// positions already logged), and logs each position once all its moves are refuted. Jumps that
// the IP proves no game makes (those the jump-bounds rule gave budget 0, each with its own
// branch-and-bound proof) are left out, which is what keeps the logs of the boards' hard "no"s
// small: the portfolio refutes those at the root with the same budgets. Its effort
// limit is the log's size (--proof-log); past it the certificate says so and gives the size
// reached, rather than ship a log nobody would read.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/peg/board.hpp"
#include "puzzles/peg/proof_check.hpp"
#include "search/budget.hpp"

namespace bs::peg {

struct ProofLog {
  bool complete = false;  // the log proves the instance impossible
  bool found = false;     // the plain search reached the final: the first search was wrong
  std::vector<LogPosition> positions;
  std::vector<std::vector<int64_t>> pagodas;
  std::string why;  // when not complete: what stopped it
  uint64_t nodes = 0;
  double seconds = 0;
};

// Stops at `max_positions` logged positions, or when `budget` stops (its time or cancel flag).
// Jumps with unused[j] != 0 are never played, and the pagodas need not respect them: the caller
// holds a proof that no game makes them (proof_check.hpp's UnusedJump).
ProofLog build_proof_log(const Instance& instance, uint64_t max_positions, search::Budget& budget,
                         const std::vector<char>& unused = {});

}  // namespace bs::peg
