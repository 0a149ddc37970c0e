#pragma once
// What loop workers say to each other. Work moves as iteration sets with
// their data; the rest is the engine's bookkeeping (chunks from the shared
// pool, iterations executed, the end of a loop, its output) and a scheme's
// own messages.

#include <array>
#include <boost/serialization/array.hpp>
#include <boost/serialization/vector.hpp>
#include <cstddef>
#include <cstdint>
#include <variant>
#include <vector>

#include "core/detail/variant_serialization.hpp"
#include "core/detail/work_unit.hpp"
#include "core/loop/iteration_set.hpp"

namespace stacksplit::core {

// A scheme's own message: a kind it defines, four integers, and a list (a
// redistribution's instructions, a group's profiles).
struct LoopSchemeMessage {
  std::int32_t kind = 0;
  std::array<std::int64_t, 4> values{};
  std::vector<std::int64_t> list;

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& kind;
    ar& values;
    serialize_trivial_vector(ar, list);
  }
};

namespace loop_message {

struct Work {  // iterations and their data: they now belong to the receiver
  std::vector<IterationSet> sets;
  std::vector<std::byte> data;
};
struct DataRequest {  // "send me the data of these iterations" (to their holder)
  IterationSet set;
};
struct ChunkRequest {     // to rank 0, where the pool has no shared counter
  double weight = 1;      // the asking processor's (core/loop/loop_scheme.hpp)
  bool refilled = false;  // of the pool a refill made (rank 0 may not have it yet)
};
struct ChunkGrant {  // from rank 0; empty: the pool is dry
  IterationSet set;
};
struct Executed {  // to rank 0: iterations done since the last report
  std::uint64_t count = 0;
};
struct LoopEnd {};  // every iteration of the loop is done
struct Output {     // a worker's output of the loop, serialized, to rank 0
  std::vector<char> bytes;
};
struct LoopStart {  // from rank 0: the next loop begins, with what the scheme carries over
  std::vector<std::int64_t> carried;
};
struct Finish {};  // from rank 0: the program is over

template <class Archive>
void serialize(Archive& ar, Work& m, unsigned) {
  serialize_trivial_vector(ar, m.sets);
  serialize_trivial_vector(ar, m.data);
}
template <class Archive>
void serialize(Archive& ar, DataRequest& m, unsigned) {
  ar& m.set;
}
template <class Archive>
void serialize(Archive& ar, ChunkRequest& m, unsigned) {
  ar& m.weight;
  ar& m.refilled;
}
template <class Archive>
void serialize(Archive& ar, ChunkGrant& m, unsigned) {
  ar& m.set;
}
template <class Archive>
void serialize(Archive& ar, Executed& m, unsigned) {
  ar& m.count;
}
template <class Archive>
void serialize(Archive&, LoopEnd&, unsigned) {}
template <class Archive>
void serialize(Archive& ar, Output& m, unsigned) {
  serialize_trivial_vector(ar, m.bytes);
}
template <class Archive>
void serialize(Archive& ar, LoopStart& m, unsigned) {
  serialize_trivial_vector(ar, m.carried);
}
template <class Archive>
void serialize(Archive&, Finish&, unsigned) {}

}  // namespace loop_message

struct LoopMessage {
  using Body = std::variant<loop_message::Work, loop_message::DataRequest,
                            loop_message::ChunkRequest, loop_message::ChunkGrant,
                            loop_message::Executed, loop_message::LoopEnd, loop_message::Output,
                            loop_message::LoopStart, loop_message::Finish, LoopSchemeMessage>;

  std::int32_t from = -1;
  std::int32_t loop = 0;  // the loop it belongs to: a worker may hear of the next early
  Body body;

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& from;
    ar& loop;
    serialize_variant(ar, body);
  }
};

// Bytes on the network: the header holds a control message; work carries its
// data and sets, an output its bytes, a scheme message its list.
inline std::uint64_t message_bytes(const LoopMessage& message, std::uint64_t header_bytes) {
  return header_bytes + std::visit(
                            [](const auto& body) -> std::uint64_t {
                              using T = std::decay_t<decltype(body)>;
                              if constexpr (std::is_same_v<T, loop_message::Work>) {
                                return body.data.size() + body.sets.size() * sizeof(IterationSet);
                              } else if constexpr (std::is_same_v<T, loop_message::Output>) {
                                return body.bytes.size();
                              } else if constexpr (std::is_same_v<T, LoopSchemeMessage>) {
                                return body.list.size() * sizeof(std::int64_t);
                              } else {
                                return 0;
                              }
                            },
                            message.body);
}

}  // namespace stacksplit::core
