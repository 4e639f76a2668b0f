#include "core/error.hpp"

#include <sys/stat.h>

#include <cerrno>
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

}  // namespace bs
