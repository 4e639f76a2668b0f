// The proof checkers of proof_check.hpp: they confirm steps and never search.
#include "puzzles/peg/proof_check.hpp"

#include <algorithm>
#include <bit>

namespace bs::peg {

namespace {

struct Triple {
  int from, over, to;
};

// Every jump of the board from hole_at() alone, in Board::jumps() order.
std::vector<Triple> board_jumps(const Board& b) {
  constexpr int kDr[4] = {-1, 0, 1, 0};
  constexpr int kDc[4] = {0, 1, 0, -1};
  std::vector<Triple> out;
  for (int r = 0; r < b.rows(); ++r)
    for (int c = 0; c < b.cols(); ++c) {
      const int from = b.hole_at(r, c);
      if (from < 0) continue;
      for (int d = 0; d < 4; ++d) {
        const int over = b.hole_at(r + kDr[d], c + kDc[d]);
        const int to = b.hole_at(r + 2 * kDr[d], c + 2 * kDc[d]);
        if (over >= 0 && to >= 0) out.push_back({from, over, to});
      }
    }
  return out;
}

std::string malformed(const Instance& in) {
  const auto holes = static_cast<size_t>(in.board.holes());
  if (in.start.size() != holes || in.final.size() != holes || holes > kMaxHoles)
    return "malformed instance: configuration sizes differ from the board's hole count";
  return "";
}

// ---- the branch-and-bound proof -----------------------------------------------------------

// Whether y proves that no integer x in [lower, upper] solves the hole equations. The range of
// y^T A x over the box is [sum min(c_J l_J, c_J u_J), sum max(...)] with c = y^T A; the
// equations need y^T A x = y^T b.
std::string check_leaf(const Instance& in, const std::vector<Triple>& jumps,
                       const std::vector<int64_t>& lower, const std::vector<int64_t>& upper,
                       const IpProofStep& leaf) {
  const std::vector<int64_t>& y = leaf.y;
  const int holes = in.board.holes();
  if (static_cast<int>(y.size()) != holes)
    return "a leaf has " + std::to_string(y.size()) + " multipliers for " + std::to_string(holes) +
           " holes";
  for (int64_t v : y)
    if (v > kMaxMultiplier || v < -kMaxMultiplier) return "a leaf's multiplier is out of range";
  if (leaf.modulus != 0 && (leaf.modulus < 2 || leaf.modulus > kMaxMultiplier))
    return "a leaf's modulus is out of range";
  __int128 rhs = 0, low = 0, high = 0;
  for (int h = 0; h < holes; ++h)
    rhs += static_cast<__int128>(y[h]) * ((in.start[h] != 0) - (in.final[h] != 0));
  for (size_t j = 0; j < jumps.size(); ++j) {
    const __int128 c = static_cast<__int128>(y[jumps[j].from]) + y[jumps[j].over] - y[jumps[j].to];
    if (leaf.modulus != 0) {
      if (c % leaf.modulus != 0) return "a leaf's multipliers are not 0 on every jump modulo m";
      continue;
    }
    const __int128 a = c * lower[j], b = c * upper[j];
    low += std::min(a, b);
    high += std::max(a, b);
  }
  if (leaf.modulus != 0)
    return rhs % leaf.modulus != 0 ? "" : "a leaf's multipliers are 0 on start - final modulo m";
  if (rhs >= low && rhs <= high) return "a leaf's multipliers do not separate its box";
  return "";
}

}  // namespace

std::string check_ip_leaf(const Instance& in, const std::vector<int64_t>& lower,
                          const std::vector<int64_t>& upper, const IpProofStep& leaf) {
  if (std::string why = malformed(in); !why.empty()) return why;
  const std::vector<Triple> jumps = board_jumps(in.board);
  if (lower.size() != jumps.size() || upper.size() != jumps.size())
    return "a box needs one bound per jump";
  return check_leaf(in, jumps, lower, upper, leaf);
}

std::string check_ip_proof(const Instance& in, const std::vector<IpProofStep>& steps,
                           int used_jump) {
  if (std::string why = malformed(in); !why.empty()) return why;
  const std::vector<Triple> jumps = board_jumps(in.board);
  if (used_jump >= static_cast<int>(jumps.size())) return "the board has no such jump";
  const int64_t pegdiff = peg_count(in.start) - peg_count(in.final);
  // No jump adds a peg; and a game of no jump at all makes none of them: nothing to prove.
  if (pegdiff < 0 || (used_jump >= 0 && pegdiff < 1)) return "";
  std::vector<int64_t> lower(jumps.size(), 0), upper(jumps.size(), pegdiff);
  if (used_jump >= 0) lower[used_jump] = 1;
  // Each open branch on the stack: its jump, its k, and the upper bound its low side replaced.
  // The low side (x_J <= k) is checked first; when it closes, the high side (x_J >= k + 1)
  // takes the lower bound, and when that closes too, both bounds are restored.
  struct Open {
    int jump;
    int64_t at, old_upper, old_lower;
    bool high;
  };
  std::vector<Open> open;
  size_t i = 0;
  for (;;) {
    if (i == steps.size()) return "the proof ends before its tree is complete";
    const IpProofStep& s = steps[i++];
    if (s.jump >= 0) {
      if (s.jump >= static_cast<int>(jumps.size()))
        return "step " + std::to_string(i - 1) + " branches on a jump the board does not have";
      const auto j = static_cast<size_t>(s.jump);
      if (s.at < lower[j] || s.at >= upper[j])
        return "step " + std::to_string(i - 1) + " branches outside its box";
      open.push_back({s.jump, s.at, upper[j], lower[j], false});
      upper[j] = s.at;
      continue;
    }
    if (std::string why = check_leaf(in, jumps, lower, upper, s); !why.empty())
      return "step " + std::to_string(i - 1) + ": " + why;
    // Close finished branches: a low side hands over to its high side; a high side restores.
    while (!open.empty() && open.back().high) {
      const Open& o = open.back();
      lower[o.jump] = o.old_lower;
      open.pop_back();
    }
    if (open.empty()) break;
    Open& o = open.back();
    o.high = true;
    upper[o.jump] = o.old_upper;
    lower[o.jump] = o.at + 1;
  }
  if (i != steps.size()) return "the proof has steps after its tree is complete";
  return "";
}

// ---- the proof log ------------------------------------------------------------------------

std::string encode_log(const std::vector<LogPosition>& positions, int holes) {
  const int digits = (holes + 3) / 4;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(positions.size() * digits);
  for (const LogPosition& p : positions)
    for (int d = digits - 1; d >= 0; --d)
      out.push_back(kHex[(p.word[d / 16] >> (4 * (d % 16))) & 15]);
  return out;
}

std::string decode_log(const std::string& text, int holes, std::vector<LogPosition>& positions) {
  positions.clear();
  const int digits = (holes + 3) / 4;
  if (holes <= 0 || holes > kMaxHoles) return "the board has no room for a proof log";
  if (text.size() % digits != 0)
    return "the log's length is not a multiple of " + std::to_string(digits) + " digits";
  positions.reserve(text.size() / digits);
  for (size_t at = 0; at < text.size(); at += digits) {
    LogPosition p;
    for (int d = 0; d < digits; ++d) {
      const char ch = text[at + d];
      int v = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
      if (v < 0) return "the log holds a character that is not a hexadecimal digit";
      const int bit = 4 * (digits - 1 - d);
      p.word[bit / 64] |= static_cast<uint64_t>(v) << (bit % 64);
    }
    for (int h = holes; h < 4 * digits; ++h)  // bits past the last hole must be clear
      if ((p.word[h / 64] >> (h % 64)) & 1)
        return "a position of the log has a peg past the board's last hole";
    positions.push_back(p);
  }
  return "";
}

namespace {

// An open-addressing set of positions, for the log's membership test.
class PositionSet {
 public:
  explicit PositionSet(const std::vector<LogPosition>& items) {
    size_t size = 16;
    while (size < 2 * items.size()) size *= 2;
    slots_.resize(size);
    used_.assign(size, 0);
    for (const LogPosition& p : items) insert(p);
  }
  bool contains(const LogPosition& p) const {
    for (size_t i = slot(p);; i = (i + 1) & (slots_.size() - 1)) {
      if (!used_[i]) return false;
      if (slots_[i] == p) return true;
    }
  }

