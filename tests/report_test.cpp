// The report: aggregates checked against values worked out by hand, the row reader's tolerance
// of a killed runner and its intolerance of anything else, LaTeX that pdflatex accepts, plots
// that gnuplot draws, byte-identical output from the same rows, and contradictions made loud.
#include "experiments/report.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.hpp"

namespace {

namespace fs = std::filesystem;
using bs::report::Analysis;
using nlohmann::json;

// A fresh folder per test and process (ctest runs tests as parallel processes), removed when the
// test passes and kept for a look when it fails.
class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::path(testing::TempDir()) / (std::string("report_") + std::to_string(getpid()) +
                                            "_" + info->test_suite_name() + "_" + info->name());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~ScratchDir() {
    if (!testing::Test::HasFailure()) fs::remove_all(path_);
  }
  operator std::string() const { return path_.string(); }

 private:
  fs::path path_;
};

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A row as the runner writes it, time limit 7 s, one thread; tests change what they need.
json row(const std::string& instance, const std::string& config, const std::string& status,
         double wall) {
  return {{"schema", 1},
          {"experiment", "test"},
          {"puzzle", "peg"},
          {"instance", instance},
          {"config", config},
          {"config_hash", config},
          {"baseline", nullptr},
          {"seed", 1},
          {"repetition", 0},
          {"threads", 1},
          {"status", status},
          {"wall_seconds", wall},
          {"cpu_seconds", wall},
          {"time_limit", 7.0},
          {"stats", json::object()}};
}

// A row as one line of a row file, keyed by instance, config, seed and threads.
std::string line(json r) {
  if (!r.contains("key"))
    r["key"] = r["instance"].get<std::string>() + "|" + r["config"].get<std::string>() + "|" +
               std::to_string(r["seed"].get<int>()) + "|t" +
               std::to_string(r["threads"].get<int>());
  return r.dump() + "\n";
}

void write_rows(const std::string& dir, const std::string& file, const std::vector<json>& rows,
                const std::string& tail = "") {
  std::ofstream out(fs::path(dir) / file, std::ios::binary);
  for (const auto& r : rows) out << line(r);
  out << tail;
}

json with(json r, const std::string& field, const json& value) {
  r[field] = value;
  return r;
}

// A row with a known answer and the runner's verdict on the run's.
json checked(json r, const std::string& verdict) {
  r["expected"] = {{"status", "solved"}, {"source", "answers.toml"}};
  r["answer_check"] = verdict;
  return r;
}

json with_stats(json r, const json& stats) {
  r["stats"] = stats;
  return r;
}

const bs::report::Group& group(const Analysis& a, const std::string& config, int threads = 1) {
  for (const auto& g : a.groups)
    if (g.config == config && g.threads == threads) return g;
  throw std::logic_error("no group " + config);
}

const bs::report::Table& table(const std::vector<bs::report::Table>& tables,
                               const std::string& name) {
  for (const auto& t : tables)
    if (t.name == name) return t;
  throw std::logic_error("no table " + name);
}

// Times are chosen so that, with the 1 s shift, the shifted values multiply to perfect powers.
std::vector<json> two_configs() {
  return {
      with_stats(row("i1", "base", "solved", 1), {{"nodes", 0}, {"prunes_jump-bounds", 5}}),
      with_stats(row("i2", "base", "timeout", 7.25), {{"nodes", 90}, {"prunes_jump-bounds", 7}}),
      with_stats(row("i3", "base", "infeasible", 3), {{"nodes", 990}}),
      with_stats(row("i1", "fast", "solved", 0), {{"nodes", 0}, {"prunes_position-class", 2}}),
      with_stats(row("i2", "fast", "solved", 1), {{"nodes", 0}, {"prunes_position-class", 2}}),
      with_stats(row("i3", "fast", "infeasible", 3), {{"nodes", 0}, {"prunes_position-class", 2}}),
  };
}

bool on_path(const std::string& program) {
  return std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) == 0;
}

// Skips when `program` is missing, unless BS_REQUIRE_<VAR>=1 demands it.
bool have_or_skip(const std::string& program, const char* require_var) {
  if (on_path(program)) return true;
  const char* require = std::getenv(require_var);
  if (require && std::string(require) == "1") {
    ADD_FAILURE() << program << " is not on PATH and " << require_var << "=1";
    return false;
  }
  return false;
}

}  // namespace

TEST(ReportAggregates, HandWorkedValues) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  write_rows(dir, "rows.jsonl", two_configs());
  const Analysis a = bs::report::analyse(bs::report::read_rows(dir), "base");
  ASSERT_EQ(a.groups.size(), 2u);
  const auto& base = group(a, "base");
  const auto& fast = group(a, "fast");
  EXPECT_EQ(base.solved, 2);
  EXPECT_EQ(base.timeouts, 1);
  EXPECT_EQ(fast.solved, 3);
  // PAR-2: (1 + 2*7 + 3) / 3 and (0 + 1 + 3) / 3.
  EXPECT_DOUBLE_EQ(base.par2, 6.0);
  EXPECT_DOUBLE_EQ(fast.par2, 4.0 / 3);
  // SGM time, the timeout counted at its limit 7: cbrt(2 * 8 * 4) - 1 and cbrt(1 * 2 * 4) - 1.
  EXPECT_NEAR(base.sgm_time, 3.0, 1e-12);
  EXPECT_NEAR(fast.sgm_time, 1.0, 1e-12);
  // SGM nodes, shift 10: cbrt(10 * 100 * 1000) - 10 and cbrt(10^3) - 10.
  EXPECT_NEAR(base.sgm_nodes, 90.0, 1e-9);
  EXPECT_NEAR(fast.sgm_nodes, 0.0, 1e-9);
  // Speedup over i1 and i3, answered by both: sqrt(2 * 4) - 1 against sqrt(1 * 4) - 1.
  EXPECT_NEAR(fast.speedup, std::sqrt(8.0) - 1, 1e-12);
  EXPECT_NEAR(base.speedup, 1.0, 1e-12);
  EXPECT_TRUE(a.thread_speedups.empty());

  const auto tables = bs::report::make_tables(a);
  const auto& rules = table(tables, "rules");
  ASSERT_EQ(rules.rows.size(), 2u);
  EXPECT_EQ(rules.rows[0], (std::vector<std::string>{"jump-bounds", "12", "0"}));
  EXPECT_EQ(rules.rows[1], (std::vector<std::string>{"position-class", "0", "6"}));
  const auto& summary = table(tables, "summary");
  // CPU time equals wall time in these rows, so its SGM is the same 3.
  EXPECT_EQ(summary.rows[0], (std::vector<std::string>{"base", "1", "3", "2", "1", "0", "0", "6.00",
                                                       "3.00", "3.00", "90.0", "1.00"}));
  EXPECT_EQ(summary.rows[1].back(), "1.83");
  EXPECT_EQ(table(tables, "instances").rows[1],
            (std::vector<std::string>{"i2", "T/O", "T/O", "1.00", "1.00", "solved"}));
  EXPECT_EQ(std::count_if(tables.begin(), tables.end(),
                          [](const auto& t) { return t.name == "threads"; }),
            0);
}

