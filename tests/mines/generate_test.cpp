// The analysis-position generator (solvers/mines/generate.hpp): a recipe gives one text, the
// clicks reach the fraction asked for and never a mine, a config's [[generate]] table makes the
// CLI's very files, and every bad key or value is refused with a message that names it.
#include "solvers/mines/generate.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>

#include "core/options.hpp"
#include "experiments/config.hpp"
#include "puzzles/mines/game.hpp"
#include "puzzles/mines/position.hpp"
#include "tests/test_support.hpp"

namespace {

using bs::testing_support::CliRun;
using bs::testing_support::run_cli;
using bs::testing_support::slurp;
using bs::testing_support::temp_path;
using bs::testing_support::write_temp;
using namespace bs::mines;

PositionRecipe recipe(const std::string& board, double open, uint64_t seed,
                      bool digits_only = false, const std::string& rule = "sfar") {
  return {parse_board_spec(board, rule, ""), open, digits_only, seed};
}

bs::Options generate_options(const std::string& board, const std::string& open,
                             const std::string& seed) {
  bs::Options o;
  o.set("board", board);
  o.set("open", open);
  o.set("seed", seed);
  return o;
}

// The recipes most tests walk through: both click modes, both rules, the config's two boards.
std::vector<PositionRecipe> sample_recipes() {
  std::vector<PositionRecipe> out;
  for (const double open : {0.12, 0.2, 0.28, 0.35, 1.0})
    for (const uint64_t seed : {1, 2, 3}) {
      out.push_back(recipe("expert", open, seed));
      if (open < 1) out.push_back(recipe("expert", open, seed, true));
    }
  out.push_back(recipe("expert", 0.2, 4, false, "snr"));
  out.push_back(recipe("100x100x2000", 0.12, 1));
  out.push_back(recipe("100x100x2000", 0.35, 2, true));
  out.push_back(recipe("beginner", 0.01, 5));
  return out;
}

std::string describe(const PositionRecipe& r) {
  return r.board.name() + " open " + bs::real_text(r.open) + " seed " + std::to_string(r.seed) +
         (r.digits_only ? " digits-only" : "");
}

TEST(MinesGenerate, TheSameOptionsGiveTheSameText) {
  const bs::Options o = generate_options("expert", "0.25", "3");
  const std::string text = generate_text(o);
  EXPECT_EQ(generate_text(o), text);
  EXPECT_NE(generate_text(generate_options("expert", "0.25", "4")), text);
  // The header names the command that makes the position again, in its canonical form.
  EXPECT_EQ(text.rfind("# boundsearch generate mines --board 30x16x99 --open 0.25 --seed 3\n# ", 0),
            0u)
      << text;
  // The bytes are pinned: a change to the deal, the click stream or the bounded draw shows here
  // (the rows of a sweep are compared across machines and commits by these files).
  uint64_t hash = 1469598103934665603ULL;  // FNV-1a
  for (const unsigned char c : text) hash = (hash ^ c) * 1099511628211ULL;
  EXPECT_EQ(hash, 13732749889107501267ULL) << text;
}

TEST(MinesGenerate, ClicksReachTheOpenFractionAndThePositionParsesBack) {
  for (const PositionRecipe& r : sample_recipes()) {
    SCOPED_TRACE(describe(r));
    const AnalysisPosition a = make_analysis_position(r);
    EXPECT_EQ(a.target, static_cast<int>(std::ceil(r.open * a.safe_cells - 1e-9)));
    EXPECT_GE(a.revealed, a.target);
    EXPECT_GE(static_cast<double>(a.revealed) / a.safe_cells, r.open - 1e-12);
    const int revealed = static_cast<int>(std::count_if(
        a.position.cells.begin(), a.position.cells.end(), [](int8_t c) { return c >= 0; }));
    EXPECT_EQ(revealed, a.revealed);
    const Position back = parse_position(format_position(a.position), "generated.txt");
    EXPECT_EQ(back.cells, a.position.cells);
    EXPECT_EQ(back.mines, r.board.mines);
    EXPECT_EQ(back.width, r.board.width);
  }
}

TEST(MinesGenerate, NoMineIsEverRevealedAndEveryDigitIsTheLayoutsCount) {
  for (const PositionRecipe& r : sample_recipes()) {
    SCOPED_TRACE(describe(r));
    const AnalysisPosition a = make_analysis_position(r);
    EXPECT_EQ(std::count(a.layout.mine.begin(), a.layout.mine.end(), 1), r.board.mines);
    EXPECT_EQ(a.layout.mine, deal(r.board, r.seed, 0).mine) << "the layout is game 0's";
    const Position& p = a.position;
    for (int i = 0; i < p.width * p.height; ++i) {
      ASSERT_NE(p.cells[i], kFlag);
      if (p.cells[i] < 0) continue;
      ASSERT_FALSE(a.layout.mine[i]) << "a mine was revealed at " << i;
      int around = 0;
      p.for_neighbours(i, [&](int j) { around += a.layout.mine[j]; });
      ASSERT_EQ(p.cells[i], around) << "cell " << i;
      // Digits-only clicks open no area, so no 0 is ever revealed.
      if (r.digits_only) {
        ASSERT_GT(p.cells[i], 0) << "cell " << i;
      }
    }
    if (r.digits_only) {
      EXPECT_EQ(a.clicks, a.revealed);
    }
  }
}

TEST(MinesGenerate, TheFirstClickIsTheRulesAndAHigherFractionContinuesTheSameClicks) {
  const AnalysisPosition sfar = make_analysis_position(recipe("expert", 0.12, 7));
  EXPECT_GE(sfar.position.at(0, 0), 0) << "SFAR clicks (0,0) first";
  const AnalysisPosition snr = make_analysis_position(recipe("expert", 0.12, 7, false, "snr"));
  EXPECT_EQ(snr.position.at(3, 3), 0) << "SNR clicks (3,3) first, which opens an area";
  // The same seed draws the same clicks, so the position at 0.12 is the one at 0.35 stopped
  // earlier: what it reveals, the later one reveals too.
  const AnalysisPosition later = make_analysis_position(recipe("expert", 0.35, 7));
  for (size_t i = 0; i < sfar.position.cells.size(); ++i)
    if (sfar.position.cells[i] >= 0) {
      EXPECT_EQ(later.position.cells[i], sfar.position.cells[i]);
    }
  EXPECT_GT(later.clicks, sfar.clicks);
}

TEST(MinesGenerate, ConfigTablesMakeTheClisFilesNamedBySeed) {
  const auto made = generate_instances({{"width", "30"},
                                        {"height", "16"},
                                        {"mines", "99"},
                                        {"open", "0.25"},
                                        {"count", "3"},
                                        {"seed", "3"}});
  ASSERT_EQ(made.size(), 3u);
  for (int k = 0; k < 3; ++k) {
    const std::string seed = std::to_string(3 + k);
    EXPECT_EQ(made[k].name, "mines-30x16x99-o25-s" + seed);
    EXPECT_EQ(made[k].text, generate_text(generate_options("expert", "0.25", seed)));
  }
  const auto digits = generate_instances(
      {{"board", "expert"}, {"open", "0.125"}, {"digits-only", "true"}, {"first-click", "snr"}});
  ASSERT_EQ(digits.size(), 1u);
  EXPECT_EQ(digits[0].name, "mines-30x16x99-snr-o12.5-digits-s1");
  EXPECT_NE(digits[0].text.find("--first-click snr --open 0.125 --digits-only --seed 1\n"),
            std::string::npos)
      << digits[0].text;
  const auto clicked =
      generate_instances({{"board", "beginner"}, {"open", "0.5"}, {"click", "4,5"}, {"seed", "9"}});
  EXPECT_EQ(clicked.at(0).name, "mines-8x8x10-click4-5-o50-s9");
}

TEST(MinesGenerate, BadKeysAndValuesAreRefusedByName) {
  struct Bad {
    std::vector<std::pair<std::string, std::string>> spec;
    const char* message;
  };
  const std::vector<Bad> bad = {
      {{{"board", "expert"}, {"open", "0.2"}, {"colour", "red"}}, "unknown generator key 'colour'"},
      {{{"open", "0.2"}}, "needs a board"},
      {{{"board", "expert"}}, "needs open"},
      {{{"board", "expert"}, {"open", "0"}}, "generator key 'open' is the fraction"},
      {{{"board", "expert"}, {"open", "25"}}, "in (0, 1], not '25'"},
      {{{"board", "expert"}, {"open", "25%"}}, "generator key 'open'"},
      {{{"board", "expert"}, {"open", "nan"}}, "generator key 'open'"},
      {{{"board", "expert"}, {"open", " 0.2"}}, "generator key 'open'"},
      {{{"board", "huge"}, {"open", "0.2"}}, "generator key 'board': mines: unknown board 'huge'"},
      {{{"board", "4x4x20"}, {"open", "0.2"}}, "generator key 'board'"},
      {{{"board", "expert"}, {"width", "30"}, {"open", "0.2"}}, "not both"},
      {{{"width", "30"}, {"height", "16"}, {"open", "0.2"}}, "all of width, height and mines"},
      {{{"width", "300"}, {"height", "16"}, {"mines", "9"}, {"open", "0.2"}},
       "generator key 'width' must be a whole number in [1, 255]"},
      {{{"width", "3"}, {"height", "3"}, {"mines", "9"}, {"open", "0.2"}},
       "generator keys width, height and mines"},
      {{{"board", "expert"}, {"open", "0.2"}, {"digits-only", "maybe"}},
       "generator key 'digits-only': 'maybe' is not true or false"},
      {{{"board", "expert"}, {"open", "0.2"}, {"first-click", "corner"}},
       "generator key 'first-click'"},
      {{{"board", "expert"}, {"open", "0.2"}, {"click", "40,1"}}, "generator key 'click'"},
      {{{"board", "expert"}, {"open", "0.2"}, {"count", "0"}}, "generator key 'count'"},
      {{{"board", "expert"}, {"open", "0.2"}, {"seed", "-1"}}, "generator key 'seed'"},
  };
  for (const Bad& b : bad) {
    try {
      (void)generate_instances(b.spec);
      ADD_FAILURE() << "accepted; expected: " << b.message;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(b.message), std::string::npos)
          << e.what() << "\nexpected: " << b.message;
    }
  }
  // Digits-only clicks cannot reveal a 0: a board whose safe cells are mostly 0s cannot be opened
  // to 90% that way, which is no bad option but a recipe with no position (runtime_error).
  EXPECT_THROW((void)make_analysis_position(recipe("30x16x5", 0.9, 1, true)), std::runtime_error);
  EXPECT_THROW((void)make_analysis_position(recipe("expert", 0, 1)), std::invalid_argument);
}

