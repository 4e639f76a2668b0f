// classic-pagodas: the textbook pagoda functions, checked at the root and cut at every node.
//
// A pagoda weighs each hole so that no jump raises the weight of the pegs (heuristics/peg/pagoda
// has the LP that invents them). The classic ones are built by hand from one-dimensional
// profiles: a profile p along a line is a pagoda of that line when p(a) + p(b) >= p(c) for any
// three neighbouring cells a, b, c, in both directions, and the product of a row profile and a
// column profile is then a pagoda of any board with orthogonal jumps (a jump along a row
// multiplies a row pagoda inequality by a constant, and likewise for columns). The profiles:
// - flat: 1 everywhere;
// - golden, centred on a cell of the final: Fibonacci weights F(n - d) at distance d, floored at
//   1, where n is the line's length (at most 30, which keeps weights below 2^40). The product of two is Conway's resource count in integers (Berlekamp, Conway and Guy,
//   Winning Ways, ch. 23: the golden ratio sigma^d with sigma^2 + sigma = 1, which proves that
//   his soldiers cannot advance five rows), and it punishes pegs far from the final;
// - even and odd: 1 on every second cell. Their products are the four sublattice counts: the
//   pegs on cells of one parity class never grow in number.
// Each candidate is re-checked as a pagoda of the board before use. One that weighs the start
// less than the final proves the game impossible, with the same certificate as the LP's
// (re-checked by the verifier). Otherwise the tightest few, by w(final) / w(start), become cuts:
// the search keeps their sums move by move (one addition each) and cuts a node that weighs less
// than the final. It costs a few passes over the holes and no LP, so it runs before the LP
// pagoda and settles the games it can without one.
//
// Sound with the dead table: a pagoda cut says the node cannot reach the final by any path.
#pragma once

#include <string>
#include <vector>

#include "heuristics/peg/peg_rule.hpp"

namespace bs::peg {

struct ClassicPagoda {
  std::string name;  // "golden(r3) x golden(c3)": row profile x column profile
  std::vector<int64_t> weights;
};
// Every product of a row and a column profile but flat x flat, golden ones centred on the rows
// and columns of the final's pegs.
std::vector<ClassicPagoda> classic_pagodas(const Board& board, const Config& final);

class ClassicPagodasRule : public PegRule {
 public:
  static constexpr RuleInfo kInfo{
      "classic-pagodas", "peg", Cost::root, true,
      "textbook pagodas (Conway's golden ratio, sublattice counts): certificate and node cuts"};
  static constexpr int kCuts = 2;  // the tightest this many become node cuts
  Verdict post(PegRoot& root, Certificate& why) override;
};

}  // namespace bs::peg
