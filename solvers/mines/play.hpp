// Playing Minesweeper: a strategy, games by the hundred thousand, and their statistics.
//
// The strategy, element by element (each can be switched off by name, --play-off, so that an
// experiment can measure what it is worth):
// - the certain moves first: the deduction rules, and when they stall the exact probabilities,
//   reveal every cell that is certainly safe (this element cannot be switched off);
// - otherwise the cell least likely to hold a mine;
// - `tiebreak`: among cells tied at the least probability, one next to a revealed digit before
//   one away from all of them (then the lowest index). Measured on expert SFAR, this beat both
//   the lowest index alone and the cell likeliest to open an area (docs/history/mines.md);
// - `corners`: then, among cells still tied, the one with the fewest closed (unknown or flagged)
//   neighbours, which is a corner of the unknown region or of the board. A guess away from every
//   digit is most often one of the many interior cells tied at the same probability, and there
//   a corner is likeliest to show a 0 and open an area. On expert SFAR this one key was worth a
//   whole point of win rate over the lowest index (docs/history/mines.md);
// - progress (--progress-weight w, off at 0): the first `candidates` cells within --near-tie of
//   the least probability are scored (1 - p)(1 + w * progress), progress being the chance that
//   the cell's digit lets the rules decide a neighbour at once (the literature's "progress", after
//   Hill), its digit distribution taken from the neighbours' probabilities as if independent;
// - lookahead (--lookahead d; d = 1 is the strong mode): the first `candidates` cells within
//   `lookahead_window` of the least probability (the interior represented by its best cell) are
//   scored by (1 - p) times the expected value of the position each digit the cell could show
//   leads to, every digit played out exactly on a copy of the position and weighted by its share
//   of the layouts. A position's value is 1 when a cell is certainly safe; at the horizon it is
//   otherwise the safety of its best guess (the literature's secondary safety), blended with the
//   second best as (w * best + second) / (w + 1) (--lookahead-blend w, after Hill's solver: a
//   position with two good guesses is worth more than one with a single good guess; the blend
//   was worth +0.1 to +0.2 points on expert and nothing on smaller boards), and deeper the best
//   score of `lookahead_inner` candidates, looking one guess less ahead;
// - `dead` (with the look-ahead): a cell that can show only one digit, whatever the layout, tells
//   nothing when it is safe, so its risk buys no information and may later be settled for free;
//   the look-ahead takes it only when every candidate is dead (Hill's "dead tiles");
// - long-term risk (--long-term w, with the look-ahead; 1 by default, 0 leaves it out): a guess
//   at a cell of a 2x2 (and with --long-term-pairs 1, a 2x1) coin toss that may form later (every
//   cell next to just one of its cells a mine), or at the one end still unknown that would complete
//   it, settles the toss before it forms; where the cell is a mine the game was lost now instead
//   of, half the time, at the toss. So the guess costs its risk less half the chance that the toss
//   forms (its relief, long_term_relief below), and the look-ahead multiplies its score by 1 + w *
//   relief / (1 - p), weighing also the cells whose risk less w times their relief comes within the
//   window (after Hill's "long-term risk"). On the development seeds it won 50 more of 40,000
//   expert SNR games and 7 more of 200,000 intermediate ones; the seed-1 rates are in
//   docs/history/mines.md;
// - `fifty-fifty`: a pair of cells that nothing else can ever tell apart (each 1/2, exactly one
//   mine between them, seen by the same digits and no unknown neighbour left to reveal) is
//   guessed at once, so no later work is spent on a coin toss that must be made anyway. And when
//   the endgame search declines, a frontier cell that is a mine only in layouts where it and an
//   orthogonal neighbour form such a coin toss (every cell next to just one of the two a mine)
//   is guessed before any other: its risk is one a later toss would take anyway, and when it is
//   safe its digit comes for free (Hill's "pseudo 50/50"; the guess is logged
//   "pseudo-fifty-fifty");
// - `endgame`: once at most --endgame-layouts (100; 3,000 in strong mode) layouts fit the
//   position, the click is the one an exact search of the rest of the game finds best, within
//   --endgame-nodes (20,000; 1,000,000 in strong mode) (solvers/mines/endgame.hpp).
// The player's rules are single-row and subset (`--play-off subset` drops the second); the LP
// rule is left to `solve mines`, where its cost does not matter.
// Every game is a pure function of (seed, index, board, rule, strategy), and the statistics of a
// run do not depend on the thread count.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.hpp"
#include "core/wilson.hpp"
#include "puzzles/mines/game.hpp"

