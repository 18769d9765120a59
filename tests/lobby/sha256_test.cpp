#include <gtest/gtest.h>

#include <string>

#include "server/lobby/sha256.hpp"

namespace shithead::server {
namespace {

// The examples of FIPS 180-4 (NIST's "SHA-256 example" documents).
TEST(sha256, the_empty_message) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(sha256, abc_fits_one_block) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(sha256, the_448_bit_message_needs_a_second_block_for_its_length) {
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(sha256, the_896_bit_message) {
  EXPECT_EQ(sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopq"
                       "rlmnopqrsmnopqrstnopqrstu"),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

TEST(sha256, one_million_a) {
  EXPECT_EQ(sha256_hex(std::string(1'000'000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(sha256, one_million_a_fed_in_uneven_pieces) {
  sha256_hasher hasher;
  const std::string piece(997, 'a');
  std::size_t fed = 0;
  while (fed + piece.size() <= 1'000'000) {
    hasher.update(piece);
    fed += piece.size();
  }
  hasher.update(std::string(1'000'000 - fed, 'a'));
  EXPECT_EQ(to_hex(hasher.finish()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Around the padding boundary: 55 bytes leave exactly room for the 0x80 and the length;
// 56 to 63 push the length into a second block. Expected values from coreutils sha256sum.
TEST(sha256, messages_around_the_padding_boundary) {
  EXPECT_EQ(sha256_hex(std::string(55, 'a')), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(sha256_hex(std::string(56, 'a')), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(sha256_hex(std::string(63, 'a')), "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34");
  EXPECT_EQ(sha256_hex(std::string(64, 'a')), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
  EXPECT_EQ(sha256_hex(std::string(65, 'a')), "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0");
}

TEST(sha256, every_split_of_a_message_gives_the_same_digest) {
  std::string message;
  for (int i = 0; i < 200; ++i) message += static_cast<char>('!' + i % 90);
  const auto whole = sha256(message);
  for (std::size_t split = 0; split <= message.size(); ++split) {
    sha256_hasher hasher;
    hasher.update(std::string_view(message).substr(0, split));
    hasher.update(std::string_view(message).substr(split));
    EXPECT_EQ(hasher.finish(), whole) << "split at " << split;
  }
}

TEST(sha256, a_reset_hasher_starts_a_new_message) {
  sha256_hasher hasher;
  hasher.update("something else");
  (void)hasher.finish();
  hasher.reset();
  hasher.update("abc");
  EXPECT_EQ(to_hex(hasher.finish()), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(sha256, hex_is_lowercase_two_digits_a_byte) {
  const std::array<std::uint8_t, 4> bytes = {0x00, 0x0f, 0xa0, 0xff};
  EXPECT_EQ(to_hex(bytes), "000fa0ff");
  EXPECT_EQ(to_hex({}), "");
}

}  // namespace
}  // namespace shithead::server
