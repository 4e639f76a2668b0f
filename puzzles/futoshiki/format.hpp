// Futoshiki text formats.
//
// The project's format is the seed report's: the side n, then n rows of n numbers (-1 or 0 for an
// empty cell, else the given value 1..n), then any number of lines "r1 c1 r2 c2", 1-based,
// meaning cell (r1,c1) > cell (r2,c2). Numbers are separated by blanks; '#' starts a comment that
// runs to the end of the line. Simon Tatham's "Unequal" game ids (`.sgtid` files, e.g.
// "5dt:3,4,1,0,5,0,...") are read and written too, so that puzzles can be exchanged with that
// collection. A solution file is n rows of n values.
//
// Lines may end in "\r\n", and a UTF-8 byte order mark at the start of a file is skipped
// (core/line_reader reads all three formats).
// Every error is a bs::InputError at the 1-based line and column (counted in bytes) of the
// offending token. Both parsers return the inequalities sorted by (greater, smaller) without
// duplicates, so two readings of one puzzle compare equal whatever order their files used.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "puzzles/futoshiki/grid.hpp"

namespace bs::futoshiki {

// Limits that keep hostile input cheap: a bigger file or more lines is refused up front.
inline constexpr size_t kMaxFileBytes = size_t{64} << 20;
inline constexpr int kMaxLines = 1'000'000;

// The seed format. `filename` is used in error locations; the name is its stem.
Instance parse_instance(std::string_view text, const std::string& filename);
// A Tatham "Unequal" game id (one line; surrounding whitespace ignored).
Instance parse_sgtid(std::string_view text, const std::string& filename);
// Reads a file: .sgtid files as game ids, anything else in the seed format.
Instance read_instance(const std::string& path);

std::string format_instance(const Instance& instance);  // the seed format
std::string format_sgtid(const Instance& instance);     // throws std::invalid_argument if an
                                                        // inequality joins non-neighbours
// The same with Tatham's difficulty letter in the parameters ("5dk:..."): t trivial, e easy,
// k tricky, x extreme, r recursive. Throws std::invalid_argument for any other letter.
std::string format_sgtid(const Instance& instance, char difficulty);

// n rows of n values 1..n for an instance of side n.
Grid parse_grid(std::string_view text, int n, const std::string& filename);
std::string format_grid(const Grid& grid, int n);

}  // namespace bs::futoshiki