// A config whose solver has no search tree (an integer model) reports no nodes at all: its SGM
// of nodes is unknown, not the rounding residue of averaging zeros.
TEST(ReportAggregates, NoNodesCounterGivesNoNodesMean) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  std::vector<json> rows = two_configs();
  rows.push_back(with_stats(row("i1", "ip", "solved", 1), {{"ip_solves", 1}}));
  rows.push_back(row("i2", "ip", "timeout", 7.25));
  write_rows(dir, "rows.jsonl", rows);
  const Analysis a = bs::report::analyse(bs::report::read_rows(dir), "base");
  EXPECT_TRUE(std::isnan(group(a, "ip").sgm_nodes));
  EXPECT_NEAR(group(a, "base").sgm_nodes, 90.0, 1e-9);
}

// Runs that play games get a win-rate table: wins over games pooled over seeds, the Wilson
// interval (50 of 100: 40.38-59.62%), and the paired difference from the baseline. Runs without
// games get none.
TEST(ReportAggregates, WinRatesPoolSeedsAndCompareWithTheBaseline) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  auto games = [](const std::string& config, int seed, double wins) {
    return with(with_stats(row("expert", config, "solved", 1), {{"games", 50}, {"wins", wins}}),
                "seed", seed);
  };
  write_rows(
      dir, "rows.jsonl",
      {games("fast", 1, 20), games("fast", 2, 30), games("strong", 1, 30), games("strong", 2, 30),
       // a repetition replays the games of its seed: it must not count twice
       with(with(games("strong", 2, 30), "repetition", 1), "key", "expert|strong|2|r1")});
  const Analysis a = bs::report::analyse(bs::report::read_rows(dir), "fast");
  const auto tables = bs::report::make_tables(a);
  const auto& t = table(tables, "win_rates");
  ASSERT_EQ(t.rows.size(), 1u);
  EXPECT_EQ(t.rows[0][0], "expert");
  EXPECT_EQ(t.rows[0][1], "50.00% [40.38, 59.62]");
  EXPECT_EQ(t.rows[0][2], "60.00% [50.20, 69.06] (+10.00)");
  write_rows(dir, "rows.jsonl", two_configs());
  const auto plain = bs::report::make_tables(bs::report::analyse(bs::report::read_rows(dir)));
  EXPECT_THROW(table(plain, "win_rates"), std::logic_error);
}

// Runs that recorded which games they won are compared game by game with the baseline run of the
// same seed: the games won by each alone, pooled over seeds, and McNemar's exact p-value. Seed 1:
// the baseline wins games 0-3 ("f0"), strong wins 0-5 ("f3"); seed 2: the baseline wins none,
// strong wins game 7 ("08"). So strong alone wins 3, the baseline alone none, and
// p = 2 / 2^3 = 0.25. A run without outcomes, or with outcomes that do not fit its games, leaves
// the plain difference.
TEST(ReportAggregates, WinRatesGivePairedCountsAndMcNemarWhereOutcomesWereRecorded) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  auto games = [](const std::string& config, int seed, double wins, const std::string& outcomes) {
    json r = with(with_stats(row("expert", config, "solved", 1), {{"games", 8}, {"wins", wins}}),
                  "seed", seed);
    if (!outcomes.empty()) r["outcomes"] = outcomes;
    return r;
  };
  write_rows(dir, "rows.jsonl",
             {games("fast", 1, 4, "f0"), games("fast", 2, 0, "00"), games("strong", 1, 6, "f3"),
              games("strong", 2, 1, "08"), games("blind", 1, 6, "f3"), games("blind", 2, 1, ""),
              games("bent", 1, 6, "f3"), games("bent", 2, 1, "080")});
  const auto tables =
      bs::report::make_tables(bs::report::analyse(bs::report::read_rows(dir), "fast"));
  const auto& t = table(tables, "win_rates");
  ASSERT_EQ(t.rows.size(), 1u);
  std::map<std::string, std::string> cell;
  for (size_t c = 1; c < t.columns.size(); ++c) cell[t.columns[c].title] = t.rows[0][c];
  auto ends_with = [](const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
  };
  EXPECT_TRUE(ends_with(cell["strong"], "(+18.75, +3 -0, p 0.25)")) << cell["strong"];
  EXPECT_TRUE(ends_with(cell["blind"], "(+18.75)")) << cell["blind"];
  EXPECT_TRUE(ends_with(cell["bent"], "(+18.75)")) << cell["bent"];
  EXPECT_NE(t.caption.find("McNemar"), std::string::npos);
}