 private:
  size_t slot(const LogPosition& p) const { return p.mix() & (slots_.size() - 1); }
  void insert(const LogPosition& p) {
    size_t i = slot(p);
    while (used_[i] && !(slots_[i] == p)) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = p;
    used_[i] = 1;
  }
  std::vector<LogPosition> slots_;
  std::vector<uint8_t> used_;
};

// A weight per hole that no jump of `jumps` raises: w(from) + w(over) >= w(to).
std::string check_pagoda_on(const std::vector<Triple>& jumps, int holes,
                            const std::vector<int64_t>& w) {
  if (static_cast<int>(w.size()) != holes)
    return "the pagoda has " + std::to_string(w.size()) + " weights for " + std::to_string(holes) +
           " holes";
  for (int64_t v : w)
    if (v < -kMaxMultiplier || v > kMaxMultiplier) return "a weight is out of range";
  for (const Triple& t : jumps)
    if (w[t.from] + w[t.over] < w[t.to]) return "not a pagoda: a jump raises the weight";
  return "";
}

}  // namespace

std::string check_proof_log(const Instance& in, const std::vector<std::vector<int64_t>>& pagodas,
                            const std::vector<LogPosition>& positions,
                            const std::vector<UnusedJump>& unused) {
  if (std::string why = malformed(in); !why.empty()) return why;
  const int holes = in.board.holes();
  const std::vector<Triple> every = board_jumps(in.board);
  std::vector<char> allowed(every.size(), 1);
  for (const UnusedJump& u : unused) {
    if (u.jump < 0 || u.jump >= static_cast<int>(every.size()))
      return "an unused jump the board does not have";
    if (std::string why = check_ip_proof(in, u.proof, u.jump); !why.empty())
      return "the proof that jump " + std::to_string(u.jump) + " is never made: " + why;
    allowed[u.jump] = 0;
  }
  std::vector<Triple> jumps;
  for (size_t j = 0; j < every.size(); ++j)
    if (allowed[j]) jumps.push_back(every[j]);
  if (pagodas.size() > kMaxLogPagodas)
    return "the log has " + std::to_string(pagodas.size()) + " pagodas, more than " +
           std::to_string(kMaxLogPagodas);
  for (size_t k = 0; k < pagodas.size(); ++k)
    if (std::string why = check_pagoda_on(jumps, holes, pagodas[k]); !why.empty())
      return "pagoda " + std::to_string(k) + ": " + why;
  const LogPosition start = LogPosition::of(in.start), final = LogPosition::of(in.final);
  const int final_pegs = final.pegs();
  std::vector<int64_t> final_weight(pagodas.size(), 0);
  for (size_t k = 0; k < pagodas.size(); ++k)
    for (int h = 0; h < holes; ++h) final_weight[k] += in.final[h] ? pagodas[k][h] : 0;

  const PositionSet log(positions);
  if (!log.contains(start)) return "the start is not in the log";
  if (log.contains(final)) return "the final is in the log";
  std::vector<int64_t> weight(pagodas.size());
  bool weighed = false;  // weight holds the current position's, computed at its first need
  // The pagodas weigh a child by what the jump changes: it loses from and over, gains to.
  auto killed = [&](const LogPosition& parent, const LogPosition& child, const Triple& t) {
    if (child.pegs() < final_pegs || (child.pegs() == final_pegs && !(child == final))) return true;
    if (!weighed) {
      for (size_t k = 0; k < pagodas.size(); ++k) {
        weight[k] = 0;
        for (int h = 0; h < holes; ++h) weight[k] += parent.peg(h) ? pagodas[k][h] : 0;
      }
      weighed = true;
    }
    for (size_t k = 0; k < pagodas.size(); ++k)
      if (weight[k] - pagodas[k][t.from] - pagodas[k][t.over] + pagodas[k][t.to] < final_weight[k])
        return true;
    return false;
  };
  for (size_t i = 0; i < positions.size(); ++i) {
    const LogPosition& p = positions[i];
    weighed = false;
    for (const Triple& t : jumps) {
      if (!p.peg(t.from) || !p.peg(t.over) || p.peg(t.to)) continue;
      LogPosition child = p;
      child.flip(t.from);
      child.flip(t.over);
      child.flip(t.to);
      if (child == final) return "position " + std::to_string(i) + " of the log reaches the final";
      if (!log.contains(child) && !killed(p, child, t))
        return "position " + std::to_string(i) +
               " of the log has a move to a position that is neither logged nor dead by a rule";
    }
  }
  return "";
}

}  // namespace bs::peg
