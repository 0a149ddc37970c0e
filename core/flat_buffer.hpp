#pragma once
// A growable array of trivially copyable values that never shrinks its
// storage (release() gives all of it back): the engine's choice buffer and
// level stack. Unlike std::vector it lets the choice sink write through a
// raw cursor, so pushing a branch costs a compare and a store.

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

namespace stacksplit::core {

template <class T>
class FlatBuffer {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  FlatBuffer() = default;
  FlatBuffer(const FlatBuffer&) = delete;
  FlatBuffer& operator=(const FlatBuffer&) = delete;
  ~FlatBuffer() { std::free(data_); }

  std::uint32_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  T& operator[](std::uint32_t i) { return data_[i]; }
  const T& operator[](std::uint32_t i) const { return data_[i]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

  void push_back(const T& value) {
    if (size_ == capacity_) [[unlikely]]
      reserve(capacity_ * 2 + 16);
    data_[size_++] = value;
  }
  void pop_back() { --size_; }
  void clear() { size_ = 0; }
  // Only ever shrinks, or grows over values already written through data().
  void set_size(std::uint32_t size) { size_ = size; }
  void append(const T* first, const T* last) {
    const auto n = static_cast<std::uint32_t>(last - first);
    if (size_ + n > capacity_) reserve(size_ + n + capacity_);
    if (n != 0) std::memcpy(data_ + size_, first, n * sizeof(T));
    size_ += n;
  }

  std::uint32_t capacity() const { return capacity_; }
  // Gives the storage back (the simulator's idle processors hold none).
  void release() {
    std::free(data_);
    data_ = nullptr;
    size_ = capacity_ = 0;
  }
  [[gnu::noinline]] void reserve(std::uint32_t capacity) {
    if (capacity <= capacity_) return;
    void* grown = std::realloc(data_, static_cast<std::size_t>(capacity) * sizeof(T));
    if (grown == nullptr) throw std::bad_alloc();
    data_ = static_cast<T*>(grown);
    capacity_ = capacity;
  }

 private:
  T* data_ = nullptr;
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0;
};

}  // namespace stacksplit::core
