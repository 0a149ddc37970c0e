#pragma once
// DRAT, the clausal proof format of the SAT Competition ("DRAT-trim:
// Efficient Checking and Trimming Using Expressive Clausal Proofs", Wetzler,
// Heule & Hunt 2014): a sequence of added lemmas, each RUP or RAT on its
// first literal against the formula and the lemmas before it, and of
// deletions. As text a lemma is its DIMACS literals and 0 (a deletion starts
// with "d"); in binary, the byte 'a' (or 'd'), then each literal l as
// 2|l| + (l < 0) in little-endian base 128 (a high bit: more bytes follow),
// then 0.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "apps/sat/cnf/cnf_formula.hpp"

namespace stacksplit::apps::sat {

enum class ProofFormat : std::uint8_t { kBinary, kText };

std::string_view to_string(ProofFormat format);

// Appends the addition of `lemma` to `out`.
inline void append_lemma(std::string& out, std::span<const Literal> lemma, ProofFormat format) {
  if (format == ProofFormat::kText) {
    for (Literal l : lemma) {
      out += std::to_string(l);
      out += ' ';
    }
    out += "0\n";
    return;
  }
  out += 'a';
  for (Literal l : lemma) {
    std::uint64_t code =
        2 * static_cast<std::uint64_t>(l < 0 ? -static_cast<std::int64_t>(l) : l) + (l < 0 ? 1 : 0);
    while (code > 127) {
      out += static_cast<char>(0x80 | (code & 0x7f));
      code >>= 7;
    }
    out += static_cast<char>(code);
  }
  out += '\0';
}

// Reads binary DRAT as it arrives, in pieces of any size: CaDiCaL's proof
// trace. Each complete addition is handed to `on_lemma`; deletions are
// skipped (see ProofWriter: a merged proof keeps every clause).
class BinaryDratParser {
 public:
  // Returns false, and stops, at a byte that is no record's start or a
  // literal too large (the trace is not binary DRAT).
  template <class OnLemma>
  bool feed(std::string_view bytes, OnLemma&& on_lemma) {
    for (const char c : bytes) {
      const auto byte = static_cast<unsigned char>(c);
      if (state_ == State::kBetween) {
        if (byte == 'a' || byte == 'd') {
          state_ = byte == 'a' ? State::kAdding : State::kDeleting;
          clause_.clear();
          code_ = 0;
          shift_ = 0;
          continue;
        }
        return false;
      }
      if (shift_ > 28) return false;
      code_ |= static_cast<std::uint64_t>(byte & 0x7f) << shift_;
      if ((byte & 0x80) != 0) {
        shift_ += 7;
        continue;
      }
      if (code_ == 0) {
        if (state_ == State::kAdding) on_lemma(std::span<const Literal>(clause_));
        state_ = State::kBetween;
        continue;
      }
      const auto var = static_cast<Literal>(code_ >> 1);
      clause_.push_back((code_ & 1) != 0 ? -var : var);
      code_ = 0;
      shift_ = 0;
    }
    return true;
  }

 private:
  enum class State : std::uint8_t { kBetween, kAdding, kDeleting };
  State state_ = State::kBetween;
  std::vector<Literal> clause_;
  std::uint64_t code_ = 0;
  int shift_ = 0;
};

}  // namespace stacksplit::apps::sat
