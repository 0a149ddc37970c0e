#pragma once
// Everything workers say to each other. The engine's own kinds come first; a
// scheme speaks through kScheme with a small payload of its choosing.

#include <array>
#include <boost/serialization/array.hpp>
#include <cstdint>

#include "core/work_unit.hpp"

namespace stacksplit::core {

enum class MessageTag : std::uint8_t {
  kWorkRequest,  // "send me work"
  kWork,         // a work unit (the only message that activates a worker)
  kReject,       // "I have none to spare"
  kToken,        // termination detection token
  kStop,         // first mode: a solution was found, stop searching
  kTerminate,    // the search is over
  kScheme,       // scheme-specific control, see SchemeMessage
};

inline constexpr int kMessageTagCount = 7;
// The round-trip tests go through the tags up to the count: a tag added after kScheme moves it.
static_assert(kMessageTagCount == static_cast<int>(MessageTag::kScheme) + 1);

const char* to_string(MessageTag tag);

// A scheme's own message: a kind it defines and up to three integers (GRR's
// target, GRR-M's combined count, SB's pairing, ...).
struct SchemeMessage {
  std::int32_t kind = 0;
  std::array<std::int64_t, 3> values{};

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar & kind;
    ar & values;
  }
};

template <class Choice>
struct Message {
  MessageTag tag = MessageTag::kWorkRequest;
  std::int32_t from = -1;
  SchemeMessage control;  // kScheme payload; kToken uses values[0..1]
  WorkUnit<Choice> work;  // kWork payload

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar & tag;
    ar & from;
    ar & control;
    ar & work;
  }
};

}  // namespace stacksplit::core
