// Independent replay of a peg solitaire solution.
//
// A solver's answer is only as trustworthy as its checker, so this one shares nothing with any
// solver: it knows the board through hole_at() alone and replays the jumps cell by cell, the way
// a person would on a wooden board. Every solution a solver prints is meant to pass through here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/peg/board.hpp"

namespace bs::peg {

struct VerifyResult {
  bool ok = false;
  std::string message;   // empty when ok; otherwise names the first bad jump or the end mismatch
  int failed_move = -1;  // 0-based index into the jumps; -1 if ok or if the end state is wrong
};

// Each jump must start on a hole holding a peg, jump over a hole holding a peg and land in an
// empty hole; after the last jump the configuration must equal instance.final exactly.
VerifyResult verify_solution(const Instance& instance, const std::vector<JumpRC>& jumps);

// Re-checks a pagoda certificate of impossibility with integer arithmetic: weights[h] >= 0 for
// every hole h, w(a) + w(b) >= w(c) for every three holes a, b, c in a straight line of
// neighbours (every jump, found from hole_at() alone), the two claimed sums are the weights of
// start and final, and start weighs less. Returns an empty string when all of that holds, else
// what failed.
std::string check_pagoda(const Instance& instance, const std::vector<int64_t>& weights,
                         int64_t start_sum, int64_t final_sum);
// The first half of that: the weights are a pagoda of the board ("" when they are).
std::string check_pagoda_weights(const Board& board, const std::vector<int64_t>& weights);

}  // namespace bs::peg
