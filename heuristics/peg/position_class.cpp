#include "heuristics/peg/position_class.hpp"

#include "puzzles/peg/position_class.hpp"

namespace bs::peg {

Verdict PositionClassRule::post(PegRoot& root, Certificate& why) {
  const Instance& in = root.instance;
  const int a = position_class(in.board, in.start);
  const int b = position_class(in.board, in.final);
  if (a == b) return Verdict::no_change;
  why.kind = "position-class";
  why.detail = "start is in class " + describe_class(a) + ", final in class " + describe_class(b);
  why.data_json =
      "{\"start_class\":" + std::to_string(a) + ",\"final_class\":" + std::to_string(b) + "}";
  return Verdict::fail;
}

}  // namespace bs::peg
