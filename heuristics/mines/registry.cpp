// The Minesweeper deduction rules, cheapest first: one line per rule. run_rules hands the named
// ones to the shared fixpoint driver and reads its narrowings back into the system.
#include <algorithm>
#include <array>
#include <boost/container/small_vector.hpp>
#include <span>
#include <stdexcept>

#include "heuristics/mines/lp.hpp"
#include "heuristics/mines/single_row.hpp"
#include "heuristics/mines/subset.hpp"
#include "heuristics/mines/system.hpp"

namespace bs::mines {

// No rule is idempotent: a pass that decides cells can leave more for the same rule (single-row
// reads each row once; the LP solves the relaxation of the cells undecided when it started), so
// each runs again after its own progress, as under the driver this one replaced.
const std::vector<MineRuleEntry>& mine_rules() {
  static const std::vector<MineRuleEntry> rules = {
      {kSingleRowInfo, apply_single_row, false},
      {kSubsetInfo, apply_subset, false},
      {kLpInfo, apply_lp, false},
  };
  return rules;
}

std::vector<RuleInfo> mine_rule_infos() {
  std::vector<RuleInfo> out;
  for (const auto& e : mine_rules()) out.push_back(e.info);
  return out;
}

namespace {

using Selected = std::array<const MineRuleEntry*, propagation::kMaxFixpointRules>;

// The entries of the named rules, in the order named. Throws on an unknown name.
int select(const std::vector<std::string>& names, Selected& out) {
  if (names.size() > out.size()) throw std::invalid_argument("mines: too many deduction rules");
  int count = 0;
  for (const std::string& name : names) {
    const MineRuleEntry* found = nullptr;
    for (const auto& e : mine_rules())
      if (e.info.name == name) found = &e;
    if (!found) throw std::invalid_argument("mines: no deduction rule named '" + name + "'");
    out[static_cast<size_t>(count++)] = found;
  }
  return count;
}

}  // namespace

Verdict run_rules(MineSystem& s, const std::vector<std::string>& names, int& hardest,
                  RuleCounts* counts) {
  Selected rules{};
  const int count = select(names, rules);
  // The domains, then the failure word. Inline: the player runs the rules on small patches for
  // every cell it weighs, where a heap array per call would show.
  boost::container::small_vector<Mask, 64> d(static_cast<size_t>(s.words()),
                                             boost::container::default_init);
  // Bounds and pointers held locally, so that the compiler sees no store into d can change them
  // and vectorises the conversion.
  const int n = s.vars;
  const int8_t* value = s.value.data();
  Mask* domains = d.data();
  for (int v = 0; v < n; ++v) domains[v] = domain_of(value[v]);
  domains[n] = 0;
  hardest = -1;
  propagation::FixpointIo<MineSystem> io;
  if (counts && counts->timed) io.nanoseconds = counts->nanoseconds.data();
  // Each narrowing decides its cell: it is read back, and credited to the rule that made it.
  const auto on_call = [&](int i, Verdict v, std::span<const propagation::Narrowing> made) {
    if (counts) {
      ++counts->calls[i];
      counts->prunes[i] += made.size() + (v == Verdict::fail);
    }
    if (v == Verdict::progress) hardest = std::max(hardest, i);
    for (const propagation::Narrowing& e : made) {
      s.value[e.var] = value_of(d[e.var]);
      s.decided_by[e.var] = static_cast<int8_t>(i);
    }
  };
  const bool alive =
      propagation::run_to_fixpoint(s, d.data(), Dirty::all(), rules.data(), count, io, on_call);
  if (alive) return Verdict::no_change;
  s.failed_row = static_cast<int>(d[s.vars]) - 1;
  return Verdict::fail;
}

}  // namespace bs::mines
