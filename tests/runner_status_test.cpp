// The runner records the right status and refuses data it cannot vouch for (issue 30):
// - a count cut short by a limit is unknown, not solved (in the solver, on the CLI, in a row);
// - instances are parsed before a sweep starts, and failed runs give exit code 4;
// - answers are checked against the instances' known answers, and a wrong one gives exit code 5;
// - a merge with runs missing, and a resume with a changed config, are refused unless asked;
// - the CLI names mistyped commands and flags, prints its version, and counts shards from 1.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/error.hpp"
#include "core/result.hpp"
#include "experiments/answers.hpp"
#include "experiments/config.hpp"
#include "experiments/data_checks.hpp"
#include "experiments/rows.hpp"
#include "experiments/runner.hpp"
#include "solvers/solver.hpp"
#include "tests/test_support.hpp"

namespace fs = std::filesystem;
using namespace bs::experiments;
using bs::testing_support::CliRun;
using bs::testing_support::run_cli;
using bs::testing_support::shipped_instance;
using bs::testing_support::slurp;

namespace {

const std::string kCountInstance = shipped_instance("futoshiki/count/fut_07_count_1m.txt");

// A fresh folder per test and process, removed afterwards.
class RunnerStatusTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("bs-status-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p) << text;
    return p.string();
  }
  std::string out() const { return (dir_ / "out").string(); }
  // A peg config over two shipped rectangles (one solvable, one not) with `extra` appended.
  std::string peg_config(const std::string& extra, const std::string& name = "c.toml") {
    return write(name, "puzzle = \"peg\"\ninstances = [\"" +
                           shipped_instance("peg/rect_3x5_v02_f02.txt") + "\", \"" +
                           shipped_instance("peg/rect_3x5_v00_f00.txt") + "\"]\noutput = \"" +
                           out() + "\"\n" + extra);
  }
  std::vector<nlohmann::json> rows() const {
    std::vector<nlohmann::json> all;
    for (const auto& f : row_files(out()))
      for (auto& r : read_rows(f)) all.push_back(r);
    return all;
  }

  fs::path dir_;
};

bs::Result count_run(const std::string& more_key = "", const std::string& more_value = "") {
  bs::Options o;
  o.set("count", "true");
  if (!more_key.empty()) o.set(more_key, more_value);
  return bs::find_puzzle("futoshiki")->solve_file(kCountInstance, o);
}

}  // namespace

// ---- defect 2: a count cut short by a limit is unknown ----

TEST(CountStatus, ACountStoppedByItsNodeLimitIsUnknownWithItsPartialCount) {
  const bs::Result r = count_run("node-limit", "2000");
  EXPECT_EQ(r.status, bs::Status::unknown);
  EXPECT_EQ(r.stop, bs::StopReason::node_limit);
  EXPECT_FALSE(r.count_complete);
  EXPECT_GT(r.solution_count, 0);  // the partial count is kept
  EXPECT_EQ(r.counter("solutions"), static_cast<double>(r.solution_count));
  EXPECT_EQ(bs::exit_code(r), 1);
}

TEST(CountStatus, ACountStoppedByItsCountLimitIsStillAnAnswer) {
  const bs::Result r = count_run("limit", "2");
  EXPECT_EQ(r.status, bs::Status::solved);
  EXPECT_EQ(r.stop, bs::StopReason::solution);
  EXPECT_EQ(r.solution_count, 2);
  EXPECT_EQ(bs::exit_code(r), 0);
}

TEST(CountStatus, SettleCountLeavesCompleteCountsAndNonCountsAlone) {
  bs::Result solved;
  solved.status = bs::Status::solved;
  solved.stop = bs::StopReason::time_limit;  // not a count: not this function's business
  bs::settle_count(solved);
  EXPECT_EQ(solved.status, bs::Status::solved);
  bs::Result complete = solved;
  complete.solution_count = 3;
  complete.count_complete = true;
  bs::settle_count(complete);
  EXPECT_EQ(complete.status, bs::Status::solved);
  bs::Result cut = solved;
  cut.solution_count = 3;
  bs::settle_count(cut);
  EXPECT_EQ(cut.status, bs::Status::unknown);
}

