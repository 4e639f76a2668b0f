// The boundsearch command line: a thin layer over solvers/ and experiments/.
//
// Exit codes: 0 answered, 1 unknown (a limit was hit, or a generator found nothing within its
// attempts), 2 bad input or usage, 3 internal error.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/options.hpp"
#include "experiments/distributed.hpp"
#include "experiments/paired.hpp"
#include "experiments/report.hpp"
#include "experiments/rows.hpp"
#include "experiments/runner.hpp"
#include "heuristics/rule.hpp"
#include "puzzles/peg/format.hpp"
#include "solvers/bench.hpp"
#include "solvers/measure.hpp"
#include "solvers/mines/play.hpp"
#include "solvers/peg/solver.hpp"
#include "solvers/peg/analysis.hpp"
#include "solvers/solver.hpp"

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

// Every row of the option table becomes a flag of `sub`.
void add_option_flags(CLI::App& sub, std::vector<std::pair<std::string, std::string>>& given) {
  for (const auto& spec : bs::option_table()) {
    const std::string name(spec.name);
    std::string help(spec.help);
    if (!spec.fallback.empty()) help += " [default: " + std::string(spec.fallback) + "]";
    sub.add_option_function<std::string>(
        "--" + name, [&given, name](const std::string& v) { given.emplace_back(name, v); }, help);
  }
}

