// Replays jumps on a copy of the start configuration; see verify.hpp for why it stands alone.
#include "puzzles/peg/verify.hpp"

#include <string>

#include "puzzles/peg/format.hpp"

namespace bs::peg {

namespace {

std::string cell(int r, int c) {
  std::string s(1, '(');  // not "(" + ...: GCC 12 warns falsely there (its bug 105651)
  s.append(std::to_string(r)).append(1, ',').append(std::to_string(c)).append(1, ')');
  return s;
}

}  // namespace

VerifyResult verify_solution(const Instance& instance, const std::vector<JumpRC>& jumps) {
  const Board& board = instance.board;
  const auto holes = static_cast<size_t>(board.holes());
  if (instance.start.size() != holes || instance.final.size() != holes) {
    return {false, "malformed instance: configuration sizes differ from the board's hole count",
            -1};
  }
  Config cfg = instance.start;
  for (size_t i = 0; i < jumps.size(); ++i) {
    const JumpRC& j = jumps[i];
    const int d = static_cast<int>(j.dir);
    auto bad = [&](const std::string& why) {
      const std::string written = d >= 0 && d < 4
                                      ? format_jump(j)
                                      : std::to_string(j.row) + " " + std::to_string(j.col) + " ?";
      return VerifyResult{false, "jump " + std::to_string(i) + " (" + written + "): " + why,
                          static_cast<int>(i)};
    };
    if (d < 0 || d >= 4) return bad("invalid direction value " + std::to_string(d));
    // Checking the start cell first keeps row and col inside the grid, so r + 2*dr cannot overflow.
    const int from = board.hole_at(j.row, j.col);
    if (from < 0) return bad(cell(j.row, j.col) + " is not a hole of the board");
    constexpr int kDr[4] = {-1, 0, 1, 0};
    constexpr int kDc[4] = {0, 1, 0, -1};
    const int orow = j.row + kDr[d], ocol = j.col + kDc[d];
    const int trow = j.row + 2 * kDr[d], tcol = j.col + 2 * kDc[d];
    const int over = board.hole_at(orow, ocol);
    const int to = board.hole_at(trow, tcol);
    if (over < 0) return bad("jumps over " + cell(orow, ocol) + ", which is not a hole");
    if (to < 0) return bad("lands on " + cell(trow, tcol) + ", which is not a hole");
    if (!cfg[from]) return bad("no peg at " + cell(j.row, j.col) + " to jump");
    if (!cfg[over]) return bad("no peg at " + cell(orow, ocol) + " to jump over");
    if (cfg[to]) return bad("landing hole " + cell(trow, tcol) + " already holds a peg");
    cfg[from] = 0;
    cfg[over] = 0;
    cfg[to] = 1;
  }
  std::string diff;
  int mismatches = 0;
  for (int h = 0; h < board.holes(); ++h) {
    if (!cfg[h] == !instance.final[h]) continue;
    if (++mismatches <= 10) {
      if (!diff.empty()) diff += "; ";
      diff += cell(board.row_of(h), board.col_of(h)) +
              (cfg[h] ? " has a peg, final is empty" : " is empty, final has a peg");
    }
  }
  if (mismatches > 0) {
    if (mismatches > 10) diff += "; and " + std::to_string(mismatches - 10) + " more";
    return {false,
            "after " + std::to_string(jumps.size()) + " jumps the configuration differs from the " +
                "final one in " + std::to_string(mismatches) + " holes: " + diff,
            -1};
  }
  return {true, "", -1};
}

std::string check_pagoda_weights(const Board& b, const std::vector<int64_t>& weights) {
  if (static_cast<int>(weights.size()) != b.holes())
    return "the pagoda has " + std::to_string(weights.size()) + " weights for " +
           std::to_string(b.holes()) + " holes";
  constexpr int64_t kMaxWeight = int64_t{1} << 40;  // keeps every sum far from overflow
  for (int h = 0; h < b.holes(); ++h)
    if (weights[h] < 0 || weights[h] > kMaxWeight)
      return "the weight of hole " + cell(b.row_of(h), b.col_of(h)) + " is out of range";
  // Every straight triple of neighbouring holes is a jump in both directions.
  for (int r = 0; r < b.rows(); ++r)
    for (int c = 0; c < b.cols(); ++c)
      for (int d = 0; d < 2; ++d) {
        const int h0 = b.hole_at(r, c), h1 = b.hole_at(r + d, c + 1 - d),
                  h2 = b.hole_at(r + 2 * d, c + 2 - 2 * d);
        if (h0 < 0 || h1 < 0 || h2 < 0) continue;
        if (weights[h0] + weights[h1] < weights[h2] || weights[h2] + weights[h1] < weights[h0])
          return "not a pagoda: the jump over " + cell(b.row_of(h1), b.col_of(h1)) +
                 " raises the weight";
      }
  return "";
}

std::string check_pagoda(const Instance& instance, const std::vector<int64_t>& weights,
                         int64_t start_sum, int64_t final_sum) {
  if (std::string why = check_pagoda_weights(instance.board, weights); !why.empty()) return why;
  int64_t s = 0, f = 0;
  for (int h = 0; h < instance.board.holes(); ++h) {
    s += instance.start[h] ? weights[h] : 0;
    f += instance.final[h] ? weights[h] : 0;
  }
  if (s != start_sum || f != final_sum)
    return "the claimed sums (" + std::to_string(start_sum) + ", " + std::to_string(final_sum) +
           ") are not the weights of start and final (" + std::to_string(s) + ", " +
           std::to_string(f) + ")";
  if (s >= f) return "the start weighs no less than the final: the pagoda proves nothing";
  return "";
}

}  // namespace bs::peg
