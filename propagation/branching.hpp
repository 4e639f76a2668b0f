// Which variable a search branches on, and in which order it tries the values.
//
// Smallest domain first (fail first). Among equals, look-ahead takes the variable whose values
// the probe found to settle most of the state, in every branch: its subtrees are the smallest.
// Then (and for dom-deg) the variable in the most constraints, whose value tells its neighbours
// most. `input` takes the first open variable, the textbook baseline. Values go up or down.
// The model supplies the degrees; the scores come from whatever probing rule left them.
// `items` is for a model that is an exact cover: the model itself picks the item (a variable
// or a constraint) with the fewest options left and makes one move per option
// (ItemBranching, below), as Knuth's Algorithm X does.
#pragma once

#include <bit>
#include <concepts>
#include <stdexcept>
#include <string>
#include <vector>

#include "propagation/domain.hpp"

namespace bs::propagation {

enum class Branching { dom_deg, dom, input, dom_probe, items };

// `automatic` is what "auto" means: the puzzle's own best.
inline Branching parse_branching(const std::string& v, Branching automatic) {
  if (v == "auto") return automatic;
  if (v == "dom-deg") return Branching::dom_deg;
  if (v == "dom") return Branching::dom;
  if (v == "input") return Branching::input;
  if (v == "dom-probe") return Branching::dom_probe;
  if (v == "items") return Branching::items;
  throw std::invalid_argument("option --branching: '" + v +
                              "' is not auto, dom-probe, dom-deg, dom, input or items");
}

// True: values are tried from the highest down.
inline bool parse_value_order(const std::string& v) {
  if (v == "up") return false;
  if (v == "down") return true;
  throw std::invalid_argument("option --value-order: '" + v + "' is not up or down");
}

template <class M>
concept Degrees = requires(const M& m, int var) {
  { m.degree_of(var) } -> std::convertible_to<int>;  // constraints on the variable
};

// A model that branches on its own items (Branching::items): it appends the moves of the item
// with the fewest options to `out`, each fixing one variable to one value (Move, below), highest
// first when `down`. The moves must split the node's solutions between them, and each must
// change the node.
template <class M>
concept ItemBranching = requires(const M& m, const Mask* d, std::vector<uint32_t>& out) {
  m.branch_moves(d, true, out);
};

// The variable to branch on among the first `variables` of `d`, or -1 when all are fixed.
// `scores` is null when the node has no look-ahead scores.
template <Degrees M>
int choose_variable(const M& m, const Mask* d, int variables, Branching branching,
                    const float* scores) {
  int best = -1, best_size = 99, best_degree = -1;
  float best_score = 0;
  for (int x = 0; x < variables; ++x) {
    const Mask dom = d[x];
    if (fixed(dom)) continue;
    if (branching == Branching::input) return x;
    const int size = std::popcount(dom);
    const int degree = branching == Branching::dom ? 0 : m.degree_of(x);
    const float score = scores ? scores[x] : 0.0f;
    if (size < best_size || (size == best_size && (score > best_score || (score == best_score &&
                                                                          degree > best_degree)))) {
      best = x;
      best_size = size;
      best_degree = degree;
      best_score = score;
      if (size == 2 && branching == Branching::dom) break;
    }
  }
  return best;
}

// A move fixes one variable to one value: var << 5 | (value - 1).
using Move = uint32_t;
inline int move_variable(Move m) {
  return static_cast<int>(m >> 5);
}
inline Mask move_value(Move m) {
  return Mask{1} << (m & 31);
}

// One move per value of `dom`, lowest first, or highest first when `down`.
inline void append_value_moves(int var, Mask dom, bool down, std::vector<Move>& out) {
  while (dom) {
    const int bit = down ? 31 - std::countl_zero(dom) : std::countr_zero(dom);
    dom &= ~(Mask{1} << bit);
    out.push_back(static_cast<Move>(var) << 5 | static_cast<Move>(bit));
  }
}

}  // namespace bs::propagation
