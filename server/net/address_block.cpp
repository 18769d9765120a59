#include "server/net/address_block.hpp"

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <string>

namespace shithead::server {

std::string block_key(std::string_view address_key) {
  namespace ip = boost::asio::ip;
  boost::system::error_code error;
  if (address_key.find(':') != std::string_view::npos) {
    const auto slash = address_key.find('/');
    const auto v6 = ip::make_address_v6(std::string(address_key.substr(0, slash)), error);
    if (error) return std::string(address_key);
    auto bytes = v6.to_bytes();
    std::fill(bytes.begin() + 6, bytes.end(), 0);
    return ip::address_v6(bytes).to_string() + "/48";
  }
  const auto v4 = ip::make_address_v4(std::string(address_key), error);
  if (error) return std::string(address_key);
  auto bytes = v4.to_bytes();
  bytes[3] = 0;
  return ip::address_v4(bytes).to_string() + "/24";
}

}  // namespace shithead::server
