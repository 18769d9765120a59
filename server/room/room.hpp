#pragma once
// One table: its seats, spectators, chat, bots, the current game and the session's
// scoreboard. Pure logic and single-threaded: the server runs each room on its own
// strand, so there are no locks here, no sockets and no clock reads. Time comes in as
// `now`; chance only from the seed given at construction, so the same seed and the same
// calls give the same games. Every entry point returns an outbox (room/outbox.hpp), as
// rules::apply returns events: the messages for each member (typed, protocol/server_message.hpp; the host
// writes and delivers them), the games to record, whether the saved table changed, and
// when to call tick() next. protocol/docs/room_messages.md shows every message.
//
// Authority: the room decides everything. A player's seat comes from the room's own
// record of who sits where, never from a message; actions go through rules::try_apply;
// a player's frames carry only rules::view_for(their seat), spectators'
// rules::spectator_view.
//
// Seats and games. A table has settings.seats seats. `start` (host) or `rematch`
// (anyone seated, after a game) first moves the occupied seats to the front, keeping
// their order, so game seat i is room seat i; the seats after them are free or hold
// players who sat down during a game and play from the next one. The dealer is the
// last game's shithead, else the last seat.
//
// Versions. Every change of the table (membership, seats, ready, host, a step of the
// game, a game's end) sends exactly one state frame to every connected member, with
// `version` one higher than the last. A step is one accepted action or fired timer with
// every bot move it triggers, so its frame may carry several actions' events. Chat,
// reactions, errors and snapshots on request do not change the version.
//
// Time. The lead arms a timer on next_deadline() and calls tick(now); every other entry
// point fires whatever is already due before it does its own work.
//  - turn timer (settings.turn_timer, 0 = off): when it runs out the seat to act gets
//    the normal bot's move; after three timeouts in a row a bot plays the seat until
//    the player sends any accepted message (or reconnects). It counts from the last
//    move: a player who reconnects (a reload) finds it where it was, so nobody gets a
//    fresh turn by reloading; only a seat a bot was playing gets its turn back in full.
//  - swap timer (settings.swap_timer from the start of the swap): unswapped players get
//    the normal bot's swap; with the turn timer off, only players who are disconnected.
//  - grace (settings.grace): a disconnected player's clock runs only while the game
//    waits for them (their turn, or their swap); when it runs out a bot plays the seat
//    until they reconnect. Each disconnection gets a fresh grace.
//  - empty close (settings.empty_close): with no human connected for that long the
//    room closes for good; a game in progress is dropped unrecorded. With no human
//    seated either (bots only, or nobody), settings.deserted_close is enough.
//
// Bots. The host's bots play at their level; a seat a bot stands in for (left, timed
// out, past grace) is played at `normal`. In the play, a bot-played seat moves only a
// pause like a person's after the last move (settings.bot_pace, times 0.8 to 1.2), in a
// step of its own fired by tick(), so that each bot move reaches the players as a frame
// of its own; swaps, and every move at pace 0, come at once, inside the step that made
// them due. Random, greedy, easy and normal bots then move at once. A searching bot
// (hard, expert) is asked instead: the outbox carries a bot_question, and the room waits for answer() with
// its ticket, one question at a time. Humans may act meanwhile (a swap, a burn-in); a
// move that changes the game makes the open question stale, and the room asks again.
// An answer not back within settings.bot_answer_limit is not waited for: tick() plays
// the seat's move at `normal` (a burn-in out of turn is let go), and the late answer is
// dropped as stale.
//
// Leaving. Before a game (or from a seat not in it) the seat is freed. During a game a
// bot plays the seat to the end and the leaver stays its player: if it ends last, the
// leaver is the shithead. The seat is freed when the game ends; the leaver may come back
// as a spectator or into a free seat. When the last human leaves (nobody seated but
// bots, nobody watching), the table closes at once, its game first played out by normal
// bots and recorded. The host role passes to the longest-seated human
// left (then the longest-watching spectator); a host who disconnects hands it to the
// longest-seated connected human, if there is one.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/client_message.hpp"
#include "protocol/error_code.hpp"
#include "protocol/game_record.hpp"
#include "protocol/saved_room.hpp"
#include "protocol/server_message.hpp"
#include "rules/bots.hpp"
#include "rules/error.hpp"
#include "rules/event.hpp"
#include "rules/game_state.hpp"
#include "rules/rng.hpp"
#include "rules/view.hpp"
#include "server/bots/bot_question.hpp"
#include "server/core/participant.hpp"
#include "server/core/random_source.hpp"
#include "server/room/bot_questions.hpp"
#include "server/room/chat_limiter.hpp"
#include "server/room/outbox.hpp"
#include "server/room/scoreboard.hpp"
#include "server/room/seating.hpp"
#include "server/room/table_settings.hpp"

