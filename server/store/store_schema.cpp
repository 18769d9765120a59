#include "server/store/store_schema.hpp"

#include <spdlog/spdlog.h>

#include <array>
#include <string>

#include "server/store/unique_names.hpp"

namespace shithead::server {
namespace {

// Never edit a migration that has shipped: add another. Times are Unix milliseconds.
// A migration that SQL alone cannot do has a C++ step after its SQL (finish_in_cpp).
constexpr std::array<std::string_view, 8> migrations = {
    // 1: players and finished games with each seat's result.
    R"sql(
CREATE TABLE players (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created    INTEGER NOT NULL,
  last_seen  INTEGER NOT NULL
);
CREATE TABLE games (
  id         INTEGER PRIMARY KEY,
  table_code TEXT NOT NULL,
  ruleset    TEXT NOT NULL,
  seats      INTEGER NOT NULL,
  start      TEXT NOT NULL,
  started    INTEGER NOT NULL,
  ended      INTEGER NOT NULL,
  status     TEXT NOT NULL CHECK (status IN ('finished', 'abandoned')),
  record     TEXT NOT NULL
);
CREATE INDEX games_by_end ON games (ended);
CREATE TABLE game_players (
  game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat      INTEGER NOT NULL,
  player_id TEXT REFERENCES players (id),
  bot       TEXT,
  name      TEXT NOT NULL,
  place     INTEGER,
  shithead  INTEGER NOT NULL CHECK (shithead IN (0, 1)),
  PRIMARY KEY (game_id, seat),
  CHECK ((player_id IS NULL) <> (bot IS NULL))
);
CREATE INDEX game_players_by_player ON game_players (player_id, game_id);
)sql",
    // 2: skill ratings (current on the player, history per game) and the tables in
    // play, so a restart resumes every game.
    R"sql(
ALTER TABLE players ADD COLUMN mu REAL NOT NULL DEFAULT 25.0;
ALTER TABLE players ADD COLUMN sigma REAL NOT NULL DEFAULT 8.333333333333334;
CREATE TABLE ratings (
  player_id    TEXT NOT NULL REFERENCES players (id),
  game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  mu_before    REAL NOT NULL,
  sigma_before REAL NOT NULL,
  mu           REAL NOT NULL,
  sigma        REAL NOT NULL,
  PRIMARY KEY (player_id, game_id)
);
CREATE TABLE live_rooms (
  code    TEXT PRIMARY KEY,
  state   TEXT NOT NULL,
  updated INTEGER NOT NULL
);
)sql",
    // 3: the log of each live game's actions, appended move by move, so that a move
    // writes one small row rather than the table's whole saved state (which from now on
    // holds the game's deal but not its actions, and is written when it changes).
    R"sql(
CREATE TABLE live_actions (
  code    TEXT NOT NULL,
  game    INTEGER NOT NULL,
  idx     INTEGER NOT NULL,
  version INTEGER NOT NULL,
  seat    INTEGER NOT NULL,
  action  TEXT NOT NULL,
  PRIMARY KEY (code, game, idx)
) WITHOUT ROWID;
)sql",
    // 4: isf's player who picks up now leads the next round (`pickup_leads`, on in the
    // preset). Games and tables stored before were played with the turn passing on, so
    // their isf rulesets say that explicitly and replay exactly as they were played. A
    // ruleset is "isf" or an object with "preset": "isf"; json_set keeps the other
    // values' text as it was (a seed above 2^53 is not rounded).
    R"sql(
UPDATE games SET ruleset = '{"preset":"isf","pickup_leads":false}' WHERE ruleset = '"isf"';
UPDATE games SET ruleset = json_set(ruleset, '$.pickup_leads', json('false'))
 WHERE json_valid(ruleset) AND json_type(ruleset) = 'object' AND json_extract(ruleset, '$.preset') = 'isf'
   AND json_type(ruleset, '$.pickup_leads') IS NULL;
UPDATE games SET record = json_set(record, '$.ruleset', json('{"preset":"isf","pickup_leads":false}'))
 WHERE json_valid(record) AND json_type(record, '$.ruleset') = 'text' AND json_extract(record, '$.ruleset') = 'isf';
UPDATE games SET record = json_set(record, '$.ruleset.pickup_leads', json('false'))
 WHERE json_valid(record) AND json_type(record, '$.ruleset') = 'object'
   AND json_extract(record, '$.ruleset.preset') = 'isf' AND json_type(record, '$.ruleset.pickup_leads') IS NULL;
UPDATE live_rooms SET state = json_set(state, '$.settings.ruleset', json('{"preset":"isf","pickup_leads":false}'))
 WHERE json_valid(state) AND json_type(state, '$.settings.ruleset') = 'text' AND json_extract(state, '$.settings.ruleset') = 'isf';
UPDATE live_rooms SET state = json_set(state, '$.settings.ruleset.pickup_leads', json('false'))
 WHERE json_valid(state) AND json_type(state, '$.settings.ruleset') = 'object'
   AND json_extract(state, '$.settings.ruleset.preset') = 'isf' AND json_type(state, '$.settings.ruleset.pickup_leads') IS NULL;