TEST(MinesGenerate, TheCliPrintsOnePositionAndRefusesABadFraction) {
  const CliRun r = run_cli("generate mines --board expert --open 0.25 --seed 3");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, generate_text(generate_options("expert", "0.25", "3")));
  // The position it prints is one `solve mines` reads.
  const std::string file = write_temp("generated.txt", r.out);
  EXPECT_EQ(read_position(file).width, 30);
  const CliRun digits =
      run_cli("generate mines --board 16x16x40 --open 0.3 --digits-only --seed 1");
  ASSERT_EQ(digits.code, 0) << digits.err;
  EXPECT_NE(digits.out.find("--board 16x16x40 --open 0.3 --digits-only --seed 1\n"),
            std::string::npos)
      << digits.out;
  const CliRun zero = run_cli("generate mines --open 0");
  EXPECT_EQ(zero.code, 2);
  EXPECT_NE(zero.err.find("--open"), std::string::npos) << zero.err;
  const CliRun percent = run_cli("generate mines --open 25");
  EXPECT_EQ(percent.code, 2);
  EXPECT_NE(percent.err.find("--open"), std::string::npos) << percent.err;
  // Another puzzle refuses the option rather than ignoring it.
  EXPECT_EQ(run_cli("generate futoshiki --size 4 --open 0.2").code, 2);
}

