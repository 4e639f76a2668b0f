#include "core/error.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace bs {

std::string read_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw InputError(path, 0, 0, std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw InputError(path, 0, 0, "is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, 0, "cannot open file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string quote_bytes(std::string_view s) {
  constexpr size_t kMaxShown = 24;
  std::string out = "'";
  for (size_t i = 0; i < s.size() && i < kMaxShown; ++i) {
    const auto ch = static_cast<unsigned char>(s[i]);
    if (ch >= 0x20 && ch < 0x7f) {
      out += static_cast<char>(ch);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", ch);
      out += buf;
    }
  }
  if (s.size() > kMaxShown) out += "...";
  return out + "'";
}

}  // namespace bs