UPDATE live_rooms SET state = json_set(state, '$.game.record.ruleset', json('{"preset":"isf","pickup_leads":false}'))
 WHERE json_valid(state) AND json_type(state, '$.game.record.ruleset') = 'text' AND json_extract(state, '$.game.record.ruleset') = 'isf';
UPDATE live_rooms SET state = json_set(state, '$.game.record.ruleset.pickup_leads', json('false'))
 WHERE json_valid(state) AND json_type(state, '$.game.record.ruleset') = 'object'
   AND json_extract(state, '$.game.record.ruleset.preset') = 'isf' AND json_type(state, '$.game.record.ruleset.pickup_leads') IS NULL;
)sql",
    // 5: tokens issued until now came from a generator whose outputs gave away its state,
    // so every one of them is taken as known to others: each works for one more hello,
    // which hands the player a fresh token (player_registry::hello). Rows written from
    // now on say 0.
    R"sql(
ALTER TABLE players ADD COLUMN token_exposed INTEGER NOT NULL DEFAULT 1;
)sql",
    // 6: names unique in the file, not only in one server's memory: each row holds its
    // name's key (name_key(), C++ case folding that SQL's lower() does not know), under a
    // unique index. finish_in_cpp fills the keys, renaming players whose names today's
    // folding makes the same (unique_names.hpp), then builds the index.
    R"sql(
ALTER TABLE players ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
)sql",
    // 7: rules revision 2 lets anything follow a reset of any rank; revision 1 read a reset
    // of another rank than the 2 by rank order (rules/README.md, "Revisions"). Records of
    // games begun under revision 1 whose ruleset gives `reset` to another rank are marked
    // with it, so that they replay as they were played; a table in play finishes its game
    // under it, and its next game is dealt under revision 2. Every other record plays the
    // same under both and keeps its text.
    R"sql(
UPDATE games SET record = json_set(record, '$.rules_revision', 1)
 WHERE json_valid(record) AND json_type(record, '$.ruleset.powers') = 'object'
   AND EXISTS (SELECT 1 FROM json_each(record, '$.ruleset.powers') AS r, json_each(r.value) AS p
                WHERE r.key <> '2' AND p.value = 'reset');
UPDATE live_rooms SET state = json_set(state, '$.game.record.rules_revision', 1)
 WHERE json_valid(state) AND json_type(state, '$.game.record.ruleset.powers') = 'object'
   AND EXISTS (SELECT 1 FROM json_each(state, '$.game.record.ruleset.powers') AS r, json_each(r.value) AS p
                WHERE r.key <> '2' AND p.value = 'reset');
)sql",
    // 8: players by when they were last seen: a registry near full forgets those who never
    // finished a game oldest first (store::forget_idle_players), walking this index in
    // order rather than sorting every player.
    R"sql(
CREATE INDEX players_by_last_seen ON players (last_seen);
)sql",
};

// Every player's name key, and the index that keeps them unique.
void key_player_names(sqlite::database& db) {
  std::vector<stored_name> names;
  {
    auto read = db.prepare("SELECT id, name, last_seen FROM players");
    while (read.step()) names.push_back(stored_name{read.text(0), read.text(1), read.int64(2)});
  }
  auto write = db.prepare("UPDATE players SET name = ?, name_key = ? WHERE id = ?");
  for (const auto& row : unique_name_keys(names)) {
    if (row.renamed) spdlog::warn("store: player {} shared a name with another; now named \"{}\"", row.id, row.name);
    write.bind(1, row.name).bind(2, row.key).bind(3, row.id);
    write.run();
  }
  db.exec("CREATE UNIQUE INDEX players_by_name_key ON players (name_key)");
}

void finish_in_cpp(sqlite::database& db, int version) {
  if (version == 6) key_player_names(db);
}

}  // namespace

std::span<const std::string_view> store_migrations() { return migrations; }
int store_schema_version() { return static_cast<int>(migrations.size()); }

int schema_version_of(sqlite::database& db) {
  auto query = db.prepare("PRAGMA user_version");
  query.step();
  return query.integer(0);
}

void migrate(sqlite::database& db, int target) {
  const int latest = store_schema_version();
  if (target < 0) target = latest;
  if (target > latest)
    throw sqlite::error("cannot migrate to schema version " + std::to_string(target) + ": the latest is " +
                        std::to_string(latest));
  // Refuse a newer file before anything below writes to it (switching to WAL rewrites
  // the file's header), so the newer server that made it can still open it unchanged.
  const int current = schema_version_of(db);
  if (current > latest)
    throw sqlite::error("the database has schema version " + std::to_string(current) + ", newer than this server's " +
                        std::to_string(latest) + "; run a newer shithead, or restore a backup made by this version");
  // WAL lets readers (a backup, the sqlite3 shell) work beside the server's writes;
  // NORMAL sync is durable across a process crash, which is what kill -9 tests.
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  for (int next = current + 1; next <= target; ++next) {
    sqlite::transaction step(db);
    db.exec(migrations[static_cast<std::size_t>(next - 1)]);
    finish_in_cpp(db, next);
    db.exec("PRAGMA user_version = " + std::to_string(next));
    step.commit();
  }
}

}  // namespace shithead::server