// The shipped config loads, with its generated positions, as `boundsearch run` would load it.
TEST(MinesGenerate, TheShippedAnalysisConfigLoadsWithItsGeneratedPositions) {
  std::string text =
      slurp(std::string(BS_SOURCE_DIR) + "/experiments/configs/bench-mines-analysis.toml");
  const std::string out = temp_path("bench-mines-analysis");
  text = std::regex_replace(text, std::regex("\"instances/"),
                            "\"" + std::string(BS_SOURCE_DIR) + "/instances/");
  text = std::regex_replace(text, std::regex("output = \"[^\"]*\""), "output = \"" + out + "\"");
  const bs::experiments::Config c = bs::experiments::load_config(write_temp("analysis.toml", text));
  size_t expert = 0, large = 0, digits = 0;
  for (const std::string& f : c.instances) {
    expert += f.find("/mines-30x16x99-o") != std::string::npos;
    large += f.find("/mines-100x100x2000-o") != std::string::npos;
    digits += f.find("-digits-") != std::string::npos;
  }
  EXPECT_EQ(expert, 200u);  // 100 with flood fill, 100 digit-only
  EXPECT_EQ(large, 18u);    // 10 with flood fill, 8 digit-only
  EXPECT_EQ(digits, 108u);
  EXPECT_TRUE(std::any_of(c.instances.begin(), c.instances.end(), [](const std::string& f) {
    return f.find("expert_opening") != std::string::npos;
  }));
  EXPECT_EQ(slurp(out + "/instances/mines-30x16x99-o28-s25.txt"),
            generate_text(generate_options("expert", "0.28", "25")));
}

}  // namespace
