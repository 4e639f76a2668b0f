#include "experiments/paired.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>

#include "core/error.hpp"
#include "experiments/rows.hpp"
#include "puzzles/mines/record.hpp"

namespace bs::experiments {

namespace {

struct Outcome {
  bool won = false;
  int line = 0;
  // What makes two records the same game: the board and where its mines were.
  std::string board;
  std::vector<std::pair<int, int>> mines;
};

std::map<int64_t, Outcome> read_outcomes(const std::string& path) {
  std::map<int64_t, Outcome> out;
  for_each_row(path, [&](int line, const nlohmann::json& j) {
    mines::RecordedGame g = mines::read_record(j, path, line);
    const auto [it, fresh] =
        out.try_emplace(g.game, Outcome{g.won, line, std::move(g.board), std::move(g.mines)});
    if (!fresh)
      throw InputError(path, line, 1,
                       "game " + std::to_string(g.game) + " is recorded twice (first on line " +
                           std::to_string(it->second.line) + ")");
  });
  return out;
}

// log of the Binomial(n, 1/2) probability of k.
double log_binomial_half(int64_t n, int64_t k) {
  const double dn = static_cast<double>(n), dk = static_cast<double>(k);
  return std::lgamma(dn + 1) - std::lgamma(dk + 1) - std::lgamma(dn - dk + 1) - dn * std::log(2.0);
}

}  // namespace

double mcnemar_p_value(int64_t only_a, int64_t only_b) {
  const int64_t n = only_a + only_b, k = std::min(only_a, only_b);
  if (n == 0) return 1;
  // P(X <= k) by log-sum-exp over the tail: the terms grow towards k, so k's is the largest.
  const double top = log_binomial_half(n, k);
  double tail = 0;
  for (int64_t i = k; i >= 0; --i) {
    const double term = std::exp(log_binomial_half(n, i) - top);
    tail += term;
    if (term < 1e-17 * tail) break;  // the rest cannot change a double
  }
  return std::min(1.0, 2 * std::exp(top) * tail);
}

PairedGames compare_records(const std::string& file_a, const std::string& file_b) {
  const auto a = read_outcomes(file_a), b = read_outcomes(file_b);
  PairedGames p;
  for (const auto& [game, x] : a) {
    const auto it = b.find(game);
    if (it == b.end()) {
      ++p.unmatched;
      continue;
    }
    const Outcome& y = it->second;
    if (x.board != y.board || x.mines != y.mines)
      throw InputError(file_b, y.line, 1,
                       "game " + std::to_string(game) + " has another board or layout than in " +
                           file_a + " (line " + std::to_string(x.line) +
                           "): the runs are not paired (play both with the same --seed and "
                           "--board)");
    ++p.games;
    p.wins_a += x.won;
    p.wins_b += y.won;
    p.only_a += x.won && !y.won;
    p.only_b += y.won && !x.won;
  }
  for (const auto& [game, y] : b) p.unmatched += !a.count(game);
  if (p.games == 0) throw InputError(file_b, 0, 0, "no game in common with " + file_a);
  const double n = static_cast<double>(p.games);
  p.difference = static_cast<double>(p.only_b - p.only_a) / n;
  // Sample variance of the per-game differences d (each -1, 0 or +1): sum d^2 = discordant.
  const double discordant = static_cast<double>(p.only_a + p.only_b);
  const double variance =
      p.games > 1 ? std::max(0.0, (discordant - n * p.difference * p.difference) / (n - 1)) : 0;
  const double half = 1.959963984540054 * std::sqrt(variance / n);
  p.low = p.difference - half;
  p.high = p.difference + half;
  p.p_value = mcnemar_p_value(p.only_a, p.only_b);
  return p;
}

std::string paired_text(const PairedGames& p, const std::string& name_a,
                        const std::string& name_b) {
  const double n = static_cast<double>(p.games);
  auto line = [](const char* format, auto... values) {
    char buf[160];
    std::snprintf(buf, sizeof buf, format, values...);
    return std::string(buf);
  };
  std::string out =
      line("games compared  %lld (the same layouts)", static_cast<long long>(p.games));
  if (p.unmatched) out += line(", %lld in one file only", static_cast<long long>(p.unmatched));
  out += "\n";
  out += line("A               %lld wins, %.3f%%  ", static_cast<long long>(p.wins_a),
              100 * static_cast<double>(p.wins_a) / n) +
         name_a + "\n";
  out += line("B               %lld wins, %.3f%%  ", static_cast<long long>(p.wins_b),
              100 * static_cast<double>(p.wins_b) / n) +
         name_b + "\n";
  out += line("won by B alone  %lld\n", static_cast<long long>(p.only_b));
  out += line("won by A alone  %lld\n", static_cast<long long>(p.only_a));
  out += line("B - A           %+lld games, %+.3f points, 95%% interval [%+.3f, %+.3f] (paired)\n",
              static_cast<long long>(p.only_b - p.only_a), 100 * p.difference, 100 * p.low,
              100 * p.high);
  out += line("McNemar         exact two-sided p = %.3g\n", p.p_value);
  return out;
}

}  // namespace bs::experiments