// A config compared with its own baseline (an element of the strong player against the strong
// player): its cell gives the difference from that baseline and names it, its speedup is taken
// against it, and the captions name the baseline most configs use. Seed 1 as above: fast wins
// games 0-3 ("f0"), strong 0-5 ("f3"), strong-less 0-4 ("f1"): against strong it is 12.5 points
// and one game behind (p 1).
TEST(ReportAggregates, AConfigComparedWithItsOwnBaselineNamesIt) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  auto games = [](const std::string& config, const std::string& baseline, double wins,
                  const std::string& outcomes, double wall) {
    json r = with(with_stats(row("expert", config, "solved", wall), {{"games", 8}, {"wins", wins}}),
                  "baseline", baseline);
    r["outcomes"] = outcomes;
    return r;
  };
  write_rows(dir, "rows.jsonl",
             {games("fast", "fast", 4, "f0", 1), games("strong", "fast", 6, "f3", 3),
              games("strong-less", "strong", 5, "f1", 1)});
  const Analysis a = bs::report::analyse(bs::report::read_rows(dir));
  EXPECT_EQ(a.baseline, "fast");
  EXPECT_EQ(group(a, "strong-less").baseline, "strong");
  EXPECT_NEAR(group(a, "strong").speedup, 1.0 / 3.0, 1e-12);  // SGM times 1 s and 3 s
  EXPECT_NEAR(group(a, "strong-less").speedup, 3.0, 1e-12);   // against strong, not fast
  const auto tables = bs::report::make_tables(a);
  const auto& t = table(tables, "win_rates");
  std::map<std::string, std::string> cell;
  for (size_t c = 1; c < t.columns.size(); ++c) cell[t.columns[c].title] = t.rows[0][c];
  auto ends_with = [](const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
  };
  EXPECT_TRUE(ends_with(cell["strong"], "(+25.00, +2 -0, p 0.5)")) << cell["strong"];
  EXPECT_TRUE(ends_with(cell["strong-less"], "(-12.50 against strong, +0 -1, p 1)"))
      << cell["strong-less"];
  const std::string caption = table(tables, "summary").caption;
  EXPECT_NE(caption.find("'fast' (strong-less against 'strong')"), std::string::npos) << caption;
  // A config whose rows name two baselines is an error, unless --baseline chooses one for all.
  write_rows(dir, "more.jsonl", {with(games("strong-less", "fast", 5, "f1", 1), "seed", 2)});
  EXPECT_THROW(bs::report::analyse(bs::report::read_rows(dir)), std::invalid_argument);
  const Analysis all_fast = bs::report::analyse(bs::report::read_rows(dir), "fast");
  EXPECT_EQ(group(all_fast, "strong-less").baseline, "fast");
}

TEST(ReportAggregates, NoBaselineNoSpeedupColumn) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  write_rows(dir, "rows.jsonl", two_configs());
  const Analysis a = bs::report::analyse(bs::report::read_rows(dir));
  EXPECT_TRUE(a.baseline.empty());
  EXPECT_TRUE(std::isnan(group(a, "fast").speedup));
  EXPECT_EQ(table(bs::report::make_tables(a), "summary").columns.back().title, "SGM nodes");
  EXPECT_THROW(bs::report::analyse(bs::report::read_rows(dir), "nope"), std::invalid_argument);
}

TEST(ReportAggregates, SpeedupAgainstThreadsAndMedianOverSeeds) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  const auto at = [](json r, int threads, int seed = 1) {
    return with(with(std::move(r), "threads", threads), "seed", seed);
  };
  write_rows(dir, "rows.jsonl",
             {at(row("i1", "par", "solved", 3), 1), at(row("i2", "par", "solved", 7), 1),
              at(row("i1", "par", "solved", 1), 2), at(row("i2", "par", "timeout", 7.5), 2),
              at(row("i1", "par", "solved", 0), 4), at(row("i2", "par", "solved", 1), 4),
              // three seeds of i3 at 4 threads: 2 s, 4 s and a timeout; the median is 4 s
              at(row("i3", "par", "solved", 2), 4, 1), at(row("i3", "par", "solved", 4), 4, 2),
              at(row("i3", "par", "timeout", 7.1), 4, 3)});
  const Analysis a = bs::report::analyse(bs::report::read_rows(dir));
  ASSERT_EQ(a.thread_speedups.size(), 3u);
  EXPECT_EQ(a.thread_speedups[0].threads, 1);
  EXPECT_NEAR(a.thread_speedups[0].speedup, 1.0, 1e-12);
  // At 2 threads only i1 was answered at both counts: (3 + 1 - 1) / (1 + 1 - 1).
  EXPECT_EQ(a.thread_speedups[1].instances, 1);
  EXPECT_NEAR(a.thread_speedups[1].speedup, 3.0, 1e-12);
  // At 4 threads i1 and i2: (sqrt(4 * 8) - 1) / (sqrt(1 * 2) - 1); i3 never ran on 1 thread.
  EXPECT_EQ(a.thread_speedups[2].instances, 2);
  EXPECT_NEAR(a.thread_speedups[2].speedup, (std::sqrt(32.0) - 1) / (std::sqrt(2.0) - 1), 1e-9);

  const auto tables = bs::report::make_tables(a);
  EXPECT_EQ(table(tables, "threads").rows.size(), 3u);
  const auto& instances = table(tables, "instances");
  EXPECT_EQ(instances.columns[5].title, "par t=4 wall");
  // The median of i3's three seeds, their spread (the timeout at its limit, 7 s) and 2 of 3
  // answered; the CPU cell alike.
  EXPECT_EQ(instances.rows[2], (std::vector<std::string>{"i3", "", "", "", "",
                                                         "4.00 [2.00\u2013"
                                                         "7.00] (2/3)",
                                                         "4.00 [2.00\u2013"
                                                         "7.00] (2/3)",
                                                         "solved"}));
}

TEST(ReportLatex, EscapesSpecials) {
  EXPECT_EQ(bs::report::latex_escape("a_b&c%d#e$f{g}h~i^j\\k"),
            "a\\_b\\&c\\%d\\#e\\$f\\{g\\}h\\textasciitilde{}i\\textasciicircum{}j"
            "\\textbackslash{}k");
  EXPECT_EQ(bs::report::latex_escape("plain-name.1"), "plain-name.1");
}

TEST(ReportLatex, BoldsTheBestValueOfEachColumn) {
  using bs::report::Best;
  const bs::report::Table t{
      "t",
      "T",
      "caption",
      {{"name"},
       {"solved", true, Best::max},
       {"time", true, Best::min},
       {"runs", true, Best::none}},
      {{"a_1", "3", "2.50", "9"}, {"b", "5", "1.20", "4"}, {"c", "5", "T/O", "1"}},
      {}};
  const std::string tex = bs::report::to_latex(t);
  EXPECT_NE(tex.find("\\begin{tabular}{lrrr}"), std::string::npos) << tex;
  EXPECT_NE(tex.find("\\toprule"), std::string::npos);
  EXPECT_NE(tex.find("\\midrule"), std::string::npos);
  EXPECT_NE(tex.find("\\bottomrule"), std::string::npos);
  EXPECT_NE(tex.find("a\\_1 & 3 & 2.50 & 9 \\\\"), std::string::npos) << tex;
  EXPECT_NE(tex.find("b & \\textbf{5} & \\textbf{1.20} & 4 \\\\"), std::string::npos) << tex;
  EXPECT_NE(tex.find("c & \\textbf{5} & T/O & 1 \\\\"), std::string::npos) << tex;  // a tie
  EXPECT_EQ(tex.find("\\textbf{1}"), std::string::npos) << "runs has no best";
}

