// position-class: the "rule of three".
//
// Colour hole (r, c) by (r + c) mod 3 and, separately, by (r - c) mod 3. The three holes of any
// jump lie on a row or a column, so they take all three colours of each family: a jump flips the
// parity of the peg count on every colour. The parities of the sums of two colours therefore never
// change, which splits all configurations into 16 classes (puzzles/peg/position_class). A start
// and a final in different classes cannot be joined; the two class numbers are the certificate.
// It costs one pass over the holes and runs before any IP.
#pragma once

#include "heuristics/peg/peg_rule.hpp"

namespace bs::peg {

class PositionClassRule : public PegRule {
 public:
  static constexpr RuleInfo kInfo{"position-class", "peg", Cost::root, true,
                                  "rule of three: start and final must share one of 16 classes"};
  Verdict post(PegRoot& root, Certificate& why) override;
};

}  // namespace bs::peg
