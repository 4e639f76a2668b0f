// Shakashaka text formats: the shipped text form, puzz.link URLs, and solution files.
//
// Text form (`.txt`): lines beginning "# " ('#' and a blank) are comments, anywhere; blank lines
// are skipped. ('#' alone or "#.." is a row: '#' is also a black cell.) Then "H W" (height, then
// width, 1..kMaxSide each), then H rows of W characters: '.' a white cell, '#' a black cell
// without a number, '0'..'4' a black cell with that clue. Blanks may end a row, not split it.
//
// puzz.link URL (`.url`, or any text starting "http" or "p?"): "p?shakashaka/W/H/BODY", width
// first, optionally behind "https://puzz.link/" or any other host (whatever precedes the first
// '?'). BODY lists the cells row by row: '0'..'4' a clue, then the next cell; '5'..'9' a clue of
// value - 5, then skip 1 white cell; 'a'..'e' a clue of value - 10, then skip 2 white cells;
// 'g'..'z' skip 1..20 white cells; '.' a black cell without a number. A short BODY (or none, as
// in "p?shakashaka/W/H") means the remaining cells are white. A character after the last cell,
// or a run 'g'..'z' longer than the cells left, is an error (a URL of the wrong size); a clue's
// skip may run past the end, as puzz.link itself writes a clue among the last two cells that way.
// The writer is puzz.link's: the shortest of these encodings, byte for byte what the site writes.
//
// Solution (`.sol` in instances/, `.sol.txt` in the shared set): optional "H W" line (the
// puzzle's), then H rows of W characters: black cells copied from the puzzle ('#' or the clue),
// white cells '.' empty or 'a'/'b'/'c'/'d' for a black triangle in the upper-left / upper-right /
// lower-right / lower-left corner (grid.hpp). Comments and blank lines as in the text form.
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
// A puzz.link URL (one line; surrounding blanks, blank lines and comment lines ignored, so that
// errors point at the line and column of the file it came from).
Instance parse_url(std::string_view text, const std::string& filename);
// Reads a file: a puzz.link URL when its first non-comment text is one, else the text form.
Instance read_instance(const std::string& path);

// The printers throw std::invalid_argument for a malformed instance (sizes out of range, a
// wrong number of cells, a cell value that is none of kWhite, 0..4, kBlack).
std::string format_instance(const Instance& instance);  // the text form, no comments
std::string format_url(const Instance& instance);       // "https://puzz.link/p?shakashaka/W/H/..."

// A solution for `instance` (which gives the shape and the black cells; a black cell in the
// solution must match the puzzle's). Black cells read as 0. std::invalid_argument for a malformed
// instance.
Solution parse_solution(std::string_view text, const Instance& instance,
                        const std::string& filename);
// "H W", then one row of letters per line, black cells as in the puzzle. std::invalid_argument
// when the solution does not fit the instance or a white cell has no state.
std::string format_solution(const Solution& solution, const Instance& instance);

// Reads an instance file and a solution file (InputError on bad input) and returns the verdict
// of verify_solution: empty when the solution solves the instance, else what is wrong.
std::string verify_files(const std::string& instance_path, const std::string& solution_path);

}  // namespace bs::shakashaka