TEST(ReportCsv, QuotesPerRfc4180) {
  const bs::report::Table t{"t", "T", "", {{"a"}, {"b"}}, {{"x,y", "say \"hi\""}, {"plain", ""}},
                            {}};
  EXPECT_EQ(bs::report::to_csv(t), "a,b\r\n\"x,y\",\"say \"\"hi\"\"\"\r\nplain,\r\n");
}

TEST(ReportInput, HalfWrittenLastLineBlankLinesAndReruns) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  // The last complete row of a key wins; the cut-off tail is a runner killed mid-write.
  write_rows(
      dir, "rows.jsonl",
      {row("i1", "a", "timeout", 7), row("i2", "a", "solved", 1), row("i1", "a", "solved", 2)},
      "\n  \n{\"key\": \"i3|a|1|t1\", \"instance\": \"i3\", \"sta");
  const auto rows = bs::report::read_rows(dir);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].instance, "i1");
  EXPECT_EQ(rows[0].status, "solved");
  EXPECT_DOUBLE_EQ(rows[0].wall, 2);
}

TEST(ReportInput, MalformedMiddleLineNamesItsLine) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  write_rows(dir, "rows.shard-0-of-2.jsonl", {row("i1", "a", "solved", 1)});
  const std::string file = (fs::path(dir) / "rows.shard-1-of-2.jsonl").string();
  std::ofstream(file) << line(row("i2", "a", "solved", 1)) << "\n"
                      << "{\"key\": oops}\n"
                      << line(row("i3", "a", "solved", 1));
  try {
    bs::report::read_rows(dir);
    FAIL() << "a malformed line must be an error";
  } catch (const bs::InputError& e) {
    EXPECT_EQ(e.file(), file);
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.col(), 9);
    EXPECT_NE(e.located().find(":3:9: malformed JSON"), std::string::npos) << e.located();
  }
  std::ofstream(file) << line(with(row("i2", "a", "solved", 1), "status", "done"));
  try {
    bs::report::read_rows(dir);
    FAIL() << "an unknown status must be an error";
  } catch (const bs::InputError& e) {
    EXPECT_EQ(e.line(), 1);
    EXPECT_NE(std::string(e.what()).find("'done'"), std::string::npos) << e.what();
  }
}

TEST(ReportInput, NoRowsIsAnError) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  EXPECT_THROW(bs::report::read_rows(dir + "/missing"), bs::InputError);
  EXPECT_THROW(bs::report::read_rows(dir), bs::InputError);
  write_rows(dir, "rows.jsonl", {}, "{\"half\": ");
  EXPECT_THROW(bs::report::read_rows(dir), bs::InputError);
}

TEST(ReportContradiction, WarnedAndMarked) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  write_rows(dir, "rows.jsonl",
             {row("i1", "a", "solved", 1), row("i1", "b", "infeasible", 1),
              row("i2", "a", "solved", 1), row("i2", "b", "solved", 2)});
  const Analysis a = bs::report::analyse(bs::report::read_rows(dir));
  ASSERT_EQ(a.contradictions.size(), 1u);
  EXPECT_EQ(a.contradictions[0].instance, "i1");
  EXPECT_EQ(a.contradictions[0].solved_by, std::vector<std::string>{"a"});
  EXPECT_EQ(a.contradictions[0].infeasible_by, std::vector<std::string>{"b"});

  std::ostringstream warn;
  const std::string summary = bs::report::write_report(dir, "", warn);
  EXPECT_NE(warn.str().find("WARNING: contradictory answers on i1: solved by a; infeasible by b"),
            std::string::npos)
      << warn.str();
  EXPECT_NE(summary.find("WARNING"), std::string::npos);
  const std::string md = slurp(fs::path(dir) / "report" / "instances.md");
  EXPECT_NE(md.find("| i1 | 1.00 | 1.00 | 1.00 | 1.00 | CONTRADICTION |"), std::string::npos) << md;
  EXPECT_NE(md.find("| i2 | 1.00 | 1.00 | 2.00 | 2.00 | solved |"), std::string::npos) << md;
}

TEST(ReportOutput, SameRowsGiveByteIdenticalFiles) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  auto rows = two_configs();
  rows.push_back(with(row("i1", "base", "solved", 0.5), "threads", 2));
  rows.push_back(with(row("i1", "fast", "solved", 0.25), "threads", 2));
  write_rows(dir, "rows.jsonl", rows);
  const fs::path out = fs::path(dir) / "report";
  const auto snapshot = [&] {
    std::ostringstream warn;
    std::map<std::string, std::string> files{{"stdout", bs::report::write_report(dir, "", warn)}};
    // cairo stamps each PDF with the time it was made; everything else must match.
    for (const auto& e : fs::directory_iterator(out))
      if (e.path().extension() != ".pdf") files[e.path().filename().string()] = slurp(e.path());
    fs::remove_all(out);
    return files;
  };
  const auto first = snapshot();
  EXPECT_EQ(first, snapshot());
  for (const char* name :
       {"summary.csv", "summary.md", "summary.tex", "instances.tex", "rules.md", "threads.csv",
        "report.tex", "cactus.gp", "cactus.dat", "scatter-base-vs-fast-t1.dat", "speedup.gp"})
    EXPECT_TRUE(first.count(name)) << name;
}

