// pagoda: pagoda functions, as a root certificate and as cuts at every node.
//
// A pagoda gives each hole a weight w >= 0 with w(from) + w(over) >= w(to) for every jump, so no
// jump raises the weight of the pegs (ilp/peg/pagoda.hpp). At the root an LP looks for one that
// weighs the start less than the final: then no game exists, and the pagoda with its two sums is
// the certificate, which the verifier re-checks in integers. Otherwise a second family of LPs
// builds a pool of pagodas with w(final) >= 1 that vanish on as much of the board as they can,
// and the search cuts any node that weighs less than the final under one of them. Those cuts
// are kept up to date move by move, one addition per pagoda.
//
// Sound with the dead table: a pagoda cut says the node cannot reach the final at all, whatever
// the path to it.
#pragma once

#include "heuristics/peg/peg_rule.hpp"

namespace bs::peg {

class PagodaRule : public PegRule {
 public:
  static constexpr RuleInfo kInfo{
      "pagoda", "peg", Cost::lp, true,
      "pagoda functions: an LP certificate at the root, and a pool of pagodas cut nodes"};
  Verdict post(PegRoot& root, Certificate& why) override;
};

}  // namespace bs::peg
