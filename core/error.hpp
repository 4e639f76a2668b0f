// Errors the user can fix: bad input files, bad options, bad configs.
//
// Every such error names where it happened as file:line:col, so that one line on stderr is
// enough to find and mend it. The CLI turns an InputError into that line and exit code 2;
// nothing else in the toolkit prints or exits.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace bs {

class InputError : public std::runtime_error {
 public:
  // line and col are 1-based; 0 means "the whole file" (for example a missing file).
  InputError(std::string file, int line, int col, const std::string& what)
      : std::runtime_error(what), file_(std::move(file)), line_(line), col_(col) {}

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int col() const { return col_; }

  // "board.txt:3:7: unknown character 'Q'", the form compilers use, so editors can jump there.
  // Appended piece by piece: GCC 12 at -O2 warns falsely (-Wrestrict) on ":" + std::to_string().
  std::string located() const {
    std::string s = file_;
    if (line_ > 0) {
      s += ':';
      s += std::to_string(line_);
      s += ':';
      s += std::to_string(col_);
    }
    s += ": ";
    s += what();
    return s;
  }

 private:
  std::string file_;
  int line_;
  int col_;
};

// A user's bytes quoted for an error message: at most 24 of them, printable ASCII as is, control
// bytes and UTF-8 as \xNN, so that a message stays one short line whatever the input holds.
std::string quote_bytes(std::string_view s);

// Reads a whole file, or throws InputError naming it.
std::string read_file(const std::string& path);

}  // namespace bs