// A distributed sweep's rows reach the report split across shard files, in whatever order the
// ranks finished: with run indices, the report is the same as from one file in plan order. Here
// the later configs' rows come first, in reverse, and split over two files.
TEST(ReportOutput, RunOrderNotFileOrderSetsTheLayout) {
  std::vector<json> rows = two_configs();
  rows.push_back(with(row("i1", "base", "solved", 0.5), "threads", 2));
  rows.push_back(with(row("i1", "fast", "solved", 0.25), "threads", 2));
  for (size_t i = 0; i < rows.size(); ++i) rows[i]["run_index"] = i;
  const auto report_of = [](const std::vector<std::vector<json>>& files) {
    const ScratchDir scratch;
    const std::string dir = scratch;
    for (size_t f = 0; f < files.size(); ++f)
      write_rows(dir, "rows.shard-" + std::to_string(f) + ".jsonl", files[f]);
    std::ostringstream warn;
    std::map<std::string, std::string> files_out{
        {"stdout", bs::report::write_report(dir, "base", warn)}};
    for (const auto& e : fs::directory_iterator(fs::path(dir) / "report"))
      if (e.path().extension() != ".pdf") files_out[e.path().filename().string()] = slurp(e.path());
    return files_out;
  };
  const auto in_order = report_of({rows});
  std::vector<json> late(rows.rbegin(), rows.rbegin() + 4), early(rows.rbegin() + 4, rows.rend());
  const auto shuffled = report_of({late, early});
  EXPECT_EQ(in_order, shuffled);
  // The layout is the plan's: base before fast, whatever came first in the files.
  const auto summary = in_order.at("summary.md");
  EXPECT_LT(summary.find("| base"), summary.find("| fast"));
}

TEST(ReportOutput, PdflatexCompilesTheReport) {
  if (!have_or_skip("pdflatex", "BS_REQUIRE_PDFLATEX")) {
    if (!HasFailure()) GTEST_SKIP() << "pdflatex is not on PATH";
    return;
  }
  const ScratchDir scratch;
  const std::string dir = scratch;
  auto rows = two_configs();
  for (auto& r : rows) {
    r["config"] = r["config"].get<std::string>() + "_&%#${}~^\\<>|";
    r["instance"] = r["instance"].get<std::string>() + "_x#1";
  }
  rows.push_back(row("i4", "base_&%#${}~^\\<>|", "crash", 0.1));
  // What else the document prints: a wrong answer in red, a spread with its en dash, a count cut
  // short with its sign, the partial-data box.
  rows.push_back(
      with(checked(row("i1_x#1", "fast_&%#${}~^\\<>|", "solved", 2), "wrong"), "seed", 2));
  rows.push_back(with(with(row("i5", "fast_&%#${}~^\\<>|", "timeout", 7), "count", 40),
                      "count_complete", false));
  write_rows(dir, "rows.jsonl", rows);
  std::ofstream(fs::path(dir) / "PARTIAL") << "shard 2/2 missing, 100% & more_\n";
  std::ostringstream warn;
  bs::report::write_report(dir, "base_&%#${}~^\\<>|", warn);
  const fs::path out = fs::path(dir) / "report";
  const std::string cmd = "cd '" + out.string() +
                          "' && pdflatex -interaction=nonstopmode -halt-on-error report.tex "
                          ">pdflatex.log 2>&1 </dev/null";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << slurp(out / "pdflatex.log");
  EXPECT_GT(fs::file_size(out / "report.pdf"), 1000u);
}

TEST(ReportPlots, GnuplotDrawsPdfAndSvg) {
  if (!have_or_skip("gnuplot", "BS_REQUIRE_GNUPLOT")) {
    if (!HasFailure()) GTEST_SKIP() << "gnuplot is not on PATH";
    return;
  }
  const ScratchDir scratch;
  const std::string dir = scratch;
  auto rows = two_configs();
  for (auto r : two_configs()) rows.push_back(with(r, "threads", 2));
  write_rows(dir, "rows.jsonl", rows);
  std::ostringstream warn;
  bs::report::write_report(dir, "base", warn);
  EXPECT_EQ(warn.str(), "");
  const fs::path out = fs::path(dir) / "report";
  for (const char* name :
       {"cactus", "scatter-fast-vs-base-t1", "scatter-fast-vs-base-t2", "speedup"}) {
    SCOPED_TRACE(name);
    const fs::path pdf = out / (std::string(name) + ".pdf");
    const fs::path svg = out / (std::string(name) + ".svg");
    ASSERT_TRUE(fs::exists(pdf) && fs::exists(svg));
    EXPECT_GT(fs::file_size(pdf), 1000u);
    const std::string text = slurp(svg);
    EXPECT_NE(text.find("<svg"), std::string::npos);
    EXPECT_TRUE(text.find("<path") != std::string::npos ||
                text.find("<polyline") != std::string::npos);
  }
}

// gnuplot's own messages go to NAME.log beside the script, not to the terminal; a failed plot is
// one WARNING line quoting the last thing gnuplot said. A stand-in gnuplot first on PATH fails
// on the cactus plot and merely warns on the others.
TEST(ReportPlots, GnuplotMessagesGoToALogAndAFailureQuotesItsLastLine) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  const fs::path bin = fs::path(dir) / "bin";
  fs::create_directories(bin);
  {
    std::ofstream fake(bin / "gnuplot");
    fake << "#!/bin/sh\necho \"warning: nothing much\" >&2\n"
            "case \"$1\" in cactus.gp) echo \"line 7: undefined variable: boom\" >&2; exit 1;; "
            "esac\nexit 0\n";
  }
  fs::permissions(bin / "gnuplot", fs::perms::owner_all);
  const std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", (bin.string() + ":" + old_path).c_str(), 1);
  write_rows(dir, "rows.jsonl", two_configs());
  std::ostringstream warn;
  bs::report::write_report(dir, "base", warn);
  setenv("PATH", old_path.c_str(), 1);
  EXPECT_EQ(
      warn.str(),
      "WARNING: gnuplot cactus.gp failed (exit status 1): line 7: undefined variable: boom\n");
  const fs::path out = fs::path(dir) / "report";
  EXPECT_EQ(slurp(out / "cactus.log"), "warning: nothing much\nline 7: undefined variable: boom\n");
  EXPECT_EQ(slurp(out / "scatter-fast-vs-base.log"), "warning: nothing much\n");
}

