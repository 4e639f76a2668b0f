// Tests for the Shakashaka picture: a well-formed standalone SVG (every tag closed in order),
// one black square per black cell, one white number per clue, one polygon per triangle of the
// solution with the corners of its state, and refusals of malformed input.
#include "puzzles/shakashaka/render.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "puzzles/shakashaka/format.hpp"
#include "tests/test_support.hpp"

namespace bs::shakashaka {
namespace {

using namespace bs::testing_support;

size_t count(const std::string& svg, const std::string& what) {
  size_t k = 0;
  for (size_t at = svg.find(what); at != std::string::npos; at = svg.find(what, at + 1)) ++k;
  return k;
}

// Empty when every element is closed, in order; else what is wrong. Enough of XML for our own
// output: no comments, no CDATA, attribute values without '<' or '>'.
std::string tag_balance(const std::string& svg) {
  std::vector<std::string> open;
  for (size_t at = svg.find('<'); at != std::string::npos; at = svg.find('<', at + 1)) {
    const size_t end = svg.find('>', at);
    if (end == std::string::npos) return "unterminated tag";
    const std::string tag = svg.substr(at + 1, end - at - 1);
    if (tag.empty()) return "empty tag";
    if (tag.back() == '/') continue;  // self-closing
    const std::string name = tag.substr(tag[0] == '/', tag.find_first_of(" \n") - (tag[0] == '/'));
    if (tag[0] != '/') {
      open.push_back(name);
    } else if (open.empty() || open.back() != name) {
      return "</" + name + "> closes " + (open.empty() ? "nothing" : "<" + open.back() + ">");
    } else {
      open.pop_back();
    }
  }
  return open.empty() ? "" : "<" + open.back() + "> is never closed";
}

TEST(ShakashakaRender, DrawsTheGridItsCluesAndTheSolutionsTriangles) {
  const std::string base = shipped_instance("shakashaka/real/ppb_04_17x17");
  const Instance in = read_instance(base + ".txt");
  const Solution sol = parse_solution(read_file(base + ".sol"), in, "s");
  int blacks = 0, triangles = 0;
  for (int c = 0; c < in.cells(); ++c) {
    blacks += is_black(in.givens[c]);
    triangles += !is_black(in.givens[c]) && is_triangle(sol[c]);
  }
  ASSERT_GT(triangles, 0);

  const std::string plain = render_svg(in, nullptr);
  EXPECT_EQ(plain.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_EQ(plain.substr(plain.size() - 7), "</svg>\n");
  EXPECT_EQ(tag_balance(plain), "");
  EXPECT_EQ(count(plain, "<text "), static_cast<size_t>(in.clues()));
  EXPECT_EQ(count(plain, "<rect x="), static_cast<size_t>(blacks) + 1);  // and the frame
  EXPECT_EQ(count(plain, "<polygon"), 0u);

  const std::string solved = render_svg(in, &sol);
  EXPECT_EQ(tag_balance(solved), "");
  EXPECT_EQ(count(solved, "<polygon"), static_cast<size_t>(triangles));
  for (int state = ul; state <= ll; ++state) {
    const size_t of_state = static_cast<size_t>(std::count(sol.begin(), sol.end(), state));
    EXPECT_EQ(count(solved, std::string("data-state=\"") + kStateLetters[state] + "\""), of_state);
  }
  EXPECT_EQ(count(solved, "<text "), static_cast<size_t>(in.clues()));
}

TEST(ShakashakaRender, EachTriangleCoversTheCornerItIsNamedFor) {
  const Instance in = parse_instance("1 4\n....\n", "row.txt");
  const Solution sol{ul, ur, lr, ll};
  const std::string svg = render_svg(in, &sol);
  // Cells are 32 wide behind a margin of 12: cell k spans x = 12 + 32k .. 44 + 32k, y = 12..44.
  EXPECT_NE(svg.find("data-state=\"a\" points=\"12,12 44,12 12,44\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("data-state=\"b\" points=\"44,12 76,12 76,44\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("data-state=\"c\" points=\"108,12 108,44 76,44\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("data-state=\"d\" points=\"108,12 140,44 108,44\""), std::string::npos) << svg;
}

TEST(ShakashakaRender, RefusesMalformedInputAndEscapesNames) {
  const Instance in = parse_instance("2 3\n..1\n...\n", "a<b&c.txt");
  const std::string svg = render_svg(in, nullptr);
  EXPECT_NE(svg.find("a&lt;b&amp;c"), std::string::npos);
  EXPECT_EQ(svg.find("a<b"), std::string::npos);
  const Solution short_one(5, empty);
  EXPECT_THROW(render_svg(in, &short_one), std::invalid_argument);
  Instance bad = in;
  bad.givens.pop_back();
  EXPECT_THROW(render_svg(bad, nullptr), std::invalid_argument);
}

}  // namespace
}  // namespace bs::shakashaka
