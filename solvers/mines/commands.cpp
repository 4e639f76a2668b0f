// The Minesweeper puzzle's own command: `play`, which deals games (or reads MBF boards), plays
// them with the strategy the options name, and prints the win rate with its Wilson interval and
// where the games were lost. `--record` keeps every game (puzzles/mines/record.hpp) for
// `compare`; `--export-mbf` writes the dealt boards for other solvers.
#include "solvers/mines/commands.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "puzzles/mines/record.hpp"
#include "solvers/measure.hpp"
#include "solvers/mines/play.hpp"

namespace bs::mines {

namespace {

// `play`'s progress on standard error: a live line on a terminal, else a plain line a minute,
// so that a million-game run under nohup leaves a trace in its log and a short one none.
class PlayProgressLine {
 public:
  explicit PlayProgressLine(int64_t total)
      : total_(total), live_(::isatty(STDERR_FILENO) != 0), start_(Clock::now()), last_(start_) {}
  void operator()(int64_t done, int64_t wins) {
    const auto now = Clock::now();
    if (now - last_ < (live_ ? std::chrono::seconds(1) : std::chrono::seconds(60))) return;
    last_ = now;
    shown_ = true;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate = static_cast<double>(done) / elapsed;
    const int eta = static_cast<int>(static_cast<double>(total_ - done) / rate);
    std::fprintf(stderr, "%s%lld/%lld games, %.2f%% won so far, %.1f games/s, ETA %d:%02d:%02d%s",
                 live_ ? "\r\033[K" : "", static_cast<long long>(done),
                 static_cast<long long>(total_),
                 100.0 * static_cast<double>(wins) / static_cast<double>(done), rate, eta / 3600,
                 eta / 60 % 60, eta % 60, live_ ? "" : "\n");
    std::fflush(stderr);
  }
  // Clears the live line, before the summary takes its place.
  void finish() {
    if (live_ && shown_) std::fprintf(stderr, "\r\033[K");
    shown_ = false;
  }
  ~PlayProgressLine() { finish(); }

