// Chat and reactions: what a line may hold, who hears it, and how often one may speak.
#include <gtest/gtest.h>

#include "fake_participant.hpp"
#include "server/room/chat_limiter.hpp"

namespace shithead::server::testing {
namespace {

std::string repeat(std::string_view piece, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += piece;
  return out;
}

TEST(chat_text, is_trimmed_and_checked_for_length_and_control_characters) {
  EXPECT_EQ(clean_chat_text("  hello there \n").value(), "hello there");
  EXPECT_FALSE(clean_chat_text("").ok());
  EXPECT_FALSE(clean_chat_text(" \t \r\n ").ok());
  EXPECT_TRUE(clean_chat_text(repeat("a", 200)).ok());
  EXPECT_FALSE(clean_chat_text(repeat("a", 201)).ok());
  // Length counts characters, not bytes.
  EXPECT_TRUE(clean_chat_text(repeat("💩", 200)).ok());
  EXPECT_FALSE(clean_chat_text(repeat("é", 201)).ok());
  EXPECT_TRUE(clean_chat_text("naïve café, 10♥ on a 9♠").ok());
  EXPECT_FALSE(clean_chat_text("two\nlines").ok());
  EXPECT_FALSE(clean_chat_text("tab\there").ok());
  EXPECT_FALSE(clean_chat_text(std::string("nul\0here", 8)).ok());
  EXPECT_FALSE(clean_chat_text("bell\a").ok());
  EXPECT_FALSE(clean_chat_text("del\x7f").ok());
  EXPECT_FALSE(clean_chat_text("c1\xc2\x85").ok());  // U+0085 next line
  EXPECT_FALSE(clean_chat_text("evil\xe2\x80\xae"
                               "txt")
                   .ok());                        // U+202E right-to-left override
  EXPECT_FALSE(clean_chat_text("bad\xff").ok());  // not UTF-8
  EXPECT_EQ(clean_chat_text(repeat("a", 201)).error().message, "a chat message holds at most 200 characters");
}

TEST(chat_limiter, allows_five_in_any_ten_seconds) {
  chat_limiter limiter(5, 10s);
  const auto t0 = start_time();
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(limiter.allow("a", t0 + std::chrono::seconds(i)));
  EXPECT_FALSE(limiter.allow("a", t0 + 5s));
  EXPECT_TRUE(limiter.allow("b", t0 + 5s));  // per player
  EXPECT_FALSE(limiter.allow("a", t0 + 9s));
  EXPECT_TRUE(limiter.allow("a", t0 + 10s));  // the first has left the window
  EXPECT_FALSE(limiter.allow("a", t0 + 10s));
  EXPECT_TRUE(limiter.allow("a", t0 + 30s));
}

TEST(room_chat, everyone_at_the_table_hears_it) {
  table t(make_settings(2), 1, 3);
  t.join_all();  // p2 watches: the seats are full
  const auto version = t.r.version();
  auto line = msg("chat", "text", "  good luck  ");
  line["id"] = 1;
  t.send(t[2], line);
  for (auto& p : t.players) {
    const auto chat = p->fake->last("chat");
    ASSERT_TRUE(chat) << p->id;
    EXPECT_EQ(chat->dump(), R"({"type":"chat","from":"p2","name":"Player 2","seat":null,"text":"good luck"})");
  }
  t.send(t[1], msg("chat", "text", "thanks"));
  EXPECT_EQ((*t[2].fake->last("chat"))["seat"], 1);
  EXPECT_EQ(t.r.version(), version);  // chat is not table state
}

TEST(room_chat, bad_lines_are_refused_and_not_sent) {
  table t(make_settings(2), 1, 2);
  t.join_all();
  const auto heard = t[1].fake->count();
  for (const auto& text : {std::string(""), std::string("   "), repeat("x", 201), std::string("a\nb")}) {
    t.send(t[0], msg("chat", "text", text));
    EXPECT_EQ((*t[0].fake->last("error"))["code"], "bad_text") << text;
  }
  t.send(t[0], msg("chat", "text", 5));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "bad_message");
  t.send(t[0], msg("chat"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "bad_message");
  EXPECT_EQ(t[1].fake->count(), heard);
}

TEST(room_chat, five_lines_in_ten_seconds_then_rate_limited) {
  table t(make_settings(2), 1, 2);
  t.join_all();
  for (int i = 0; i < 5; ++i) t.send(t[0], msg("chat", "text", "spam " + std::to_string(i)));
  EXPECT_EQ(t[1].fake->of_type("chat").size(), 5u);
  auto sixth = msg("chat", "text", "spam 5");
  sixth["id"] = "c6";
  t.send(t[0], sixth);
  const auto error = t[0].fake->last("error");
  ASSERT_TRUE(error);
  EXPECT_EQ((*error)["code"], "rate_limited");
  EXPECT_EQ((*error)["id"], "c6");
  EXPECT_EQ(t[1].fake->of_type("chat").size(), 5u);
  t.send(t[1], msg("chat", "text", "my turn"));  // the limit is per player
  EXPECT_EQ(t[0].fake->of_type("chat").size(), 6u);
  t.advance(10s);
  t.send(t[0], msg("chat", "text", "again"));
  EXPECT_EQ((*t[1].fake->last("chat"))["text"], "again");
}

TEST(room_chat, reactions_are_a_fixed_handful_and_rate_limited) {
  table t(make_settings(2), 1, 2);
  t.join_all();
  for (const auto reaction : reactions) {
    t.send(t[0], msg("react", "reaction", reaction));
    const auto heard = t[1].fake->last("reaction");
    ASSERT_TRUE(heard);
    EXPECT_EQ((*heard)["reaction"], reaction);
    EXPECT_EQ((*heard)["from"], "p0");
    EXPECT_EQ((*heard)["seat"], 0);
  }
  const auto count = t[1].fake->of_type("reaction").size();
  t.send(t[0], msg("react", "reaction", "🦄"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "bad_reaction");
  t.send(t[0], msg("react", "reaction", "👍👍"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "bad_reaction");
  EXPECT_EQ(t[1].fake->of_type("reaction").size(), count);
  for (int i = 0; i < 4; ++i) t.send(t[0], msg("react", "reaction", "🔥"));  // 10 in the window
  t.send(t[0], msg("react", "reaction", "🔥"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "rate_limited");
  EXPECT_EQ(t[1].fake->of_type("reaction").size(), count + 4);
}

}  // namespace
}  // namespace shithead::server::testing
