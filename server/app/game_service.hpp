#pragma once
// Where WebSocket sessions meet the game: the hello handshake and identity, the lobby
// (list, create, join by code, quick play), and routing of table messages to rooms.
// Its own state lives on one strand; each room lives on its own (room_host). A seated
// player's table messages skip the service's strand: the session's own strand hands them
// to the room (session_route.hpp), after spending the connection's message budget.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "protocol/client_message.hpp"
#include "server/app/room_host.hpp"
#include "server/app/session_route.hpp"
#include "server/core/random_source.hpp"
#include "server/lobby/device_codes.hpp"
#include "server/lobby/identity.hpp"
#include "server/lobby/lobby.hpp"
#include "server/net/credit_bucket.hpp"
#include "server/net/refusal_log.hpp"
#include "server/net/shards.hpp"
#include "server/net/websocket_session.hpp"

namespace shithead::server {

// Per connection: 20 messages a second with bursts of 40; sustained abuse closes it.
inline credit_limits default_message_budget() {
  credit_limits budget;
  budget.rate_per_second = 20;
  budget.burst = 40;
  return budget;
}

// New players one address may make: 30 at once, then 30 an hour.
inline credit_limits default_new_player_budget() {
  credit_limits budget;
  budget.rate_per_second = 60.0 / 3600;
  budget.burst = 60;
  budget.abuse_strikes = 0;
  return budget;
}

// Wrong device codes one address may try: 10 at once, then 10 an hour. Each live code is
// one of 31^8, so guessing one this way takes millennia.
inline credit_limits default_wrong_device_code_budget() {
  credit_limits budget;
  budget.rate_per_second = 10.0 / 3600;
  budget.burst = 10;
  budget.abuse_strikes = 0;
  return budget;
}

// What strangers may take (server/README.md, "Limits per address"). An address is an
// IPv4 address or an IPv6 /64, as address_table counts them. Connections, tables and new
// players are also counted by block (an IPv4 /24, an IPv6 /48: net/address_block.hpp),
// each block allowed `block_factor` times an address's: a block is usually one network
// with several people behind it, and a stranger needs many networks, not many addresses,
// to take what the server holds.
struct service_limits {
  int connections_per_address = 32;
  credit_limits new_players = default_new_player_budget();  // burst 0: no limit
  credit_limits wrong_device_codes = default_wrong_device_code_budget();
  // How long a device code works (lobby/device_codes.hpp).
  std::chrono::seconds device_code_lifetime = device_codes::default_lifetime;
  std::size_t tables_per_address = 20;  // open tables opened from one address; 0: no limit
  int block_factor = 5;                 // a block's budgets, in addresses' (0: blocks are not counted)
  // Players the registry holds; near it, those who never finished a game are forgotten,
  // gone longest first, to make room (game_service::make_room).
  std::size_t max_players = identity_limits{}.max_players;
  std::size_t max_tables = lobby_limits{}.max_tables;  // open tables on this server (lobby_full beyond)
  // Players not seen for this long who never sat in a recorded game are forgotten, and
  // their names are free again (0: never). Checked every `housekeeping_every`.
  std::chrono::milliseconds forget_idle_after = std::chrono::hours(24 * 14);
  std::chrono::milliseconds housekeeping_every = std::chrono::hours(1);
  credit_limits message_budget = default_message_budget();
  // The turn timer of a table whose creator does not choose one (0, 15, 30 or 60 s).
  std::chrono::seconds default_turn_timer{0};
  // The bots' pace of a table whose creator does not choose one (table_settings::bot_pace).
  std::chrono::milliseconds default_bot_pace = table_settings::default_bot_pace;
  // How long the lobby gathers changes to the public list before telling its watchers:
  // a lobby busy with thousands of tables costs each watcher a few small frames a second.
  std::chrono::milliseconds lobby_flush_delay{250};
  // Applied to every new table's settings: lets tests run the clocks in milliseconds.
  std::function<void(table_settings&)> adjust_table;
  // A cluster's node (store::shares_tables): how often it looks for tables no server has
  // owned for `orphans_unowned_for`, and claims them (store::orphan_tables). The wait
  // gives a table's players time to come back to it first, through the proxy.
  std::chrono::milliseconds orphan_sweep_every{5000};
  std::chrono::milliseconds orphans_unowned_for{15000};
  // How long a hello on a cluster's node keeps trying to claim the table its URL names
  // while another node holds it: that node may have just died, and its lease lapses
  // within a term (serve sets the lease's term and 2 s).
  std::chrono::milliseconds claim_patience{6000};
};

class game_service : public session_handler, public std::enable_shared_from_this<game_service> {
 public:
  // With services.db, players and every step of every table are saved there. The
  // service runs on `ioc`; a new table on its creator's connection's shard, and a table
  // restored or claimed on `spread`'s next (ioc when null).
  game_service(boost::asio::io_context& ioc, random_source random, service_limits limits = {},
               room_services services = {}, shards* spread = nullptr);