namespace shithead::server {

// Spectators beyond this are refused ("full"): a room never grows without bound.
inline constexpr std::size_t max_spectators = 100;

struct player_info {
  std::string player_id;
  std::string name;
};

// Why a request or a join was refused. A join: closed (the room has closed), full (no
// seat and no room for another spectator), bad_player (no player_id).
struct room_error {
  protocol::error_code code;
  std::string message;
};

struct join_result {
  std::optional<int> seat;   // the player's seat; nullopt when spectating
  bool reconnected = false;  // the player was already a member (a kept seat, or a new connection)
};

// What join() gives: whether the player is in, and the outbox of the call.
struct join_outcome {
  rules::result<join_result, room_error> result;
  outbox out;
};

class room {
 public:
  using clock = std::chrono::steady_clock;
  using time_point = clock::time_point;

  // The host is the creator; they become a member when they join.
  room(table_settings settings, player_info host, std::uint64_t seed, time_point now);

  // Sits the player in the lowest free seat, or makes them a spectator when `spectate`
  // or when no seat is free. A player who already holds a seat (same player_id) is
  // reconnected to it; a member joining again replaces their old connection. The
  // player receives a full `room` snapshot (everyone does when membership changed).
  join_outcome join(const player_info& player, std::shared_ptr<participant> connection, bool spectate, time_point now);
  // The player leaves the table (see Leaving above). Receives a `left` frame.
  outbox leave(const std::string& player_id, time_point now);
  // The player's connection was lost. A seat is kept (see grace); a spectator is
  // removed. With `connection` given, a stale close (the player has since joined again
  // on a new connection) is ignored.
  outbox disconnected(const std::string& player_id, const participant* connection, time_point now);
  // A table request (protocol/client_message.hpp) with the id to echo. Messages from
  // non-members are ignored; a request the room refuses is answered with an `error`
  // message and changes nothing.
  outbox handle(const std::string& player_id, const protocol::table_message& message, time_point now);
  // Answers a member's request with this error and changes nothing (the host refuses for
  // reasons of its own: a store that cannot write).
  outbox refuse(const std::string& player_id, const std::optional<protocol::request_id>& id, protocol::error_code code,
                std::string_view message);
  // Fires every timer due at `now`, and asks any bot whose move is awaited.
  outbox tick(time_point now);
  // A searching bot's answer to outbox::question with that ticket: played when the game
  // is still where it was asked, dropped otherwise (a newer question is out then). A
  // move the rules refuse (never expected) is replaced by the normal bot's.
  outbox answer(std::uint64_t ticket, const std::optional<rules::action>& choice, time_point now);
  // The store recorded the table's game `number` as `game_id` (a host with a store calls
  // this once the game's save comes back): the scoreboard links it from now on, and the
  // members' room frames show it. Nothing happens for any other game.
  outbox game_recorded(std::int64_t number, std::int64_t game_id, time_point now);
  // Every running clock (turn, swap, grace, the close of an empty table, the wait for a
  // searching bot's answer) starts again `pause` later: the host calls it after the store
  // refused writes for that long, so that nobody's time ran while their moves were refused.
  void postpone_clocks(clock::duration pause);

  // Every later game's seed is a fresh draw from `source` (a server passes
  // system_random()), so that a game's published seed tells nothing of the next deal at
  // this table. Without it (tests, tools) the seeds follow from the constructor's seed.
  void draw_seeds_from(random_source source) { deal_seeds_ = std::move(source); }

  // The earliest time a timer falls due (possibly already past); nullopt when none runs.
  std::optional<time_point> next_deadline() const;

