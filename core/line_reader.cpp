// The line reader; what it accepts and why is described in line_reader.hpp.
#include "core/line_reader.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>

#include "core/error.hpp"

namespace bs {

namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

bool is_blank(char ch) {
  return ch == ' ' || ch == '\t';
}

// "64 MiB" for whole mebibytes, the byte count otherwise.
std::string size_in_words(size_t bytes) {
  if (bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace

std::optional<long long> parse_integer(std::string_view text, long long ceiling) {
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  long long value = 0;
  for (const char ch : text) {
    if (ch < '0' || ch > '9') return std::nullopt;
    value = std::min(value * 10 + (ch - '0'), ceiling);
  }
  return negative ? -value : value;
}

LineReader::LineReader(std::string_view text, std::string filename, Limits limits)
    : filename_(std::move(filename)), limits_(limits), text_(text) {
  if (limits_.max_bytes >= static_cast<size_t>(INT_MAX))
    throw std::invalid_argument("LineReader: the byte limit must stay below 2^31");
  if (text_.size() > limits_.max_bytes)
    error_whole_file("file larger than " + size_in_words(limits_.max_bytes) + " (the limit)");
  if (text_.substr(0, kByteOrderMark.size()) == kByteOrderMark)
    text_.remove_prefix(kByteOrderMark.size());
}

bool LineReader::holds_only_line_breaks() const {
  for (size_t i = 0; i < text_.size(); ++i) {
    const bool line_end =
        text_[i] == '\n' || (text_[i] == '\r' && (i + 1 == text_.size() || text_[i + 1] == '\n'));
    if (!line_end) return false;
  }
  return true;
}

bool LineReader::next_line() {
  line_ = {};
  cursor_ = 0;
  if (next_ >= text_.size()) return false;  // a final '\n' does not start another line
  if (limits_.max_lines > 0 && number_ == limits_.max_lines)
    error_at(number_ + 1, 1,
             "more than " + std::to_string(limits_.max_lines) + " lines (the limit)");
  const size_t end = std::min(text_.find('\n', next_), text_.size());
  line_ = text_.substr(next_, end - next_);
  if (!line_.empty() && line_.back() == '\r') line_.remove_suffix(1);
  next_ = end + 1;
  ++number_;
  return true;
}

bool LineReader::next_nonblank_line() {
  while (next_line()) {
    drop_comment();
    if (!blank()) return true;
  }
  return false;
}

void LineReader::drop_comment() {
  line_ = line_.substr(0, line_.find(limits_.comment));
  cursor_ = std::min(cursor_, line_.size());
}

void LineReader::trim_end(std::string_view chars) {
  while (!line_.empty() && chars.find(line_.back()) != std::string_view::npos)
    line_.remove_suffix(1);
  cursor_ = std::min(cursor_, line_.size());
}

bool LineReader::blank() const {
  return std::all_of(line_.begin(), line_.end(), is_blank);
}

void LineReader::skip_blanks() {
  while (cursor_ < line_.size() && is_blank(line_[cursor_])) ++cursor_;
}

Token LineReader::next_token() {
  skip_blanks();
  const size_t start = cursor_;
  while (cursor_ < line_.size() && !is_blank(line_[cursor_])) ++cursor_;
  return Token{line_.substr(start, cursor_ - start), static_cast<int>(start) + 1};
}

std::vector<Token> LineReader::tokens() {
  std::vector<Token> out;
  for (Token t = next_token(); !t.text.empty(); t = next_token()) out.push_back(t);
  return out;
}

int LineReader::end_col() const {
  size_t end = line_.size();
  while (end > 0 && is_blank(line_[end - 1])) --end;
  return static_cast<int>(end) + 1;
}

void LineReader::expect_end(const std::string& message) {
  skip_blanks();
  if (!at_end()) error(col(), message);
}

void LineReader::error(int col, const std::string& message) const {
  throw InputError(filename_, number_, col, message);
}

void LineReader::error_at(int line, int col, const std::string& message) const {
  throw InputError(filename_, line, col, message);
}

// Only errors and the odd JSON field need a byte's line and column, so a linear scan is fine.
LineReader::Place LineReader::place_of_byte(size_t offset) const {
  offset = std::min(offset, text_.size());
  int line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < offset; ++i) {
    if (text_[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return {line, static_cast<int>(offset - line_start) + 1};
}

void LineReader::error_at_byte(size_t offset, const std::string& message) const {
  const Place at = place_of_byte(offset);
  error_at(at.line, at.col, message);
}

void LineReader::error_at_end(const std::string& message) const {
  error_at_byte(text_.size(), message);
}

void LineReader::error_whole_file(const std::string& message) const {
  throw InputError(filename_, 0, 0, message);
}

}  // namespace bs