  // Thread-safe: the shard table `code` (as typed in a URL) runs on, or null when no
  // table of that code is open here. A connection that opens /ws?table=CODE is moved
  // there before its handshake (attach_game), so that the table's moves stay on one thread.
  boost::asio::io_context* home_of(std::string_view code) const;

  // Before the io_context runs: what the store kept. Players first, then the tables,
  // whose seated players go straight back to their seats when they say hello. A table
  // that cannot be restored is logged and forgotten. Returns the tables restored.
  void load_players(std::vector<player_record> players);
  std::size_t restore_tables(std::vector<saved_table> saved);

  void on_open(const std::shared_ptr<websocket_session>& session) override;
  void on_text(const std::shared_ptr<websocket_session>& session, std::string text) override;
  void on_close(const std::shared_ptr<websocket_session>& session) override;

  // Once the store has started: forgets idle players now and every housekeeping_every.
  // A cluster's node also starts sweeping up orphaned tables, listens for handovers and
  // reads the other nodes' public tables.
  void start_housekeeping();

  // Tells every client the server is going away and closes their connections.
  void shutdown();
  // Only after the io_context has stopped: lets go of every connection and room. A
  // connection cut at the shutdown deadline never reported its close, and it and its
  // room would otherwise keep each other alive.
  void release();

 private:
  struct connection {
    std::shared_ptr<websocket_session> session;
    std::shared_ptr<session_route> route;  // shared with the session's strand
    std::string player_id{};               // empty until hello
    std::string name{};
    std::string room{};   // the table code, empty in the lobby
    std::string token{};  // the token of the welcome: what a device code stands for
    // Closed by the server for a newer connection of the same player: nothing from it is
    // handled any more while its close completes.
    bool retired = false;
    // Its hello waits for the store (a token looked up, a new player or name written):
    // a second hello is refused meanwhile, and nothing else is served before the welcome.
    bool hello_pending = false;
    // The table its URL names (/ws?table=CODE, normalized), which a cluster's node claims
    // when the player says hello; empty for /ws.
    std::string table_route{};
  };

  using request_id = std::optional<protocol::request_id>;
  void handle(connection& c, protocol::client_message message);
  template <class Request>
  void on_lobby(connection& c, const request_id& id, Request request);
  void on_hello(connection& c, const protocol::hello_request& request, const request_id& id);
  // A token, asked of the store first: the store's row is the player (another server
  // may have issued, renewed or forgotten the token), and this registry follows it. When
  // the store cannot answer, the registry's word stands. Then say_hello.
  void look_up_token(connection& c, const request_id& id, std::string name, std::string token);
  // The hello worked out by the registry and, with a store, written there before the
  // welcome when a crash must not lose it (hello_change::must_store).
  void say_hello(connection& c, const request_id& id, std::string_view name, std::optional<std::string_view> token,
                 bool new_player);
  // The welcome, and the player back at their table or in the lobby.
  void welcome_player(connection& c, const request_id& id, welcome w);
  // Writes a record the registry has taken; the registry lets go of it again if the
  // store refuses it. `then` runs on the strand after the commit, with the connection of
  // `session` if it is still open and served (else null).
  void store_player(player_record record, std::shared_ptr<websocket_session> session,
                    std::function<void(connection*, player_saved)> then);
  // The connection of `session`, unless it closed or was retired meanwhile.
  connection* served(const websocket_session* session);
  void on_create(connection& c, const protocol::create_table_request& request, const request_id& id);
  void on_join(connection& c, const std::string& code, bool spectate, const request_id& id);
  void on_quick_play(connection& c, const request_id& id);
  void on_device_code(connection& c, const request_id& id);
  void on_sign_out_others(connection& c, const request_id& id);
  // Tells the connection why and closes it (session_moved); it is not served meanwhile.
  void retire(connection& c, protocol::error_code code, std::string message,
              std::optional<std::string> table = std::nullopt);
  void enter_room(connection& c, const std::shared_ptr<room_host>& host, bool spectate, const request_id& id);
  void leave_room(connection& c);
  void room_changed(const std::string& code, std::optional<protocol::table_summary> summary);
  // The room of `code` is gone from this server (closed, or moved to another): the lobby,
  // the address's count and the seated players' way back forget it.
  void forget_room(const std::string& code);
  room_host::summary_listener room_listener();
  // `epoch`: the table's claim on a store that several servers share, else 0.
  std::shared_ptr<room_host> open_room(table_settings settings, const connection& owner, std::int64_t epoch = 0);

