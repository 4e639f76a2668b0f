// The boundsearch command line: a thin layer over the puzzle table and experiments/.
//
// It names no puzzle. The commands every puzzle answers (solve, count, verify, render, generate)
// call the puzzle's entry in the table; the commands a puzzle has of its own (`bounds` and
// `analyse` for peg, `play` for Minesweeper) are read off the table too, flags and all. Every
// row of the option table becomes a flag, grouped in `--help` by the puzzle that reads it, and a
// flag of another puzzle is refused with exit code 2 rather than silently ignored.
//
// Exit codes (kExitCodes, the --help footer): 0 answered, 1 unknown (a limit was hit, `analyse`
// left a pair undecided, or a generator found nothing within its attempts; `verify`: the solution
// or certificate is wrong), 2 bad input or usage, 3 internal error. `run` adds 4 (some runs ended
// in error or crash; their rows are written) and 5 (some answer contradicts the instance's known
// answer; before 4); `report` gives 5 too. `verify` adds 6: a certificate carries no proof (and
// says why), or its re-check could not finish (a time limit), so it is neither confirmed nor
// refuted.
//
// A mistyped command or flag is named with the nearest known one ("did you mean"), by edit
// distance over the commands, or over the flags of the command given.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/options.hpp"
#include "experiments/data_checks.hpp"
#include "experiments/distributed.hpp"
#include "experiments/paired.hpp"
#include "experiments/report.hpp"
#include "experiments/rows.hpp"
#include "experiments/runner.hpp"
#include "solvers/bench.hpp"
#include "solvers/solver.hpp"
#include "solvers/verify_result.hpp"

