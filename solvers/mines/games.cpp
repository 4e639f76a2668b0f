// Minesweeper games as an instance, so that the experiment runner can drive the player.
//
// `solve mines-games FILE` plays --games games of the game set in FILE with the strategy the
// options name (--lookahead, --play-off, ...; solvers/mines/play.hpp) and reports the win rate,
// its 95% Wilson interval and the pace as counters, which become the runner's rows. A config can
// then sweep strategies, element by element, as experiments/configs/ablation-mines.toml does.
//
// A game set file is one line, the text form of a set of games: the board, the first-click rule,
// and optionally the first click, e.g. `expert sfar` or `16x16x40 snr 3,3`. '#' starts a comment.
//
// The check: every game is replayed on its layout by a flood fill of its own, which knows nothing
// of the player or of the Game class: the first click must be the rule's, no click before the last
// may hit a mine, and a game counts as won exactly when it revealed every safe cell without
// touching a mine. A run is verified only when every game's replay agrees with its record.
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "core/error.hpp"
#include "core/line_reader.hpp"
#include "core/outcomes.hpp"
#include "puzzles/mines/game.hpp"
#include "solvers/measure.hpp"
#include "solvers/mines/options.hpp"
#include "solvers/mines/play.hpp"
#include "solvers/mines/solver.hpp"
#include "solvers/solver.hpp"

namespace bs::mines {

namespace {

struct GameSet {
  std::string name;
  BoardSpec spec;
};

GameSet read_game_set(const std::string& path) {
  GameSet set;
  set.spec = parse_game_set(read_file(path), path);
  const size_t slash = path.find_last_of('/');
  set.name = path.substr(slash == std::string::npos ? 0 : slash + 1);
  set.name = set.name.substr(0, set.name.find_last_of('.'));
  return set;
}

}  // namespace

BoardSpec parse_game_set(std::string_view text, const std::string& filename) {
  LineReader in(text, filename, {.max_bytes = 1 << 20, .max_lines = 1 << 16});
  if (!in.next_nonblank_line()) in.error_whole_file("empty game set: expected `BOARD RULE [X,Y]`");
  const std::vector<Token> words = in.tokens();
  if (words.size() < 2 || words.size() > 3)
    in.error(1, "expected `BOARD RULE [X,Y]`, e.g. `expert sfar` or `16x16x40 snr 3,3`");
  BoardSpec spec;
  try {
    spec = parse_board_spec(std::string(words[0].text), std::string(words[1].text),
                            words.size() == 3 ? std::string(words[2].text) : "");
  } catch (const std::invalid_argument& e) {
    in.error(1, e.what());
  }
  if (in.next_nonblank_line()) {
    in.skip_blanks();
    in.error(in.col(), "a game set is one line; this is a second");
  }
  return spec;
}

std::string replay_record(const BoardSpec& spec, const Layout& layout, const GameRecord& record) {
  const int w = spec.width, h = spec.height, n = w * h;
  if (record.clicks.empty() || record.clicks.front() != spec.click_y * w + spec.click_x)
    return "the first click is not the rule's";
  std::vector<char> open(n, 0);
  auto mines_around = [&](int c) {
    int count = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = c % w + dx, y = c / w + dy;
        if ((dx || dy) && x >= 0 && y >= 0 && x < w && y < h) count += layout.mine[y * w + x];
      }
    return count;
  };
  bool hit = false;
  for (size_t k = 0; k < record.clicks.size(); ++k) {
    const int c = record.clicks[k];
    if (c < 0 || c >= n) return "a click off the board";
    if (layout.mine[c]) {
      if (k + 1 != record.clicks.size()) return "the game went on after a mine was clicked";
      hit = true;
      break;
    }
    std::vector<int> stack{c};
    while (!stack.empty()) {
      const int d = stack.back();
      stack.pop_back();
      if (open[d]) continue;
      open[d] = 1;
      if (mines_around(d) != 0) continue;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int x = d % w + dx, y = d / w + dy;
          if (x >= 0 && y >= 0 && x < w && y < h && !open[y * w + x]) stack.push_back(y * w + x);
        }
    }
  }
  bool all_safe_open = true;
  for (int c = 0; c < n; ++c) all_safe_open = all_safe_open && (layout.mine[c] || open[c]);
  const bool won = !hit && all_safe_open;
  if (won != record.won)
    return record.won ? "recorded as won, but the replay does not win"
                      : "recorded as lost, but the replay neither hits a mine nor stops short";
  return "";
}