  // A cluster's node (store::shares_tables): tables are claimed from the store, not
  // loaded at start (server/README.md, "Tables of a cluster").
  bool cluster() const { return services_.db && services_.db->shares_tables(); }
  // The table `code` (normalized): this server's room, or one claimed from the store now
  // if no live server owns it. `then` runs on the strand with the room, or null and why.
  struct claim_answer {
    std::shared_ptr<room_host> room;  // null when not claimed
    table_claim::outcome outcome = table_claim::outcome::failed;
    std::string owner;  // held_elsewhere: the server that holds it
  };
  using claimed_room = std::function<void(claim_answer)>;
  void claim_room(const std::string& code, claimed_room then);
  // A claim's answer, on the strand: the room restored and served here, and its waiters told.
  void adopt(const std::string& code, table_claim claim);
  // The table a hello's URL names, claimed for its player (back in their seat if they
  // sit there). While a live node holds it, that node is asked to hand it over (the
  // proxy sends the table's players here now) and the claim is tried again until
  // `until`; then the lobby.
  void claim_for_hello(const std::shared_ptr<websocket_session>& session, const std::string& code,
                       std::chrono::steady_clock::time_point until, int tries = 0);
  // A join of a table that is not this server's: claimed here when nobody serves it.
  // While a live node holds it, a player who came by the table's own URL (the proxy
  // sends its players here) waits, as a hello does, while that node is asked to hand it
  // over; anyone else is given the URL (table_moved).
  void join_when_claimed(const std::shared_ptr<websocket_session>& session, const std::string& code, bool spectate,
                         const request_id& id, lobby_error missing, std::chrono::steady_clock::time_point until,
                         int tries = 0);
  // Another node asks for a table of this one: its room hands it over.
  void on_handover_asked(const std::string& code);
  // Tells the room how to report that another server took it over (on_table_moved).
  void serve_claimed(room_host& host, std::int64_t epoch);
  // Another server claimed the table: its room is dropped, and every connection at it is
  // closed with table_moved, so that it reconnects and reaches that server.
  void on_table_moved(const std::string& code);
  // A new table on a cluster's node: its code reserved in the store before anyone hears
  // of it, another code tried when that one is taken anywhere.
  void reserve_and_open(const std::shared_ptr<websocket_session>& session, const request_id& id,
                        table_settings settings, int tries_left);
  // Claims tables nobody came back to (service_limits::orphan_sweep_every).
  void sweep_orphans();
  // One lobby across a cluster: this server's public tables' changes, gathered for
  // lobby_flush_delay and published through the store; the other servers' read back
  // when they say they published (an empty node: all of them, as at start).
  void note_listing(const std::string& code, const std::optional<protocol::table_summary>& summary);
  void publish_listings();
  void pull_listings(const std::string& node);
  void apply_listings(const std::string& node, std::vector<listed_row> rows);

  // `table`: the table the error sends the client to (table_moved).
  void send_error(connection& c, const request_id& id, protocol::error_code code, std::string message,
                  std::optional<std::string> table = std::nullopt);
  // Any strand: services_ does not change after construction, and the metrics count atomically.
  void send_error(websocket_session& session, const request_id& id, protocol::error_code code, std::string message,
                  std::optional<std::string> table = std::nullopt) const;

