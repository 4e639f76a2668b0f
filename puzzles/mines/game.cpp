#include "puzzles/mines/game.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/error.hpp"
#include "core/splitmix64.hpp"

namespace bs::mines {

namespace {

using bs::splitmix64;

// A uniform integer below n, by Lemire's multiply-and-reject: the same on every platform, unlike
// std::uniform_int_distribution.
uint64_t below(uint64_t& state, uint64_t n) {
  for (;;) {
    const unsigned __int128 m = static_cast<unsigned __int128>(splitmix64(state)) * n;
    const uint64_t low = static_cast<uint64_t>(m);
    if (low >= n || low >= (0 - n) % n) return static_cast<uint64_t>(m >> 64);
  }
}

int read_int(const std::string& s, const std::string& what) {
  if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos)
    throw std::invalid_argument("mines: " + what + " must be a whole number, not '" + s + "'");
  return std::stoi(s);
}

}  // namespace

std::string BoardSpec::name() const {
  std::string s = std::to_string(width);
  s += 'x';
  s += std::to_string(height);
  s += 'x';
  s += std::to_string(mines);
  s += snr ? " snr (" : " sfar (";
  s += std::to_string(click_x);
  s += ',';
  s += std::to_string(click_y);
  s += ')';
  return s;
}

BoardSpec parse_board_spec(const std::string& board, const std::string& rule,
                           const std::string& click) {
  BoardSpec b;
  if (board == "beginner") {
    b.width = b.height = 8, b.mines = 10;
  } else if (board == "beginner9") {
    b.width = b.height = 9, b.mines = 10;
  } else if (board == "intermediate") {
    b.width = b.height = 16, b.mines = 40;
  } else if (board == "expert") {
    b.width = 30, b.height = 16, b.mines = 99;
  } else {
    const size_t x1 = board.find('x'), x2 = board.find('x', x1 == std::string::npos ? 0 : x1 + 1);
    if (x1 == std::string::npos || x2 == std::string::npos)
      throw std::invalid_argument("mines: unknown board '" + board +
                                  "' (beginner, beginner9, intermediate, expert or WxHxM)");
    b.width = read_int(board.substr(0, x1), "the board width");
    b.height = read_int(board.substr(x1 + 1, x2 - x1 - 1), "the board height");
    b.mines = read_int(board.substr(x2 + 1), "the mine count");
    if (b.width < 1 || b.height < 1 || b.width > 255 || b.height > 255)
      throw std::invalid_argument("mines: width and height must be 1..255");
  }
  if (rule == "sfar" || rule == "SFAR") {
    b.snr = false;
  } else if (rule == "snr" || rule == "SNR") {
    b.snr = true;
  } else {
    throw std::invalid_argument("mines: unknown first-click rule '" + rule + "' (sfar or snr)");
  }
  if (click.empty()) {
    b.click_x = b.snr ? std::min(3, b.width - 1) : 0;
    b.click_y = b.snr ? std::min(3, b.height - 1) : 0;
  } else {
    const size_t comma = click.find(',');
    if (comma == std::string::npos)
      throw std::invalid_argument("mines: the first click is x,y, not '" + click + "'");
    b.click_x = read_int(click.substr(0, comma), "the click's x");
    b.click_y = read_int(click.substr(comma + 1), "the click's y");
    if (b.click_x >= b.width || b.click_y >= b.height)
      throw std::invalid_argument("mines: the first click lies outside the board");
  }
  int safe = 1;
  if (b.snr) {
    safe = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = b.click_x + dx, y = b.click_y + dy;
        safe += x >= 0 && x < b.width && y >= 0 && y < b.height;
      }
  }
  if (b.mines > b.width * b.height - safe)
    throw std::invalid_argument("mines: " + std::to_string(b.mines) +
                                " mines do not fit beside the cells the first click keeps safe");
  return b;
}