TEST(ReportCli, ExitCodesAndLocatedErrors) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  const auto run = [&](const std::string& args, std::string* err = nullptr) {
    const std::string err_file = dir + "/cli.err";
    const int status = std::system(
        (std::string(BS_CLI) + " report " + args + " >" + dir + "/cli.out 2>" + err_file).c_str());
    if (err) *err = slurp(err_file);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  const std::string rows_dir = dir + "/rows";
  fs::create_directories(rows_dir);
  write_rows(rows_dir, "rows.jsonl", two_configs());
  EXPECT_EQ(run(rows_dir + " --baseline base"), 0);
  EXPECT_NE(slurp(dir + "/cli.out").find("| config | threads |"), std::string::npos);
  EXPECT_TRUE(fs::exists(fs::path(rows_dir) / "report" / "summary.tex"));
  EXPECT_EQ(run(rows_dir + " --baseline nope"), 2);

  // A wrong answer fails the report with exit code 5, as it fails the sweep.
  const std::string wrong_dir = dir + "/wrong";
  fs::create_directories(wrong_dir);
  write_rows(wrong_dir, "rows.jsonl",
             {checked(row("i1", "a", "solved", 1), "correct"),
              checked(row("i2", "a", "infeasible", 1), "wrong")});
  EXPECT_EQ(run(wrong_dir), 5);

  // Without gnuplot the tables and the plot scripts are still made, with one warning.
  fs::remove_all(fs::path(rows_dir) / "report");
  std::string err;
  const int code = std::system(("/usr/bin/env PATH=/nonexistent " + std::string(BS_CLI) +
                                " report " + rows_dir + " >/dev/null 2>" + dir + "/cli.err")
                                   .c_str());
  EXPECT_TRUE(WIFEXITED(code) && WEXITSTATUS(code) == 0);
  err = slurp(dir + "/cli.err");
  EXPECT_EQ(err, "WARNING: gnuplot is not on PATH; wrote the plots' .dat and .gp files only\n");
  EXPECT_TRUE(fs::exists(fs::path(rows_dir) / "report" / "cactus.gp"));
  EXPECT_FALSE(fs::exists(fs::path(rows_dir) / "report" / "cactus.pdf"));
  EXPECT_TRUE(fs::exists(fs::path(rows_dir) / "report" / "summary.tex"));

  EXPECT_EQ(run(dir + "/no-such-dir"), 2);

  std::ofstream(rows_dir + "/rows.jsonl", std::ios::app) << "not json\n";
  EXPECT_EQ(run(rows_dir, &err), 2);
  EXPECT_EQ(err.rfind(rows_dir + "/rows.jsonl:7:", 0), 0u) << err;
}

// ---- issue 30: what a paper author needs ----

// Answers checked against known truth: counted per group, a wrong one an alarm in every
// rendering (bold in Markdown, red in LaTeX and HTML), in the stdout summary and in the facts
// that give `report` its exit code 5.
TEST(ReportAnswers, CorrectWrongAndUncheckedAreCountedAndWrongIsRed) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  write_rows(dir, "rows.jsonl",
             {checked(row("i1", "a", "solved", 1), "correct"),
              checked(row("i2", "a", "timeout", 7), "unknown"), row("i3", "a", "solved", 1),
              checked(row("i1", "b", "infeasible", 1), "wrong"),
              checked(row("i2", "b", "solved", 2), "correct"), row("i3", "b", "solved", 1)});
  const Analysis a = bs::report::analyse(bs::report::read_rows(dir));
  EXPECT_TRUE(a.checked);
  EXPECT_EQ(a.wrong, 1);
  EXPECT_EQ(group(a, "a").correct, 1);
  EXPECT_EQ(group(a, "a").wrong, 0);
  EXPECT_EQ(group(a, "a").unchecked, 2);
  EXPECT_EQ(group(a, "b").correct, 1);
  EXPECT_EQ(group(a, "b").wrong, 1);

  const auto tables = bs::report::make_tables(a);
  const auto& summary = table(tables, "summary");
  EXPECT_EQ(summary.columns[8].title, "wrong");
  EXPECT_EQ(summary.rows[1][8], "WRONG 1");
  EXPECT_TRUE(summary.alarms.count({1, 8}));
  const auto& instances = table(tables, "instances");
  EXPECT_EQ(instances.columns.back().title, "expected");
  EXPECT_EQ(instances.rows[0][3], "WRONG 1.00");
  EXPECT_EQ(instances.rows[0].back(), "solved");
  EXPECT_EQ(instances.rows[2].back(), "\u2013");  // no known answer
  EXPECT_NE(bs::report::to_markdown(instances).find("| **WRONG 1.00** |"), std::string::npos);
  EXPECT_NE(bs::report::to_latex(instances).find("\\textcolor{red}{\\textbf{WRONG 1.00}}"),
            std::string::npos);

  std::ostringstream warn;
  bs::report::ReportFacts facts;
  const std::string out = bs::report::write_report(dir, "", warn, &facts);
  EXPECT_EQ(facts.wrong_answers, 1);
  EXPECT_NE(warn.str().find("WARNING: WRONG answer: i1 by b"), std::string::npos) << warn.str();
  EXPECT_NE(out.find("WRONG answer"), std::string::npos);
  const std::string html = slurp(fs::path(dir) / "report" / "report.html");
  EXPECT_NE(html.find("class='num wrong'>WRONG 1.00<"), std::string::npos);
  EXPECT_NE(slurp(fs::path(dir) / "report" / "report.tex").find("\\usepackage{xcolor}"),
            std::string::npos);
}

// Rows without the answer-check fields (older rows, or instances without a known answer): no
// answer columns at all, rather than a column of zeros.
TEST(ReportAnswers, RowsWithoutChecksGetNoAnswerColumns) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  write_rows(dir, "rows.jsonl", two_configs());
  const auto tables = bs::report::make_tables(bs::report::analyse(bs::report::read_rows(dir)));
  for (const auto& c : table(tables, "summary").columns) EXPECT_NE(c.title, "wrong");
  EXPECT_NE(table(tables, "instances").columns.back().title, "expected");
  std::ostringstream warn;
  bs::report::ReportFacts facts;
  bs::report::write_report(dir, "", warn, &facts);
  EXPECT_EQ(facts.wrong_answers, 0);
}

TEST(ReportAnswers, AnUnknownVerdictIsALocatedError) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  write_rows(dir, "rows.jsonl",
             {row("i1", "a", "solved", 1), checked(row("i2", "a", "solved", 1), "maybe")});
  try {
    bs::report::read_rows(dir);
    FAIL() << "no error";
  } catch (const bs::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("answer_check"), std::string::npos) << e.what();
    EXPECT_NE(e.located().find("rows.jsonl:2:"), std::string::npos) << e.located();
  }
}