  // What one address holds and has done lately. Kept while it holds anything or its
  // new-player budget is refilling, so that reconnecting does not reset it.
  struct address_use {
    int connections = 0;
    std::size_t tables = 0;
    credit_bucket new_players;
    credit_bucket wrong_device_codes;
  };
  address_use& use_of(const std::string& key);
  // The same for the address's block, under the block's key and budgets (a block's
  // new-player bucket holds block_factor times an address's).
  address_use& block_use_of(const std::string& address_key);
  bool counts_blocks() const { return limits_.block_factor > 0; }
  // A table opened (+1) or closed (-1) from the address, counted for its block too.
  void count_table(const std::string& address_key, int delta);
  // Holds nothing and its budgets are full: a fresh entry would be the same.
  static bool idle(const address_use& use, std::chrono::steady_clock::time_point now);
  void forget_if_idle(const std::string& key);
  void sweep_addresses();
  void housekeeping();
  // Forgets those of `ids` (forgotten by the store) who are not here now, and writes the
  // others back; returns how many went from the registry.
  std::size_t forget_players(const std::vector<std::string>& ids, std::chrono::system_clock::time_point seen_before);
  // The player (a copy of the registry's record) seen now, here and in the store.
  void seen_now(const player_record& record);

  // The registry makes room instead of refusing (README.md, "Settings"): from crowded() on, the store forgets a batch
  // of the players who never finished a game, those gone longest first, and this registry lets go of those not
  // connected or seated here. A new player's hello that finds it full waits for that
  // (waiting_for_room_) and is answered registry_full only when no one could go.
  bool crowded() const;
  void make_room();
  void room_made(const std::vector<std::string>& ids, std::chrono::system_clock::time_point seen_before);
  // Parks a new player's hello until room is made; false when it cannot wait.
  bool wait_for_room(connection& c, const request_id& id, std::string_view name);

  // rooms_ and homes_ together: a table opened, restored, claimed or closed.
  void place_room(const std::string& code, std::shared_ptr<room_host> host);
  void remove_room(const std::string& code);
  // Where a restored or claimed table goes: the shards in turn.
  boost::asio::io_context& spread_room();

  boost::asio::io_context& ioc_;
  shards* spread_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer lobby_flush_;
  boost::asio::steady_timer housekeeping_;
  boost::asio::steady_timer orphan_sweep_;
  boost::asio::steady_timer publish_;
  random_source random_;
  service_limits limits_;
  room_services services_;
  player_registry players_;
  device_codes device_codes_;
  lobby lobby_;
  std::unordered_map<const websocket_session*, connection> connections_;
  // Each welcomed player's one connection (docs/lobby_messages.md, "One connection per
  // player").
  std::unordered_map<std::string, const websocket_session*> player_connection_;
  std::unordered_map<std::string, address_use> addresses_;
  refusal_log refused_sockets_{"WebSocket"};                    // too many from an address or a network, in the log
  std::unordered_map<std::string, std::string> table_address_;  // table code -> the address that opened it
  std::chrono::steady_clock::time_point last_address_sweep_{};
  std::unordered_map<std::string, std::shared_ptr<room_host>> rooms_;
  // rooms_'s shards, for home_of() from the connections' strands (rooms_ is the strand's).
  mutable std::mutex homes_mutex_;
  std::unordered_map<std::string, boost::asio::io_context*> homes_;
  std::unordered_map<std::string, std::string> player_room_;  // player id -> table code
  // Making room in the registry: one batch at a time; the hellos that wait for it (at
  // most max_waiting_for_room); after a batch that freed nothing, new players are
  // refused at once until `room_exhausted_until_`.
  struct waiting_hello {
    std::shared_ptr<websocket_session> session;
    request_id id;
    std::string name;
  };
  static constexpr std::size_t max_waiting_for_room = 1000;
  bool making_room_ = false;
  int fruitless_batches_ = 0;  // batches in a row that freed no place here
  std::vector<waiting_hello> waiting_for_room_;
  std::chrono::steady_clock::time_point room_exhausted_until_{};
  // Claims on their way to the store, by code, with who waits for each: one claim a table.
  std::unordered_map<std::string, std::vector<claimed_room>> claims_;
  // The shared lobby: changes not yet published (nullopt: no longer listed here); the
  // other servers' tables listed here, by code, with their server; the last row read of
  // each server; the servers being read now, and those to read again after.
  std::unordered_map<std::string, std::optional<protocol::table_summary>> unpublished_;
  bool publish_armed_ = false;
  std::unordered_map<std::string, std::string> remote_tables_;
  std::unordered_map<std::string, std::int64_t> listed_seq_;
  std::unordered_set<std::string> pulling_;
  std::unordered_set<std::string> pull_again_;
  bool shutting_down_ = false;
};

}  // namespace shithead::server
