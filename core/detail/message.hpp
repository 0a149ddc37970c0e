#pragma once
// Everything workers say to each other, one type per kind of message, and the
// one function that says what a message costs in bytes (the worker's
// counters, the simulator's network and the MPI runtime all use it).
//
// Only Work activates a worker (termination detection counts it); the others
// are control. A scheme speaks through SchemeMessage (core/scheme.hpp).

#include <cstdint>
#include <variant>
#include <vector>

#include "core/detail/variant_serialization.hpp"
#include "core/detail/work_unit.hpp"
#include "core/scheme.hpp"

namespace stacksplit::core {

struct WorkRequest {  // "send me work"
  bool operator==(const WorkRequest&) const = default;
};
struct Reject {  // "I have none to spare"
  bool operator==(const Reject&) const = default;
};
template <class Choice>
struct Work {  // a piece of a donor's stack
  WorkUnit<Choice> unit;
  bool operator==(const Work&) const = default;
};
struct TerminationProbe {  // a termination wave going down the tree
  bool operator==(const TerminationProbe&) const = default;
};
struct TerminationReport {  // a subtree's answer going up (core/detail/termination.hpp)
  std::int64_t count = 0;
  bool black = false;
  bool operator==(const TerminationReport&) const = default;
};
struct Incumbent {  // optimize mode: the best objective found so far
  std::int64_t value = 0;
  bool operator==(const Incumbent&) const = default;
};
struct Shared {  // knowledge a space shares with every other (learned clauses); opaque here
  std::vector<std::int32_t> words;
  // The sender's space says the receiver should not wait for it (a verdict,
  // where clauses can wait): it ends a long node (is_urgent below).
  bool urgent = false;
  bool operator==(const Shared&) const = default;
};
struct Stop {  // first mode or an interrupt: stop searching
  bool operator==(const Stop&) const = default;
};
struct Terminate {  // the search is over
  bool operator==(const Terminate&) const = default;
};

template <class Archive>
void serialize(Archive&, WorkRequest&, unsigned) {}
template <class Archive>
void serialize(Archive&, Reject&, unsigned) {}
template <class Archive>
void serialize(Archive&, TerminationProbe&, unsigned) {}
template <class Archive>
void serialize(Archive&, Stop&, unsigned) {}
template <class Archive>
void serialize(Archive&, Terminate&, unsigned) {}
template <class Archive>
void serialize(Archive& ar, TerminationReport& report, unsigned) {
  ar& report.count;
  ar& report.black;
}
template <class Archive>
void serialize(Archive& ar, Incumbent& incumbent, unsigned) {
  ar& incumbent.value;
}
template <class Archive>
void serialize(Archive& ar, Shared& shared, unsigned) {
  ar& shared.words;
  ar& shared.urgent;
}
template <class Archive, class Choice>
void serialize(Archive& ar, Work<Choice>& work, unsigned) {
  ar& work.unit;
}

template <class Choice>
struct Message {
  using Body = std::variant<WorkRequest, Work<Choice>, Reject, TerminationProbe, TerminationReport,
                            Incumbent, Stop, Terminate, SchemeMessage, Shared>;

  std::int32_t from = -1;
  Body body;

  bool operator==(const Message&) const = default;

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar& from;
    serialize_variant(ar, body);
  }
};

// Bytes a message stands for on a network: a fixed header (the machine's, or
// kDefaultHeaderBytes) that also holds a control message's few words (a kind,
// a count, a scheme's integers), plus the stack a work message carries.
inline constexpr std::uint64_t kDefaultHeaderBytes = 16;

template <class Choice>
std::uint64_t message_bytes(const Message<Choice>& message, std::uint64_t header_bytes) {
  if (const auto* work = std::get_if<Work<Choice>>(&message.body))
    return header_bytes + work->unit.payload_bytes();
  if (const auto* shared = std::get_if<Shared>(&message.body))
    return header_bytes + shared->words.size() * sizeof(std::int32_t);
  return header_bytes;
}

// Whether a long node (a CDCL call) should end for the message, so that the
// worker reads it now (search_space.hpp, watch_mail): the search's end, or
// knowledge its sender marked urgent. Work requests, termination waves and
// ordinary knowledge wait for the node's end, as they do for any node.
template <class Choice>
bool is_urgent(const Message<Choice>& message) {
  if (const auto* shared = std::get_if<Shared>(&message.body)) return shared->urgent;
  return std::holds_alternative<Stop>(message.body) ||
         std::holds_alternative<Terminate>(message.body);
}

// The kind's name, for diagnostics and tests.
template <class Choice>
const char* kind_name(const Message<Choice>& message) {
  constexpr const char* kNames[] = {"work-request",
                                    "work",
                                    "reject",
                                    "termination-probe",
                                    "termination-report",
                                    "incumbent",
                                    "stop",
                                    "terminate",
                                    "scheme",
                                    "shared"};
  static_assert(std::size(kNames) == std::variant_size_v<typename Message<Choice>::Body>);
  return kNames[message.body.index()];
}

}  // namespace stacksplit::core
