#pragma once
// A short, fixed-capacity list of cards: the cards of one play. Twelve is the most
// cards of one rank three decks hold, so a play always fits and never allocates.
#include <array>
#include <cassert>
#include <cstdint>
#include <initializer_list>

#include "card.hpp"

namespace shithead::rules {

class card_set {
 public:
  static constexpr int capacity = 12;

  constexpr card_set() = default;
  constexpr card_set(std::initializer_list<card> cards) {
    for (card c : cards) push_back(c);
  }

  constexpr void push_back(card c) {
    assert(size_ < capacity);
    cards_[size_++] = c;
  }
  constexpr int size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr bool full() const { return size_ == capacity; }
  constexpr card operator[](int i) const { return cards_[static_cast<std::size_t>(i)]; }
  constexpr const card* begin() const { return cards_.data(); }
  constexpr const card* end() const { return cards_.data() + size_; }

  friend constexpr bool operator==(const card_set& a, const card_set& b) {
    if (a.size_ != b.size_) return false;
    for (int i = 0; i < a.size_; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }

 private:
  std::array<card, capacity> cards_{};
  std::uint8_t size_ = 0;
};

}  // namespace shithead::rules