// Issue 30, defect 9: the footnote promised bold that Markdown never showed.
TEST(ReportMarkdown, BoldsTheBestValueOfEachColumnAsTheFootnoteSays) {
  using bs::report::Best;
  const bs::report::Table t{"t",
                            "T",
                            "caption",
                            {{"name"}, {"solved", true, Best::max}, {"time", true, Best::min}},
                            {{"a", "3", "2.50"}, {"b", "5", "1.20"}, {"c", "5", "T/O"}},
                            {}};
  const std::string md = bs::report::to_markdown(t);
  EXPECT_NE(md.find("| a | 3 | 2.50 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| b | **5** | **1.20** |"), std::string::npos) << md;
  EXPECT_NE(md.find("| c | **5** | T/O |"), std::string::npos) << md;
  const ScratchDir scratch;
  const std::string dir = scratch;
  write_rows(dir, "rows.jsonl", two_configs());
  std::ostringstream warn;
  bs::report::write_report(dir, "base", warn);
  const std::string summary = slurp(fs::path(dir) / "report" / "summary.md");
  EXPECT_NE(summary.find("Bold: best in its column"), std::string::npos);
  EXPECT_NE(summary.find("**3**"), std::string::npos) << summary;  // fast solved all three
}

// A wide table is split into parts that repeat the row names, and report.tex sets them as
// longtables at \small: never shrunk to fit the line.
TEST(ReportLatex, WideTablesAreSplitNotShrunk) {
  // 12 columns 14 characters wide beside the row names' 11: six fit in 100 characters.
  bs::report::Table t{"wide", "Wide", "", {{"instance"}}, {{"i1"}}, {{0, 9}}};
  for (int c = 10; c < 22; ++c) {
    std::string title = "column-";  // not "column-" + ...: GCC 12 warns falsely (-Wrestrict)
    title += std::to_string(c);
    t.columns.push_back({title, true});
    t.rows[0].push_back(std::to_string(c) + "3456789.0");
  }
  EXPECT_EQ(bs::report::split_columns(t, 1000).size(), 1u);  // it fits: whole
  const auto parts = bs::report::split_columns(t, 100);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].columns.size(), 7u);
  EXPECT_EQ(parts[1].columns.size(), 7u);
  EXPECT_EQ(parts[1].columns[0].title, "instance");
  EXPECT_EQ(parts[1].columns[1].title, "column-16");
  EXPECT_EQ(parts[1].rows[0][1], "163456789.0");
  EXPECT_TRUE(parts[1].alarms.count({0, 3}));  // column 9 of the whole is column 3 of part 2
  EXPECT_NE(bs::report::to_latex(parts[0], true).find("\\begin{longtable}"), std::string::npos);
  // A column wider than the budget still gets a part of its own.
  EXPECT_EQ(bs::report::split_columns(t, 10).size(), 12u);

  const ScratchDir scratch;
  const std::string dir = scratch;
  std::vector<json> rows;
  for (const char* config : {"a", "b", "c", "d", "e"})
    rows.push_back(row("i1", config, "solved", 1));
  write_rows(dir, "rows.jsonl", rows);
  std::ostringstream warn;
  bs::report::write_report(dir, "", warn);
  const std::string tex = slurp(fs::path(dir) / "report" / "report.tex");
  EXPECT_EQ(tex.find("resizebox"), std::string::npos);
  EXPECT_NE(tex.find("Part 2 of 2"), std::string::npos);  // the instances table, 12 columns
}

// DIR/PARTIAL marks the data as partial: every output says so.
TEST(ReportPartial, TheMarkerIsInEveryOutput) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  write_rows(dir, "rows.jsonl", two_configs());
  std::ofstream(fs::path(dir) / "PARTIAL") << "shard 1/2 missing\n";
  std::ostringstream warn;
  bs::report::ReportFacts facts;
  const std::string summary = bs::report::write_report(dir, "", warn, &facts);
  EXPECT_TRUE(facts.partial);
  const std::string why = "shard 1/2 missing";
  EXPECT_NE(warn.str().find("WARNING: PARTIAL DATA"), std::string::npos);
  EXPECT_NE(summary.find("**PARTIAL DATA**"), std::string::npos);
  EXPECT_NE(summary.find(why), std::string::npos);
  const fs::path out = fs::path(dir) / "report";
  for (const char* file :
       {"summary.md", "instances.md", "summary.tex", "report.tex", "report.html"})
    EXPECT_NE(slurp(out / file).find("PARTIAL DATA"), std::string::npos) << file;
  EXPECT_NE(slurp(out / "report.html").find("id=partial"), std::string::npos);
  // The marker `run --merge --allow-partial` leaves, alone.
  fs::remove(fs::path(dir) / "PARTIAL");
  std::ofstream(fs::path(dir) / "PARTIAL.json")
      << R"({"grid_runs": 8, "missing_runs": 3, "missing_shards": ["2/2"]})"
      << "\n";
  std::ostringstream merged;
  EXPECT_NE(bs::report::write_report(dir, "", merged).find("3 runs of 8 missing (shards 2/2)"),
            std::string::npos);
  EXPECT_NE(slurp(out / "report.html").find("PARTIAL DATA"), std::string::npos);
  // Without a marker: no warning.
  fs::remove(fs::path(dir) / "PARTIAL.json");
  std::ostringstream quiet;
  EXPECT_EQ(bs::report::write_report(dir, "", quiet).find("PARTIAL"), std::string::npos);
}

// A count column for counting runs; a count cut short is a lower bound.
TEST(ReportAggregates, CountingRunsHaveACountColumn) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  json done = row("i1", "a", "solved", 1), cut = row("i2", "a", "timeout", 7);
  done["count"] = 12;
  done["count_complete"] = true;
  cut["count"] = 40;
  cut["count_complete"] = false;
  write_rows(dir, "rows.jsonl", {done, cut, row("i1", "b", "solved", 1)});
  const auto tables = bs::report::make_tables(bs::report::analyse(bs::report::read_rows(dir)));
  const auto& t = table(tables, "instances");
  ASSERT_EQ(t.columns[3].title, "a count");
  EXPECT_EQ(t.rows[0][3], "12");
  EXPECT_EQ(t.rows[1][3], "\u226540");
  EXPECT_EQ(t.columns[4].title, "b wall");  // b counts nothing: no count column
}