 private:
  using Clock = std::chrono::steady_clock;
  int64_t total_;
  bool live_, shown_ = false;
  Clock::time_point start_, last_;
};

// The boards of --mbf, which must share one size; the board option names that size afterwards.
std::vector<Layout> read_mbf_boards(const std::vector<std::string>& paths, std::string& board) {
  std::vector<Layout> boards;
  for (const std::string& path : paths) {
    boards.push_back(from_mbf(read_file(path), path));
    const Layout& l = boards.back();
    const std::string size = std::to_string(l.width) + "x" + std::to_string(l.height) + "x" +
                             std::to_string(std::count(l.mine.begin(), l.mine.end(), 1));
    if (boards.size() > 1 && size != board)
      throw InputError(path, 0, 0, "MBF: this board is " + size + ", the first " + board);
    board = size;
  }
  return boards;
}

// The layout of game `index`: dealt from the seed, or the index-th MBF board.
Layout layout_of(const BoardSpec& spec, uint64_t seed, const std::vector<Layout>& boards,
                 uint64_t index) {
  return boards.empty() ? deal(spec, seed, index) : boards[index];
}

void export_mbf(const std::string& dir, const BoardSpec& spec, uint64_t seed,
                const std::vector<Layout>& boards, int64_t games) {
  for (int64_t g = 0; g < games; ++g) {
    const std::string path = dir + "/game_" + std::to_string(g) + ".mbf";
    std::ofstream out(path, std::ios::binary);
    if (!(out << to_mbf(layout_of(spec, seed, boards, static_cast<uint64_t>(g)))) || !out.flush())
      throw InputError(path, 0, 0, "cannot write the MBF file");
  }
}

RecordedGame recorded(const BoardSpec& spec, uint64_t seed, const Layout& layout,
                      const GameRecord& r) {
  const int w = spec.width;
  RecordedGame g;
  g.game = static_cast<int64_t>(r.index);
  g.seed = seed;
  g.board = spec.name();
  g.width = spec.width;
  g.height = spec.height;
  for (int i = 0; i < spec.width * spec.height; ++i)
    if (layout.mine[i]) g.mines.emplace_back(i % w, i / w);
  for (int c : r.clicks) g.clicks.emplace_back(c % w, c / w);
  for (const Guess& q : r.guess_log)
    g.guesses.push_back({q.cell % w, q.cell / w, q.risk, q.why, q.log10_layouts});
  g.won = r.won;
  return g;
}

void write_records(const std::string& path, const BoardSpec& spec, uint64_t seed,
                   const std::vector<Layout>& boards, const std::vector<GameRecord>& records) {
  std::ofstream out(path);
  for (const GameRecord& r : records)
    out << record_line(recorded(spec, seed, layout_of(spec, seed, boards, r.index), r)) << '\n';
  if (!out.flush()) throw InputError(path, 0, 0, "cannot write the record");
}

nlohmann::json summary_json(const BoardSpec& spec, const PlaySummary& s, int threads, uint64_t seed,
                            const Options& options) {
  nlohmann::json j = {{"board", spec.name()},
                      {"games", s.games},
                      {"wins", s.wins},
                      {"win_rate", s.win_rate},
                      {"wilson_low", s.wilson_low},
                      {"wilson_high", s.wilson_high},
                      {"games_per_second", s.games_per_second},
                      {"cpu_seconds_per_game", s.cpu_seconds_per_game},
                      {"guesses_per_game", s.guesses_per_game},
                      {"wall_seconds", s.wall_seconds},
                      {"threads", threads},
                      {"seed", seed},
                      {"options", options.non_default()}};
  j["by_element"] = nlohmann::json::array();
  for (const GuessTally& t : s.by_element)
    j["by_element"].push_back(
        {{"why", t.why}, {"guesses", t.guesses}, {"risk", t.risk}, {"losses", t.losses}});
  return j;
}

void print_summary(std::ostream& out, const BoardSpec& spec, const PlaySummary& s, int threads,
                   uint64_t seed) {
  char line[200];
  auto print = [&](const char* format, auto... values) {
    std::snprintf(line, sizeof line, format, values...);
    out << line;
  };
  print("board             %s\n", spec.name().c_str());
  print("games             %lld\n", static_cast<long long>(s.games));
  print("wins              %lld\n", static_cast<long long>(s.wins));
  print("win rate          %.4f%%  (95%% Wilson interval %.4f%% - %.4f%%)\n", 100 * s.win_rate,
        100 * s.wilson_low, 100 * s.wilson_high);
  print("games per second  %.1f\n", s.games_per_second);
  print("cpu s per game    %.6f\n", s.cpu_seconds_per_game);
  print("guesses per game  %.3f\n", s.guesses_per_game);
  print("threads           %d\nseed              %llu\n", threads,
        static_cast<unsigned long long>(seed));
  // Where the games were lost: per game, each element's guesses, their summed risk (the losses
  // they should cost) and the games lost on them.
  out << "guesses by element, per game: guesses, risk, lost\n";
  const double n = s.games > 0 ? static_cast<double>(s.games) : 1;
  for (const GuessTally& t : s.by_element)
    if (t.guesses > 0)
      print("  %-19s %.4f  %.4f  %.4f\n", t.why, static_cast<double>(t.guesses) / n, t.risk / n,
            static_cast<double>(t.losses) / n);
}

int play_command(const CommandInput& in, std::ostream& out) {
  const Options& options = in.options;
  const std::string& rules = options.text("rules");
  if (rules == "sfar" || rules == "snr")
    throw std::invalid_argument(
        "play: --rules names deduction rules; the first-click rule is "
        "--first-click " +
        rules);
  std::string board = options.text("board");
  const std::vector<std::string>& mbf_paths = in.all("mbf");
  const std::vector<Layout> boards = read_mbf_boards(mbf_paths, board);
  const BoardSpec spec =
      parse_board_spec(board, options.text("first-click"), options.text("click"));
  for (size_t k = 0; k < boards.size(); ++k)
    if (!first_click_safe(spec, boards[k]))
      throw InputError(mbf_paths[k], 0, 0,
                       "MBF: the first click " + spec.name() + " lands on a mine");
  const Strategy strategy = strategy_from(options);
  const int threads = resolve_threads(options);
  const auto seed = static_cast<uint64_t>(options.integer("seed"));
  const std::string record_path = in.value("record");
  std::vector<GameRecord> records;
  const int64_t games =
      boards.empty() ? options.integer("games") : static_cast<int64_t>(boards.size());
  PlayProgressLine line(games);
  const PlaySummary s =
      play_games(spec, strategy, seed, games, threads, record_path.empty() ? nullptr : &records,
                 boards.empty() ? nullptr : &boards, nullptr,
                 [&line](int64_t done, int64_t wins) { line(done, wins); });
  line.finish();
  if (const std::string dir = in.value("export-mbf"); !dir.empty())
    export_mbf(dir, spec, seed, boards, s.games);
  if (!record_path.empty()) write_records(record_path, spec, seed, boards, records);
  if (in.has("json"))
    out << summary_json(spec, s, threads, seed, options).dump() << '\n';
  else
    print_summary(out, spec, s, threads, seed);
  return 0;
}

}  // namespace

std::vector<PuzzleCommand> mines_commands() {
  return {{"play",
           "play games (--board, --first-click, --games, --seed, --threads); the win rate",
           "",
           {{"record", "write each game's mine layout and clicks as JSON lines, to replay it",
             CommandFlag::value},
            {"json", "print the summary as one JSON object", CommandFlag::boolean},
            {"mbf", "play these MBF boards (files) instead of dealing; they share one size",
             CommandFlag::values},
            {"export-mbf", "write each dealt board as DIR/game_<index>.mbf, for other solvers",
             CommandFlag::value}},
           play_command}};
}

}  // namespace bs::mines
