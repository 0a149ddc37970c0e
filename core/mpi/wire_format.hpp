#pragma once
// How a message (or a rank's final report) travels between processes: a Boost
// binary archive written straight into a byte buffer, without the archive
// header, since both ends are the same stacksplit binary. Binary archives are
// not portable across byte orders: the MPI runtime assumes a homogeneous
// cluster. Decoding bytes that are not a whole archive throws
// boost::archive::archive_exception.

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <ios>
#include <span>
#include <streambuf>
#include <vector>

namespace stacksplit::core {

namespace wire_detail {

inline constexpr unsigned kArchiveFlags = boost::archive::no_header | boost::archive::no_codecvt;

// Appends whatever is written to a vector, so encoding copies nothing twice.
class AppendBuffer final : public std::streambuf {
 public:
  explicit AppendBuffer(std::vector<char>& bytes) : bytes_(bytes) {}

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof()))
      bytes_.push_back(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* data, std::streamsize count) override {
    bytes_.insert(bytes_.end(), data, data + count);
    return count;
  }

 private:
  std::vector<char>& bytes_;
};

// Reads a byte span in place.
class SpanBuffer final : public std::streambuf {
 public:
  explicit SpanBuffer(std::span<const char> bytes) {
    char* begin = const_cast<char*>(bytes.data());  // only ever read
    setg(begin, begin, begin + bytes.size());
  }
};

}  // namespace wire_detail

// Replaces `bytes` with the encoding of `value` (keeping its capacity).
template <class T>
void encode(const T& value, std::vector<char>& bytes) {
  bytes.clear();
  wire_detail::AppendBuffer buffer(bytes);
  boost::archive::binary_oarchive archive(buffer, wire_detail::kArchiveFlags);
  archive << value;
}

template <class T>
void decode(std::span<const char> bytes, T& value) {
  wire_detail::SpanBuffer buffer(bytes);
  boost::archive::binary_iarchive archive(buffer, wire_detail::kArchiveFlags);
  archive >> value;
}

}  // namespace stacksplit::core
