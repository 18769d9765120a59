#include "server/store/store_writes.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

#include "protocol/record_text.hpp"
#include "protocol/ruleset_text.hpp"
#include "server/core/player_name.hpp"
#include "server/rankings/titles.hpp"

namespace shithead::server {
namespace {

void check_game(const game_to_record& game) {
  const int seats = static_cast<int>(game.players.size());
  const auto bad = [](const std::string& what) { throw std::invalid_argument("a game to record " + what); };
  if (seats < 2 || seats != game.record.players) bad("has a different number of players than its record");
  std::vector<char> out(game.players.size(), 0);
  for (int seat : game.finish_order) {
    if (seat < 0 || seat >= seats || out[static_cast<std::size_t>(seat)]) bad("has a bad finishing order");
    out[static_cast<std::size_t>(seat)] = 1;
  }
  if (game.abandoned) return;
  if (game.shithead < 0 || game.shithead >= seats || out[static_cast<std::size_t>(game.shithead)] ||
      static_cast<int>(game.finish_order.size()) != seats - 1)
    bad("is finished but its shithead and finishing order do not fit");
  for (const auto& p : game.players)
    if (!p.bot && p.id.empty()) bad("has a human seat without a player id");
}

}  // namespace

void store_rows::save_player(const player_record& player) {
  const auto key = name_key(player.name);
  if (const auto holder = player_with_name_key(key); holder && *holder != player.id)
    throw name_conflict("the name \"" + player.name + "\" is another player's");
  upsert_player(player, key);
}

recorded_game record_game(store_rows& rows, const game_to_record& game) {
  check_game(game);
  recorded_game out;
  out.abandoned = game.abandoned;
  out.game_id = rows.insert_game(game_insert{
      game.table_code, protocol::ruleset_to_text(game.record.ruleset), static_cast<int>(game.players.size()),
      protocol::record_start_text(game.record), to_unix_ms(game.started), to_unix_ms(game.ended),
      game.abandoned ? "abandoned" : "finished", protocol::write_record(game.record)});

  const int seats = static_cast<int>(game.players.size());
  std::vector<std::optional<int>> places(game.players.size());
  for (std::size_t i = 0; i < game.finish_order.size(); ++i)
    places[static_cast<std::size_t>(game.finish_order[i])] = static_cast<int>(i) + 1;
  if (!game.abandoned && game.shithead >= 0) places[static_cast<std::size_t>(game.shithead)] = seats;

  for (int seat = 0; seat < seats; ++seat) {
    const auto& p = game.players[static_cast<std::size_t>(seat)];
    seat_insert row{out.game_id,
                    seat,
                    std::nullopt,
                    std::nullopt,
                    p.name,
                    places[static_cast<std::size_t>(seat)],
                    !game.abandoned && seat == game.shithead};
    if (p.bot) {
      row.bot = rules::to_string(*p.bot);
    } else {
      row.player_id = p.id;
    }
    rows.insert_seat(row);
  }
  if (game.abandoned) return out;

  // Ratings: the humans, by their order among everyone (bots are not ranked, but a
  // human who finished behind a bot still finished behind the humans after it).
  std::vector<int> humans;
  for (int seat = 0; seat < seats; ++seat)
    if (!game.players[static_cast<std::size_t>(seat)].bot) humans.push_back(seat);
  // Read (and, where servers share the database, locked) in the order of their ids, so
  // that two games that share players never wait on each other's locks in a circle.
  std::vector<std::string> ids;
  ids.reserve(humans.size());
  for (int seat : humans) ids.push_back(game.players[static_cast<std::size_t>(seat)].id);
  std::vector<std::string> locked = ids;
  std::sort(locked.begin(), locked.end());
  locked.erase(std::unique(locked.begin(), locked.end()), locked.end());
  const auto current = rows.ratings_for_update(locked);
  std::vector<rating> before;
  std::vector<int> human_places;
  for (std::size_t i = 0; i < humans.size(); ++i) {
    const auto at = std::lower_bound(locked.begin(), locked.end(), ids[i]) - locked.begin();
    before.push_back(current[static_cast<std::size_t>(at)].value_or(new_rating()));
    human_places.push_back(places[static_cast<std::size_t>(humans[i])].value_or(seats));
  }
  // One human against bots has nobody to be rated against: the rating stays.
  const auto after = humans.size() >= 2 ? rate_game(before, human_places) : before;
  for (std::size_t i = 0; i < humans.size(); ++i) {
    const auto& p = game.players[static_cast<std::size_t>(humans[i])];
    rows.set_rating(p.id, after[i]);
    rows.add_rating_history(p.id, out.game_id, before[i], after[i]);
    out.ratings.push_back(rating_change{p.id, p.name, before[i], after[i], title_for(rows.times_shithead(p.id))});
  }
  return out;
}

std::vector<recorded_game> write_step(store_rows& rows, const table_step& step, std::int64_t now_ms,
                                      write_totals& totals) {
  std::vector<recorded_game> recorded;
  for (const auto& game : step.games) recorded.push_back(record_game(rows, game));
  if (step.state && step.state->empty()) {
    rows.forget_room(step.code);  // a closed table keeps no log, whatever the step appended
  } else {
    if (step.state) {
      rows.save_room(step.code, *step.state, now_ms);
      rows.forget_other_games(step.code, step.game);
    }
    for (const auto& action : step.actions) rows.append_action(step.code, action);
  }
  // Counted once the step has been written (a later rollback of the batch still counts
  // it), by the one thread writing a batch: no lock on the step's path.
  ++totals.steps;
  if (step.state && !step.state->empty()) {
    ++totals.states;
    totals.state_bytes += step.state->size() + step.code.size();
  }
  for (const auto& action : step.actions) {
    ++totals.actions;
    // The text, the code, and five integers of at most 8 bytes each.
    totals.action_bytes += action.action.size() + step.code.size() + std::size_t{5} * 8;
  }
  totals.games += step.games.size();
  return recorded;
}

}  // namespace shithead::server