// The CLI of the issue: a count of a million solutions under a tiny time limit, by DFS and by IP.
TEST(CountStatus, TheCliCountUnderATimeLimitExitsOneAsUnknown) {
  for (const std::string method : {"search", "ip"}) {
    const CliRun r = run_cli("count futoshiki " + kCountInstance + " --time-limit 0.2 --method " +
                             method + " --json");
    EXPECT_EQ(r.code, 1) << method << ": " << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["status"], "unknown") << method;
    EXPECT_EQ(j["stop_reason"], "time-limit") << method;
    EXPECT_FALSE(j["count_complete"].get<bool>()) << method;
    EXPECT_TRUE(j["stats"].contains("solutions")) << method;
  }
}

TEST_F(RunnerStatusTest, ACountRowCutByTheTimeLimitIsATimeout) {
  const std::string c = write("count.toml", "puzzle = \"futoshiki\"\ninstances = [\"" +
                                                kCountInstance + "\"]\noutput = \"" + out() +
                                                "\"\ntime_limit = 0.2\n[base]\ncount = true\n");
  const Config config = load_config(c);
  RunnerOptions o;
  o.progress = RunnerOptions::Progress::quiet;
  std::ostringstream log;
  run_sweep(config, o, solver_body(config, BS_CLI), log);
  const auto all = rows();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0]["status"], "timeout") << all[0].dump();
  EXPECT_EQ(all[0]["stop_reason"], "time-limit");
  EXPECT_FALSE(all[0]["count_complete"].get<bool>());
  // The known count (instances/futoshiki/count/answers.toml) cannot be checked by a timeout.
  EXPECT_EQ(all[0]["answer_check"], "unknown");
  EXPECT_EQ(all[0]["expected"]["count"], 1029312);
}

// ---- defect 7: instances parse before the sweep; failed runs exit 4 ----

TEST_F(RunnerStatusTest, AnInstanceOfAnotherPuzzleIsAConfigErrorAtItsLine) {
  const std::string futoshiki = shipped_instance("futoshiki/generated/gen_12_seed1.txt");
  const std::string c = write("c.toml", "puzzle = \"peg\"\ninstances = [\"" + futoshiki +
                                            "\"]\noutput = \"" + out() + "\"\n");
  try {
    load_config(c);
    ADD_FAILURE() << "a Futoshiki file passed as a peg instance";
  } catch (const bs::InputError& e) {
    EXPECT_EQ(e.file(), futoshiki);
    EXPECT_GT(e.line(), 0) << e.located();
    EXPECT_NE(std::string(e.what()).find("not a peg instance"), std::string::npos) << e.located();
  }
  const CliRun r = run_cli("run " + c + " --progress quiet --no-report");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err.rfind(futoshiki + ":", 0), 0u) << r.err;
  EXPECT_FALSE(fs::exists(out() + "/rows.jsonl"));
}

TEST_F(RunnerStatusTest, ASweepWhoseRunsFailExitsFour) {
  // Peg refuses to count in every run (std::invalid_argument in the child): error or crash rows.
  const CliRun r =
      run_cli("run " + peg_config("[base]\ncount = true\n") + " --progress quiet --no-report");
  EXPECT_EQ(r.code, 4) << r.err;
  const auto all = rows();
  ASSERT_EQ(all.size(), 2u);
  for (const auto& row : all) {
    const std::string status = row["status"];
    EXPECT_TRUE(status == "error" || status == "crash") << row.dump();
  }
}

// ---- answers checked against known truth ----

