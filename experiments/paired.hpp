// Paired comparison of two players on the same games (`boundsearch compare A.jsonl B.jsonl`).
//
// `play mines --record FILE` writes one JSON line per game: its index, its board, its layout and
// whether it was won. Two strategies run with the same --seed and --board deal the very same
// layouts, so their outcomes can be compared game by game rather than rate against rate. Most
// games are won, or lost, by both; only the discordant ones (won by one player alone) say which
// is better, and the spread of the difference comes from them alone. An element that changes
// 2% of 100,000 expert outcomes has a paired standard deviation near 45 games, while each of the
// two Wilson intervals is about 300 games wide: the paired view is what makes an ablation of a
// small element readable at all.
//
// The test of "no difference" is McNemar's, exact: under it each discordant game is a fair coin
// between the two players, so the count won by B alone is Binomial(discordant, 1/2). The interval
// of the difference is the normal one of the mean of the per-game differences (-1, 0 or +1).
#pragma once

#include <cstdint>
#include <string>

namespace bs::experiments {

struct PairedGames {
  int64_t games = 0;               // games in both files with the same board and layout
  int64_t wins_a = 0, wins_b = 0;  // among them
  int64_t only_a = 0, only_b = 0;  // won by one player alone
  int64_t unmatched = 0;           // games in one file only: not compared
  double difference = 0;           // (wins_b - wins_a) / games
  double low = 0, high = 0;        // its 95% interval
  double p_value = 1;              // exact two-sided McNemar test
};

// Reads two record files and compares them game by game, matched by index. A line that is not a
// game record, a game twice in one file, or a game whose board or layout differs between the
// files (the runs were not paired: another seed or board) is an InputError naming the file and
// line; so is a pair of files with no game in common.
PairedGames compare_records(const std::string& file_a, const std::string& file_b);

// The exact two-sided McNemar p-value: twice the smaller tail of Binomial(only_a + only_b, 1/2),
// at most 1 (1 when no game is discordant).
double mcnemar_p_value(int64_t only_a, int64_t only_b);

// The comparison as a few aligned lines, for the terminal.
std::string paired_text(const PairedGames& p, const std::string& name_a, const std::string& name_b);

}  // namespace bs::experiments
