#include "apps/sat/proof/proof_writer.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace stacksplit::apps::sat {

std::string_view to_string(ProofFormat format) {
  return format == ProofFormat::kText ? "text" : "binary";
}

// ---- ProofStream ----

ProofStream::~ProofStream() {
  if (trace_ != nullptr) std::fclose(trace_);
}

void ProofStream::add(std::span<const Literal> lemma) {
  std::lock_guard<std::mutex> lock(writer_.mutex_);
  writer_.submit(*this, Kind::kLemma, lemma);
}

void ProofStream::imported(std::span<const Literal> clause) {
  std::lock_guard<std::mutex> lock(writer_.mutex_);
  writer_.submit(*this, Kind::kImport, clause);
}

void ProofStream::refuted_node(std::span<const Literal> decisions) {
  std::lock_guard<std::mutex> lock(writer_.mutex_);
  writer_.submit(*this, Kind::kRefutedNode, decisions);
}

ssize_t ProofStream::write_trace(void* cookie, const char* bytes, std::size_t size) {
  auto& stream = *static_cast<ProofStream*>(cookie);
  std::lock_guard<std::mutex> lock(stream.writer_.mutex_);
  // After finish() (a solver destroyed later flushes its trace) nothing is taken.
  if (stream.writer_.finished_ || stream.trace_malformed_) return static_cast<ssize_t>(size);
  const bool parsed = stream.trace_parser_.feed(
      std::string_view(bytes, size), [&stream](std::span<const Literal> lemma) {
        stream.writer_.submit(stream, Kind::kLemma, lemma);
      });
  if (!parsed) stream.trace_malformed_ = true;
  return static_cast<ssize_t>(size);
}

std::FILE* ProofStream::trace_file() {
  if (trace_ == nullptr) {
    cookie_io_functions_t functions{};
    functions.write = &ProofStream::write_trace;
    trace_ = fopencookie(this, "w", functions);
    if (trace_ == nullptr)
      throw std::runtime_error("cannot trace a proof for " + name_ + ": " + std::strerror(errno));
    std::setvbuf(trace_, nullptr, _IOFBF, std::size_t{1} << 16);
  }
  return trace_;
}

void ProofStream::flush_trace() {
  if (trace_ != nullptr) std::fflush(trace_);
}

// ---- ProofWriter ----

std::size_t ProofWriter::ClauseHash::operator()(const std::vector<Literal>& clause) const {
  std::uint64_t hash = 1469598103934665603ULL ^ clause.size();
  for (Literal l : clause) {
    hash ^= static_cast<std::uint32_t>(l);
    hash *= 1099511628211ULL;
  }
  return static_cast<std::size_t>(hash ^ (hash >> 29));
}

ProofWriter::ProofWriter(const std::string& path, ProofFormat format, std::uint32_t longest_import)
    : path_(path), format_(format), longest_import_(longest_import) {
  out_ = std::fopen(path.c_str(), "wb");
  if (out_ == nullptr)
    throw std::runtime_error("cannot write the proof to " + path + ": " + std::strerror(errno));
  std::setvbuf(out_, nullptr, _IOFBF, std::size_t{1} << 20);
}

ProofWriter::~ProofWriter() {
  if (out_ != nullptr) std::fclose(out_);
}

ProofStream& ProofWriter::open_stream(std::string name) {
  std::lock_guard<std::mutex> lock(mutex_);
  streams_.push_back(std::unique_ptr<ProofStream>(new ProofStream(*this, std::move(name))));
  ++statistics_.streams;
  return *streams_.back();
}

void ProofWriter::submit(ProofStream& stream, ProofStream::Kind kind,
                         std::span<const Literal> literals) {
  if (finished_) return;
  if (!stream.waiting_.empty() || !handle(stream, kind, literals)) {
    stream.waiting_.push_back({kind, std::vector<Literal>(literals.begin(), literals.end())});
    if (stream.waiting_.size() == 1) {
      // It waits for this import: registered once, released by write_lemma.
      std::vector<Literal> key(literals.begin(), literals.end());
      std::sort(key.begin(), key.end());
      awaited_[std::move(key)].push_back(&stream);
      ++statistics_.imports_waited;
    }
  }
  while (!released_.empty()) {
    ProofStream* next = released_.back();
    released_.pop_back();
    drain(*next);
  }
}

