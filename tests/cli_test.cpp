// The CLI as a user meets it: exit codes, the one-line file:line:col error, and the JSON shape.
// Runs the built binary (BS_CLI) on files written to a temporary folder.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/test_support.hpp"

namespace {

using namespace bs::testing_support;

std::string peg(const std::string& name) {
  return shipped_instance("peg/" + name);
}

// "FILE:LINE:COL: message\n" with numbers for LINE and COL, a message, and nothing after.
bool is_located_line(const std::string& err, const std::string& file) {
  if (err.rfind(file + ":", 0) != 0 || err.empty() || err.back() != '\n') return false;
  if (std::count(err.begin(), err.end(), '\n') != 1) return false;
  size_t i = file.size() + 1;
  for (int field = 0; field < 2; ++field) {
    const size_t digits = i;
    while (i < err.size() && std::isdigit(static_cast<unsigned char>(err[i]))) ++i;
    if (i == digits || i >= err.size() || err[i] != ':') return false;
    ++i;
  }
  return err.compare(i, 1, " ") == 0 && err.size() > i + 2;
}

// One line, naming the file, a line and a column, then the problem.
void expect_located_error(const CliRun& r, const std::string& file, int line, int col) {
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  const std::string prefix = file + ":" + std::to_string(line) + ":" + std::to_string(col) + ": ";
  EXPECT_EQ(r.err.rfind(prefix, 0), 0u) << "want prefix " << prefix << " got " << r.err;
  EXPECT_GT(r.err.size(), prefix.size() + 5) << "the message must say what is wrong";
}

const char* kGood = "ooXXo\nooooo\n\nooooo\noXooo\n";

TEST(Cli, RaggedRows) {
  const auto f = write_temp("ragged.txt", "ooXXo\nooo\n\nooooo\noXooo\n");
  expect_located_error(run_cli("solve peg " + f), f, 2, 4);
}

TEST(Cli, UnknownCharacter) {
  const auto f = write_temp("unknown.txt", "ooXQo\nooooo\n\nooooo\noXooo\n");
  expect_located_error(run_cli("solve peg " + f), f, 1, 4);
}

TEST(Cli, StartAndFinalOfDifferentShapes) {
  const auto f = write_temp("shapes.txt", "ooXXo\nooooo\n\nooooo\noXooo\nooooo\n");
  const CliRun r = run_cli("solve peg " + f);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind(f + ":", 0), 0u) << r.err;
  EXPECT_TRUE(is_located_line(r.err, f)) << r.err;
}

TEST(Cli, EmptyFile) {
  const auto f = write_temp("empty.txt", "");
  const CliRun r = run_cli("solve peg " + f);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(is_located_line(r.err, f)) << r.err;
}

TEST(Cli, BinaryGarbage) {
  std::string junk;
  for (int i = 0; i < 300; ++i) junk.push_back(static_cast<char>((i * 37 + 11) % 256));
  const auto f = write_temp("garbage.bin", junk);
  const CliRun r = run_cli("solve peg " + f);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(is_located_line(r.err, f)) << r.err;
}

TEST(Cli, MillionCharacterLine) {
  const auto f = write_temp("long.txt", std::string(1000000, 'o') + "\n\n" + "o\n");
  const CliRun r = run_cli("solve peg " + f);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind(f + ":1:", 0), 0u) << r.err.substr(0, 200);
  EXPECT_LT(r.err.size(), 300u) << "the error must not echo the line";
}

TEST(Cli, MissingFile) {
  const CliRun r = run_cli("solve peg /no/such/board.txt");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind("/no/such/board.txt: ", 0), 0u) << r.err;
}

TEST(Cli, BadOptionValueAndUnknownPuzzleAreUsageErrors) {
  const auto f = write_temp("good.txt", kGood);
  EXPECT_EQ(run_cli("solve peg " + f + " --threads minus-one").code, 2);
  EXPECT_EQ(run_cli("solve peg " + f + " --rules no-such-rule").code, 2);
  EXPECT_EQ(run_cli("solve chess " + f).code, 2);
  EXPECT_EQ(run_cli("frobnicate").code, 2);
}

