#include "server/bots/bot_pool.hpp"

#include <pthread.h>
#include <sched.h>

#include <chrono>

namespace shithead::server {
namespace {

// SCHED_IDLE: the thread runs when no ordinary thread wants the core, and any of them
// that wakes takes the core at once. A lower nice value was not enough: at nice 10 one
// table of expert bots doubled every other table's round trip on two cores (bench/
// README.md, "Searching bots beside other tables").
void lower_own_priority() {
  sched_param none{};
  (void)::pthread_setschedparam(::pthread_self(), SCHED_IDLE, &none);  // best effort
}

}  // namespace

bot_pool::bot_pool(int threads, std::size_t max_waiting) : max_waiting_(max_waiting) {
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

bot_pool::~bot_pool() {
  stop();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
}

bool bot_pool::ask(bot_question question, answered done) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || threads_.empty() || queue_.size() >= max_waiting_) return false;
    queue_.push_back(job{std::move(question), std::move(done)});
  }
  wake_.notify_one();
  return true;
}

void bot_pool::stop() {
  std::deque<job> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped.swap(queue_);
  }
  wake_.notify_all();
  std::lock_guard calling(calling_);  // waits for a callback under way
  // `dropped` goes out of scope here, outside the lock: its callbacks may own rooms.
}

std::size_t bot_pool::waiting() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

std::size_t bot_pool::answered_count() const {
  std::lock_guard lock(mutex_);
  return answered_;
}

std::size_t bot_pool::dropped_late_count() const {
  std::lock_guard lock(mutex_);
  return dropped_late_;
}

void bot_pool::work() {
  lower_own_priority();
  for (;;) {
    std::optional<job> next;
    bool late = false;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      next.emplace(std::move(queue_.front()));
      queue_.pop_front();
      const auto& give_up_at = next->question.give_up_at;
      late = give_up_at && std::chrono::steady_clock::now() >= *give_up_at;
      if (late) ++dropped_late_;
    }
    if (late) continue;  // `next` and its callback go outside the lock, as in stop()
    auto answer = think(next->question);
    // Called holding calling_, which stop() takes after setting stopping_: once stop()
    // has returned no callback runs or starts (they post to strands whose io_context may
    // be on its way out).
    std::lock_guard calling(calling_);
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      ++answered_;
    }
    next->done(std::move(answer));
  }
}

}  // namespace shithead::server