// Spread: CPU beside wall, and a median's [min–max] over seeds.
TEST(ReportAggregates, InstanceCellsShowTheSpreadOverSeedsAndCpuTime) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  std::vector<json> rows;
  for (int seed = 1; seed <= 3; ++seed)
    rows.push_back(
        with(with(row("i1", "a", "solved", seed), "seed", seed), "cpu_seconds", 2 * seed));
  write_rows(dir, "rows.jsonl", rows);
  const auto tables = bs::report::make_tables(bs::report::analyse(bs::report::read_rows(dir)));
  const auto& t = table(tables, "instances");
  EXPECT_EQ(t.columns[1].title, "a wall");
  EXPECT_EQ(t.columns[2].title, "a CPU");
  EXPECT_EQ(t.rows[0][1], "2.00 [1.00\u20133.00]");
  EXPECT_EQ(t.rows[0][2], "4.00 [2.00\u20136.00]");
  EXPECT_EQ(table(tables, "summary").columns[9].title, "SGM CPU (s)");  // beside SGM time
  EXPECT_NE(table(tables, "summary").columns[8].title.find("time"), std::string::npos);
}

// The plots count instances, draw unanswered instances in their own band and say where they
// floor a time: three seeds of one instance are one point of the cactus plot, a timeout sits
// beyond the limit (kind 1) and the 2x and 10x lines are drawn.
TEST(ReportPlots, CactusCountsInstancesScatterBandsTimeoutsFloorIsShown) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  std::vector<json> rows;
  for (int seed = 1; seed <= 3; ++seed) {
    rows.push_back(with(row("i1", "base", "solved", 0.5 * seed), "seed", seed));
    rows.push_back(with(row("i1", "fast", "solved", 0.0001), "seed", seed));
  }
  rows.push_back(row("i2", "base", "timeout", 7));
  rows.push_back(row("i2", "fast", "solved", 2));
  write_rows(dir, "rows.jsonl", rows);
  std::ostringstream warn;  // without gnuplot: only the scripts and data, which are checked
  const std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", "/nonexistent", 1);
  bs::report::write_report(dir, "base", warn);
  setenv("PATH", old_path.c_str(), 1);
  const fs::path out = fs::path(dir) / "report";
  // base answered i1 only; fast i1 and i2: one point per instance, not per run.
  EXPECT_EQ(slurp(out / "cactus.dat"), "# base\n1 1\n\n\n# fast\n1 0.001\n2 2\n\n\n");
  EXPECT_NE(slurp(out / "cactus.gp").find("set object 1 rectangle"), std::string::npos);
  const std::string scatter = slurp(out / "scatter-fast-vs-base.dat");
  EXPECT_NE(scatter.find("1 0.001 0 # i1"), std::string::npos) << scatter;
  EXPECT_NE(scatter.find("14 2 1 # i2"), std::string::npos) << scatter;  // x in the band, 2 x 7
  const std::string gp = slurp(out / "scatter-fast-vs-base.gp");
  for (const char* part : {"2*x", "10*x", "x/10", "title 'timeout'", "title 'memout'", "1 ms"})
    EXPECT_NE(gp.find(part), std::string::npos) << part;
  EXPECT_TRUE(fs::exists(out / "quantile-base.gp"));
  EXPECT_TRUE(fs::exists(out / "quantile-fast.gp"));
}

// A sweep of games prints its win-rate table first, and gets a win-rate plot with intervals.
TEST(ReportPlots, GamesGetAWinRatePlotAndTheWinRateTableFirst) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  write_rows(dir, "rows.jsonl",
             {with_stats(row("expert", "fast", "solved", 1), {{"games", 50}, {"wins", 20}}),
              with_stats(row("expert", "strong", "solved", 3), {{"games", 50}, {"wins", 30}})});
  std::ostringstream warn;
  const std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", "/nonexistent", 1);
  const std::string summary = bs::report::write_report(dir, "fast", warn);
  setenv("PATH", old_path.c_str(), 1);
  EXPECT_NE(summary.find("| instance | fast | strong |"), std::string::npos) << summary;
  const fs::path out = fs::path(dir) / "report";
  const std::string dat = slurp(out / "win-rates.dat");
  EXPECT_NE(dat.find("-0.2 40 27.6"), std::string::npos) << dat;  // Wilson 20/50: 27.6%-54.1%
  EXPECT_NE(slurp(out / "win-rates.gp").find("yerrorbars"), std::string::npos);
}

// The HTML page holds everything it needs: style, script, tables, the rows' raw JSON linked from
// the runs table, the machine; nothing fetched from elsewhere.
TEST(ReportHtml, SelfContainedWithTablesRawRowsAndMachine) {
  const ScratchDir scratch;
  const std::string dir = scratch;
  auto rows = two_configs();
  for (auto& r : rows) {
    r["host"] = "node7";
    r["cpu_model"] = "Test CPU <x>";
  }
  rows[0]["outcomes"] = std::string(10000, 'f');  // 40,000 games: cut in the page
  write_rows(dir, "rows.jsonl", rows);
  std::ostringstream warn;
  bs::report::write_report(dir, "base", warn);
  const std::string html = slurp(fs::path(dir) / "report" / "report.html");
  for (const char* part :
       {"<table id='table-summary'>", "<table id='table-instances'>", "<table id='table-runs'>",
        "<a href='#raw-5'>JSON</a>", "<details id='raw-5'>", "node7", "Test CPU &lt;x&gt;",
        "<script>", "input class=filter", "#selftest"})
    EXPECT_NE(html.find(part), std::string::npos) << part;
  EXPECT_EQ(html.find(std::string(100, 'f')), std::string::npos);
  EXPECT_NE(html.find("(9936 more characters, in the row file)"), std::string::npos);
  for (const char* outside : {"src=\"http", "src='http", "href=\"http", "href='http", "<link "})
    EXPECT_EQ(html.find(outside), std::string::npos) << outside;
  if (on_path("gnuplot")) {
    EXPECT_NE(html.find("<svg"), std::string::npos);
  }
}