namespace {

namespace ex = bs::experiments;

// What the parsed command line holds; each command reads the fields it declared.
struct Args {
  std::vector<std::pair<std::string, std::string>> given;  // --option value, in order
  std::string puzzle, file, solution_file, output_file;
  bool json = false, solved = false;
  // A puzzle command's flags, by command name.
  std::map<std::string, bs::CommandInput, std::less<>> command_inputs;
  // run, report, compare
  std::string config_file, shard, progress = "auto", rows_dir, baseline, record_a, record_b;
  ex::RunnerOptions run_options;
  bool no_report = false, merge_only = false, allow_partial = false;
};

// The options given, checked against the scope of `puzzle`.
bs::Options puzzle_options(const bs::PuzzleSolver& puzzle, const Args& args) {
  bs::check_option_scopes(puzzle, args.given);
  bs::Options options;
  for (const auto& [k, v] : args.given) options.set(k, v);
  return options;
}

// Every row of the option table becomes a flag of `sub`, in the group of the puzzle reading it.
void add_option_flags(CLI::App& sub, Args& args) {
  for (const auto& spec : bs::option_table()) {
    const std::string name(spec.name);
    std::string help(spec.help);
    if (!spec.fallback.empty()) help += " [default: " + std::string(spec.fallback) + "]";
    CLI::Option* flag = sub.add_option_function<std::string>(
                               "--" + name,
                               [&args, name](const std::string& v) {
                                 args.given.emplace_back(name, v.empty() ? "true" : v);
                               },
                               help)
                            ->group(spec.scope.empty() ? "Options of every puzzle"
                                                       : std::string(spec.scope) + " options");
    // A switch may stand alone (`--profile`) or take true/false (`--reverse false`).
    if (spec.type == bs::OptionType::Bool) flag->expected(0, 1);
  }
}

CLI::App* add_puzzle_command(CLI::App& app, Args& args, const char* name, const char* help) {
  CLI::App* sub = app.add_subcommand(name, help);
  sub->add_option("puzzle", args.puzzle, "puzzle name (see `list`)")->required();
  return sub;
}

// ---- the commands every puzzle answers ----

int solve_or_count(const Args& args, bool count) {
  const bs::PuzzleSolver& p = bs::puzzle_or_throw(args.puzzle);
  bs::Options options = puzzle_options(p, args);
  if (count) options.set("count", "true");
  const bs::Result r = p.solve_file(args.file, options);
  if (args.json) {
    std::cout << bs::to_json(r).dump() << '\n';
  } else {
    for (const auto& line : r.solution_lines) std::cout << line << '\n';
    std::cout << bs::format_summary(r);
  }
  return bs::exit_code(r);
}

int render(const Args& args) {
  const bs::PuzzleSolver& p = bs::puzzle_or_throw(args.puzzle);
  if (!p.render) throw std::invalid_argument("render: puzzle " + args.puzzle + " has no renderer");
  std::cout << p.render(args.file, puzzle_options(p, args), args.solved);
  return 0;
}

int generate(const Args& args) {
  const bs::PuzzleSolver& p = bs::puzzle_or_throw(args.puzzle);
  if (!p.generate)
    throw std::invalid_argument("generate: the " + std::string(p.name) +
                                " puzzle has no generator");
  std::string text;
  try {
    text = p.generate(puzzle_options(p, args));
  } catch (const bs::InputError&) {
    throw;
  } catch (const std::runtime_error& e) {  // no instance within the attempts: a limit
    std::cerr << "boundsearch: " << e.what() << '\n';
    return 1;
  }
  if (args.output_file.empty()) {
    std::cout << text;
  } else {
    std::ofstream out(args.output_file, std::ios::binary);
    if (!(out << text) || !out.flush())
      throw bs::InputError(args.output_file, 0, 0, "cannot write the instance");
  }
  return 0;
}

constexpr const char* kExitCodes =
    "Exit codes: 0 answered (solved, proved infeasible, verified ok); 1 unknown (a limit was hit, "
    "`analyse` left a pair undecided) or, for `verify`, wrong; 2 bad input or usage; 3 internal "
    "error; 4 and 5 from `run` and `report` (failed runs, wrong answers); 6 `verify` could not "
    "check a certificate (no proof to confirm, or a re-check that did not finish: unchecked, "
    "not wrong); 130, 143 `run` interrupted by a "
    "signal.";

// "ok" (0), "wrong" (1), or "unchecked" (6) when a certificate carries no proof or its re-check
// could not finish: a certificate that could not be checked is not wrong.
// The check's own time is printed, reading the files included: what a proof costs to confirm.
int verify(const Args& args) {
  std::string why;
  const auto t0 = std::chrono::steady_clock::now();
  try {
    why = bs::puzzle_or_throw(args.puzzle).verify_files(args.file, args.solution_file);
  } catch (const bs::CheckUnfinished& e) {
    std::cout << "unchecked: " << e.what() << '\n';
    return 6;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (why.empty()) {
    std::cout << "ok: checked independently of the solver in " << seconds << " s\n";
    return 0;
  }
  std::cout << "wrong: " << why << '\n';
  return 1;
}

// `list`: the puzzle table, read whole: each puzzle with its rules and its own options.
int list() {
  std::cout << "puzzles:\n";
  for (const auto& p : bs::puzzle_solvers()) {
    std::cout << "  " << p.name << "  " << p.help << '\n';
    if (p.commands)
      for (const bs::PuzzleCommand& c : p.commands())
        std::cout << "    command " << c.name << ": " << c.help << '\n';
  }
  std::cout << "rules (name, puzzle, cost, default, help):\n";
  for (const auto& p : bs::puzzle_solvers())
    for (const bs::RuleInfo& r : p.rules())
      std::printf("  %-18s %-9s %-9s %-4s %s\n", std::string(r.name).c_str(),
                  std::string(r.puzzle).c_str(), bs::to_string(r.cost),
                  r.on_by_default ? "on" : "off", std::string(r.help).c_str());
  std::cout << "options (name, default, puzzle, help):\n";
  for (const auto& o : bs::option_table())
    std::printf("  --%-18s %-11s %-9s %s\n", std::string(o.name).c_str(),
                ("[" + std::string(o.fallback) + "]").c_str(),
                o.scope.empty() ? "all" : std::string(o.scope).c_str(),
                std::string(o.help).c_str());
  return 0;
}

// ---- a puzzle's own commands, read off the table ----

// One subcommand per command name; two puzzles may share a name (each brings its flags).
void add_table_commands(CLI::App& app, Args& args,
                        std::map<std::string, CLI::App*, std::less<>>& subs) {
  for (const bs::PuzzleSolver& p : bs::puzzle_solvers()) {
    if (!p.commands) continue;
    for (const bs::PuzzleCommand& c : p.commands()) {
      const std::string name(c.name);
      CLI::App*& sub = subs[name];
      bs::CommandInput& in = args.command_inputs[name];
      if (!sub) {
        sub = add_puzzle_command(app, args, name.c_str(),
                                 (std::string(p.name) + ": " + std::string(c.help)).c_str());
        if (!c.file_help.empty())
          sub->add_option("file", in.file, std::string(c.file_help))->required();
        add_option_flags(*sub, args);
      }
      for (const bs::CommandFlag& f : c.flags) {
        const std::string flag = "--" + std::string(f.name), key(f.name);
        if (sub->get_option_no_throw(flag)) continue;
        if (f.kind == bs::CommandFlag::boolean)
          sub->add_flag_callback(
              flag, [&in, key] { in.switches.insert(key); }, std::string(f.help));
        else
          sub->add_option_function<std::vector<std::string>>(
                 flag,
                 [&in, key](const std::vector<std::string>& v) {
                   auto& values = in.values[key];
                   values.insert(values.end(), v.begin(), v.end());
                 },
                 std::string(f.help))
              ->expected(1, f.kind == bs::CommandFlag::values ? -1 : 1);
      }
    }
  }
}

int run_table_command(const std::string& name, Args& args) {
  const bs::PuzzleSolver& p = bs::puzzle_or_throw(args.puzzle);
  if (p.commands)
    for (const bs::PuzzleCommand& c : p.commands())
      if (c.name == name) {
        bs::CommandInput& in = args.command_inputs[name];
        in.puzzle = args.puzzle;
        in.options = puzzle_options(p, args);
        return c.run(in, std::cout);
      }
  std::string owners;
  for (const bs::PuzzleSolver& q : bs::puzzle_solvers())
    if (q.commands)
      for (const bs::PuzzleCommand& c : q.commands())
        if (c.name == name) owners += (owners.empty() ? "" : ", ") + std::string(q.name);
  throw std::invalid_argument(name + ": the " + args.puzzle + " puzzle has no such command (" +
                              owners + " has)");
}

// ---- experiments ----

void add_run(CLI::App& app, Args& args) {
  auto* run = app.add_subcommand(
      "run", "run an experiment config: every run forked and limited, one JSON row per run");
  run->add_option("config", args.config_file, "experiment config (TOML)")->required();
  run->add_option("--jobs", args.run_options.jobs, "runs at a time [default: the config's jobs]")
      ->check(CLI::Range(1, 1024));
  run->add_flag("--resume", args.run_options.resume, "skip the runs already recorded");
  run->add_flag("--resume-changed", args.run_options.resume_changed,
                "with --resume: go on even though the config changed since its rows were "
                "recorded (the old rows stay, under the same config name)");
  run->add_flag("--overwrite", args.run_options.overwrite, "delete recorded rows and start again");
  run->add_option("--shard", args.shard,
                  "run only shard i/n of the grid, 1-based as Slurm counts (1/2 and 2/2 are "
                  "the two halves; 0/2 is refused); Slurm array variables are read when this "
                  "is absent");
  run->add_option("--progress", args.progress, "auto | live | lines | quiet")
      ->check(CLI::IsMember({"auto", "live", "lines", "quiet"}));
  run->add_flag("--no-report", args.no_report, "do not make the tables and plots afterwards");
  run->add_flag("--merge", args.merge_only,
                "run nothing: merge the shard files of the output into rows.jsonl; refused "
                "when runs of the grid have no row");
  run->add_flag("--allow-partial", args.allow_partial,
                "with --merge: merge even with runs missing, and mark the output partial "
                "(PARTIAL.json; the report says so)");
}

void print_sweep_summary(const ex::SweepSummary& s, bool one_job) {
  std::fprintf(stderr,
               "%s: %zu runs done, %zu skipped as recorded, %zu answered, %zu timeouts, %zu "
               "memouts, %zu failed; %.2f s",
               s.rows_path.c_str(), s.done, s.skipped, s.answered, s.timeouts, s.memouts, s.failed,
               s.wall_seconds);
  if (!s.wrong_answers.empty())
    std::fprintf(stderr, "; %zu WRONG answers (listed below)", s.wrong_answers.size());
  if (s.relabelled > 0)
    std::fprintf(stderr, "; %zu recorded rows given their config's new baseline", s.relabelled);
  // With one run at a time, the sweep's time beyond the runs' own is the runner's cost.
  if (one_job) std::fprintf(stderr, "; runner overhead %.2f ms per run", s.overhead_ms_per_run());
  std::fputc('\n', stderr);
}

// `run --merge`: refused with runs missing, unless --allow-partial, which marks the output.
int merge_only(const ex::Config& config, bool allow_partial) {
  const ex::MissingRuns missing = ex::find_missing_runs(config);
  if (missing.missing > 0 && !allow_partial)
    throw std::invalid_argument("run --merge: " + missing.describe() + " in " + config.output +
                                "; run the missing shards (--resume), or pass --allow-partial "
                                "to merge what there is and mark the data partial");
  const size_t merged = ex::merge_shards(config.output);
  if (missing.missing > 0) {
    ex::write_partial_marker(config.output, missing);
    std::cerr << "boundsearch: WARNING: partial data: " << missing.describe() << "; marked in "
              << config.output << "/" << ex::kPartialMarker << '\n';
  } else {
    ex::remove_partial_marker(config.output);
  }
  std::cout << "merged " << merged << " rows into " << config.output << "/rows.jsonl\n";
  return 0;
}

// The report of `dir`, its summary on stdout; its warnings (a partial merge, wrong answers) go to
// stderr and into every output. Exit code 5 when an answer was wrong, as `run` gives.
int report_of(const std::string& dir, const std::string& baseline) {
  bs::report::ReportFacts facts;
  std::cout << bs::report::write_report(dir, baseline, std::cerr, &facts);
  return facts.wrong_answers > 0 ? 5 : 0;
}

// 5 when an answer was wrong (each printed), else 4 when a run failed, else 0.
int sweep_exit_code(const ex::SweepSummary& s) {
  for (const auto& line : s.wrong_answers) std::cerr << "boundsearch: " << line << '\n';
  if (!s.wrong_answers.empty()) return 5;
  return s.failed > 0 ? 4 : 0;
}

int run_sweep(Args& args) {
  const ex::World world = ex::join_world();  // first: MPI wants to see the process early
  // A signal while the config loads (its [[generate]] may take a while) stops cleanly too.
  const ex::Config config = [&] {
    const ex::StopOnSignals stop(ex::StopOnSignals::When::at_once);
    return ex::load_config(args.config_file);
  }();
  ex::RunnerOptions& options = args.run_options;
  if (args.merge_only) return merge_only(config, args.allow_partial);
  if (args.allow_partial) throw std::invalid_argument("run: --allow-partial goes with --merge");
  if (options.resume_changed && !options.resume)
    throw std::invalid_argument("run: --resume-changed goes with --resume");
  if (options.resume && options.overwrite)
    throw std::invalid_argument("run: --resume and --overwrite exclude each other");
  if (!args.shard.empty()) ex::parse_shard(args.shard, options);
  if (world.active) {
    if (!args.shard.empty()) throw std::invalid_argument("run: --shard under mpirun");
    options.shard_index = world.rank;
    options.shard_count = world.size;
  } else {
    ex::shard_from_slurm(options);
  }
  using P = ex::RunnerOptions::Progress;
  options.progress = args.progress == "live"    ? P::live
                     : args.progress == "lines" ? P::lines
                     : args.progress == "quiet" ? P::quiet
                                                : P::automatic;
  const ex::SweepSummary s = ex::run_sweep(config, options, ex::solver_body(config), std::cerr);
  ex::barrier(world);
  const bool last = world.active ? world.rank == 0 : options.shard_count == 1;
  if (world.active && world.rank == 0) ex::merge_shards(config.output);
  ex::leave_world(world);
  print_sweep_summary(s, (options.jobs > 0 ? options.jobs : config.jobs) == 1);
  if (last && !args.no_report) report_of(config.output, "");
  return sweep_exit_code(s);
}

int compare(const Args& args) {
  const ex::PairedGames p = ex::compare_records(args.record_a, args.record_b);
  if (args.json)
    std::cout << nlohmann::json{{"a", args.record_a},
                                {"b", args.record_b},
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
    std::cout << ex::paired_text(p, args.record_a, args.record_b);
  return 0;
}

// ---- the command line ----

using Command = std::function<int(Args&)>;

// Declares every subcommand on `app` and returns, per subcommand, what running it does.
std::vector<std::pair<CLI::App*, Command>> declare_commands(CLI::App& app, Args& args) {
  std::vector<std::pair<CLI::App*, Command>> commands;
  auto* solve = add_puzzle_command(app, args, "solve",
                                   "solve one instance; prints the solution and a summary");
  auto* count = add_puzzle_command(
      app, args, "count", "count the solutions of one instance; `--limit 2` proves uniqueness");
  for (CLI::App* sub : {solve, count}) {
    sub->add_option("file", args.file, "instance file")->required();
    sub->add_flag("--json", args.json, "print the result as one JSON object");
    add_option_flags(*sub, args);
  }
  commands.emplace_back(solve, [](Args& a) { return solve_or_count(a, false); });
  commands.emplace_back(count, [](Args& a) { return solve_or_count(a, true); });

  auto* gen = add_puzzle_command(app, args, "generate",
                                 "make one instance from --size, --seed, --grade; prints its text");
  gen->add_option("--output", args.output_file, "write the instance to this file, not stdout");
  add_option_flags(*gen, args);
  commands.emplace_back(gen, generate);

  auto* ver = add_puzzle_command(
      app, args, "verify",
      "replay a jump list, or check a `solve --json` result (its moves or its certificate); "
      "exit 0 ok, 1 wrong, 6 unchecked (no proof to confirm, or a re-check did not finish)");
  ver->add_option("file", args.file, "instance file")->required();
  ver->add_option("solution", args.solution_file,
                  "a solution file (peg: a jump list), or a JSON result")
      ->required();
  commands.emplace_back(ver, verify);

  auto* draw = add_puzzle_command(app, args, "render", "draw an instance as SVG on stdout");
  draw->add_option("file", args.file, "instance file")->required();
  draw->add_flag("--solved", args.solved, "solve it first and draw the solution in");
  add_option_flags(*draw, args);
  commands.emplace_back(draw, render);

  std::map<std::string, CLI::App*, std::less<>> table_subs;
  add_table_commands(app, args, table_subs);
  for (const auto& [name, sub] : table_subs)
    commands.emplace_back(sub, [name = name](Args& a) { return run_table_command(name, a); });

  commands.emplace_back(
      app.add_subcommand("bench",
                         "search every puzzle's fixed positions serially and print the "
                         "node count (CI checks it)"),
      [](Args&) {
        std::cout << bs::run_bench().text;
        return 0;
      });
  commands.emplace_back(app.add_subcommand("list", "list puzzles, their rules and options"),
                        [](Args&) { return list(); });

  add_run(app, args);
  commands.emplace_back(app.get_subcommand("run"), run_sweep);

  auto* report = app.add_subcommand(
      "report",
      "tables (CSV, Markdown, LaTeX), plots and report.html of the *.jsonl result rows in DIR; "
      "exit 5 when an answer contradicts its known one");
  report->add_option("dir", args.rows_dir, "folder of result rows; the report goes to DIR/report/")
      ->required();
  report->add_option("--baseline", args.baseline,
                     "config to measure every config's speedup and win rate against [default: "
                     "each config's own, as its rows name it]");
  commands.emplace_back(report, [](Args& a) { return report_of(a.rows_dir, a.baseline); });

  auto* cmp = app.add_subcommand(
      "compare",
      "mines: two `play --record` files of the same games, game by game: the paired difference "
      "and McNemar's test");
  cmp->add_option("a", args.record_a, "record file of player A (the baseline)")->required();
  cmp->add_option("b", args.record_b, "record file of player B")->required();
  cmp->add_flag("--json", args.json, "print the comparison as one JSON object");
  commands.emplace_back(cmp, compare);
  return commands;
}

int dispatch(const std::vector<std::pair<CLI::App*, Command>>& commands, Args& args) {
  try {
    for (const auto& [sub, run] : commands)
      if (*sub) return run(args);
  } catch (const bs::InputError& e) {
    std::cerr << e.located() << '\n';
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "boundsearch: " << e.what() << '\n';
    return 2;
  } catch (const ex::Interrupted& e) {  // a clean stop: 130 for SIGINT, 143 for SIGTERM, SIGHUP
    std::cerr << "boundsearch: " << e.what() << '\n';
    return e.exit_code();
  } catch (const std::exception& e) {
    std::cerr << "boundsearch: internal error: " << e.what() << '\n';
    return 3;
  }
  return 0;
}

// ---- mistyped commands and flags ----

// Levenshtein distance: how many one-character edits turn `a` into `b`.
size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// "; did you mean 'x'?" for the nearest of `known`, or "" when none is near (more edits than a
// third of the word: a guess that far would mislead).
std::string did_you_mean(const std::string& word, const std::vector<std::string>& known) {
  const std::string* best = nullptr;
  size_t best_distance = 0;
  for (const auto& k : known) {
    const size_t d = edit_distance(word, k);
    if (!best || d < best_distance) best = &k, best_distance = d;
  }
  if (!best || best_distance > std::max<size_t>(2, word.size() / 3)) return "";
  return "; did you mean '" + *best + "'?";
}

// The first argument, when it names no command (and is no flag): the nearest command.
std::string unknown_command(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return "";
  const std::string word = argv[1];
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  if (std::find(names.begin(), names.end(), word) != names.end()) return "";
  return "unknown command '" + word + "'" + did_you_mean(word, names);
}

// An ExtrasError of the command given: each unexpected flag with the nearest flag it has.
std::string unknown_flags(const CLI::App& app) {
  std::string out;
  for (const CLI::App* sub : app.get_subcommands()) {
    std::vector<std::string> flags;
    for (const CLI::Option* o : sub->get_options())
      for (const auto& name : o->get_lnames()) flags.push_back("--" + name);
    for (const auto& extra : sub->remaining()) {
      const std::string flag = extra.substr(0, extra.find('='));
      if (flag.rfind("--", 0) != 0) continue;
      out += (out.empty() ? "" : "\n") + std::string("boundsearch ") + sub->get_name() +
             ": unknown option '" + flag + "'" + did_you_mean(flag, flags);
    }
  }
  return out;
}

std::string version_text() {
  const bs::BuildInfo b = bs::build_info();
  return "boundsearch " + b.git_commit +
         (b.git_dirty ? " (dirty: built with uncommitted changes)" : "") + ", " + b.build_type +
         " build, " + b.compiler;
}

}  // namespace

int main(int argc, char** argv) {
  // One run of a sweep, in the fresh process the runner execs for it (experiments/sandbox.hpp).
  if (argc == 3 && std::string(argv[1]) == ex::kRunOneCommand) return ex::run_one(argv[2]);
  CLI::App app{"boundsearch: puzzles solved by search pruned with IP and LP bounds"};
  app.require_subcommand(1);
  app.set_version_flag("--version", version_text(), "print the commit this binary was built from");
  app.footer(kExitCodes);
  Args args;
  const auto commands = declare_commands(app, args);
  if (const std::string why = unknown_command(app, argc, argv); !why.empty()) {
    std::cerr << "boundsearch: " << why << "\n(run `boundsearch --help`)\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ExtrasError& e) {
    const std::string named = unknown_flags(app);
    std::cerr << (named.empty() ? "boundsearch: " + std::string(e.what()) : named)
              << "\n(run `boundsearch --help`)\n";
    return 2;
  } catch (const CLI::ParseError& e) {
    std::cerr << "boundsearch: " << e.what() << "\n(run `boundsearch --help`)\n";
    return 2;
  }
  return dispatch(commands, args);
}
