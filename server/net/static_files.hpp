#pragma once
// The web client's files, served from one folder and never from outside it. Resolving
// a URL path is pure (no I/O beyond the file system), so tests drive it directly.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace shithead::server {

enum class static_status {
  found,      // `file` is a regular file inside the root
  not_found,  // nothing there, a hidden file, a folder without index.html, or not a web file
  bad_path,   // "..", an encoded "..", NUL, a backslash or a malformed escape
};

struct static_lookup {
  static_status status = static_status::not_found;
  std::filesystem::path file;  // canonical, when found
};

// The root as an absolute canonical path, or an error message when it is not a folder.
struct static_root {
  std::filesystem::path path;
  std::string error;
};
static_root canonical_static_root(const std::string& dir);

// `url_path` is the request target without its query string, starting with '/'.
// "/" and any folder serve the folder's index.html; hidden files (".x") are not served,
// nor any file but the kinds a web page loads (pages, scripts, styles, images, fonts,
// the manifest, .txt, source maps): the folder's README.md and package.json stay home.
static_lookup resolve_static_file(const std::filesystem::path& root, std::string_view url_path);

// %XX escapes decoded; nothing for a malformed escape.
std::optional<std::string> percent_decode(std::string_view text);

// "text/html; charset=utf-8", "text/javascript; charset=utf-8", ... for the kinds
// served; application/octet-stream for any other.
std::string_view content_type_for(const std::filesystem::path& file);
// "no-cache" for HTML (so a new release shows at once), an hour for other assets.
std::string_view cache_control_for(const std::filesystem::path& file);

}  // namespace shithead::server