TEST(Cli, SolvePrintsJumpsThenSummaryAndVerifyAcceptsThem) {
  const CliRun r = run_cli("solve peg " + peg("lab_fig3.txt"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string jumps = r.out.substr(0, r.out.find("status"));
  const auto moves = write_temp("fig3.moves", jumps);
  const CliRun v = run_cli("verify peg " + peg("lab_fig3.txt") + " " + moves);
  EXPECT_EQ(v.code, 0) << v.out << v.err;
  const auto wrong = write_temp("wrong.moves", "3 2 N\n");
  EXPECT_EQ(run_cli("verify peg " + peg("lab_fig3.txt") + " " + wrong).code, 1);
}

TEST(Cli, JsonHasStatusMovesCertificateAndStats) {
  const CliRun r = run_cli("solve peg " + peg("english33_central.txt") + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "solved");
  EXPECT_EQ(j["moves"].size(), 31u);
  EXPECT_EQ(j["moves"][0].size(), 3u);
  EXPECT_TRUE(j["certificate"].is_null());
  EXPECT_GT(j["stats"]["nodes"].template get<double>(), 0);

  const CliRun f = run_cli("solve peg " + peg("french37_central.txt") + " --json");
  ASSERT_EQ(f.code, 0) << f.err;
  const auto k = nlohmann::json::parse(f.out);
  EXPECT_EQ(k["status"], "infeasible");
  EXPECT_EQ(k["certificate"]["kind"], "position-class");
}

// A switch of the option table stands alone or takes true/false; --profile adds each rule's time.
TEST(Cli, ASwitchStandsAloneOrTakesAValue) {
  const std::string board = peg("english33_vac03_end03.txt");
  const CliRun bare = run_cli("solve peg " + board + " --profile --json");
  ASSERT_EQ(bare.code, 0) << bare.err;
  const auto j = nlohmann::json::parse(bare.out);
  EXPECT_EQ(j["options"]["profile"], "true");
  EXPECT_TRUE(j["stats"].contains("seconds_residual-bounds")) << j["stats"].dump();

  const CliRun off = run_cli("solve peg " + board + " --profile false --reverse false --json");
  ASSERT_EQ(off.code, 0) << off.err;
  const auto k = nlohmann::json::parse(off.out);
  EXPECT_EQ(k["options"]["reverse"], "false");
  EXPECT_FALSE(k["stats"].contains("seconds_residual-bounds"));
  EXPECT_EQ(run_cli("solve peg " + board + " --profile maybe").code, 2);
}

TEST(Cli, InfeasibleIpIsWrittenAsLpOnRequest) {
  const std::string lp = temp_path("french.lp");
  const CliRun r =
      run_cli("solve peg " + peg("french37_central.txt") + " --rules jump-bounds --lp-file " + lp);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("infeasible-ip"), std::string::npos) << r.out;
  EXPECT_NE(slurp(lp).find("Subject To"), std::string::npos);
}

TEST(Cli, MalformedJsonResultsAreBadInputNotCrashes) {
  for (const char* body : {R"({"status": 1})", R"([1, 2])", R"({"status": "infeasible"})",
                           R"({"status": "solved", "moves": [[4294967297, 0, "N"]]})",
                           R"({"status": "solved", "moves": [[1, 2, "NORTH"]]})"}) {
    const auto f = write_temp("malformed.json", body);
    const CliRun r = run_cli("verify peg " + peg("lab_fig3.txt") + " " + f);
    EXPECT_EQ(r.code, 2) << body << " -> " << r.err;
    EXPECT_EQ(r.err.rfind(f + ":", 0), 0u) << r.err;
  }
  EXPECT_EQ(run_cli("solve peg " + peg("lab_fig1.txt") + " --time-limit 1e400").code, 2);
}

TEST(Cli, AnLpFileNameWithQuotesKeepsTheJsonValid) {
  const std::string lp = temp_path("a\"b.lp");
  const CliRun r = run_cli("solve peg " + peg("french37_central.txt") +
                           " --rules jump-bounds --json --lp-file '" + lp + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["certificate"]["data"]["lp_file"], lp);
}

TEST(Cli, LimitGivesExitCodeOne) {
  const CliRun r = run_cli("solve peg " + peg("english33_central.txt") +
                           " --rules none --hash 0 --node-limit 1000");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("node-limit"), std::string::npos);
}