bool ProofWriter::handle(ProofStream& /*stream*/, ProofStream::Kind kind,
                         std::span<const Literal> literals) {
  switch (kind) {
    case ProofStream::Kind::kLemma:
      write_lemma(literals);
      return true;
    case ProofStream::Kind::kImport:
      return has_empty_clause_ || was_written(literals);
    case ProofStream::Kind::kRefutedNode:
      close_node(literals);
      return true;
  }
  return true;
}

void ProofWriter::drain(ProofStream& stream) {
  // Its first record was the import just written.
  if (!stream.waiting_.empty()) stream.waiting_.pop_front();
  while (!stream.waiting_.empty()) {
    ProofStream::Waiting& next = stream.waiting_.front();
    if (!handle(stream, next.kind, next.literals)) {
      std::vector<Literal> key = next.literals;
      std::sort(key.begin(), key.end());
      awaited_[std::move(key)].push_back(&stream);
      ++statistics_.imports_waited;
      return;
    }
    stream.waiting_.pop_front();
  }
}

bool ProofWriter::was_written(std::span<const Literal> clause) {
  sorted_.assign(clause.begin(), clause.end());
  std::sort(sorted_.begin(), sorted_.end());
  return written_.count(sorted_) > 0;
}

void ProofWriter::write_lemma(std::span<const Literal> lemma) {
  // The empty clause ends the proof: what follows it proves nothing more.
  if (has_empty_clause_) return;
  buffer_.clear();
  append_lemma(buffer_, lemma, format_);
  std::fwrite(buffer_.data(), 1, buffer_.size(), out_);
  ++statistics_.lemmas;
  if (lemma.empty()) {
    has_empty_clause_ = true;
    // Every waiting stream may go on: nothing it writes matters now.
    for (auto& [clause, streams] : awaited_)
      released_.insert(released_.end(), streams.begin(), streams.end());
    awaited_.clear();
    return;
  }
  if (lemma.size() > longest_import_) return;
  sorted_.assign(lemma.begin(), lemma.end());
  std::sort(sorted_.begin(), sorted_.end());
  if (!written_.insert(sorted_).second) return;
  const auto waiting = awaited_.find(sorted_);
  if (waiting == awaited_.end()) return;
  released_.insert(released_.end(), waiting->second.begin(), waiting->second.end());
  awaited_.erase(waiting);
}

void ProofWriter::close_node(std::span<const Literal> decisions) {
  // The node's clause, then its parent's while the sibling is refuted too.
  std::vector<Literal> node(decisions.begin(), decisions.end());
  for (;;) {
    clause_.clear();
    for (Literal l : node) clause_.push_back(-l);
    write_lemma(clause_);
    ++statistics_.node_clauses;
    if (node.empty()) return;
    node.back() = -node.back();
    const auto sibling = refuted_nodes_.find(node);
    node.back() = -node.back();
    if (sibling == refuted_nodes_.end()) {
      refuted_nodes_.insert(std::move(node));
      return;
    }
    refuted_nodes_.erase(sibling);
    node.pop_back();
  }
}

bool ProofWriter::finish() {
  std::vector<ProofStream*> streams;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (finished_) return has_empty_clause_;
    for (const auto& stream : streams_) streams.push_back(stream.get());
  }
  // The traces' buffers, outside the lock (their writes take it).
  for (ProofStream* stream : streams) stream->flush_trace();
  std::lock_guard<std::mutex> lock(mutex_);
  bool malformed = false;
  for (ProofStream* stream : streams) {
    malformed = malformed || stream->trace_malformed_;
    // What still waits behind an import whose derivation never came: the
    // import is written as a lemma of its own.
    while (!stream->waiting_.empty()) {
      ProofStream::Waiting next = std::move(stream->waiting_.front());
      stream->waiting_.pop_front();
      if (next.kind == ProofStream::Kind::kImport) {
        if (!was_written(next.literals)) {
          ++statistics_.imports_unmatched;
          write_lemma(next.literals);
        }
        continue;
      }
      handle(*stream, next.kind, next.literals);
    }
  }
  released_.clear();
  awaited_.clear();
  finished_ = true;
  const bool failed = std::fflush(out_) != 0 || std::ferror(out_) != 0;
  const int error = errno;
  std::fclose(out_);
  out_ = nullptr;
  if (failed)
    throw std::runtime_error("cannot write the proof to " + path_ + ": " + std::strerror(error));
  if (malformed)
    throw std::runtime_error("internal error: a CaDiCaL proof trace was not binary DRAT");
  return has_empty_clause_;
}

bool ProofWriter::has_empty_clause() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return has_empty_clause_;
}

ProofStatistics ProofWriter::statistics() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return statistics_;
}

}  // namespace stacksplit::apps::sat