TEST(Answers, EachAnswerIsCorrectWrongOrUnknown) {
  const auto row = [](const std::string& status, int64_t count = -1, bool complete = false) {
    nlohmann::json r = {{"status", status}};
    if (count >= 0) r["count"] = count, r["count_complete"] = complete;
    return r;
  };
  const ExpectedAnswer solvable{"solved", -1, "a:1", ""}, infeasible{"infeasible", -1, "a:2", ""},
      one{"", 1, "a:3", ""}, none{"", 0, "a:4", ""};
  EXPECT_EQ(check_answer(solvable, row("solved")), "correct");
  EXPECT_EQ(check_answer(solvable, row("infeasible")), "wrong");
  EXPECT_EQ(check_answer(infeasible, row("solved")), "wrong");
  EXPECT_EQ(check_answer(infeasible, row("infeasible")), "correct");
  for (const char* no_answer : {"timeout", "memout", "unknown", "error", "crash"})
    EXPECT_EQ(check_answer(solvable, row(no_answer)), "unknown") << no_answer;
  EXPECT_EQ(check_answer(one, row("solved", 1, true)), "correct");
  EXPECT_EQ(check_answer(one, row("solved", 2, false)), "wrong");  // two found, one exists
  EXPECT_EQ(check_answer(one, row("solved", 3, true)), "wrong");
  EXPECT_EQ(check_answer(one, row("solved", 1, false)), "correct");  // "at least 1"
  EXPECT_EQ(check_answer(one, row("infeasible", 0, true)), "wrong");
  EXPECT_EQ(check_answer(none, row("infeasible", 0, true)), "correct");
  EXPECT_EQ(check_answer(none, row("solved")), "wrong");
  // A count past int64 comes as a decimal string; it once skipped the check and read correct.
  nlohmann::json huge = {{"status", "solved"}, {"count", "18446744073709551616"}};
  huge["count_complete"] = true;
  EXPECT_EQ(check_answer(one, huge), "wrong");
  EXPECT_EQ(check_answer(solvable, huge), "correct");  // no count known: the status decides
}

// Every shipped instance folder's answers.toml reads, and names files that are there.
TEST(Answers, TheShippedAnswersCoverTheShippedInstances) {
  for (const std::string folder :
       {"peg", "peg/hard", "futoshiki/sgt_unequal", "futoshiki/generated", "futoshiki/count",
        "dominosa/sgt_unique"}) {
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(shipped_instance(folder)))
      if (e.path().extension() == ".txt") files.push_back(e.path().string());
    const std::string puzzle = folder.substr(0, folder.find('/'));
    const auto answers = load_expected_answers(
        bs::testing_support::write_temp("empty.toml", "puzzle = \"" + puzzle + "\"\n"), files,
        bs::puzzle_or_throw(puzzle).verify_files);
    EXPECT_EQ(answers.size(), files.size()) << folder;
  }
}

// A known solution is a witness that the instance is solvable, re-checked when it is loaded: a
// grid that does not solve its puzzle is an error at its entry, and a witness with "infeasible"
// a contradiction.
TEST(Answers, AKnownSolutionIsCheckedByTheVerifierWhenLoaded) {
  const std::string dir = shipped_instance("futoshiki/sgt_unequal");
  const std::string puzzle = dir + "/fut_07_tricky_1.txt";
  const auto verify = bs::puzzle_or_throw("futoshiki").verify_files;
  const auto load = [&](const std::string& entry) {
    return load_expected_answers(
        bs::testing_support::write_temp("witness.toml",
                                        "puzzle = \"futoshiki\"\n[answers]\n"
                                        "\"fut_07_tricky_1.txt\" = " +
                                            entry + "\n"),
        {puzzle}, verify);
  };
  const auto good = load("{ solution = \"" + dir + "/fut_07_tricky_1.sol\" }");
  ASSERT_EQ(good.count(puzzle), 1u);
  EXPECT_EQ(good.at(puzzle).status, "solved");
  EXPECT_EQ(check_answer(good.at(puzzle), nlohmann::json{{"status", "infeasible"}}), "wrong");
  EXPECT_EQ(expected_json(good.at(puzzle))["solution"], dir + "/fut_07_tricky_1.sol");
  bs::testing_support::expect_error(
      [&] { load("{ solution = \"" + dir + "/fut_07_tricky_2.sol\" }"); }, 3, 25, "does not solve");
  bs::testing_support::expect_error(
      [&] { load("{ solution = \"" + dir + "/fut_07_tricky_1.sol\", status = \"infeasible\" }"); },
      3, 25, "no solution expected");
}

