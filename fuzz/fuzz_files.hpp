// What the fuzz targets share: the readers they fuzz take paths, as the CLI does, so each input is
// written to a scratch file first. Any failure to write is the harness's, and aborts.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace bs::fuzzing {

inline void write_file(const std::string& path, std::string_view bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) std::abort();
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) std::abort();
  if (std::fclose(f) != 0) std::abort();
}

}  // namespace bs::fuzzing
