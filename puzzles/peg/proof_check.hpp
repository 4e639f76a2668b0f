// Independent checkers for the two impossibility certificates that carry a whole proof.
//
// Both only confirm steps; neither searches nor solves. Like verify.hpp they share nothing with
// any solver: the jumps are found again from hole_at() alone, in the order Board::jumps() keeps
// (by the hole of the jumping peg, row-major, then N, E, S, W), and all arithmetic is on
// integers.
//
// - A branch-and-bound proof that the Kiyomi-Matsui feasibility IP has no solution. The IP:
//   x_J >= 0 integer counts how often jump J is made, and for every hole h
//   sum_J x_J v_J(h) = start(h) - final(h), where v_J is +1 at J's from and over holes and -1 at
//   its to hole. Every game satisfies it, with x_J <= pegs(start) - pegs(final). The proof is a
//   tree in preorder: a branch on (J, k) splits the box of x into x_J <= k (the next subtree)
//   and x_J >= k + 1 (the one after); a leaf gives integer multipliers y, one per hole, such
//   that y^T b lies outside every value y^T A x can take on the leaf's box (a Farkas
//   certificate; VIPR's "lin" step, restricted to this one IP). Nothing is rounded: y^T A and
//   y^T b are exact integers. A leaf may instead give a modulus 2 <= m <= 2^40 with y^T A = 0 and
//   y^T b != 0 modulo m: then no integer x solves the equations at all, whatever the box (the
//   position classes are such an argument, modulo 2).
// - A proof log of an exhaustive search: positions that cannot reach the final. It is accepted
//   when the start is in it, the final is not, and every jump from every logged position leads
//   to a logged position or to one a rule kills on its own: too few pegs left, or some pagoda
//   of the log (checked here to be one) weighs it below the final. Every jump removes a peg, so
//   the induction over the peg count is well founded and no order of the log is needed. A log
//   may set aside jumps that no game makes, each with its branch-and-bound proof that x_J >= 1
//   is infeasible: a solution would use only the other jumps, so only they need answering for,
//   and a pagoda need only be one for them (no weight may rise along an allowed jump).
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/peg/board.hpp"

namespace bs::peg {

struct IpProofStep {
  int jump = -1;           // a branch on jumps()[jump]; -1 for a leaf
  int64_t at = 0;          // the branch's k: x_J <= k, then x_J >= k + 1
  std::vector<int64_t> y;  // a leaf's multipliers, one per hole
  int64_t modulus = 0;     // a leaf's modulus; 0: y is a Farkas certificate of the box
};

// "" when the steps, read in preorder, are a complete tree whose every leaf is infeasible. With
// `used_jump` >= 0 the tree starts from the box x_used >= 1: it proves that no game makes that
// jump at all.
std::string check_ip_proof(const Instance& instance, const std::vector<IpProofStep>& steps,
                           int used_jump = -1);

// One leaf alone: "" when y separates the box lower <= x <= upper (one bound per jump) from the
// hole equations. For producers that round a floating-point ray and try again.
std::string check_ip_leaf(const Instance& instance, const std::vector<int64_t>& lower,
                          const std::vector<int64_t>& upper, const IpProofStep& leaf);

// The largest magnitude of a multiplier, a modulus or a log's pagoda weight that the checks
// accept; it keeps every sum exact.
inline constexpr int64_t kMaxMultiplier = int64_t{1} << 40;

// One position of a proof log: hole h holds a peg when bit h % 64 of word h / 64 is set.
struct LogPosition {
  uint64_t word[2] = {0, 0};
  bool operator==(const LogPosition&) const = default;

  static LogPosition of(const Config& config) {
    LogPosition p;
    for (size_t h = 0; h < config.size(); ++h)
      if (config[h]) p.flip(static_cast<int>(h));
    return p;
  }
  bool peg(int h) const { return (word[h >> 6] >> (h & 63)) & 1; }
  void flip(int h) { word[h >> 6] ^= uint64_t{1} << (h & 63); }
  int pegs() const { return std::popcount(word[0]) + std::popcount(word[1]); }
  // A 64-bit mix of both words, for hash tables.
  uint64_t mix() const {
    uint64_t x = word[0] * 0x9e3779b97f4a7c15ULL ^ (word[1] + 0x632be59bd9b4e019ULL);
    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9ULL;
    return x ^ (x >> 29);
  }
};

// The text form of a log: each position as ceil(holes / 4) hexadecimal digits of
// sum_h peg(h) 2^h, most significant digit first, the positions concatenated.
std::string encode_log(const std::vector<LogPosition>& positions, int holes);
// Reads that form back; "" on success, else what is wrong with it.
std::string decode_log(const std::string& text, int holes, std::vector<LogPosition>& positions);

// A jump no game makes, with the proof of it (check_ip_proof with used_jump).
struct UnusedJump {
  int jump = -1;
  std::vector<IpProofStep> proof;
};

// The most pagodas a log may carry: the check costs up to this many sums per position.
inline constexpr size_t kMaxLogPagodas = 64;

// "" when the log proves that the instance has no solution (see the file comment). Jumps that
// `unused` proves no game makes are left out: no logged position needs to answer for them, and
// the pagodas need only respect the others.
std::string check_proof_log(const Instance& instance,
                            const std::vector<std::vector<int64_t>>& pagodas,
                            const std::vector<LogPosition>& positions,
                            const std::vector<UnusedJump>& unused = {});

}  // namespace bs::peg
