// The shared reading of a `solve --json` result (solvers/verify_result.hpp): which of the puzzle's
// two checks it calls and with what, and the located errors it gives for a result it cannot
// check. A toy puzzle stands in for a real one, so that every call can be watched; the last tests
// hand a real puzzle a result written for another of its instances.
#include "solvers/verify_result.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "solvers/solver.hpp"
#include "tests/test_support.hpp"

namespace {

using bs::testing_support::shipped_instance;
using bs::testing_support::write_temp;

const std::string kPath = "result.json";

// The toy puzzle: an instance is a length n; a solution is n ones; a certificate of kind
// "too-short" carries the n it was made for; one of kind "slow" cannot be re-checked in time.
// Each check records what it was handed.
struct Toy {
  int n = 3;
  std::vector<nlohmann::json> solutions_seen;
  std::vector<bs::Certificate> certificates_seen;

  std::string check(const std::string& text, const std::string& solution_key = "solution") {
    return bs::verify_result_text(
        text, kPath,
        [&](const nlohmann::json& s) {
          solutions_seen.push_back(s);
          if (!s.is_array() || static_cast<int>(s.size()) != n)
            throw bs::InputError(kPath, 1, 1, "needs " + std::to_string(n) + " values");
          for (const auto& v : s)
            if (v != 1) return std::string("a value is not 1");
          return std::string();
        },
        [&](const bs::Certificate& c) {
          certificates_seen.push_back(c);
          if (c.kind == "slow") throw bs::CheckUnfinished("the re-check ran out of time");
          if (c.kind != "too-short") return "unknown certificate kind '" + c.kind + "'";
          return nlohmann::json::parse(c.data_json).value("n", -1) == n
                     ? std::string()
                     : std::string("the certificate is for another length");
        },
        solution_key);
  }
};

// Runs f, which must throw InputError at kPath:1:1 with exactly `message`.
template <class F>
void expect_input_error(F f, const std::string& message) {
  try {
    f();
    ADD_FAILURE() << "expected InputError: " << message;
  } catch (const bs::InputError& e) {
    EXPECT_EQ(e.located(), kPath + ":1:1: " + message);
  }
}

TEST(VerifyResult, AJsonResultIsTextWhoseFirstNonBlankIsABrace) {
  EXPECT_TRUE(bs::is_json_result("{}"));
  EXPECT_TRUE(bs::is_json_result(" \t\r\n{\"status\": \"solved\"}"));
  EXPECT_TRUE(bs::is_json_result("{ not json, but meant as a result"));
  EXPECT_FALSE(bs::is_json_result(""));
  EXPECT_FALSE(bs::is_json_result(" \n\t"));
  EXPECT_FALSE(bs::is_json_result("[1]"));
  EXPECT_FALSE(bs::is_json_result("1 2\n{"));
}

TEST(VerifyResult, ASolvedResultGoesToTheSolutionCheckAlone) {
  Toy toy;
  EXPECT_EQ(toy.check(R"({"status": "solved", "solution": [1, 1, 1], "certificate": null})"), "");
  ASSERT_EQ(toy.solutions_seen.size(), 1u);
  EXPECT_EQ(toy.solutions_seen[0], nlohmann::json::array({1, 1, 1}));
  EXPECT_EQ(toy.check(R"({"status": "solved", "solution": [1, 2, 1]})"), "a value is not 1");
  EXPECT_TRUE(toy.certificates_seen.empty());
}

TEST(VerifyResult, TheSolutionIsReadUnderThePuzzlesKeyAndIsNullWhenMissing) {
  Toy toy;
  EXPECT_EQ(toy.check(R"({"status": "solved", "moves": [1, 1, 1]})", "moves"), "");
  expect_input_error([&] { toy.check(R"({"status": "solved", "moves": [1, 1, 1]})"); },
                     "needs 3 values");
  ASSERT_EQ(toy.solutions_seen.size(), 2u);
  EXPECT_TRUE(toy.solutions_seen[1].is_null());
}

TEST(VerifyResult, AnInfeasibleResultHandsItsCertificateToTheCertificateCheck) {
  Toy toy;
  EXPECT_EQ(toy.check(R"({"status": "infeasible", "solution": null,
                          "certificate": {"kind": "too-short", "detail": "d", "data": {"n": 3}}})"),
            "");
  ASSERT_EQ(toy.certificates_seen.size(), 1u);
  EXPECT_EQ(toy.certificates_seen[0].kind, "too-short");
  EXPECT_EQ(nlohmann::json::parse(toy.certificates_seen[0].data_json), nlohmann::json({{"n", 3}}));
  EXPECT_EQ(toy.check(R"({"status": "infeasible", "certificate": {"kind": "guess"}})"),
            "unknown certificate kind 'guess'");
  EXPECT_EQ(toy.certificates_seen[1].data_json, "{}");  // no data: an empty object
  EXPECT_TRUE(toy.solutions_seen.empty());
}

