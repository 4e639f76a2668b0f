// Literals over finite domains, and the past a rule explains itself from.
//
// Learning from conflicts (learning.hpp) needs to know why each value left its domain. The
// store is read as a direct encoding: one Boolean per (variable, value), whose two literals say
// "x = v" and "x != v". A removal makes "x != v" true; a domain down to one value makes "x = v"
// true. A clause over these literals is what lazy clause generation learns (Chuffed, OR-Tools
// CP-SAT): it needs no other vocabulary, because every rule of the core removes values and
// fixes variables and does nothing else.
//
// Explanations are lazy. A rule that removed a value says nothing at the time; only when a
// conflict's analysis reaches that removal is the rule asked why, and it answers from the store
// as it was just before the removal (Past): a few literals, each true by then, that together
// with the rule's constraint force the removal. Most removals are never asked about, so they
// cost nothing beyond the trail entry. A rule that cannot say why (a rule with no explain
// function, or one asked about a removal another rule made first) is answered for by the
// decisions taken so far, which is sound, as the state is a function of them, but learns little.
#pragma once

#include <bit>
#include <climits>
#include <cstdint>
#include <vector>

#include "propagation/domain.hpp"

namespace bs::propagation {

// A literal: variable << 6 | (value - 1) << 1 | is_eq. Values up to 32, as domains are.
using Lit = uint32_t;
inline constexpr Lit kNoLit = ~Lit{0};

inline Lit lit_ne(int var, int value) {
  return static_cast<Lit>(var) << 6 | static_cast<Lit>(value - 1) << 1;
}
inline Lit lit_eq(int var, int value) {
  return lit_ne(var, value) | 1;
}
inline int lit_var(Lit l) {
  return static_cast<int>(l >> 6);
}
inline int lit_value(Lit l) {
  return static_cast<int>((l >> 1) & 31) + 1;
}
inline bool lit_is_eq(Lit l) {
  return l & 1;
}
inline Lit negate(Lit l) {
  return l ^ 1;
}
// The Boolean a literal is of: variable << 5 | (value - 1).
inline uint32_t lit_bool(Lit l) {
  return l >> 1;
}

// Trail positions: a literal true from the start (a value the root never had, a given) is true
// "before everything"; one never made true is true "after everything".
inline constexpr int32_t kFromStart = -1;
inline constexpr int32_t kNever = INT32_MAX;

// The store as it was just before trail position `time`: what an explanation may use.
class Past {
 public:
  // `fixed_value`: per variable, the value it is fixed to while it is (fixed_at says since when).
  Past(const Mask* root, const Mask* now, const int32_t* removed_at, const int32_t* fixed_at,
       const int8_t* fixed_value, int time)
      : root_(root),
        now_(now),
        removed_at_(removed_at),
        fixed_at_(fixed_at),
        fixed_value_(fixed_value),
        time_(time) {}

  int time() const { return time_; }

  // Whether `var` had lost `value` by then (or never had it).
  bool lacks(int var, int value) const { return removed_at_[var << 5 | (value - 1)] < time_; }

  // The value `var` was fixed to by then, or 0.
  int fixed_value(int var) const {
    if (fixed_at_[var] >= time_) return 0;
    return fixed_at_[var] >= 0 ? fixed_value_[var] : lowest_value(root_[var]);
  }

  // The values of `var` not yet removed at that time.
  Mask domain(int var) const {
    Mask d = now_[var];
    for (Mask gone = root_[var] & ~d; gone; gone &= gone - 1) {
      const int bit = std::countr_zero(gone);
      if (removed_at_[var << 5 | bit] >= time_) d |= Mask{1} << bit;
    }
    return d;
  }

  // Whether literal `l` was true by then.
  bool holds(Lit l) const {
    const int var = lit_var(l);
    if (lit_is_eq(l)) return fixed_at_[var] < time_ && domain(var) == value_bit(lit_value(l));
    return removed_at_[lit_bool(l)] < time_;
  }

  // Appends the literals that say `var` had at most the values `kept` then: "var = v" when it
  // was fixed (one literal instead of many), else "var != w" for each other value it had lost.
  void push_within(int var, Mask kept, std::vector<Lit>& reason) const {
    const Mask d = domain(var);
    if (fixed(d) && fixed_at_[var] < time_) {
      reason.push_back(lit_eq(var, lowest_value(d)));
      return;
    }
    for (Mask gone = root_[var] & ~kept; gone; gone &= gone - 1)
      reason.push_back(lit_ne(var, std::countr_zero(gone) + 1));
  }

 private:
  const Mask* root_;
  const Mask* now_;
  const int32_t* removed_at_;
  const int32_t* fixed_at_;
  const int8_t* fixed_value_;
  int time_;
};

// A rule's explanation: the literals, true in `past`, that with the rule's constraints force
// `l` (or, for l == kNoLit, that cannot hold together: the rule's failure). Appends them to
// `reason` and answers true, or false when it finds no reason (the engine then falls back on
// the decisions).
template <class M>
using ExplainFunction = bool (*)(const M& m, const Past& past, Lit l, std::vector<Lit>& reason);

}  // namespace bs::propagation
