#include "core/options.hpp"

#include <gtest/gtest.h>

#include "heuristics/rule.hpp"

TEST(Options, DefaultsParseAndRecordOnlyChanges) {
  bs::Options o;
  EXPECT_EQ(o.integer("threads"), 1);
  EXPECT_TRUE(o.non_default().empty());
  o.set("threads", "2");
  o.set("time-limit", "1.5");
  EXPECT_EQ(o.integer("threads"), 2);
  EXPECT_DOUBLE_EQ(o.real("time-limit"), 1.5);
  ASSERT_EQ(o.non_default().size(), 2u);
  EXPECT_EQ(o.non_default()[0].first, "threads");
}

TEST(Options, RejectsUnknownBadAndOutOfRange) {
  bs::Options o;
  EXPECT_THROW(o.set("no-such-option", "1"), std::invalid_argument);
  EXPECT_THROW(o.set("threads", "two"), std::invalid_argument);
  EXPECT_THROW(o.set("threads", "-1"), std::invalid_argument);
  EXPECT_THROW(o.set("spawn-depth", "13"), std::invalid_argument);
  EXPECT_THROW(o.set("time-limit", "nan"), std::invalid_argument);
  EXPECT_THROW(o.set("time-limit", "1s"), std::invalid_argument);
  EXPECT_THROW(o.set("time-limit", "1e400"), std::invalid_argument);   // overflows a double
  EXPECT_THROW(o.set("time-limit", "1e-320"), std::invalid_argument);  // underflows
  EXPECT_THROW(o.set("time-limit", "inf"), std::invalid_argument);
  // The limits themselves are accepted: an off-by-one maximum would refuse them.
  EXPECT_NO_THROW(o.set("spawn-depth", "12"));
  EXPECT_NO_THROW(o.set("threads", "0"));
  EXPECT_NO_THROW(o.set("threads", "1024"));
  EXPECT_THROW(o.set("threads", "1025"), std::invalid_argument);
}

TEST(Options, RealsAreStoredCanonically) {
  bs::Options o;
  o.set("bounds-time-limit", "10.0");
  EXPECT_TRUE(o.non_default().empty()) << "10.0 is the default 10";
  o.set("time-limit", "0.05");
  EXPECT_DOUBLE_EQ(o.real("time-limit"), 0.05);
  // The stored text, which config hashes are made of, is the same however the value is written.
  ASSERT_EQ(o.non_default().size(), 1u);
  EXPECT_EQ(o.non_default()[0].second, "0.05");
  for (const char* same : {"0.050", "5e-2", "0.0500000"}) {
    bs::Options p;
    p.set("time-limit", same);
    EXPECT_EQ(p.non_default(), o.non_default()) << same;
  }
}

TEST(Rules, SelectionByNameCheapestFirst) {
  const std::vector<bs::RuleInfo> rules = {
      {"b-ip", "p", bs::Cost::ip, true, ""},
      {"a-root", "p", bs::Cost::root, true, ""},
      {"c-lin", "p", bs::Cost::linear, false, ""},
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(bs::select_rules(rules, "default"), (V{"a-root", "b-ip"}));
  EXPECT_EQ(bs::select_rules(rules, "none"), V{});
  EXPECT_EQ(bs::select_rules(rules, "all"), (V{"a-root", "c-lin", "b-ip"}));
  EXPECT_EQ(bs::select_rules(rules, "b-ip"), (V{"b-ip"}));
  EXPECT_EQ(bs::select_rules(rules, "-b-ip"), (V{"a-root"}));
  EXPECT_EQ(bs::select_rules(rules, "default,+c-lin,-a-root"), (V{"c-lin", "b-ip"}));
  EXPECT_EQ(bs::select_rules(rules, "c-lin,b-ip"), (V{"c-lin", "b-ip"}));
  EXPECT_THROW(bs::select_rules(rules, "pagoda"), std::invalid_argument);
}