// A re-check that could not finish is neither "" (confirmed) nor a reason (wrong): its
// CheckUnfinished reaches the caller, for `verify` to answer "unchecked".
TEST(VerifyResult, AReCheckThatCannotFinishPassesThroughAsCheckUnfinished) {
  Toy toy;
  try {
    const std::string why =
        toy.check(R"({"status": "infeasible", "certificate": {"kind": "slow"}})");
    ADD_FAILURE() << "expected CheckUnfinished, got the verdict '" << why << "'";
  } catch (const bs::CheckUnfinished& e) {
    EXPECT_STREQ(e.what(), "the re-check ran out of time");
  }
  ASSERT_EQ(toy.certificates_seen.size(), 1u);
  EXPECT_EQ(toy.certificates_seen[0].kind, "slow");
}

TEST(VerifyResult, AnInfeasibleResultWithoutACertificateKindIsBadInput) {
  for (const char* text :
       {R"({"status": "infeasible"})", R"({"status": "infeasible", "certificate": null})",
        R"({"status": "infeasible", "certificate": ["too-short"]})",
        R"({"status": "infeasible", "certificate": {"detail": "d"}})",
        R"({"status": "infeasible", "certificate": {"kind": 7}})"}) {
    SCOPED_TRACE(text);
    Toy toy;
    expect_input_error([&] { toy.check(text); },
                       "an infeasible result needs a certificate with a kind");
    EXPECT_TRUE(toy.certificates_seen.empty());
  }
}

// An unknown result claims nothing, so there is nothing to check: it is refused, as is a status
// that is missing, misspelt or no string, and neither check is called.
TEST(VerifyResult, AnyOtherStatusIsRefusedWithoutCallingAnyCheck) {
  for (const char* text : {R"({"status": "unknown", "solution": null, "certificate": null})",
                           R"({"solution": [1, 1, 1]})", R"({"status": "Solved"})",
                           R"({"status": ["solved"]})", R"({"status": 5})", "[1]", "7"}) {
    SCOPED_TRACE(text);
    Toy toy;
    expect_input_error([&] { toy.check(text); },
                       "status must be \"solved\" or \"infeasible\" to be verified");
    EXPECT_TRUE(toy.solutions_seen.empty());
    EXPECT_TRUE(toy.certificates_seen.empty());
  }
}

TEST(VerifyResult, MalformedJsonIsBadInputAtTheFilesStart) {
  for (const char* text : {"", "{", R"({"status": "solved",})", R"({"status": 'solved'})",
                           "{\"status\": 1e99999}", "{} {}"}) {
    SCOPED_TRACE(text);
    Toy toy;
    expect_input_error([&] { toy.check(text); }, "not valid JSON");
  }
}

// A result made for another instance: the reading passes the puzzle's own verdict through as it
// is, a refusal by value or an InputError, whichever the puzzle's check gives.
TEST(VerifyResult, AResultForAnotherInstanceGetsThePuzzlesOwnVerdict) {
  Toy four;
  four.n = 4;
  expect_input_error([&] { four.check(R"({"status": "solved", "solution": [1, 1, 1]})"); },
                     "needs 4 values");
  EXPECT_EQ(four.check(R"({"status": "infeasible",
                           "certificate": {"kind": "too-short", "data": {"n": 3}}})"),
            "the certificate is for another length");
}

// The same through real puzzles: a solved result of one shipped instance, checked against
// another instance of the same size, is refused by the puzzle's verifier; against one of
// another size, its solution is no solution's shape and the error is located in the result.
std::string solved_result(const bs::PuzzleSolver& puzzle, const std::string& instance) {
  const bs::Result r = puzzle.solve_file(instance, bs::Options());
  EXPECT_EQ(r.status, bs::Status::solved) << instance;
  return write_temp(std::string(puzzle.name) + "_result.json", bs::to_json(r).dump());
}

TEST(VerifyResult, RealPuzzlesRefuseAResultForAnotherInstance) {
  struct Case {
    const char* puzzle;
    std::string solved, same_size, other_size, shape_error;
  };
  const std::vector<Case> cases = {
      {"futoshiki", shipped_instance("futoshiki/sgt_unequal/fut_05_easy_1.txt"),
       shipped_instance("futoshiki/sgt_unequal/fut_05_easy_2.txt"),
       shipped_instance("futoshiki/sgt_unequal/fut_06_easy_1.txt"),
       "a solved result needs \"solution\": 6 rows"},
      {"dominosa", shipped_instance("dominosa/sgt_unique/dom_006_basic_1.txt"),
       shipped_instance("dominosa/sgt_unique/dom_006_basic_2.txt"),
       shipped_instance("dominosa/sgt_unique/dom_010_trivial_1.txt"),
       "a solved result needs \"solution\": 11 rows"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.puzzle);
    const bs::PuzzleSolver* puzzle = bs::find_puzzle(c.puzzle);
    ASSERT_NE(puzzle, nullptr);
    const std::string result = solved_result(*puzzle, c.solved);
    EXPECT_EQ(puzzle->verify_files(c.solved, result), "");
    EXPECT_NE(puzzle->verify_files(c.same_size, result), "");
    try {
      puzzle->verify_files(c.other_size, result);
      ADD_FAILURE() << "expected InputError: " << c.shape_error;
    } catch (const bs::InputError& e) {
      EXPECT_EQ(e.located(), result + ":1:1: " + c.shape_error);
    }
  }
}

}  // namespace
