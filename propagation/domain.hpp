// Finite domains as bit masks: the values a variable can still take.
//
// A domain is one 32-bit word with bit v-1 for value v, so a domain of up to 32 values is
// intersected, tested for a single value and counted in one or two instructions each. That is
// the whole point of the propagation core (propagation/): rules run at every node of a search,
// often many times per node, and a word per variable keeps them to a few mask operations.
// Futoshiki's cells (values 1..n), Dominosa's placements and Shakashaka's five cell states all
// fit. Values are numbered from 1 so that a puzzle's own numbers need no translation.
#pragma once

#include <bit>
#include <cstdint>

namespace bs::propagation {

using Mask = uint32_t;

inline Mask value_bit(int v) {
  return Mask{1} << (v - 1);
}
// One value left: the variable is decided.
inline bool fixed(Mask d) {
  return d && !(d & (d - 1));
}
inline int lowest_value(Mask d) {
  return std::countr_zero(d) + 1;
}
inline int highest_value(Mask d) {
  return 32 - std::countl_zero(d);
}

}  // namespace bs::propagation
