// Complete analyses of a peg board: every "one vacancy at a -> one peg at b" problem decided.
//
// The pairs are sorted into classes before any search. A pair and its images under the board's
// symmetries are one problem, and so are a pair and its time reversal (vacancy b -> peg a): a
// solution read backwards solves the reversal. The solver is called
// once per class, on one representative; every other pair gets the representative's solution
// mapped onto it, which the verifier then replays, or a certificate re-checked on its own board
// where that is cheap (position classes), else the representative's, re-checked once.
// Representatives are solved in parallel, one thread each, largest first in the order they
// appear; each solve is serial and therefore deterministic.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/result.hpp"
#include "puzzles/peg/board.hpp"

namespace bs::peg {

struct PairAnswer {
  Status status = Status::unknown;
  std::string how;          // "solution", or the certificate's kind, or the stop reason
  bool checked = false;     // solution replayed, or certificate re-checked
  int representative = -1;  // index a * holes + b of the pair whose search decided this one
  double seconds = 0;       // the representative's solve (0 for pairs mapped onto it)
  uint64_t nodes = 0;
};

struct BoardAnalysis {
  std::string name;
  Board board;
  std::vector<PairAnswer> pairs;  // [a * holes + b]
  int searched = 0;               // representatives the solver was called on
  double seconds = 0;             // wall time of the whole analysis
  int threads = 1;
};

// Options apply to every solve (the solver's own threads are forced to 1: the analysis spreads
// the representatives over `threads` instead). Every certificate is re-checked: the IP's and
// the search's carry their proof (puzzles/peg/proof_check.hpp), so none needs a search.
BoardAnalysis analyse_board(const std::string& name, const Board& board, const Options& options,
                            int threads);

// The undecided pairs, for a person: "N pairs undecided: (r,c)->(r,c), ..." (vacancy -> peg),
// the first `listed` in table order, then "and M more"; "" when every pair is decided.
std::string undecided_summary(const BoardAnalysis& analysis, int listed = 20);

// The start x finish table: one row per vacancy, one column per final hole.
std::string analysis_markdown(const BoardAnalysis& analysis);
std::string analysis_latex(const BoardAnalysis& analysis);
// The board, each hole coloured by the answer for "vacancy at `start` -> one peg there".
std::string analysis_svg(const BoardAnalysis& analysis, int start);
// table.md, table.tex, summary.json (every pair's answer) and svg/start_R-C.svg for each start
// into `dir`, which is created. Throws InputError when a file cannot be written.
void write_analysis(const BoardAnalysis& analysis, const std::string& dir);

}  // namespace bs::peg
