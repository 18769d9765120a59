#pragma once
// The questions a room puts to the searching bots (bots/bot_pool answers them off the
// room's strand): at most one open at a time, each tied to the point of the game it was
// asked at, so that an answer that comes back after the game moved on is known stale.
// A seat that declined (nothing it wants to do out of turn) is not asked again until the
// game moves on. No clock of its own: the room says when.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace shithead::server {

// Where a game stands: which of the table's games, and how many actions into it.
struct game_point {
  std::int64_t game = 0;
  std::size_t actions = 0;

  friend bool operator==(const game_point&, const game_point&) = default;
};

class bot_questions {
 public:
  using clock = std::chrono::steady_clock;
  using time_point = clock::time_point;

  // The ticket of a new question for `seat` at `here`; nullopt when it is already out,
  // when another seat's question is out at this point (one at a time), or when the seat
  // declined at this point.
  std::optional<std::uint64_t> ask(int seat, game_point here, time_point now);

  // Whether the open question is `seat`'s and still about `here`.
  bool open_for(int seat, game_point here) const;
  // The seat of the open question, when it is ticket `ticket` and still about `here`:
  // the question is closed, and the answer is to be played. Nullopt for a stale answer.
  std::optional<int> answered(std::uint64_t ticket, game_point here);
  // When the open question is given up on: `limit` after it was asked, while it is still
  // about `here`; nullopt without a limit (zero) or a current question.
  std::optional<time_point> deadline(game_point here, clock::duration limit) const;
  // Closes the open question (its answer, should it come, is stale); its seat.
  std::optional<int> give_up();
  // `seat` wants nothing at `here`: not asked again until the game moves on.
  void declined(int seat, game_point here);
  // The game ended: any answer still to come is for a game that has ended.
  void forget() { open_.reset(); }
  // The clocks stood still for `pause` (a stalled host): the open question was asked later.
  void postpone(clock::duration pause);

 private:
  struct question {
    std::uint64_t ticket = 0;
    int seat = -1;
    game_point point;
    time_point since{};
  };
  std::optional<question> open_;
  std::optional<question> declined_;
  std::uint64_t next_ticket_ = 1;
};

}  // namespace shithead::server