TEST_F(RunnerStatusTest, AnswerEntriesAreCheckedWhereTheyAre) {
  const std::string bad =
      peg_config("[answers]\n\"rect_3x5_v00_f00.txt\" = { status = \"yes\" }\n");
  bs::testing_support::expect_error([&] { load_config(bad); }, 5, 37, "status must be");
  const std::string stray = peg_config("[answers]\n\"nope.txt\" = { status = \"solved\" }\n");
  bs::testing_support::expect_error([&] { load_config(stray); }, 5, 1, "names no instance");
  const std::string contradiction =
      peg_config("[answers]\n\"rect_3x5_v00_f00.txt\" = { status = \"solved\", count = 0 }\n");
  bs::testing_support::expect_error([&] { load_config(contradiction); }, 5, 26, "contradict");
}

TEST_F(RunnerStatusTest, RowsCarryTheirExpectedAnswerAndItsCheck) {
  const CliRun r = run_cli("run " + peg_config("") + " --progress quiet --no-report");
  EXPECT_EQ(r.code, 0) << r.err;
  const auto all = rows();
  ASSERT_EQ(all.size(), 2u);
  for (const auto& row : all) {
    EXPECT_EQ(row["answer_check"], "correct") << row.dump();
    EXPECT_NE(row["expected"]["source"].get<std::string>().find("answers.toml"), std::string::npos);
  }
}

// The shipped example: one planted wrong answer makes the sweep exit 5 and name the run.
TEST_F(RunnerStatusTest, ThePlantedWrongAnswerConfigExitsFiveAndNamesTheRun) {
  std::string text = slurp(std::string(BS_SOURCE_DIR) + "/experiments/configs/planted-wrong.toml");
  text = std::regex_replace(text, std::regex("\"instances/"),
                            "\"" + std::string(BS_SOURCE_DIR) + "/instances/");
  text = std::regex_replace(text, std::regex("output = \"[^\"]*\""), "output = \"" + out() + "\"");
  const CliRun r = run_cli("run " + write("planted.toml", text) + " --progress quiet --no-report");
  EXPECT_EQ(r.code, 5) << r.err;
  EXPECT_NE(r.err.find("wrong answer: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("rect_4x4_v00_f00.txt"), std::string::npos) << r.err;
  size_t wrong = 0, correct = 0;
  for (const auto& row : rows()) {
    wrong += row["answer_check"] == "wrong";
    correct += row["answer_check"] == "correct";
  }
  EXPECT_EQ(wrong, 1u);
  EXPECT_EQ(correct, 2u);
}

// ---- defect 6: partial merges and changed resumes are refused ----

TEST_F(RunnerStatusTest, AMergeWithAShardMissingIsRefusedOrMarkedPartial) {
  const std::string c = peg_config("seeds = [1, 2]\n");
  const CliRun first = run_cli("run " + c + " --shard 1/2 --progress quiet --no-report");
  EXPECT_EQ(first.code, 0) << first.err;
  const CliRun refused = run_cli("run " + c + " --merge");
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.err.find("shard 2/2"), std::string::npos) << refused.err;
  EXPECT_FALSE(fs::exists(out() + "/rows.jsonl")) << "a refused merge merged";

  const CliRun partial = run_cli("run " + c + " --merge --allow-partial");
  EXPECT_EQ(partial.code, 0) << partial.err;
  EXPECT_NE(partial.err.find("WARNING: partial data"), std::string::npos) << partial.err;
  const nlohmann::json marker = read_partial_marker(out());
  ASSERT_TRUE(marker.is_object());
  EXPECT_EQ(marker["missing_runs"], 2);
  EXPECT_EQ(marker["missing_shards"], nlohmann::json::array({"2/2"}));
  const CliRun report = run_cli("report " + out());
  EXPECT_NE(report.err.find("PARTIAL DATA"), std::string::npos) << report.err;
  EXPECT_NE(slurp(out() + "/report/report.html").find("PARTIAL DATA"), std::string::npos);

  // The missing shard run and merged: the data is whole, and the marker goes.
  EXPECT_EQ(run_cli("run " + c + " --shard 2/2 --resume --progress quiet --no-report").code, 0);
  const CliRun whole = run_cli("run " + c + " --merge");
  EXPECT_EQ(whole.code, 0) << whole.err;
  EXPECT_TRUE(read_partial_marker(out()).is_null());
  const CliRun report_whole = run_cli("report " + out());
  EXPECT_EQ(report_whole.code, 0);
  EXPECT_EQ(report_whole.err.find("PARTIAL DATA"), std::string::npos) << "outlived the data";
  EXPECT_EQ(rows().size(), 4u);
}

TEST_F(RunnerStatusTest, ResumingAfterTheTimeLimitChangedIsRefusedUnlessAsked) {
  const std::string before = peg_config("time_limit = 10\n");
  EXPECT_EQ(run_cli("run " + before + " --progress quiet --no-report").code, 0);
  // The config as it was resumes as before.
  EXPECT_EQ(run_cli("run " + before + " --resume --progress quiet --no-report").code, 0);
  const std::string after = peg_config("time_limit = 20\n");
  const CliRun refused = run_cli("run " + after + " --resume --progress quiet --no-report");
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.err.find("time_limit 10"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--resume-changed"), std::string::npos) << refused.err;
  EXPECT_EQ(rows().size(), 2u);
  const CliRun allowed =
      run_cli("run " + after + " --resume --resume-changed --progress quiet --no-report");
  EXPECT_EQ(allowed.code, 0) << allowed.err;
  EXPECT_EQ(rows().size(), 4u);
}

// ---- defect 8: the command line ----

TEST(CliNames, VersionNamesTheCommit) {
  const CliRun r = run_cli("--version");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("boundsearch " + bs::build_info().git_commit, 0), 0u) << r.out;
}

TEST(CliNames, AnUnknownCommandIsNamedWithTheNearestOne) {
  const CliRun r = run_cli("slove peg x.txt");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown command 'slove'; did you mean 'solve'?"), std::string::npos)
      << r.err;
}

TEST(CliNames, AnUnknownOptionGetsADidYouMean) {
  const CliRun r = run_cli("solve peg " + shipped_instance("peg/lab_fig1.txt") + " --time-limt 2");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown option '--time-limt'; did you mean '--time-limit'?"),
            std::string::npos)
      << r.err;
  const CliRun run = run_cli("run x.toml --resum");
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("did you mean '--resume'?"), std::string::npos) << run.err;
}

