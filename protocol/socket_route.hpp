#pragma once
// Where a WebSocket connection is opened, and so where a proxy in front of a cluster sends
// it (README.md, "Several servers at once"): `/ws` for the lobby, which any server may
// serve, and `/ws?table=CODE` for a table, which the proxy routes by its code to the
// server that holds it. A single server reads the same URLs and needs neither.
#include <optional>
#include <string>
#include <string_view>

namespace shithead::protocol {

// The path every connection opens.
inline constexpr std::string_view socket_path = "/ws";

// The table a connection's URL (an upgrade request's target, "/ws?table=K7MPQ2") names,
// as given (the caller checks and normalizes the code); nullopt when it names none or the
// query is malformed.
std::optional<std::string> table_of_socket_target(std::string_view target);

// The URL a client connects to for table `code`.
std::string socket_target_of_table(std::string_view code);

}  // namespace shithead::protocol
