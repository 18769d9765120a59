#include "server/store/rankings_answers.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "server/core/player_name.hpp"
#include "server/core/player_record.hpp"
#include "server/core/utf8.hpp"
#include "server/rankings/player_stats.hpp"

namespace shithead::server {
namespace {

// Four decimals. Dividing (not multiplying by 1e-4) gives the double nearest to the
// decimal, so JSON shows 0.1667 rather than 0.16670000000000001; adding 0.0 turns the
// -0.0 of a tiny negative (a new player's ordinal) into 0.0.
double rounded(double value) { return std::round(value * 10000.0) / 10000.0 + 0.0; }

protocol::player_counts counts_of(const ranked_player& p) {
  protocol::player_counts c;
  c.games = p.stats.games();
  c.shithead = p.stats.shithead();
  c.shithead_rate = rounded(p.stats.shithead_rate());
  c.first = p.stats.first();
  if (const auto average = p.stats.average_place()) c.average_place = rounded(*average);
  c.current_run = p.stats.current_run();
  c.longest_run = p.stats.longest_run();
  c.rating = rating_value_of(p.current);
  c.title = title_value_of(title_for(p.stats.shithead()));
  return c;
}

std::optional<protocol::rating_trend> week_of(const ranked_player& p) {
  if (!p.week_start) return std::nullopt;
  return protocol::rating_trend{p.week_games, rounded(p.current.ordinal() - p.week_start->ordinal())};
}

}  // namespace

protocol::rating_value rating_value_of(const rating& r) {
  return protocol::rating_value{rounded(r.mu), rounded(r.sigma), rounded(r.ordinal()), r.provisional()};
}

protocol::title_value title_value_of(const title& t) {
  return protocol::title_value{t.count, t.numeric, t.olympic, t.feudal};
}

rankings_result answer_rankings(rankings_rows& rows, const protocol::rankings_question& question,
                                std::chrono::system_clock::time_point now, leaderboard_cache* cache,
                                history_cache* histories) {
  try {
    if (const auto* board = std::get_if<protocol::leaderboard_question>(&question))
      return protocol::rankings_answer(leaderboard(rows, *board, now, cache));
    if (const auto* player = std::get_if<protocol::player_question>(&question))
      return protocol::rankings_answer(player_profile(rows, player->player_id));
    if (const auto* named = std::get_if<protocol::players_named_question>(&question))
      return protocol::rankings_answer(players_named(rows, named->name));
    if (const auto* history = std::get_if<protocol::history_question>(&question))
      return protocol::rankings_answer(histories ? histories->history(rows, history->player_id)
                                                 : player_history(rows, history->player_id));
    const auto& game = std::get<protocol::game_question>(question);
    if (game.steps) return protocol::rankings_answer(protocol::game_steps{finished_game(rows, game.game_id)});
    return protocol::rankings_answer(finished_game(rows, game.game_id));
  } catch (const std::exception& e) {
    spdlog::error("rankings: a question failed: {}", e.what());
    return store_refusal{store_refusal::reason::failed, "the store cannot answer just now", std::nullopt};
  }
}

protocol::leaderboard_page leaderboard(rankings_rows& source, const protocol::leaderboard_question& question,
                                       std::chrono::system_clock::time_point now, leaderboard_cache* cache) {
  ranked_board board;
  if (cache) {
    board = cache->board(source, question.period, question.sort, now);
  } else {
    auto fresh = players_with_games(source, period_start(question.period, now));
    add_week_trends(source, fresh, period_start(board_period::days_7, now));
    sort_board(fresh, question.sort);
    board = std::make_shared<const std::vector<ranked_player>>(std::move(fresh));
  }
  const auto& rows = *board;
  protocol::leaderboard_page page;
  page.question = question;
  page.total = static_cast<std::int64_t>(rows.size());
  const auto first = std::min(static_cast<std::size_t>(question.offset), rows.size());
  const auto last = std::min(first + static_cast<std::size_t>(question.limit), rows.size());
  for (std::size_t i = first; i < last; ++i)
    page.players.push_back(protocol::leaderboard_entry{static_cast<std::int64_t>(i + 1), rows[i].id, rows[i].name,
                                                       counts_of(rows[i]), week_of(rows[i])});
  return page;
}

std::optional<protocol::player_profile> player_profile(rankings_rows& rows, std::string_view player_id) {
  const auto who = rows.player(player_id);
  if (!who) return std::nullopt;
  ranked_player row{who->player_id, who->name, who->current, {}, std::nullopt, 0};
  auto games = players_with_games(rows, 0, player_id);
  if (!games.empty()) row.stats = games.front().stats;

  protocol::player_profile profile;
  profile.player_id = row.id;
  profile.name = row.name;
  profile.created = who->created;
  profile.last_seen = who->last_seen;
  profile.counts = counts_of(row);
  for (const auto& played : rows.games_of(player_id, 20)) {
    protocol::recent_game game;
    game.game_id = played.game_id;
    game.ended = played.ended;
    game.ruleset = played.ruleset;
    game.status = played.status;
    game.seats = played.seats;
    game.place = played.place;
    game.shithead = played.shithead;
    if (played.before && played.after) {
      game.rating_before = rounded(played.before->ordinal());
      game.rating_after = rounded(played.after->ordinal());
    }
    profile.recent.push_back(std::move(game));
  }
  return profile;
}

protocol::players_named players_named(rankings_rows& rows, std::string_view raw) {
  // Cleaned as names are when chosen (spaces trimmed and squeezed), so " Big  Al " finds "Big Al".
  // What is not even UTF-8 is nobody's name (and no database would take it as text).
  protocol::players_named found;
  const auto clean = clean_player_name(raw);
  if (!clean && !is_utf8(raw)) return found;
  const auto wanted = name_key(clean ? clean.value() : std::string(raw));
  for (auto& p : rows.players_named(wanted))
    found.players.push_back(protocol::named_player{std::move(p.player_id), std::move(p.name)});
  return found;
}

std::optional<protocol::finished_game> finished_game(rankings_rows& rows, std::int64_t game_id) {
  const auto game = rows.game(game_id);
  if (!game) return std::nullopt;
  protocol::finished_game out;
  out.game_id = game->game_id;
  out.ruleset = game->ruleset;
  out.status = game->status;
  out.started = game->started;
  out.ended = game->ended;
  for (const auto& s : rows.seats_of(game->game_id))
    out.seats.push_back(protocol::game_seat{s.seat, s.player_id, s.name, s.bot, s.place, s.shithead});
  out.record = game->record;
  return out;
}

}  // namespace shithead::server
