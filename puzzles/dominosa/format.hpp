// Dominosa text formats: the shipped text form, Simon Tatham's game ids, and solution files.
//
// Text form (`.txt`): the order n (1..255) alone on the first line, then the grid, n+1 rows of
// n+2 numbers 0..n, one row per line, numbers separated by blanks. '#' starts a comment that runs
// to the end of the line; blank lines are skipped. Every number 0..n must appear exactly n+2
// times, so a file that reads is always a well-formed puzzle (check_numbers in grid.hpp holds).
//
// Game id (`.sgtid`): Tatham's Dominosa id, one line, e.g. "6db:0120436...". Before the colon are
// the parameters: the order, then optionally 'd' and a difficulty letter (t trivial, b basic,
// h hard, e extreme, a ambiguous) or the older lone 'a' (ambiguous); neither changes the puzzle.
// After the colon the (n+1)(n+2) numbers follow row by row with nothing between them: a number
// below 10 is its digit, a larger one is written in brackets, "[10]".
//
// Solution (`.sol`): n+1 rows of n+2 letters, one row per line, each cell's half of its domino:
// L (partner to the right), R (to the left), T (below), B (above); blanks between letters and
// comments are allowed. The parser checks the shape and the letters; whether they pair up and
// use every domino once is the verifier's question (verify_solution in grid.hpp).
//
// Lines may end in "\r\n" and a UTF-8 byte order mark is skipped (core/line_reader). Every error
// is a bs::InputError at the 1-based line and column (in bytes) of the offending token.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "puzzles/dominosa/grid.hpp"

namespace bs::dominosa {

// Limits that keep hostile input cheap: a bigger file or more lines is refused up front. The
// largest legal grid (order 255) is about 260 KB.
inline constexpr size_t kMaxFileBytes = size_t{16} << 20;
inline constexpr int kMaxLines = 1'000'000;

// The text form. `filename` is used in error locations; the instance's name is its stem.
Instance parse_instance(std::string_view text, const std::string& filename);
// A Tatham game id (one line; surrounding whitespace ignored).
Instance parse_sgtid(std::string_view text, const std::string& filename);
// Reads a file: .sgtid files as game ids, anything else in the text form.
Instance read_instance(const std::string& path);

// Both printers throw std::invalid_argument for an instance that check_numbers refuses.
std::string format_instance(const Instance& instance);  // the text form
std::string format_sgtid(const Instance& instance);     // "6:...", no difficulty
// The same with Tatham's difficulty letter in the parameters ("6db:..."): t, b, h, e or a.
// Throws std::invalid_argument for any other letter.
std::string format_sgtid(const Instance& instance, char difficulty);

// n+1 rows of n+2 letters L/R/T/B for `instance` (which gives only the shape).
Solution parse_solution(std::string_view text, const Instance& instance,
                        const std::string& filename);
// One row of letters per line. Throws std::invalid_argument if the size does not fit `instance`.
std::string format_solution(const Solution& solution, const Instance& instance);

// Reads an instance file and a solution file (InputError on bad input) and returns the verdict
// of verify_solution: empty when the solution solves the instance, else what is wrong.
std::string verify_files(const std::string& instance_path, const std::string& solution_path);

}  // namespace bs::dominosa
