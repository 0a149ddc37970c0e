#include "apps/input/compressed_input.hpp"

#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include "core/input_error.hpp"

namespace stacksplit::apps::input {

namespace io = boost::iostreams;

Compression sniff_compression(std::string_view head) {
  auto starts = [&](std::string_view magic) { return head.substr(0, magic.size()) == magic; };
  if (starts("\x1f\x8b")) return Compression::kGzip;
  if (starts("BZh")) return Compression::kBzip2;
  if (starts(std::string_view("\xfd"
                              "7zXZ\x00",
                              6)))
    return Compression::kXz;
  return Compression::kNone;
}

const char* compression_name(Compression compression) {
  switch (compression) {
    case Compression::kGzip:
      return "gzip";
    case Compression::kBzip2:
      return "bzip2";
    case Compression::kXz:
      return "xz";
    case Compression::kNone:
      break;
  }
  return "plain";
}

// The file (or standard input's bytes) must outlive the filter chain that
// reads it, so it is declared first.
struct CompressedInput::Source {
  std::string name;
  Compression compression = Compression::kNone;
  std::string stdin_bytes;
  std::ifstream file;
  io::filtering_istream filtered;
  std::istream* stream = nullptr;

  // Reads `device` through the decompressor `compression` calls for.
  template <class Device>
  void filter(Device&& device) {
    switch (compression) {
      case Compression::kGzip:
        filtered.push(io::gzip_decompressor());
        break;
      case Compression::kBzip2:
        filtered.push(io::bzip2_decompressor());
        break;
      case Compression::kXz:
        filtered.push(io::lzma_decompressor());
        break;
      case Compression::kNone:
        break;
    }
    filtered.push(std::forward<Device>(device));
    filtered.exceptions(std::ios::badbit);
    stream = &filtered;
  }

  void from_bytes(std::string_view bytes) {
    compression = sniff_compression(bytes);
    filter(io::array_source(bytes.data(), bytes.size()));
  }
};

CompressedInput::CompressedInput(const std::string& path) : source_(std::make_unique<Source>()) {
  Source& s = *source_;
  if (path == "-") {
    s.name = "<stdin>";
    s.stdin_bytes.assign(std::istreambuf_iterator<char>(std::cin), {});
    s.from_bytes(s.stdin_bytes);
    return;
  }
  s.name = path;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw core::InputError(path, 0, "cannot open: it is a directory");
  s.file.open(path, std::ios::binary);
  if (!s.file) throw core::InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  char head[6] = {};
  s.file.read(head, sizeof head);
  s.compression =
      sniff_compression(std::string_view(head, static_cast<std::size_t>(s.file.gcount())));
  s.file.clear();
  s.file.seekg(0);
  if (s.compression == Compression::kNone) {
    // Plain files are read directly: no filter chain between the reader and the file.
    s.file.exceptions(std::ios::badbit);
    s.stream = &s.file;
    return;
  }
  s.filter(s.file);
}

CompressedInput::CompressedInput(std::string_view bytes, std::string name)
    : source_(std::make_unique<Source>()) {
  source_->name = std::move(name);
  source_->from_bytes(bytes);
}

CompressedInput::~CompressedInput() = default;

std::istream& CompressedInput::stream() { return *source_->stream; }
const std::string& CompressedInput::name() const { return source_->name; }
Compression CompressedInput::compression() const { return source_->compression; }

std::string CompressedInput::read_failure() const {
  if (source_->compression == Compression::kNone) return "cannot read the input";
  return std::string("cannot decompress: corrupt or truncated ") +
         compression_name(source_->compression) + " data";
}

}  // namespace stacksplit::apps::input