TEST(Cli, BoundsTableHasOneRowPerJump) {
  const CliRun r = run_cli("bounds peg " + peg("english33_central.txt"));
  ASSERT_EQ(r.code, 0) << r.err;
  int rows = 0;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) rows += !line.empty() && line[0] != '#';
  EXPECT_EQ(rows, 76);
}

}  // namespace

namespace {

// A "no solution" result is only as good as its certificate: the toolkit re-checks each kind by
// another route, and a tampered certificate must be rejected.
TEST(Cli, CertificatesAreRecheckedAndTamperingIsCaught) {
  struct Case {
    const char* instance;
    const char* rules;
    const char* kind;
  };
  for (const Case& c : {Case{"french37_central.txt", "default", "position-class"},
                        Case{"french37_central.txt", "jump-bounds", "infeasible-ip"},
                        Case{"rect_3x5_v00_f00.txt", "default", "exhaustive-search"}}) {
    const CliRun r = run_cli("solve peg " + peg(c.instance) + " --json --rules " + c.rules);
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["certificate"]["kind"], c.kind);
    const auto good = write_temp(std::string(c.kind) + ".json", j.dump());
    const CliRun ok = run_cli("verify peg " + peg(c.instance) + " " + good);
    EXPECT_EQ(ok.code, 0) << c.kind << ": " << ok.out << ok.err;

    // The same certificate against a solvable instance must fail.
    const CliRun wrong = run_cli("verify peg " + peg("rect_3x5_v02_f02.txt") + " " + good);
    EXPECT_EQ(wrong.code, 1) << c.kind << ": " << wrong.out;
  }
  // A search certificate made without its proof log: unchecked, exit 6, and it says why.
  const CliRun nolog =
      run_cli("solve peg " + peg("rect_3x5_v00_f00.txt") + " --json --proof-log 0");
  ASSERT_EQ(nolog.code, 0) << nolog.err;
  const auto unproved = write_temp("no_log.json", nolog.out);
  const CliRun unchecked = run_cli("verify peg " + peg("rect_3x5_v00_f00.txt") + " " + unproved);
  EXPECT_EQ(unchecked.code, 6) << unchecked.out << unchecked.err;
  EXPECT_NE(unchecked.out.find("unchecked: "), std::string::npos) << unchecked.out;
  EXPECT_NE(unchecked.out.find("--proof-log 0"), std::string::npos) << unchecked.out;
  // Tampered data: claim other classes.
  const CliRun r = run_cli("solve peg " + peg("french37_central.txt") + " --json");
  auto j = nlohmann::json::parse(r.out);
  j["certificate"]["data"]["final_class"] = j["certificate"]["data"]["start_class"];
  const auto bad = write_temp("tampered.json", j.dump());
  EXPECT_EQ(run_cli("verify peg " + peg("french37_central.txt") + " " + bad).code, 1);
  j["certificate"]["kind"] = "trust-me";
  const auto bad2 = write_temp("tampered2.json", j.dump());
  EXPECT_EQ(run_cli("verify peg " + peg("french37_central.txt") + " " + bad2).code, 1);
  // A solved result: its moves are replayed; a tampered move is caught.
  const CliRun s = run_cli("solve peg " + peg("lab_fig3.txt") + " --json");
  auto js = nlohmann::json::parse(s.out);
  const auto sol = write_temp("fig3.json", js.dump());
  EXPECT_EQ(run_cli("verify peg " + peg("lab_fig3.txt") + " " + sol).code, 0);
  js["moves"][3][2] = js["moves"][3][2] == "N" ? "S" : "N";
  const auto sol2 = write_temp("fig3_bad.json", js.dump());
  EXPECT_EQ(run_cli("verify peg " + peg("lab_fig3.txt") + " " + sol2).code, 1);
  // Broken JSON is bad input: exit 2 with a location.
  const auto broken = write_temp("broken.json", "{\n  \"status\": \"solved\",\n  \"moves\": [1,\n");
  const CliRun b = run_cli("verify peg " + peg("lab_fig3.txt") + " " + broken);
  EXPECT_EQ(b.code, 2);
  EXPECT_EQ(b.err.rfind(broken + ":", 0), 0u) << b.err;
}

