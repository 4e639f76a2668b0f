#include "heuristics/peg/classic_pagodas.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "puzzles/peg/verify.hpp"

namespace bs::peg {

namespace {

struct Profile {
  std::string name;
  std::vector<int64_t> weight;  // per coordinate along the axis
};

// The one-dimensional pagodas of a line of `length` cells, golden ones centred on `centres`.
std::vector<Profile> profiles(char axis, int length, const std::set<int>& centres) {
  std::vector<Profile> out;
  out.push_back({"flat", std::vector<int64_t>(length, 1)});
  for (int parity = 0; parity < 2; ++parity) {
    Profile p{parity ? "odd" : "even", std::vector<int64_t>(length, 0)};
    for (int i = parity; i < length; i += 2) p.weight[i] = 1;
    out.push_back(std::move(p));
  }
  // F(n - d) is a pagoda of the line for any n; n is the line's length, capped so that a product
  // of two stays below the verifier's weight limit of 2^40 (F(30)^2 is about 6.9e11).
  const int n = std::min(length, 30);
  std::vector<int64_t> fib(n + 1, 1);  // fib[1] = fib[2] = 1
  for (int k = 3; k <= n; ++k) fib[k] = fib[k - 1] + fib[k - 2];
  for (int c : centres) {
    Profile p{"golden(" + std::string(1, axis) + std::to_string(c) + ")", {}};
    for (int i = 0; i < length; ++i) p.weight.push_back(fib[std::max(1, n - std::abs(i - c))]);
    out.push_back(std::move(p));
  }
  return out;
}

int64_t weigh(const std::vector<int64_t>& w, const Config& c) {
  int64_t s = 0;
  for (size_t h = 0; h < c.size(); ++h) s += c[h] ? w[h] : 0;
  return s;
}

}  // namespace

std::vector<ClassicPagoda> classic_pagodas(const Board& b, const Config& final) {
  std::set<int> rows, cols;
  for (int h = 0; h < b.holes(); ++h)
    if (final[h]) {
      rows.insert(b.row_of(h));
      cols.insert(b.col_of(h));
    }
  std::vector<ClassicPagoda> out;
  for (const Profile& pr : profiles('r', b.rows(), rows))
    for (const Profile& pc : profiles('c', b.cols(), cols)) {
      if (pr.name == "flat" && pc.name == "flat") continue;  // the peg count: nothing to learn
      std::vector<int64_t> w(b.holes());
      for (int h = 0; h < b.holes(); ++h) w[h] = pr.weight[b.row_of(h)] * pc.weight[b.col_of(h)];
      out.push_back({pr.name + " x " + pc.name, std::move(w)});
    }
  return out;
}

Verdict ClassicPagodasRule::post(PegRoot& root, Certificate& why) {
  const Instance& in = root.instance;
  struct Candidate {
    std::vector<int64_t> weights;
    int64_t start_sum, final_sum;
  };
  std::vector<Candidate> useful;
  for (ClassicPagoda& p : classic_pagodas(in.board, in.final)) {
    if (const std::string bad = check_pagoda_weights(in.board, p.weights); !bad.empty())
      throw std::logic_error("classic pagoda " + p.name + ": " + bad);
    const int64_t s = weigh(p.weights, in.start), f = weigh(p.weights, in.final);
    if (f == 0) continue;  // every position weighs at least 0: no cut
    if (s < f) {
      why.kind = "pagoda";
      why.detail = "the classic pagoda " + p.name + " weighs the start " + std::to_string(s) +
                   " and the final " + std::to_string(f) + ": no jump raises the weight";
      const nlohmann::json data = {
          {"weights", p.weights}, {"start_sum", s}, {"final_sum", f}, {"pagoda", p.name}};
      why.data_json = data.dump();
      return Verdict::fail;
    }
    useful.push_back({std::move(p.weights), s, f});
  }
  // Tightest first: the largest w(final) / w(start), compared by cross-multiplying (in 128 bits:
  // each sum can reach 2^47).
  std::stable_sort(useful.begin(), useful.end(), [](const Candidate& x, const Candidate& y) {
    using i128 = __int128;
    return i128{x.final_sum} * y.start_sum > i128{y.final_sum} * x.start_sum;
  });
  std::set<std::vector<int64_t>> seen;
  for (Candidate& c : useful) {
    if (static_cast<int>(root.cuts.size()) == kCuts) break;
    if (!seen.insert(c.weights).second) continue;
    root.cuts.push_back(LinearCut{std::move(c.weights), c.final_sum});
  }
  root.counters.emplace_back("classic_pagodas", static_cast<double>(root.cuts.size()));
  return Verdict::no_change;
}

}  // namespace bs::peg
