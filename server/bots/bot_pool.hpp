#pragma once
// The threads searching bots think on, apart from the network threads and every room's
// strand, so that a table of expert bots never holds up another table.
//
// Questions wait in one queue, first come first served, at most `max_waiting` of them;
// ask() refuses one beyond that, and the room's host then has the seat played at
// `normal` at once (server/README.md, "Bots"). The threads run in the idle scheduling
// class: when the cores are busy, moves and messages go first and the bots think longer.
//
// A callback must not own whatever owns the pool (hold a weak_ptr to the room's host):
// the pool's last owner must never let go of it on one of its own threads. A callback
// should only hand the answer on (post it): stop() waits for one under way.
//
// A question whose give_up_at has passed when a thread takes it is dropped unthought,
// its callback never called: the room has played the seat at `normal` by then, and on a
// host too busy to think in time, thinking about it anyway would only make every later
// question late too.
//
// stop() drops the questions still waiting and the answers still being thought of:
// once it returns no callback is called again. The destructor stops and waits for the
// threads.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "server/bots/bot_question.hpp"

namespace shithead::server {

class bot_pool {
 public:
  // Called on a pool thread with the question's answer (see think()).
  using answered = std::function<void(std::optional<rules::action>)>;

  bot_pool(int threads, std::size_t max_waiting);
  ~bot_pool();
  bot_pool(const bot_pool&) = delete;
  bot_pool& operator=(const bot_pool&) = delete;

  // False when the queue is full or the pool has stopped: the caller answers itself.
  bool ask(bot_question question, answered done);
  void stop();

  std::size_t waiting() const;
  std::size_t answered_count() const;
  std::size_t dropped_late_count() const;  // past their give_up_at when a thread took them

 private:
  struct job {
    bot_question question;
    answered done;
  };
  void work();

  const std::size_t max_waiting_;
  mutable std::mutex mutex_;
  std::mutex calling_;  // held while a callback runs
  std::condition_variable wake_;
  std::deque<job> queue_;
  bool stopping_ = false;
  std::size_t answered_ = 0;
  std::size_t dropped_late_ = 0;
  std::vector<std::thread> threads_;
};

}  // namespace shithead::server