  // What the lobby lists of this table.
  protocol::table_summary summary() const;
  // True once the room has been without a connected human for settings.empty_close
  // (settings.deserted_close when no human holds a seat either); a closed room refuses
  // joins and ignores everything else.
  bool closed() const { return closed_; }

  const table_settings& settings() const { return settings_; }
  const std::string& code() const { return settings_.code; }
  const std::string& host() const { return host_; }
  std::uint64_t version() const { return version_; }
  // Seated (connected or not, but not left) or spectating.
  bool has_member(const std::string& player_id) const;
  std::optional<int> seat_of(const std::string& player_id) const;
  // The current or last game and its record, for persistence (store the record
  // whenever version() has moved) and tests. Never send these to anyone: they hold
  // every hidden card (the record's seed deals them).
  const rules::game_state* game() const { return game_ ? &*game_ : nullptr; }
  const protocol::game_record* record() const { return record_ ? &*record_ : nullptr; }
  // The players holding seats (not bots, not spectators), for routing them back here.
  std::vector<std::string> seated_players() const { return seating_.seated_players(); }

  // Persistence (room_saved.cpp). Everything a restart needs to carry the table on but
  // the current game's actions: settings, seats, host, scoreboard and the game's number
  // and deal (which hold every hidden card: this goes to the store, never to a client).
  // The actions come through the outboxes (`appended`). Connections, spectators, chat
  // and the clocks' progress are not kept.
  protocol::saved_room saved() const;
  // The table from saved() and the actions appended since, after a restart: `log` is
  // the current game's actions from number `first_logged` on (a table saved by an older
  // server may hold some of them in its saved form too), `last_version` the highest
  // version the log was written at. Every seated human is disconnected with a fresh
  // grace, the clocks start again at `now`, and `seed` reseeds the deals and bots. An
  // error message when the saved state does not replay.
  static rules::result<room, std::string> restored(const protocol::saved_room& saved,
                                                   const std::vector<protocol::recorded_action>& log,
                                                   std::size_t first_logged, std::uint64_t last_version,
                                                   std::uint64_t seed, time_point now);
  // The table's game number: one more for every game started here.
  std::int64_t game_number() const { return game_number_; }

 private:
  using seat = seating::seat;
  using watcher = seating::watcher;
  using error = std::optional<room_error>;

  // Message handlers: nullopt when accepted.
  using request_id = std::optional<protocol::request_id>;
  error on_ready(const std::string& player_id, const protocol::ready_request& request);
  error on_add_bot(const std::string& player_id, const protocol::add_bot_request& request);
  error on_remove_bot(const std::string& player_id, const protocol::remove_bot_request& request);
  error on_start(const std::string& player_id, bool rematch, time_point now);
  error on_action(const std::string& player_id, const protocol::action_request& request, time_point now);
  error on_chat(const std::string& player_id, const protocol::chat_request& request, time_point now);
  error on_react(const std::string& player_id, const protocol::react_request& request, time_point now);
  error on_sit(const std::string& player_id, const protocol::sit_request& request);
  error on_stand(const std::string& player_id);
  error dispatch(const std::string& player_id, const protocol::table_message& message, time_point now);
  void do_leave(const std::string& player_id, const request_id& id, time_point now);
  rules::result<join_result, room_error> do_join(const player_info& player, std::shared_ptr<participant> connection,
                                                 bool spectate, time_point now);
  void do_disconnected(const std::string& player_id, const participant* connection, time_point now);
  void do_handle(const std::string& player_id, const protocol::table_message& message, time_point now);
  // What this call produced, with what the host must save and when to call tick().
  outbox take_outbox();

  // Members.
  // The game seat whose view this room seat may see: itself when its occupant played
  // that seat of the current or last game, else -1 (the spectator view).
  int game_seat_of(int index) const;
  // When the room closes if nobody comes: nullopt while a human is connected. The
  // table waits settings.empty_close (deserted_close with no human seated) of time with
  // no human connected since the last play, in total: coming back without playing stops
  // the clock but does not wind it back, so reconnecting now and then (a token's hello
  // every few minutes, from anywhere) cannot hold a table open; a move or a seat taken
  // does (note_play).
  std::optional<time_point> close_deadline() const;
  void note_play(time_point now);
  void pass_host(bool connected_only);
  void update_presence(time_point now);
  void close();

