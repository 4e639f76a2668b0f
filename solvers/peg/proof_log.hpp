// The proof log of an exhaustive search: every dead position a plain search met, for a checker
// that confirms them one jump at a time and never searches (puzzles/peg/proof_check.hpp).
//
// The portfolio's own "no" rests on machinery a checker cannot replay cheaply: jump budgets that
// depend on the path, a backward set, symmetry, a table that forgets. So once it has said "no",
// this second, plain search writes the proof: a depth-first search from the start that prunes
// only by what the checker re-derives on its own (too few pegs left, the pagodas it is given,
// positions already logged), and logs each position once all its moves are refuted. Its effort
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
ProofLog build_proof_log(const Instance& instance, uint64_t max_positions, search::Budget& budget);

}  // namespace bs::peg