namespace {

Result solve_file(const std::string& path, const Options& options) {
  const Meter meter;
  const GameSet set = read_game_set(path);
  const Strategy strategy = strategy_from(options);  // std::invalid_argument: exit code 2
  const int threads = resolve_threads(options);
  const auto seed = static_cast<uint64_t>(options.integer("seed"));
  // Each game is replayed on its thread as it ends, on a layout dealt anew; the first failure in
  // game order is reported, whatever the thread count.
  std::mutex mutex;
  int64_t first_bad = -1;
  std::string problem;
  // Which games were won, for the report's paired comparison of configs, up to 10 million games
  // (a 2.5 MB row). Each slot is written by the one thread that played the game (bytes, not
  // vector<bool>'s shared words, so the writes never race).
  const int64_t games = options.integer("games");
  std::vector<uint8_t> won(games <= 10'000'000 ? static_cast<size_t>(games) : 0);
  const GameCheck replay = [&](const GameRecord& r) {
    if (!won.empty()) won[r.index] = r.won;
    const std::string why = replay_record(set.spec, deal(set.spec, seed, r.index), r);
    if (why.empty()) return;
    const std::lock_guard lock(mutex);
    if (first_bad < 0 || static_cast<int64_t>(r.index) < first_bad) {
      first_bad = static_cast<int64_t>(r.index);
      problem = why;
    }
  };
  const PlaySummary s =
      play_games(set.spec, strategy, seed, games, threads, nullptr, nullptr, replay);
  if (first_bad >= 0)
    throw std::logic_error("mines-games: a game failed its replay: game " +
                           std::to_string(first_bad) + ": " + problem);
  Result r;
  r.puzzle = "mines-games";
  r.instance = set.name;
  r.options = options.non_default();
  r.status = Status::solved;
  r.stop = StopReason::exhausted;
  r.verified = true;
  r.solution_key = "games";
  if (!won.empty()) r.outcomes = encode_outcomes(won);
  char line[160];
  std::snprintf(line, sizeof line, "%s: %lld of %lld games won, %.4f%% (95%% Wilson %.4f-%.4f%%)",
                set.spec.name().c_str(), static_cast<long long>(s.wins),
                static_cast<long long>(s.games), 100 * s.win_rate, 100 * s.wilson_low,
                100 * s.wilson_high);
  r.solution_lines.push_back(line);
  r.solution_json = nlohmann::json{
      {"board", set.spec.name()},
      {"seed", seed},
      {"games", s.games},
      {"wins", s.wins}}.dump();
  r.count("games", static_cast<double>(s.games));
  r.count("wins", static_cast<double>(s.wins));
  r.count("win_rate", s.win_rate);
  r.count("wilson_low", s.wilson_low);
  r.count("wilson_high", s.wilson_high);
  r.count("games_per_second", s.games_per_second);
  r.count("cpu_seconds_per_game", s.cpu_seconds_per_game);
  r.count("guesses_per_game", s.guesses_per_game);
  for (const GuessTally& t : s.by_element)  // where the games were lost, per game
    r.count(std::string("lost_at_") + t.why,
            s.games ? static_cast<double>(t.losses) / static_cast<double>(s.games) : 0);
  meter.finish(r, threads);
  return r;
}

// A result names its board, seed, games and wins but holds no clicks (the replay of every game is
// done by solve itself, above), so this check confirms only what the numbers claim: a board that
// matches the game set, and no more wins than games.
std::string verify_files(const std::string& instance_path, const std::string& result_path) {
  const GameSet set = read_game_set(instance_path);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(read_file(result_path));
  } catch (const nlohmann::json::exception&) {  // malformed, or a number past a double
    throw InputError(result_path, 1, 1, "not valid JSON");
  }
  // Every field is looked for before it is read: operator[] of a const json on a missing key is
  // undefined behaviour, not an exception.
  const nlohmann::json g = j.is_object() ? j.value("games", nlohmann::json()) : nlohmann::json();
  if (!g.is_object() || !g.contains("board") || !g.contains("games") || !g.contains("wins") ||
      !g["games"].is_number_integer() || !g["wins"].is_number_integer())
    throw InputError(result_path, 1, 1, "expected a `solve mines-games --json` result");
  if (g["board"] != set.spec.name()) return "the result is for another board or first click";
  if (g["wins"].get<int64_t>() < 0 || g["wins"].get<int64_t>() > g["games"].get<int64_t>())
    return "more wins than games";
  return "";
}

}  // namespace

PuzzleSolver mines_games_solver() {
  PuzzleSolver p{"mines-games",
                 "Minesweeper games: the player's win rate on a game set (board, first-click rule)",
                 [] { return std::vector<RuleInfo>{}; }, solve_file, verify_files};
  p.option_scope = kMines;  // the player's options
  p.read_instance_file = [](const std::string& path) { (void)read_game_set(path); };
  p.checks.fuzz_instances = {"16x16x40 snr 3,3\n"};
  return p;
}

}  // namespace bs::mines
