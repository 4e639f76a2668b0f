// Text made safe inside XML and HTML (the SVG drawings, report.html): one escaper for both.
//
// The five characters with a meaning in markup become entities, and the control bytes that XML
// 1.0 forbids are dropped (tab, newline and carriage return stay, as a <pre> block needs them), so
// that an instance name or a config's text can never break the document it is written into.
#pragma once

#include <string>
#include <string_view>

namespace bs {

inline std::string escape_markup(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char ch : s) {
    switch (ch) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (static_cast<unsigned char>(ch) >= 0x20 || ch == '\t' || ch == '\n' || ch == '\r')
          out += ch;
    }
  }
  return out;
}

}  // namespace bs
