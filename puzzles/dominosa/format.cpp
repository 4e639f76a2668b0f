// PLACEHOLDER until the formats branch lands.
#include "puzzles/dominosa/format.hpp"

#include <sstream>

#include "core/error.hpp"

namespace bs::dominosa {

Instance parse_instance(std::string_view text, const std::string& filename) {
  std::istringstream in{std::string(text)};
  Instance out;
  if (!(in >> out.n) || out.n < 1 || out.n > kMaxOrder)
    throw InputError(filename, 1, 1, "bad order");
  out.numbers.resize(out.cells());
  for (int& v : out.numbers)
    if (!(in >> v)) throw InputError(filename, 1, 1, "too few numbers");
  if (const std::string why = check_numbers(out); !why.empty())
    throw InputError(filename, 1, 1, why);
  const size_t slash = filename.find_last_of('/');
  out.name = filename.substr(slash == std::string::npos ? 0 : slash + 1);
  out.name = out.name.substr(0, out.name.find('.'));
  return out;
}

Instance read_instance(const std::string& path) {
  return parse_instance(read_file(path), path);
}

std::string format_instance(const Instance& in) {
  std::string s = std::to_string(in.n) + "\n";
  for (int r = 0; r < in.height(); ++r)
    for (int c = 0; c < in.width(); ++c)
      s += std::to_string(in.numbers[r * in.width() + c]) + (c + 1 == in.width() ? "\n" : " ");
  return s;
}

Solution parse_solution(std::string_view text, const Instance& in, const std::string& filename) {
  Solution s;
  for (const char c : text)
    if (c != '\n' && c != '\r' && c != ' ') s.push_back(c);
  if (static_cast<int>(s.size()) != in.cells()) throw InputError(filename, 1, 1, "wrong size");
  return s;
}

std::string format_solution(const Solution& s, const Instance& in) {
  std::string out;
  for (int r = 0; r < in.height(); ++r)
    out += std::string(s.begin() + r * in.width(), s.begin() + (r + 1) * in.width()) + "\n";
  return out;
}

std::string verify_files(const std::string& instance_path, const std::string& solution_path) {
  const Instance in = read_instance(instance_path);
  return verify_solution(in, parse_solution(read_file(solution_path), in, solution_path));
}

}  // namespace bs::dominosa
