// Peg solitaire text formats: board files and jump lists (the MIT 6.884 lab format).
//
// A board file is the start configuration, one or more blank lines, then the final configuration.
// Each configuration is rows of '-' (no hole), 'o' (empty hole) and 'X' (peg); both must have the
// same shape and the same holes. Lines whose first character is '#' are comments anywhere and are
// skipped as if absent (they neither end nor start a configuration). Leading and trailing blank
// lines are fine. A "\r\n" line ending and trailing spaces or tabs are accepted because editors
// and other platforms produce them silently; whitespace anywhere else in a row is an error, since
// it would shift the columns. Limits: 4096 cells per row, 4096 rows per configuration, 128 holes,
// and 64 MiB per file (board or jump list), which also keeps line and column numbers in an int.
//
// A jump list holds one jump per line, "r c DIR" with 0-based row and column of the jumping peg
// and DIR one of N E S W. The lab's parenthesised form "(1,3,SOUTH)" is accepted too, and DIR may
// be spelled NORTH EAST SOUTH WEST in either form, in any letter case. Blank lines are skipped and
// '#' starts a comment that runs to the end of the line.
//
// Every error is a bs::InputError at the 1-based line and column of the offending character (an
// oversized file is reported as a whole, line 0). Both files are read by core/line_reader, which
// also skips a UTF-8 byte order mark at the start; columns count from the byte after it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/peg/board.hpp"

namespace bs::peg {

inline constexpr int kMaxRowLength = 4096;
inline constexpr int kMaxRows = 4096;
inline constexpr size_t kMaxFileBytes = size_t{64} << 20;

// `filename` is used in error locations; the instance name is its basename without extension.
Instance parse_instance(std::string_view text, const std::string& filename);
Instance read_instance(const std::string& path);

// Rows joined with '\n', with a trailing '\n'. parse_instance(format_instance(i)) == i, up to the
// name, which comes from the file name.
std::string format_config(const Board& board, const Config& config);
std::string format_instance(const Instance& instance);

std::string format_jump(const JumpRC& jump);  // "1 3 S"
std::vector<JumpRC> parse_jumps(std::string_view text, const std::string& filename);

}  // namespace bs::peg
