#include "heuristics/peg/pagoda.hpp"

#include <nlohmann/json.hpp>

#include "ilp/peg/pagoda.hpp"

namespace bs::peg {

Verdict PagodaRule::post(PegRoot& root, Certificate& why) {
  const Instance& in = root.instance;
  if (const auto w = ilp::separating_pagoda(in.board, in.start, in.final)) {
    const int64_t s = ilp::weigh(*w, in.start), f = ilp::weigh(*w, in.final);
    why.kind = "pagoda";
    why.detail = "a pagoda function weighs the start " + std::to_string(s) + " and the final " +
                 std::to_string(f) + ": no jump raises the weight";
    why.data_json = nlohmann::json{{"weights", *w}, {"start_sum", s}, {"final_sum", f}}.dump();
    return Verdict::fail;
  }
  const int pool = root.options.pagodas;
  std::vector<int> allowed(root.budget.size());
  for (size_t j = 0; j < allowed.size(); ++j) allowed[j] = root.budget[j] > 0;
  for (auto& w : ilp::pagoda_pool(in.board, in.final, allowed, pool)) {
    const int64_t bound = ilp::weigh(w, in.final);
    root.cuts.push_back(LinearCut{std::move(w), bound});
  }
  root.counters.emplace_back("pagodas", static_cast<double>(root.cuts.size()));
  return Verdict::no_change;
}

}  // namespace bs::peg
