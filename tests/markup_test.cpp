// The one escaper of the SVG drawings and report.html: markup characters become entities, control
// bytes that XML forbids go, and the white space a <pre> block needs stays.
#include "core/markup.hpp"

#include <gtest/gtest.h>

TEST(Markup, EscapesTheFiveCharactersAndDropsForbiddenControlBytes) {
  EXPECT_EQ(bs::escape_markup("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
  EXPECT_EQ(bs::escape_markup(std::string("x\x01y\x1fz", 5)), "xyz");
  EXPECT_EQ(bs::escape_markup("line 1\n\tline 2\r\n"), "line 1\n\tline 2\r\n");
  EXPECT_EQ(bs::escape_markup("caf\xc3\xa9"), "caf\xc3\xa9");  // UTF-8 passes through
  EXPECT_EQ(bs::escape_markup(""), "");
}