TEST(CliNames, ShardsCountFromOneAndZeroIsRefused) {
  RunnerOptions o;
  parse_shard("1/2", o);
  EXPECT_EQ(o.shard_index, 0);
  parse_shard("2/2", o);
  EXPECT_EQ(o.shard_index, 1);
  try {
    parse_shard("0/2", o);
    ADD_FAILURE() << "0/2 was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("numbered from 1"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_shard("3/2", o), std::invalid_argument);
}

// ---- defect 9: config errors point where the mistake is ----

TEST_F(RunnerStatusTest, ConfigErrorsOfEmptyInstancesUnclosedArraysAndGeneratorKeys) {
  const std::string head = "puzzle = \"peg\"\noutput = \"" + out() + "\"\n";
  // The empty list, at its '[' (line 4), not at the top of the file.
  bs::testing_support::expect_error(
      [&] { load_config(write("e.toml", head + "\ninstances = []\n")); }, 4, 13, "no instances");
  // A missing ']': toml++ sees it only at the next key; the error names the '[' left open.
  bs::testing_support::expect_error(
      [&] {
        load_config(write("b.toml", head + "instances = [\"a.txt\",\n  \"b.txt\"\nseeds = [1]\n"));
      },
      3, 13, "not closed");
  // A generator key the generator refuses, at that key, not at the [[generate]] header.
  bs::testing_support::expect_error(
      [&] {
        load_config(
            write("g.toml", head + "[[generate]]\nkind = \"pairs\"\nrows = 3\nsizee = 4\n"));
      },
      6, 1, "'generate.sizee'");
  bs::testing_support::expect_error(
      [&] {
        load_config(
            write("r.toml", head + "[[generate]]\nkind = \"pairs\"\nrows = 99\ncols = 3\n"));
      },
      5, 1, "'generate.rows'");
}
