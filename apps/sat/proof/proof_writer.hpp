#pragma once
// One DRAT proof (proof_format.hpp) written by every member of a run: the
// DPLL workers, the cube solvers, the race and the portfolio's CaDiCaLs.
// Each member writes to a stream of its own, in its own order; the writer
// merges the streams into one file in an order that keeps every lemma RUP
// against what precedes it:
//   - a member's lemmas stay in its order, and a member derives each lemma
//     from the formula, its own lemmas and the clauses it imported;
//   - a clause a member imported from another (shared learned clauses) is
//     in the proof before any of the importer's later lemmas: the importer's
//     stream waits at the import until the exporter's derivation of that
//     clause has been written;
//   - a DPLL node refuted by its worker (a leaf the look-ahead closed, a
//     cube CDCL refuted) contributes the negation of its decisions, and once
//     both children of a node are refuted, wherever they were searched, the
//     node's own clause follows (parents after children), up to the empty
//     clause at the root.
// Deletions are dropped: a clause one member deletes (CaDiCaL deletes
// original clauses it subsumes or eliminates) may be another's premise, and
// keeping a clause never makes a RUP lemma fail.

#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "apps/sat/cnf/cnf_formula.hpp"
#include "apps/sat/proof/proof_format.hpp"

namespace stacksplit::apps::sat {

class ProofWriter;

// One member's part of the proof. Its owner calls it from one thread at a
// time; streams of different members may be written at once.
class ProofStream {
 public:
  ProofStream(const ProofStream&) = delete;
  ProofStream& operator=(const ProofStream&) = delete;
  ~ProofStream();

  // A clause the owner derived.
  void add(std::span<const Literal> lemma);
  // A clause the owner took from another member, which derived it: the
  // owner's later lemmas may rest on it.
  void imported(std::span<const Literal> clause);
  // The DPLL node reached by `decisions` (from the root, in order) is
  // refuted; the lemmas before justify the negation of its decisions.
  void refuted_node(std::span<const Literal> decisions);

  // A FILE for CaDiCaL's trace_proof (binary DRAT): its additions become
  // this stream's lemmas, its deletions are dropped. Written through a
  // buffer: flush_trace() before what follows in the stream must come
  // after them, from the thread that runs the solver, with no solve call
  // running.
  std::FILE* trace_file();
  void flush_trace();

  const std::string& name() const { return name_; }

 private:
  friend class ProofWriter;
  enum class Kind : std::uint8_t { kLemma, kImport, kRefutedNode };
  struct Waiting {
    Kind kind;
    std::vector<Literal> literals;
  };
  ProofStream(ProofWriter& writer, std::string name) : writer_(writer), name_(std::move(name)) {}
  static ssize_t write_trace(void* cookie, const char* bytes, std::size_t size);

  ProofWriter& writer_;
  const std::string name_;
  // Under the writer's lock: what waits behind an import not yet written.
  std::deque<Waiting> waiting_;
  std::FILE* trace_ = nullptr;
  BinaryDratParser trace_parser_;  // under the writer's lock
  bool trace_malformed_ = false;
};

struct ProofStatistics {
  std::uint64_t lemmas = 0;             // written
  std::uint64_t node_clauses = 0;       // of them, DPLL nodes' (leaves and parents)
  std::uint64_t imports_waited = 0;     // imports whose importer waited for the exporter
  std::uint64_t imports_unmatched = 0;  // written by finish(): no exporter's derivation seen
  std::uint64_t streams = 0;
};

class ProofWriter {
 public:
  // Opens `path` for writing (throws std::runtime_error naming it if it
  // cannot). Imported clauses are at most `longest_import` literals long
  // (the portfolio's --share-max-size): lemmas that short are remembered,
  // so that an import can be matched with its derivation.
  ProofWriter(const std::string& path, ProofFormat format, std::uint32_t longest_import);
  ProofWriter(const ProofWriter&) = delete;
  ProofWriter& operator=(const ProofWriter&) = delete;
  ~ProofWriter();

  // A new member's stream (thread-safe); it lives as long as the writer.
  ProofStream& open_stream(std::string name);

  // After the search, once no member runs: takes in every stream's trace,
  // writes what still waits (an import whose derivation never came is then
  // written as a lemma of its own: a checker will say whether it holds),
  // and closes the file. Throws std::runtime_error if the file could not be
  // written or a trace was not binary DRAT. Returns whether the proof ends
  // with the empty clause.
  bool finish();

  bool has_empty_clause() const;
  ProofStatistics statistics() const;
  const std::string& path() const { return path_; }
  ProofFormat format() const { return format_; }

 private:
  friend class ProofStream;
  struct ClauseHash {
    std::size_t operator()(const std::vector<Literal>& clause) const;
  };
  using ClauseSet = std::unordered_set<std::vector<Literal>, ClauseHash>;

  // All under mutex_.
  void submit(ProofStream& stream, ProofStream::Kind kind, std::span<const Literal> literals);
  // Handles one record of `stream` with nothing waiting before it; false if
  // it is an import not yet written (the stream must wait).
  bool handle(ProofStream& stream, ProofStream::Kind kind, std::span<const Literal> literals);
  void write_lemma(std::span<const Literal> lemma);
  void close_node(std::span<const Literal> decisions);
  bool was_written(std::span<const Literal> clause);
  void drain(ProofStream& stream);

  const std::string path_;
  const ProofFormat format_;
  const std::uint32_t longest_import_;
  mutable std::mutex mutex_;
  std::FILE* out_ = nullptr;
  std::string buffer_;  // a lemma's bytes
  std::vector<Literal> sorted_;
  std::vector<Literal> clause_;
  std::deque<std::unique_ptr<ProofStream>> streams_;
  ClauseSet written_;  // lemmas up to longest_import_ literals, sorted
  // Sorted clauses some stream waits for, and which streams.
  std::unordered_map<std::vector<Literal>, std::vector<ProofStream*>, ClauseHash> awaited_;
  std::vector<ProofStream*> released_;  // streams to drain
  // Refuted DPLL nodes (their decisions) whose sibling is not refuted yet.
  ClauseSet refuted_nodes_;
  bool has_empty_clause_ = false;
  bool finished_ = false;
  ProofStatistics statistics_;
};

// A member's way into the proof: its stream, opened on first use. A copy
// is another member (a worker's copy of the prototype space): it opens a
// stream of its own.
class ProofLink {
 public:
  ProofLink() = default;
  ProofLink(std::shared_ptr<ProofWriter> writer, std::string name)
      : writer_(std::move(writer)), name_(std::move(name)) {}
  ProofLink(const ProofLink& other) : writer_(other.writer_), name_(other.name_) {}
  ProofLink& operator=(const ProofLink& other) {
    if (this != &other) {
      writer_ = other.writer_;
      name_ = other.name_;
      stream_ = nullptr;
    }
    return *this;
  }
  explicit operator bool() const { return writer_ != nullptr; }
  ProofStream& stream() {
    if (stream_ == nullptr) stream_ = &writer_->open_stream(name_);
    return *stream_;
  }
  const std::shared_ptr<ProofWriter>& writer() const { return writer_; }

 private:
  std::shared_ptr<ProofWriter> writer_;
  std::string name_;
  ProofStream* stream_ = nullptr;
};

}  // namespace stacksplit::apps::sat
