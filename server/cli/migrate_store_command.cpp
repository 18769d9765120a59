// `shithead migrate-store --from FILE --to URL`: a server's SQLite file copied into an
// empty PostgreSQL database (store/store_copy.hpp), for a host who moves to
// `serve --database URL`. Run it with the server stopped. Exit codes: 0 when copied, 1
// when it could not be (nothing was written), 2 for bad arguments.
#include <exception>
#include <string>

#include "server/cli/command_line.hpp"
#include "server/store/pg.hpp"
#include "server/store/store_copy.hpp"

namespace shithead::server {
namespace {

constexpr std::string_view migrate_usage =
    "usage: shithead migrate-store --from FILE --to postgresql://USER[:PASSWORD]@HOST[:PORT]/DB\n"
    "  copies every player, game, rating and table in play from the SQLite file into the\n"
    "  PostgreSQL database, which must be empty; stop the server first\n";

}  // namespace

int run_migrate_store_command(arguments args, std::ostream& out, std::ostream& err) {
  std::string from, to;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help") {
      out << migrate_usage;
      return 0;
    }
    std::string_view flag, value;
    if (auto problem = next_flag(args, i, flag, value)) {
      err << "migrate-store: " << *problem << "\n\n" << migrate_usage;
      return 2;
    }
    if (flag == "--from") {
      from = value;
    } else if (flag == "--to") {
      to = value;
    } else {
      err << "migrate-store: unknown flag " << flag << "\n\n" << migrate_usage;
      return 2;
    }
  }
  if (from.empty() || (!to.starts_with("postgresql://") && !to.starts_with("postgres://"))) {
    err << "migrate-store: --from names the SQLite file and --to the PostgreSQL URL\n\n" << migrate_usage;
    return 2;
  }
  try {
    for (const auto& table : copy_sqlite_to_postgresql(from, to))
      out << table.name << ": " << table.rows << " row(s)\n";
    out << "copied " << from << " into " << pg::redacted(to) << "\n";
    return 0;
  } catch (const std::exception& e) {
    err << "migrate-store: nothing was copied: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace shithead::server