TEST(Cli, RunRefusesABadConfigBeforeAnythingRuns) {
  const std::string out = testing::TempDir() + "/cli_run_" + std::to_string(getpid());
  const auto bad =
      write_temp("bad.toml", "puzzle = \"peg\"\ninstances = [\"" + peg("lab_fig1.txt") +
                                 "\"]\noutput = \"" + out + "\"\n[configs.a]\nspawn-depth = 99\n");
  std::filesystem::remove_all(out);
  expect_located_error(run_cli("run " + bad), bad, 5, 15);
  EXPECT_NE(run_cli("run " + bad).err.find("configs.a.spawn-depth"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(out)) << "the bad config made its output directory";

  const auto good =
      write_temp("good.toml", "puzzle = \"peg\"\ninstances = [\"" + peg("lab_fig1.txt") +
                                  "\"]\noutput = \"" + out + "\"\nrepetitions = 3\n");
  std::filesystem::remove_all(out);
  const CliRun first = run_cli("run " + good + " --progress quiet --no-report");
  EXPECT_EQ(first.code, 0) << first.err;
  const std::string rows = slurp(out + "/rows.jsonl");
  EXPECT_EQ(std::count(rows.begin(), rows.end(), '\n'), 3);
  // Rows are never overwritten by accident, and the two ways out exclude each other.
  EXPECT_EQ(run_cli("run " + good + " --progress quiet --no-report").code, 2);
  EXPECT_EQ(run_cli("run " + good + " --resume --overwrite").code, 2);
  const CliRun resumed = run_cli("run " + good + " --resume --progress quiet --no-report");
  EXPECT_EQ(resumed.code, 0);
  EXPECT_NE(resumed.err.find("3 skipped"), std::string::npos) << resumed.err;
  EXPECT_EQ(run_cli("run " + good + " --shard 0/2").code, 2);  // shards count from 1
  std::filesystem::remove_all(out);
}

// `analyse` writes its tables where --out says, and a directory it cannot make is bad input (exit
// 2, the directory named), not an internal error.
TEST(Cli, AnalyseWritesItsTablesOrNamesTheDirectoryItCannotMake) {
  const std::string out = testing::TempDir() + "/cli_analyse_" + std::to_string(getpid());
  std::filesystem::remove_all(out);
  const CliRun ok = run_cli("analyse peg " + peg("rect_3x5_v00_f00.txt") + " --out " + out);
  EXPECT_EQ(ok.code, 0) << ok.err;
  for (const char* f : {"table.md", "table.tex", "summary.json"})
    EXPECT_TRUE(std::filesystem::is_regular_file(out + "/" + f)) << f;
  const std::string blocked = out + "/table.md/sub";  // under a file: no directory can go there
  const CliRun bad = run_cli("analyse peg " + peg("rect_3x5_v00_f00.txt") + " --out " + blocked);
  EXPECT_EQ(bad.code, 2) << bad.err;
  EXPECT_EQ(bad.err.rfind(blocked + ": ", 0), 0u) << bad.err;
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
  std::filesystem::remove_all(out);
}

// An analysis with pairs left undecided (here by a node limit) is an unknown answer: exit 1, the
// undecided pairs on stderr, and every output still written, summary.json saying how many.
TEST(Cli, AnalyseWithUndecidedPairsExitsOneAndListsThem) {
  const std::string out = testing::TempDir() + "/cli_analyse_undecided_" + std::to_string(getpid());
  std::filesystem::remove_all(out);
  const CliRun r = run_cli("analyse peg " + peg("rect_3x5_v00_f00.txt") +
                           " --node-limit 1 --threads 1 --out " + out);
  std::ifstream summary(out + "/summary.json");
  ASSERT_TRUE(summary.good()) << r.err;
  const int undecided = nlohmann::json::parse(summary).at("undecided").get<int>();
  ASSERT_GT(undecided, 0);
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(r.err.rfind("boundsearch: " + std::to_string(undecided) + " pairs undecided: (", 0), 0u)
      << r.err;
  EXPECT_NE(r.err.find(out + "/summary.json"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::is_regular_file(out + "/table.md"));
  std::filesystem::remove_all(out);
}

}  // namespace

namespace {

// A result whose JSON is well formed but holds a number past the range of a double: nlohmann
// throws out_of_range, not parse_error, and every verifier must still answer with a located error
// and exit code 2, not an internal error.
TEST(Cli, VerifyRefusesANumberPastADoubleWithALocatedError) {
  const std::string result = write_temp("huge_number.json", "{\"status\":1e99999}\n");
  const std::string src = BS_SOURCE_DIR;
  expect_located_error(run_cli("verify peg " + peg("english33_central.txt") + " " + result), result,
                       1, 1);
  expect_located_error(
      run_cli("verify mines " + src + "/instances/mines/expert_opening.txt " + result), result, 1,
      1);
  expect_located_error(run_cli("verify futoshiki " + src +
                               "/instances/futoshiki/sgt_unequal/fut_10_extreme_1.txt " + result),
                       result, 1, 1);
  expect_located_error(
      run_cli("verify mines-games " + src + "/instances/mines/games/expert_sfar.txt " + result),
      result, 1, 1);
}

// Well-formed JSON of the wrong shape, found by fuzz/fuzz_verifiers.cpp: an array where an object
// belongs made value() throw a type error (exit 3), a status that is no string likewise, and a
// games object without "games" was read past its end (operator[] of a const json on a missing key
// is undefined behaviour; AddressSanitizer saw a heap overflow). Each is a located error now.
TEST(Cli, VerifyRefusesJsonOfTheWrongShapeWithALocatedError) {
  const std::string src = BS_SOURCE_DIR;
  const std::string mines = src + "/instances/mines/expert_opening.txt";
  const std::string games = src + "/instances/mines/games/expert_sfar.txt";
  const std::string futoshiki = src + "/instances/futoshiki/sgt_unequal/fut_05_easy_1.txt";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"mines " + mines, "[1]"},
      {"mines " + mines, R"({"status": 5, "analysis": [1]})"},
      {"mines-games " + games, "[1]"},
      {"mines-games " + games, R"x({"games": {"board": "expert sfar (0,0)", "wins": 3}})x"},
      {"mines-games " + games, R"x({"games": {"board": "expert sfar (0,0)", "games": 3}})x"},
      {"futoshiki " + futoshiki, R"({"status": 5})"},
      {"futoshiki " + futoshiki, R"({"status": ["solved"]})"},
  };
  for (const auto& [what, body] : cases) {
    const std::string result = write_temp("wrong_shape.json", body);
    expect_located_error(run_cli("verify " + what + " " + result), result, 1, 1);
  }
}

}  // namespace
