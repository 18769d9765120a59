#pragma once
// An append-only JSON writer over a std::string, for the frames sent on every step of
// every game (`game` and `room`): building an nlohmann tree per frame and recipient
// cost more than the game itself. Its output is byte for byte what dump_json writes for
// the same tree (compact, keys in the order written), so readers and tests cannot tell
// the two apart.
//
//   json_writer w(text);
//   w.begin_object().key("type").string("game").key("version").number(v).end_object();
//
// Commas come by themselves; the caller keeps keys and values paired and the nesting
// balanced (a broken nesting is a bug in our writer code, not something input reaches).
#include <cstdint>
#include <string>
#include <string_view>

namespace shithead::protocol {

// compact: {"seat":0,"type":"pickup"}, as frames go out. spaced: a space after every
// colon and comma, {"seat": 0, "type": "pickup"}, as format_json_line writes it for
// people who read records.
enum class json_layout { compact, spaced };

class json_writer {
 public:
  explicit json_writer(std::string& out, json_layout layout = json_layout::compact)
      : out_(out), spaced_(layout == json_layout::spaced) {}

  json_writer& begin_object();
  // Goes on inside an object whose opening brace and first members are already in the
  // text (written by another writer), so the next key takes a comma.
  json_writer& continue_object() {
    need_comma_ = true;
    return *this;
  }
  json_writer& end_object();
  // Whether this writer puts a space after colons and commas: for a value still written
  // from a tree, which must then be laid out the same way.
  bool spaced() const { return spaced_; }
  json_writer& begin_array();
  json_writer& end_array();
  json_writer& key(std::string_view name);

  json_writer& string(std::string_view text);
  json_writer& number(std::int64_t value);
  json_writer& number(std::uint64_t value);
  // Without this an int would be ambiguous between the two above.
  json_writer& number(int value) { return number(std::int64_t{value}); }
  json_writer& boolean(bool value);
  json_writer& null();
  // Text that already is one JSON value (e.g. a rare value still dumped from a tree).
  json_writer& raw(std::string_view json_text);

 private:
  void before_value();

  void comma() { out_ += spaced_ ? ", " : ","; }

  std::string& out_;
  bool spaced_;
  // A value or a closed container was the last thing written at this level, so the next
  // key or value needs a comma. Cleared by an opening bracket and by a key.
  bool need_comma_ = false;
};

// `text` as a JSON string literal, quotes included, appended to `out`: exactly what
// nlohmann's dump with error_handler_t::replace writes for it.
void append_json_string(std::string& out, std::string_view text);

}  // namespace shithead::protocol
