// Counting a frontier component's layouts by dynamic programming along a band order of its groups.
//
// The enumeration in probability.cpp visits every feasible assignment of mines to groups: its cost
// grows with the number of layouts, which is exponential in the component's size. But a digit
// only constrains the groups it sees, so once every group a digit sees is assigned, the digit is
// settled, and what the rest of the assignment can do depends only on the digits still open. The
// DP places the groups in an order that keeps few digits open at a time (a band order, made
// greedily: next the group that opens the fewest digits and closes the most), and carries as its
// state the mines each open digit already sees. States that agree are merged, each holding its
// layouts as a polynomial in the mines placed so far (the mine count couples the component to the
// rest of the board). Its cost is exponential only in the width, the most digits open at once,
// which stays small on the curves that frontiers are.
//
// A forward pass gives the component's layouts by mine count. The probability of each group then
// needs every layout's weight (the ways to complete the board outside the component, which
// depends on its mine count: `weight[m]`, known only once every component is counted), so a
// backward pass, seeded with those weights, runs over the stored forward states and yields, per
// group, the weighted mines and free cells over all layouts.
//
// The number type is a template: `long double` for the engine, with every layer rescaled to a
// maximum of 1 (a common factor that cancels in every ratio, so no count overflows; the wide
// exponent keeps the products of forward and backward values, each scaled on its own, clear of
// underflow on components of thousands of cells), and an exact integer
// (boost::multiprecision::cpp_int) for --exact, which keeps every count whole.
//
// Limits: a layer may hold at most `state_limit` states, and the budget (the time limit) is
// polled per transition. Past either, the count stops and says which (too wide, or stopped); the
// engine then bounds the component by the LP instead of counting it.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "search/budget.hpp"
#include "solvers/mines/component.hpp"

namespace bs::mines {

// The order the DP places groups in, and how wide it keeps the state.
struct BandOrder {
  std::vector<int> groups;  // group indices, in placing order
  int width = 0;            // the most digits open after any step
  int64_t width_sum = 0;    // the open digits summed over the steps
};
// Greedy from a peripheral group, tried from both ends of the component; the narrower wins.
BandOrder band_order(const Component& c);

struct FrontierDpStats {
  int width = 0;            // of the band order
  int64_t most_states = 0;  // the most states in one layer
  double transitions = 0;   // (state, group count) pairs tried, over both passes
  int64_t stored = 0;       // counts stored over the forward layers
};

enum class DpOutcome { counted, too_wide, stopped };

namespace frontier_dp {  // the DP's parts, defined in frontier_dp.cpp
struct Key;
struct Step;
template <class Num>
struct PolyTable;
}  // namespace frontier_dp

template <class Num>
class FrontierDp {
 public:
  // Layouts with more than `max_mines` mines are dropped (the board has no more to place).
  FrontierDp(const Component& c, int max_mines, search::Budget& budget, int64_t state_limit);
  ~FrontierDp();
  FrontierDp(const FrontierDp&) = delete;
  FrontierDp& operator=(const FrontierDp&) = delete;

  // The forward pass.
  DpOutcome count();
  // After count(): layouts[m], the layouts with m mines (times a common factor for double).
  const std::vector<Num>& layouts() const { return layouts_; }
  // log10 of the common factor the double layouts were divided by (0 for exact types).
  double log10_scale() const { return log10_scale_; }
  // After count(): per group g, the sum over layouts L of weight[m(L)] times the mines (`mines`)
  // and the free cells (`free`) L puts in g; for double, both times a factor common to the group.
  // `weight` has an entry for each m up to layouts().size() - 1.
  DpOutcome marginals(const std::vector<Num>& weight, std::vector<Num>& mines,
                      std::vector<Num>& free);
  const FrontierDpStats& stats() const { return stats_; }

 private:
  struct Tables;
  struct Layer;
  using Key = frontier_dp::Key;
  using Step = frontier_dp::Step;
  using Polys = frontier_dp::PolyTable<Num>;
  bool find_moves(const Step& s, Layer& from, Polys& to, std::vector<Key>& keys);
  void add_moves(const Layer& from, Polys& to, const std::vector<Num>& choose);
  const Component& c_;
  int max_mines_;
  search::Budget& budget_;
  int64_t state_limit_;
  uint64_t unpublished_ = 0;  // nodes not yet published to the budget
  std::unique_ptr<Tables> tables_;
  std::vector<Num> layouts_;
  double log10_scale_ = 0;
  FrontierDpStats stats_;
};

}  // namespace bs::mines