Layout deal(const BoardSpec& spec, uint64_t seed, uint64_t game) {
  Layout l;
  l.width = spec.width;
  l.height = spec.height;
  const int n = spec.width * spec.height;
  l.mine.assign(n, 0);
  std::vector<int> free;
  for (int i = 0; i < n; ++i) {
    const int dx = i % spec.width - spec.click_x, dy = i / spec.width - spec.click_y;
    const bool kept = spec.snr ? (std::abs(dx) <= 1 && std::abs(dy) <= 1) : (dx == 0 && dy == 0);
    if (!kept) free.push_back(i);
  }
  uint64_t state = seed;
  splitmix64(state);
  state ^= game * 0xd1b54a32d192ed03ULL;
  // A partial Fisher-Yates shuffle: the first `mines` cells of `free` get the mines.
  for (int k = 0; k < spec.mines; ++k) {
    const size_t j = k + below(state, free.size() - k);
    std::swap(free[k], free[j]);
    l.mine[free[k]] = 1;
  }
  return l;
}

Game::Game(const Layout& layout, int mines) : layout_(layout) {
  view_.width = layout.width;
  view_.height = layout.height;
  view_.mines = mines;
  const int n = layout.width * layout.height;
  view_.cells.assign(n, kUnknown);
  around_.assign(n, 0);
  for (int i = 0; i < n; ++i) {
    view_.for_neighbours(i, [&](int j) { around_[i] += layout.mine[j]; });
    hidden_safe_ += !layout.mine[i];
  }
}

bool Game::reveal(int cell) {
  opened_.clear();
  if (lost_ || view_.cells[cell] >= 0) return !lost_;
  if (layout_.mine[cell]) {
    lost_ = true;
    return false;
  }
  stack_.assign(1, cell);
  while (!stack_.empty()) {
    const int i = stack_.back();
    stack_.pop_back();
    if (view_.cells[i] >= 0) continue;
    view_.cells[i] = static_cast<int8_t>(around_[i]);
    opened_.push_back(i);
    --hidden_safe_;
    if (around_[i] == 0)
      view_.for_neighbours(i, [&](int j) {
        if (view_.cells[j] < 0) stack_.push_back(j);
      });
  }
  return true;
}

bool first_click_safe(const BoardSpec& spec, const Layout& layout) {
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (!spec.snr && (dx || dy)) continue;
      const int x = spec.click_x + dx, y = spec.click_y + dy;
      if (x >= 0 && y >= 0 && x < layout.width && y < layout.height &&
          layout.mine[y * layout.width + x])
        return false;
    }
  return true;
}

std::string to_mbf(const Layout& l) {
  if (l.width > 255 || l.height > 255) throw std::invalid_argument("MBF holds boards up to 255");
  std::string s;
  int count = 0;
  for (uint8_t m : l.mine) count += m;
  s += static_cast<char>(l.width);
  s += static_cast<char>(l.height);
  s += static_cast<char>(count >> 8);
  s += static_cast<char>(count & 0xff);
  for (int i = 0; i < l.width * l.height; ++i)
    if (l.mine[i]) {
      s += static_cast<char>(i % l.width);
      s += static_cast<char>(i / l.width);
    }
  return s;
}

Layout from_mbf(const std::string& b, const std::string& filename) {
  auto byte = [&](size_t i) { return static_cast<int>(static_cast<uint8_t>(b[i])); };
  if (b.size() < 4) throw InputError(filename, 0, 0, "an MBF file starts with 4 header bytes");
  Layout l;
  l.width = byte(0);
  l.height = byte(1);
  const int count = byte(2) * 256 + byte(3);
  if (l.width == 0 || l.height == 0) throw InputError(filename, 0, 0, "MBF: an empty board");
  if (b.size() != 4 + 2 * static_cast<size_t>(count))
    throw InputError(filename, 0, 0,
                     "MBF: the header announces " + std::to_string(count) +
                         " mines, the file has " + std::to_string((b.size() - 4) / 2));
  l.mine.assign(l.width * l.height, 0);
  for (int k = 0; k < count; ++k) {
    const int x = byte(4 + 2 * k), y = byte(5 + 2 * k);
    if (x >= l.width || y >= l.height)
      throw InputError(filename, 0, 0,
                       "MBF: mine " + std::to_string(k + 1) + " lies off the board");
    if (l.mine[y * l.width + x])
      throw InputError(filename, 0, 0, "MBF: mine " + std::to_string(k + 1) + " is a repeat");
    l.mine[y * l.width + x] = 1;
  }
  return l;
}

}  // namespace bs::mines
