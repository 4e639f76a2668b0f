// The one knob of the matching rule (matching.cpp) outside its entry: whether a call starts from
// the matching this thread found last. The rule's result is the same either way; the benchmark
// switches it off to measure a cold call, and the tests to check that the result does not hang on
// the thread's history.
#pragma once

namespace bs::dominosa {

// On by default, per thread.
void set_matching_warm_start(bool on);

}  // namespace bs::dominosa
