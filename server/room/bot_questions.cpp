#include "server/room/bot_questions.hpp"

namespace shithead::server {

std::optional<std::uint64_t> bot_questions::ask(int seat, game_point here, time_point now) {
  if (open_ && open_->point == here) return std::nullopt;  // this seat's or another's: one at a time
  if (declined_ && declined_->seat == seat && declined_->point == here) return std::nullopt;
  open_ = question{next_ticket_++, seat, here, now};
  return open_->ticket;
}

bool bot_questions::open_for(int seat, game_point here) const {
  return open_ && open_->seat == seat && open_->point == here;
}

std::optional<int> bot_questions::answered(std::uint64_t ticket, game_point here) {
  if (!open_ || open_->ticket != ticket || open_->point != here) return std::nullopt;
  const int seat = open_->seat;
  open_.reset();
  return seat;
}

std::optional<bot_questions::time_point> bot_questions::deadline(game_point here, clock::duration limit) const {
  if (!open_ || limit.count() == 0 || open_->point != here) return std::nullopt;
  return open_->since + limit;
}

std::optional<int> bot_questions::give_up() {
  if (!open_) return std::nullopt;
  const int seat = open_->seat;
  open_.reset();
  return seat;
}

void bot_questions::declined(int seat, game_point here) { declined_ = question{0, seat, here, {}}; }

void bot_questions::postpone(clock::duration pause) {
  if (open_) open_->since += pause;
}

}  // namespace shithead::server