const bs::PuzzleSolver& puzzle_or_throw(const std::string& name) {
  const bs::PuzzleSolver* p = bs::find_puzzle(name);
  if (!p) {
    std::string message = "unknown puzzle '" + name + "' (known:";
    for (const auto& s : bs::puzzle_solvers()) message.append(" ").append(s.name);
    throw std::invalid_argument(message + ")");
  }
  return *p;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"boundsearch: puzzles solved by search pruned with IP and LP bounds"};
  app.require_subcommand(1);
  std::vector<std::pair<std::string, std::string>> given;
  std::string puzzle, file, solution_file;
  bool json = false;

  auto* solve =
      app.add_subcommand("solve", "solve one instance; prints the solution and a summary");
  solve->add_option("puzzle", puzzle, "puzzle name (see `list`)")->required();
  solve->add_option("file", file, "instance file")->required();
  solve->add_flag("--json", json, "print the result as one JSON object");
  add_option_flags(*solve, given);

  auto* count = app.add_subcommand(
      "count", "count the solutions of one instance; `--limit 2` proves uniqueness");
  count->add_option("puzzle", puzzle, "puzzle name (see `list`)")->required();
  count->add_option("file", file, "instance file")->required();
  count->add_flag("--json", json, "print the result as one JSON object");
  add_option_flags(*count, given);

  std::string output_file;
  auto* generate = app.add_subcommand(
      "generate", "make one instance from --size, --seed, --grade; prints it in the text format");
  generate->add_option("puzzle", puzzle, "puzzle name (see `list`)")->required();
  generate->add_option("--output", output_file, "write the instance to this file, not stdout");
  add_option_flags(*generate, given);

  auto* verify = app.add_subcommand(
      "verify",
      "replay a jump list, or check a `solve --json` result (its moves or its certificate)");
  verify->add_option("puzzle", puzzle)->required();
  verify->add_option("file", file, "instance file")->required();
  verify
      ->add_option("solution", solution_file,
                   "a solution file (peg: a jump list), or a JSON result")
      ->required();

  auto* bounds = app.add_subcommand("bounds", "print the Kiyomi-Matsui R(J) table of a peg board");
  bounds->add_option("puzzle", puzzle, "must be peg")->required();
  bounds->add_option("file", file, "instance file")->required();
  add_option_flags(*bounds, given);

  std::string out_dir;
  bool recheck_search = false;
  auto* analyse = app.add_subcommand(
      "analyse", "peg: decide every one-vacancy to one-peg problem of a board; tables and SVGs");
  analyse->add_option("puzzle", puzzle, "must be peg")->required();
  analyse->add_option("file", file, "a board file (its start configuration gives the holes)")
      ->required();
  analyse->add_option("--out", out_dir,
                      "write table.md, table.tex, summary.json and svg/start_R-C.svg here");
  analyse->add_flag("--recheck-search", recheck_search,
                    "re-check exhaustive-search answers with the plain search too (slow)");
  add_option_flags(*analyse, given);

  std::string record_file;
  auto* play = app.add_subcommand(
      "play", "mines: play games (--board, --first-click, --games, --seed, --threads); win rate");
  play->add_option("puzzle", puzzle, "must be mines")->required();
  play->add_option("--record", record_file,
                   "write each game's mine layout and clicks as JSON lines, to replay it");
  play->add_flag("--json", json, "print the summary as one JSON object");
  std::vector<std::string> mbf_in;
  std::string mbf_out;
  play->add_option("--mbf", mbf_in,
                   "play these MBF boards (files) instead of dealing; they share one size");
  play->add_option("--export-mbf", mbf_out,
                   "write each dealt board as DIR/game_<index>.mbf, for other solvers");
  add_option_flags(*play, given);

  auto* bench = app.add_subcommand(
      "bench",
      "search a fixed set of peg positions serially and print the node count (CI checks it)");

  bool solved = false;
  auto* render = app.add_subcommand("render", "draw an instance as SVG on stdout");
  render->add_option("puzzle", puzzle, "puzzle name (see `list`)")->required();
  render->add_option("file", file, "instance file")->required();
  render->add_flag("--solved", solved, "solve it first and draw the solution in");
  add_option_flags(*render, given);

  auto* list = app.add_subcommand("list", "list puzzles, rules and options");

  std::string rows_dir, baseline;
  auto* report = app.add_subcommand(
      "report", "tables (CSV, Markdown, LaTeX) and plots of the *.jsonl result rows in DIR");
  report->add_option("dir", rows_dir, "folder of result rows; the report goes to DIR/report/")
      ->required();
  report->add_option("--baseline", baseline,
                     "config to measure every config's speedup and win rate against [default: "
                     "each config's own, as its rows name it]");

  std::string record_a, record_b;
  bool compare_json = false;
  auto* compare = app.add_subcommand(
      "compare",
      "mines: two `play --record` files of the same games, game by game: the paired difference "
      "and McNemar's test");
  compare->add_option("a", record_a, "record file of player A (the baseline)")->required();
  compare->add_option("b", record_b, "record file of player B")->required();
  compare->add_flag("--json", compare_json, "print the comparison as one JSON object");

  namespace ex = bs::experiments;
  std::string config_file, shard, progress = "auto";
  ex::RunnerOptions run_options;
  bool no_report = false, merge_only = false;
  auto* run = app.add_subcommand(
      "run", "run an experiment config: every run forked and limited, one JSON row per run");
  run->add_option("config", config_file, "experiment config (TOML)")->required();
  run->add_option("--jobs", run_options.jobs, "runs at a time [default: the config's jobs]")
      ->check(CLI::Range(1, 1024));
  run->add_flag("--resume", run_options.resume, "skip the runs already recorded");
  run->add_flag("--overwrite", run_options.overwrite, "delete recorded rows and start again");
  run->add_option("--shard", shard,
                  "run only shard i/n of the grid (0-based); Slurm array variables are read "
                  "when this is absent");
  run->add_option("--progress", progress, "auto | live | lines | quiet")
      ->check(CLI::IsMember({"auto", "live", "lines", "quiet"}));
  run->add_flag("--no-report", no_report, "do not make the tables and plots afterwards");
  run->add_flag("--merge", merge_only,
                "run nothing: merge the shard files of the output into rows.jsonl");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "boundsearch: " << e.what() << "\n(run `boundsearch --help`)\n";
    return 2;
  }

  try {
    bs::Options options;
    for (const auto& [k, v] : given) options.set(k, v);

    if (*solve || *count) {
      if (*count) options.set("count", "true");
      const bs::Result r = puzzle_or_throw(puzzle).solve_file(file, options);
      if (json) {
        std::cout << bs::to_json(r).dump() << '\n';
      } else {
        for (const auto& line : r.solution_lines) std::cout << line << '\n';
        std::cout << bs::format_summary(r);
      }
      return bs::exit_code(r);
    }
    if (*render) {
      const bs::PuzzleSolver& p = puzzle_or_throw(puzzle);
      if (!p.render) throw std::invalid_argument("render: puzzle " + puzzle + " has no renderer");
      std::cout << p.render(file, options, solved);
      return 0;
    }
    if (*generate) {
      const bs::PuzzleSolver& p = puzzle_or_throw(puzzle);
      if (!p.generate)
        throw std::invalid_argument("generate: the " + std::string(p.name) +
                                    " puzzle has no generator");
      std::string text;
      try {
        text = p.generate(options);
      } catch (const bs::InputError&) {
        throw;
      } catch (const std::runtime_error& e) {  // no instance within the attempts: a limit
        std::cerr << "boundsearch: " << e.what() << '\n';
        return 1;
      }
      if (output_file.empty()) {
        std::cout << text;
      } else {
        std::ofstream out(output_file, std::ios::binary);
        if (!(out << text) || !out.flush())
          throw bs::InputError(output_file, 0, 0, "cannot write the instance");
      }
      return 0;
    }
    if (*verify) {
      const std::string why = puzzle_or_throw(puzzle).verify_files(file, solution_file);
      if (why.empty()) {
        std::cout << "ok: checked independently of the solver\n";
        return 0;
      }
      std::cout << "wrong: " << why << '\n';
      return 1;
    }
    if (*bounds) {
      if (puzzle != "peg")
        throw std::invalid_argument("bounds: only the peg puzzle has R(J) bounds");
      std::cout << bs::peg::bounds_table(bs::peg::read_instance(file), options);
      return 0;
    }
    if (*analyse) {
      if (puzzle != "peg") throw std::invalid_argument("analyse: only the peg puzzle has one");
      const bs::peg::Instance shape = bs::peg::read_instance(file);
      std::string name = file.substr(file.find_last_of('/') + 1);
      name = name.substr(0, name.find('.'));
      const int threads = bs::resolve_threads(options);
      const bs::peg::BoardAnalysis a =
          bs::peg::analyse_board(name, shape.board, options, threads, recheck_search);
      const std::string md = bs::peg::analysis_markdown(a);
      std::cout << md;
      if (!out_dir.empty()) bs::peg::write_analysis(a, out_dir);
      return 0;
    }
    if (*play) {
      if (puzzle != "mines") throw std::invalid_argument("play: only the mines puzzle is played");
      // `play mines --rules sfar` names the first-click rule, as the literature writes it.
      std::string rule = options.text("first-click");
      if (options.text("rules") == "sfar" || options.text("rules") == "snr") {
        rule = options.text("rules");
        options.set("rules", "default");
      }
      std::vector<bs::mines::Layout> boards;
      std::string board = options.text("board");
      for (const std::string& path : mbf_in) {
        boards.push_back(bs::mines::from_mbf(bs::read_file(path), path));
        const auto& l = boards.back();
        const std::string size = std::to_string(l.width) + "x" + std::to_string(l.height) + "x" +
                                 std::to_string(std::count(l.mine.begin(), l.mine.end(), 1));
        if (boards.size() > 1 && size != board)
          throw bs::InputError(path, 0, 0, "MBF: this board is " + size + ", the first " + board);
        board = size;
      }
      const bs::mines::BoardSpec spec =
          bs::mines::parse_board_spec(board, rule, options.text("click"));
      for (size_t k = 0; k < boards.size(); ++k)
        if (!bs::mines::first_click_safe(spec, boards[k]))
          throw bs::InputError(mbf_in[k], 0, 0,
                               "MBF: the first click " + spec.name() + " lands on a mine");
      const bs::mines::Strategy strategy = bs::mines::strategy_from(options);
      const int threads = bs::resolve_threads(options);
      const auto seed = static_cast<uint64_t>(options.integer("seed"));
      std::vector<bs::mines::GameRecord> records;
      const int64_t games =
          boards.empty() ? options.integer("games") : static_cast<int64_t>(boards.size());
      PlayProgressLine line(games);
      const bs::mines::PlaySummary s = bs::mines::play_games(
          spec, strategy, seed, games, threads, record_file.empty() ? nullptr : &records,
          boards.empty() ? nullptr : &boards, nullptr,
          [&line](int64_t done, int64_t wins) { line(done, wins); });
      line.finish();
      if (!mbf_out.empty()) {
        for (int64_t g = 0; g < s.games; ++g) {
          const std::string path = mbf_out + "/game_" + std::to_string(g) + ".mbf";
          std::ofstream out(path, std::ios::binary);
          const bs::mines::Layout l =
              boards.empty() ? bs::mines::deal(spec, seed, static_cast<uint64_t>(g)) : boards[g];
          if (!(out << bs::mines::to_mbf(l)) || !out.flush())
            throw bs::InputError(path, 0, 0, "cannot write the MBF file");
        }
      }
      if (!record_file.empty()) {
        std::ofstream out(record_file);
        for (const auto& r : records) {
          const bs::mines::Layout layout =
              boards.empty() ? bs::mines::deal(spec, seed, r.index) : boards[r.index];
          nlohmann::json mines = nlohmann::json::array(), clicks = nlohmann::json::array();
          for (int i = 0; i < spec.width * spec.height; ++i)
            if (layout.mine[i]) mines.push_back({i % spec.width, i / spec.width});
          for (int c : r.clicks) clicks.push_back({c % spec.width, c / spec.width});
          nlohmann::json guesses = nlohmann::json::array();
          for (const bs::mines::Guess& g : r.guess_log)
            guesses.push_back({{"x", g.cell % spec.width},
                               {"y", g.cell / spec.width},
                               {"risk", g.risk},
                               {"why", g.why},
                               {"log10_layouts", g.log10_layouts}});
          out << nlohmann::json{{"game", r.index},       {"seed", seed},
                                {"board", spec.name()},  {"width", spec.width},
                                {"height", spec.height}, {"mines", mines},
                                {"clicks", clicks},      {"guesses", guesses},
                                {"won", r.won}}
                     .dump()
              << '\n';
        }
        if (!out.flush()) throw bs::InputError(record_file, 0, 0, "cannot write the record");
      }
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
      for (const bs::mines::GuessTally& t : s.by_element)
        j["by_element"].push_back(
            {{"why", t.why}, {"guesses", t.guesses}, {"risk", t.risk}, {"losses", t.losses}});
      if (json) {
        std::cout << j.dump() << '\n';
      } else {
        std::printf("board             %s\n", spec.name().c_str());
        std::printf("games             %lld\n", static_cast<long long>(s.games));
        std::printf("wins              %lld\n", static_cast<long long>(s.wins));
        std::printf("win rate          %.4f%%  (95%% Wilson interval %.4f%% - %.4f%%)\n",
                    100 * s.win_rate, 100 * s.wilson_low, 100 * s.wilson_high);
        std::printf("games per second  %.1f\n", s.games_per_second);
        std::printf("cpu s per game    %.6f\n", s.cpu_seconds_per_game);
        std::printf("guesses per game  %.3f\n", s.guesses_per_game);
        std::printf("threads           %d\nseed              %llu\n", threads,
                    static_cast<unsigned long long>(seed));
        // Where the games were lost: per game, each element's guesses, their summed risk (the
        // losses they should cost) and the games lost on them.
        std::printf("guesses by element, per game: guesses, risk, lost\n");
        const double n = s.games > 0 ? static_cast<double>(s.games) : 1;
        for (const bs::mines::GuessTally& t : s.by_element)
          if (t.guesses > 0)
            std::printf("  %-19s %.4f  %.4f  %.4f\n", t.why, static_cast<double>(t.guesses) / n,
                        t.risk / n, static_cast<double>(t.losses) / n);
      }
      return 0;
    }
    if (*bench) {
      const bs::BenchReport b = bs::run_bench();
      std::cout << b.text;
      return 0;
    }
    if (*list) {
      std::cout << "puzzles:\n";
      for (const auto& s : bs::puzzle_solvers())
        std::cout << "  " << s.name << "  " << s.help << '\n';
      std::cout << "rules (name, puzzle, cost, default, help):\n";
      for (const auto& r : bs::all_rules())
        std::printf("  %-18s %-6s %-8s %-4s %s\n", std::string(r.name).c_str(),
                    std::string(r.puzzle).c_str(), bs::to_string(r.cost),
                    r.on_by_default ? "on" : "off", std::string(r.help).c_str());
      std::cout << "options:\n";
      for (const auto& o : bs::option_table())
        std::printf("  --%-18s %-10s %s\n", std::string(o.name).c_str(),
                    ("[" + std::string(o.fallback) + "]").c_str(), std::string(o.help).c_str());
      return 0;
    }
    if (*run) {
      const ex::World world = ex::join_world();  // first: MPI wants to see the process early
      const ex::Config config = ex::load_config(config_file);
      if (merge_only) {
        std::cout << "merged " << ex::merge_shards(config.output) << " rows into " << config.output
                  << "/rows.jsonl\n";
        return 0;
      }
      if (run_options.resume && run_options.overwrite)
        throw std::invalid_argument("run: --resume and --overwrite exclude each other");
      if (!shard.empty()) ex::parse_shard(shard, run_options);
      if (world.active) {
        if (!shard.empty()) throw std::invalid_argument("run: --shard under mpirun");
        run_options.shard_index = world.rank;
        run_options.shard_count = world.size;
      } else {
        ex::shard_from_slurm(run_options);
      }
      using P = ex::RunnerOptions::Progress;
      run_options.progress = progress == "live"    ? P::live
                             : progress == "lines" ? P::lines
                             : progress == "quiet" ? P::quiet
                                                   : P::automatic;
      const ex::SweepSummary s =
          ex::run_sweep(config, run_options, ex::solver_body(config), std::cerr);
      ex::barrier(world);
      const bool last = world.active ? world.rank == 0 : run_options.shard_count == 1;
      if (world.active && world.rank == 0) ex::merge_shards(config.output);
      ex::leave_world(world);
      std::fprintf(stderr,
                   "%s: %zu runs done, %zu skipped as recorded, %zu answered, %zu timeouts, %zu "
                   "memouts, %zu failed; %.2f s",
                   s.rows_path.c_str(), s.done, s.skipped, s.answered, s.timeouts, s.memouts,
                   s.failed, s.wall_seconds);
      if (s.relabelled > 0)
        std::fprintf(stderr, "; %zu recorded rows given their config's new baseline", s.relabelled);
      // With one run at a time, the sweep's time beyond the runs' own is the runner's cost.
      if ((run_options.jobs > 0 ? run_options.jobs : config.jobs) == 1)
        std::fprintf(stderr, "; runner overhead %.2f ms per run", s.overhead_ms_per_run());
      std::fputc('\n', stderr);
      if (!last) return 0;
      if (!no_report) std::cout << bs::report::write_report(config.output, "", std::cerr);
      return 0;
    }
    if (*report) {
      std::cout << bs::report::write_report(rows_dir, baseline, std::cerr);
      return 0;
    }
    if (*compare) {
      const ex::PairedGames p = ex::compare_records(record_a, record_b);
      if (compare_json)
        std::cout << nlohmann::json{{"a", record_a},
                                    {"b", record_b},
                                    {"games", p.games},
                                    {"unmatched", p.unmatched},
                                    {"wins_a", p.wins_a},
                                    {"wins_b", p.wins_b},
                                    {"only_a", p.only_a},
                                    {"only_b", p.only_b},
                                    {"difference", p.difference},
                                    {"low", p.low},
                                    {"high", p.high},
                                    {"p_value", p.p_value}}
                         .dump()
                  << '\n';
      else
        std::cout << ex::paired_text(p, record_a, record_b);
      return 0;
    }
  } catch (const bs::InputError& e) {
    std::cerr << e.located() << '\n';
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "boundsearch: " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "boundsearch: internal error: " << e.what() << '\n';
    return 3;
  }
  return 0;
}
