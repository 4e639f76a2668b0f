// The "rule of three" position classes of peg solitaire, a cheap certificate of impossibility.
//
// Label hole (r, c) with a = (r+c) mod 3 and b = (r-c) mod 3, and count the pegs in each label:
// nA[0..2] and nB[0..2]. A jump removes pegs from two consecutive labels of each family and adds
// one to the third, so it flips the parity of all three nA[k] and all three nB[k]. The sums
// nA0+nA1, nA1+nA2, nB0+nB1, nB1+nB2 therefore keep their parity: these four bits name one of 16
// classes that no sequence of jumps can leave. If start and final differ in class, the problem
// has no solution (the converse does not hold).
#pragma once

#include <string>

#include "puzzles/peg/board.hpp"

namespace bs::peg {

// Bits, low to high: nA0+nA1, nA1+nA2, nB0+nB1, nB1+nB2, each mod 2. Result in 0..15.
int position_class(const Board& board, const Config& config);
// "class 5 (A: 1 0, B: 1 0)" style text for logs and error messages; k must be in 0..15.
std::string describe_class(int k);

}  // namespace bs::peg
