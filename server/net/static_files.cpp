#include "server/net/static_files.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace shithead::server {
namespace {

namespace fs = std::filesystem;

std::optional<int> hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return std::nullopt;
}

std::string lower_extension(const fs::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  return ext;
}

// Whether `file` is `root` or lies below it, comparing whole path components.
bool inside(const fs::path& root, const fs::path& file) {
  auto r = root.begin();
  auto f = file.begin();
  for (; r != root.end(); ++r, ++f) {
    if (r->empty()) continue;  // the empty last component of a root ending in '/'
    if (f == file.end() || *r != *f) return false;
  }
  return true;
}

// The kinds of file a web page loads, and their types. Nothing else in the folder goes
// out: it also holds the client's README.md and package.json, and a host may keep notes
// or backups beside them. No JSON: the client's data comes from the API.
constexpr std::array<std::pair<std::string_view, std::string_view>, 14> web_types = {{
    {".html", "text/html; charset=utf-8"},
    {".htm", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".jpg", "image/jpeg"},
    {".webp", "image/webp"},
    {".ico", "image/x-icon"},
    {".webmanifest", "application/manifest+json"},
    {".woff2", "font/woff2"},
    {".txt", "text/plain; charset=utf-8"},  // robots.txt
    {".map", "application/json"},           // a source map, for the browser's debugger
}};

std::optional<std::string_view> web_type(const fs::path& file) {
  const std::string ext = lower_extension(file);
  for (const auto& [extension, type] : web_types)
    if (extension == ext) return type;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> percent_decode(std::string_view text) {
  std::string decoded;
  decoded.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      decoded += text[i];
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const auto high = hex_value(text[i + 1]);
    const auto low = hex_value(text[i + 2]);
    if (!high || !low) return std::nullopt;
    decoded += static_cast<char>(*high * 16 + *low);
    i += 2;
  }
  return decoded;
}

static_root canonical_static_root(const std::string& dir) {
  std::error_code ec;
  const fs::path root = fs::canonical(dir, ec);
  if (ec) return {{}, "static folder '" + dir + "': " + ec.message()};
  if (!fs::is_directory(root, ec)) return {{}, "static folder '" + dir + "' is not a folder"};
  return {root, {}};
}

static_lookup resolve_static_file(const fs::path& root, std::string_view url_path) {
  if (!url_path.starts_with('/')) return {static_status::bad_path, {}};
  const auto decoded = percent_decode(url_path);
  if (!decoded || decoded->find_first_of(std::string_view("\0\\", 2)) != std::string::npos)
    return {static_status::bad_path, {}};

  // Build the path one checked segment at a time: no ".." ever reaches the file system.
  fs::path candidate = root;
  std::string_view rest = *decoded;
  bool hidden = false;
  while (!rest.empty()) {
    const auto slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    if (segment.empty()) continue;
    if (segment == "." || segment == "..") return {static_status::bad_path, {}};
    hidden = hidden || segment.starts_with('.');
    candidate /= fs::path(std::string(segment));
  }
  if (hidden) return {static_status::not_found, {}};

  std::error_code ec;
  if (fs::is_directory(candidate, ec)) candidate /= "index.html";
  // canonical resolves symbolic links, so a link pointing out of the root is refused too.
  const fs::path file = fs::canonical(candidate, ec);
  if (ec || !inside(root, file) || !fs::is_regular_file(file, ec) || !web_type(file))
    return {static_status::not_found, {}};
  return {static_status::found, file};
}

std::string_view content_type_for(const fs::path& file) { return web_type(file).value_or("application/octet-stream"); }

std::string_view cache_control_for(const fs::path& file) {
  const std::string ext = lower_extension(file);
  return ext == ".html" || ext == ".htm" ? "no-cache" : "public, max-age=3600";
}

}  // namespace shithead::server
