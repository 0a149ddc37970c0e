#pragma once
// The bytes of a stream read in large blocks, one at a time, with the offset
// of each: what the proof checker's readers (the formula's, the proof's, text
// or binary) read from. The first block can be looked at before anything is
// taken from it, to tell a binary proof from a text one. It is not the SAT
// reader's block reader on purpose: were a fault in reading bytes shared, the
// checker would certify a proof against the same misread formula.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <istream>
#include <string_view>
#include <vector>

namespace stacksplit::apps::proof_check {

class ByteSource {
 public:
  // Thrown when the stream itself fails (an I/O error, corrupt compressed
  // data); the reader says what that means for its file.
  struct ReadFailure {};

  static constexpr std::size_t kBlock = 1 << 16;

  explicit ByteSource(std::istream& in, std::size_t block = kBlock) : buffer_(block), in_(in) {}

  // The next byte, or EOF at the end.
  int get() {
    if (pos_ == end_ && !refill()) return EOF;
    return static_cast<unsigned char>(buffer_[pos_++]);
  }

  // The offset of the byte get() returns next, from the start of the stream.
  std::uint64_t offset() const { return base_ + pos_; }

  // The bytes read ahead and not yet taken (the first block, before any get()).
  std::string_view ahead() {
    if (pos_ == end_) refill();
    return std::string_view(buffer_.data() + pos_, end_ - pos_);
  }

 private:
  bool refill() {
    if (in_.eof()) return false;
    try {
      in_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    } catch (const std::ios_base::failure&) {
      throw ReadFailure{};
    }
    if (in_.bad()) throw ReadFailure{};
    base_ += end_;
    pos_ = 0;
    end_ = static_cast<std::size_t>(in_.gcount());
    return end_ > 0;
  }

  std::vector<char> buffer_;
  std::istream& in_;
  std::uint64_t base_ = 0;  // offset of buffer_[0]
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
};

}  // namespace stacksplit::apps::proof_check