  // The game.
  bool in_game() const { return game_ && !game_->over(); }
  bool seat_in_game(int index) const { return in_game() && index < game_->players; }
  bool bot_played(int index) const;
  bool awaited(int index) const;       // the game waits for this seat (its turn, or its swap)
  bool swap_due_for(int index) const;  // the swap timer would swap for this seat
  error start_game(time_point now);
  std::optional<rules::rule_error> apply_action(int index, const rules::action& a, time_point now);
  bool bot_move(int index, rules::bot_kind kind, time_point now);
  // A bot-played seat's move: played now, or asked of a searching bot (false then).
  bool move_bot(int index, time_point now);
  // Puts the question in the outbox unless it is already out; false.
  bool ask(int index, rules::bot_kind kind, time_point now);
  game_point here() const;  // the current game's point, for the bots' questions
  // Plays every bot move now due, and asks the searching bots theirs.
  void run_bots(time_point now);
  // Plays the rest of the game at once, every seat by the normal bot: nobody is left to
  // watch it (the last human left), and its result still counts.
  void play_out(time_point now);
  // True (and bot_due_ set) while a bot-played seat's move of the play waits for its
  // pause since the last move (settings.bot_pace).
  bool bot_pausing(time_point now);
  clock::duration bot_pause() const;
  void count_timeout(int index);
  void sync_clocks(time_point now);
  void fire_due(time_point now);
  std::optional<time_point> grace_deadline(int index) const;
  std::optional<time_point> swap_deadline() const;
  std::optional<time_point> turn_deadline() const;
  std::optional<time_point> question_deadline() const;  // when the open question is given up on
  protocol::deadlines deadlines(time_point now) const;
  void finish_game();

  // Frames.
  void send(const std::shared_ptr<participant>& to, protocol::server_message message);
  void send_error(const std::string& player_id, const request_id& id, protocol::error_code code,
                  std::string_view message);
  void broadcast(std::shared_ptr<protocol::server_message> message);
  void broadcast(protocol::server_message message);
  // Everything but the member's seat and view; then personalize() fills those for one.
  protocol::room_message room_base(const request_id& id, time_point now) const;
  protocol::room_message personalize(protocol::room_message base, int seat_index) const;
  protocol::scoreboard_view scoreboard_view() const;
  void send_snapshot(const std::string& player_id, const request_id& id, time_point now);
  void broadcast_room(time_point now);
  void flush_events(time_point now);
  void finish_step(time_point now);

  table_settings settings_;
  std::string host_;
  rules::rng deal_rng_;       // one seed per game, unless deal_seeds_ is set
  random_source deal_seeds_;  // a server's: a fresh seed per game from the kernel
  rules::rng bot_rng_;        // the bots' choices
  seating seating_;
  std::uint64_t version_ = 0;
  bool room_dirty_ = false;  // a change a room frame shows is not yet sent
  bool closed_ = false;
  std::optional<time_point> empty_since_;
  clock::duration unattended_{};  // time with no human connected since the last play, before empty_since_

  std::optional<rules::game_state> game_;
  std::optional<protocol::game_record> record_;
  std::vector<seat_player> game_players_;  // by game seat
  bool game_finished_ = true;              // the current game's end has been handled
  std::optional<seat_player> last_shithead_;
  time_point swap_started_{};
  time_point turn_started_{};
  std::vector<rules::event> pending_events_;  // applied but not yet sent
  std::vector<rules::event> events_;          // scratch for one action
  std::vector<rules::action> probe_;
  rules::seat_view view_;
  bot_questions questions_;
  std::optional<time_point> bot_due_;  // a pausing bot moves then (tick() plays it)

  scoreboard scoreboard_;
  chat_limiter chat_limiter_{5, std::chrono::seconds{10}};
  chat_limiter reaction_limiter_{10, std::chrono::seconds{10}};
  outbox pending_;  // what this call has produced so far; take_outbox() hands it over
  // Persistence: whether saved() changed since the last outbox (true at first, so a new
  // table is written), the table's game number, and how many of the current game's
  // actions earlier outboxes handed out.
  bool saved_dirty_ = true;
  std::int64_t game_number_ = 0;
  std::size_t actions_handed_ = 0;
};

}  // namespace shithead::server
