#pragma once
// Boost.Serialization of a std::variant (Boost 1.74, the version Debian 12
// ships, knows only boost::variant): the index, then the alternative. An index
// out of range on reading is a corrupt archive.

#include <array>
#include <boost/archive/archive_exception.hpp>
#include <cstdint>
#include <utility>
#include <variant>

namespace stacksplit::core {

template <class Archive, class... Alternatives>
void serialize_variant(Archive& ar, std::variant<Alternatives...>& value) {
  static_assert(sizeof...(Alternatives) < 256);
  std::uint8_t index = static_cast<std::uint8_t>(value.index());
  ar& index;
  if constexpr (Archive::is_loading::value) {
    if (index >= sizeof...(Alternatives))
      throw boost::archive::archive_exception(
          boost::archive::archive_exception::input_stream_error);
    using Variant = std::variant<Alternatives...>;
    constexpr std::array<Variant (*)(), sizeof...(Alternatives)> kMakers =
        []<std::size_t... I>(std::index_sequence<I...>) {
      return std::array<Variant (*)(), sizeof...(Alternatives)>{
          +[]() -> Variant { return Variant(std::in_place_index<I>); }...};
    }
    (std::index_sequence_for<Alternatives...>{});
    value = kMakers[index]();
  }
  std::visit([&ar](auto& alternative) { ar& alternative; }, value);
}

}  // namespace stacksplit::core
