#pragma once
// One message of every kind, each field set to something a lost or swapped
// field would change: what the serialization tests send through.

#include <cstdint>
#include <utility>
#include <variant>
#include <vector>

#include "core/detail/message.hpp"

namespace stacksplit::testing {

template <class Choice>
std::vector<core::Message<Choice>> one_message_of_each_kind(const std::vector<Choice>& choices) {
  using Message = core::Message<Choice>;
  std::vector<Message> messages;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (messages.push_back(
         Message{1000 + static_cast<int>(I), typename Message::Body(std::in_place_index<I>)}),
     ...);
  }
  (std::make_index_sequence<std::variant_size_v<typename Message::Body>>{});
  for (Message& message : messages) {
    std::visit(
        [&](auto& body) {
          using T = std::decay_t<decltype(body)>;
          if constexpr (std::is_same_v<T, core::Work<Choice>>) {
            body.unit.base_depth = 7;
            body.unit.path = {choices[0], choices[1]};
            body.unit.level_sizes = {0, 2, 1};
            body.unit.alternatives = {choices[2], choices[1], choices[0]};
          } else if constexpr (std::is_same_v<T, core::TerminationReport>) {
            body = core::TerminationReport{-(std::int64_t{1} << 40), true};
          } else if constexpr (std::is_same_v<T, core::Incumbent>) {
            body = core::Incumbent{-(std::int64_t{1} << 50) + 3};
          } else if constexpr (std::is_same_v<T, core::SchemeMessage>) {
            body = core::SchemeMessage{-3, {-1, 42, std::int64_t{1} << 50}};
          } else if constexpr (std::is_same_v<T, core::Shared>) {
            body = core::Shared{{3, -1, 2, 0}, true};
          }
        },
        message.body);
  }
  return messages;
}

}  // namespace stacksplit::testing
