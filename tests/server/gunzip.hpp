#pragma once
// Unpacks a gzip body in tests, with zlib, the way a browser would.
#include <zlib.h>

#include <string>
#include <string_view>

namespace shithead::test {

// The inflated bytes; "<not gzip>" when zlib refuses them.
inline std::string gunzip(std::string_view data) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) return "<not gzip>";
  std::string out;
  char buffer[16384];
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  int result = Z_OK;
  while (result == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(buffer);
    stream.avail_out = sizeof buffer;
    result = inflate(&stream, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - stream.avail_out);
  }
  inflateEnd(&stream);
  return result == Z_STREAM_END ? out : "<not gzip>";
}

}  // namespace shithead::test