namespace bs::mines {

struct Strategy {
  bool tiebreak = true;
  bool corners = true;  // ties to the fewest closed neighbours
  bool fifty_fifty = true;
  double near_tie = 0.0;  // probabilities within this of the least count as tied
  int candidates = 20;    // how many near-tied cells the progress score weighs
  double progress_weight = 0;
  bool endgame = true;            // solve the game exactly once few layouts are left
  int endgame_layouts = 0;        // 0: by mode (endgame_budget)
  int endgame_nodes = 0;          // the endgame search's budget; 0: by mode
  int lookahead = 0;              // guesses looked ahead; 1 (strong mode) is secondary safety
  double lookahead_window = 0.1;  // ... among the candidates this close to the least probability
  double lookahead_blend = 2;     // the horizon's worth: (w * best + second) / (w + 1) safety
  bool dead_last = true;          // the look-ahead takes a cell that can show one digit last
  double long_term = 1;           // weight of the relief from coin tosses a guess settles
  bool long_term_pairs = false;   // ... counting 2x1 tosses too, not only 2x2 boxes
  int lookahead_inner = 4;        // candidates weighed at each deeper level
  std::vector<std::string> rules{"single-row", "subset"};
  // Certain moves found around the last change before the whole board is analysed: the same
  // guesses in the same positions, only sooner. Off in tests that check exactly that.
  bool local_moves = true;
};
// From the Minesweeper options; throws std::invalid_argument on an unknown --play-off element.
Strategy strategy_from(const Options& options);

// An element of the strategy that `--play-off NAME` switches off, to measure what it is worth.
// This table is the one list of their names: the option's help and its errors are made from it.
struct StrategyElement {
  std::string_view name;
  void (*switch_off)(Strategy& strategy);
};
const std::vector<StrategyElement>& strategy_elements();
// Their names, comma separated, for help and error texts.
std::string strategy_element_names();

// The endgame search's budget: the strategy's, or by mode where it gives 0. The strong mode
// spends 30 times the fast mode's layouts and 50 times its nodes (3,000 layouts and 1,000,000
// nodes against 100 and 20,000): the search is exact, so a larger budget can only win more often
// in expectation. On expert SNR, where the endgame loses most, 1,000 layouts were worth +0.16
// points and 3,000 a further +0.03 to +0.1; on SFAR boards +0.01 to +0.05. The strong mode pays
// about half its speed on expert for it (docs/history/mines.md).
struct EndgameBudget {
  int layouts, nodes;
};
EndgameBudget endgame_budget(const Strategy& strategy);

// The elements of the strategy that can choose a guess: the least probability, next to a digit
// or not, then the look-ahead, the progress score, a forced or pseudo 50/50, the endgame search.
inline constexpr std::array<const char*, 7> kGuessKinds{
    "least-frontier", "least-interior",     "lookahead", "progress",
    "fifty-fifty",    "pseudo-fifty-fifty", "endgame"};

// A move that was not certain: the cell, its probability of a mine when it was clicked, the
// element of the strategy that chose it (one of kGuessKinds), and how far into the game it came:
// log10 of the number of layouts that fitted the position (the endgame search takes over below
// log10 of its budget).
struct Guess {
  int cell = -1;
  double risk = 0;
  const char* why = "";
  double log10_layouts = 0;
};

// The look-ahead's score of guessing `cell` in `position`, looking `depth` (>= 1) guesses ahead:
// at depth 1, the chance that the cell is safe and the move after it is safe too.
double lookahead_score(const Position& position, int cell, const Strategy& strategy, int depth);

// Per cell, the long-term risk relief the look-ahead credits a guess there (`long_term`): half
// the chance that the 2x1 and 2x2 coin tosses the cell takes part in form, capped at the cell's
// risk; 0 for cells that are not unknown (solvers/mines/play.cpp says which patterns count; one
// whose relief, half its chance of forming, is under kLongTermLeastShare counts for nothing).
inline constexpr double kLongTermLeastShare = 0.025;  // a pattern's least relief that counts
std::vector<double> long_term_relief(const Position& position,
                                     const std::vector<std::string>& rules, bool pairs = true);

// The guess `strategy` makes in `position` (consistent, with no cell certain either way).
Guess choose_guess(const Position& position, const Strategy& strategy);

struct GameRecord {
  uint64_t index = 0;
  bool won = false;
  int guesses = 0;          // moves that were not certain
  std::vector<int> clicks;  // revealed cells, in order (certain ones included)
  std::vector<Guess> guess_log;
  double cpu_seconds = 0;
};
// Called with each position the player must guess in, and the guess, before it is clicked: how a
// benchmark or an analysis collects the positions a strategy meets.
using GuessWatch = std::function<void(const Position&, const Guess&)>;
GameRecord play_game(const BoardSpec& spec, const Layout& layout, const Strategy& strategy,
                     uint64_t index = 0, const GuessWatch& watch = nullptr);

// What the guesses of one element of the strategy (a kGuessKinds entry) came to over a run: how
// many it made, their summed risk (its expected losses), and the games lost on one of them. A
// certain move never loses, so every lost game is counted under exactly one element: where an
// experiment's games are lost, and whether an element loses more than its risk says it should.
struct GuessTally {
  const char* why = "";
  int64_t guesses = 0, losses = 0;
  double risk = 0;
};

struct PlaySummary {
  int64_t games = 0, wins = 0;
  double win_rate = 0, wilson_low = 0, wilson_high = 0;  // 95% Wilson interval
  double wall_seconds = 0, cpu_seconds = 0;
  double games_per_second = 0, cpu_seconds_per_game = 0;
  double guesses_per_game = 0;
  std::vector<GuessTally> by_element;  // one per kGuessKinds entry, in that order
};
// Called on the game's own thread as soon as a game ends (so it must be thread-safe).
using GameCheck = std::function<void(const GameRecord&)>;
// Called on one thread only, after each of its games: the games ended so far and the wins among
// them, for a progress line (the wins so far depend on the threads; the summary does not).
using PlayProgress = std::function<void(int64_t done, int64_t wins)>;
// Plays games 0 .. games - 1 of (spec, seed) on `threads` threads, or, with `boards`, those
// layouts (of spec's size, the first click safe under spec's rule). With `records`, every game's
// record is kept there, in game order; with `check`, each record is handed to it and dropped,
// so that checking 100,000 games needs no more memory than one game per thread.
PlaySummary play_games(const BoardSpec& spec, const Strategy& strategy, uint64_t seed,
                       int64_t games, int threads, std::vector<GameRecord>* records = nullptr,
                       const std::vector<Layout>* boards = nullptr,
                       const GameCheck& check = nullptr, const PlayProgress& progress = nullptr);

using bs::wilson_interval;  // core/wilson.hpp

}  // namespace bs::mines
