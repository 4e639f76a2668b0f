// What a propagation rule answers at a node, whatever the puzzle.
//
// As a Gecode propagator does: fail (cut this node), progress (it tightened something; run the
// cheaper rules again), or no change. It lives in the bottom layer because both the rule
// registry (heuristics/rule.hpp) and the puzzle-free propagation core (propagation/) speak it,
// and the core may not include heuristics/.
#pragma once

namespace bs {

enum class Verdict { no_change, progress, fail };

}  // namespace bs
