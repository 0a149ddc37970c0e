#pragma once
// Opens a file a user gave for reading: plain, gzip, bzip2 or xz, told by its
// first bytes (not by its name), or `-` for standard input. A reader of any
// format reads the decompressed bytes from stream(), so no reader opens files
// or decompresses on its own.

#include <istream>
#include <memory>
#include <string>
#include <string_view>

namespace stacksplit::apps::input {

enum class Compression { kNone, kGzip, kBzip2, kXz };

// The compression whose magic number `head` starts with (kNone for any other).
Compression sniff_compression(std::string_view head);

// "plain", "gzip", "bzip2", "xz".
const char* compression_name(Compression compression);

class CompressedInput {
 public:
  // Opens `path`; `-` is standard input, read whole first and named
  // "<stdin>". A path that cannot be opened (missing, a directory, not
  // readable) is a core::InputError `PATH:0: cannot open: why`.
  explicit CompressedInput(const std::string& path);
  // Reads `bytes` (perhaps compressed), named `name` in messages; the bytes
  // must outlive this object.
  CompressedInput(std::string_view bytes, std::string name);
  CompressedInput(const CompressedInput&) = delete;
  CompressedInput& operator=(const CompressedInput&) = delete;
  ~CompressedInput();

  // The decompressed bytes. A read that fails (an I/O error, corrupt or
  // truncated compressed data) throws std::ios_base::failure.
  std::istream& stream();
  const std::string& name() const;
  Compression compression() const;
  // What to tell the user when the stream fails: "cannot read the input" or
  // "cannot decompress: corrupt or truncated gzip data".
  std::string read_failure() const;

 private:
  struct Source;
  std::unique_ptr<Source> source_;
};

}  // namespace stacksplit::apps::input
