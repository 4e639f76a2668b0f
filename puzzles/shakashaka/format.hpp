// Shakashaka text formats: the shipped text form, puzz.link URLs, and solution files.
//
// Text form (`.txt`): lines beginning "# " are comments; blank lines are skipped. Then "H W"
// (height, then width, 1..kMaxSide each), then H rows of W characters: '.' a white cell, '#' a
// black cell without a number, '0'..'4' a black cell with that clue.
//
// puzz.link URL (`.url`, or any text starting "http" or "p?"): "p?shakashaka/W/H/BODY", width
// first, optionally behind "https://puzz.link/" or any other host. BODY lists the cells row by
// row: '0'..'4' a clue, then the next cell; '5'..'9' a clue of value - 5, then skip 1 white cell;
// 'a'..'e' a clue of value - 10, then skip 2 white cells; 'g'..'z' skip 1..20 white cells; '.' a
// black cell without a number. A short BODY means the remaining cells are white; a BODY that
// names more cells than W x H is an error.
//
// Solution (`.sol.txt`): optional "H W" line, then H rows of W characters: black cells copied
// from the puzzle ('#' or the clue), white cells '.' empty or 'a'/'b'/'c'/'d' for a black
// triangle in the upper-left / upper-right / lower-right / lower-left corner (grid.hpp).
//
// Lines may end in "\r\n" and a UTF-8 byte order mark is skipped (core/line_reader). Every error
// is a bs::InputError at the 1-based line and column (in bytes) of the offending token.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "puzzles/shakashaka/grid.hpp"

namespace bs::shakashaka {

// Limits that keep hostile input cheap: a bigger file or more lines is refused up front.
inline constexpr size_t kMaxFileBytes = size_t{16} << 20;
inline constexpr int kMaxLines = 1'000'000;

// The text form. `filename` is used in error locations; the instance's name is its stem.
Instance parse_instance(std::string_view text, const std::string& filename);
// A puzz.link URL (one line; surrounding whitespace ignored).
Instance parse_url(std::string_view text, const std::string& filename);
// Reads a file: a puzz.link URL when its first non-comment text is one, else the text form.
Instance read_instance(const std::string& path);

std::string format_instance(const Instance& instance);  // the text form, no comments
std::string format_url(const Instance& instance);       // "https://puzz.link/p?shakashaka/W/H/..."

// A solution for `instance` (which gives the shape and the black cells; a black cell in the
// solution must match the puzzle's).
Solution parse_solution(std::string_view text, const Instance& instance,
                        const std::string& filename);
// "H W", then one row of letters per line, black cells as in the puzzle.
std::string format_solution(const Solution& solution, const Instance& instance);

// Reads an instance file and a solution file (InputError on bad input) and returns the verdict
// of verify_solution: empty when the solution solves the instance, else what is wrong.
std::string verify_files(const std::string& instance_path, const std::string& solution_path);

}  // namespace bs::shakashaka
