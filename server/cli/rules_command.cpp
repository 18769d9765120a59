// `shithead rules [PRESET|RULESET] [--json]`: a preset's rules in words and its "what may
// be played on what" table, in the notation of the card reference tables ([R] fresh, <R>
// rule used up). RULESET is a table's house rules as a JSON object
// ({"preset": "shiphead", "powers": {"9": ["reverse"]}}), checked as a table's are.
#include <iomanip>
#include <string>

#include "protocol/rules_api.hpp"
#include "rules/ruleset.hpp"
#include "rules/words.hpp"
#include "server/cli/command_line.hpp"
#include "server/cli/ruleset_flag.hpp"

namespace shithead::server {
namespace {

using protocol::rank_names;
using protocol::top_state_name;
using rules::rank;

void print_json(const rules::ruleset& rs, std::ostream& out) { out << protocol::play_table_text(rs) << '\n'; }

void print_table(const rules::ruleset& rs, std::ostream& out) {
  const auto states = rs.reachable_top_states();
  out << rules::to_string(rs.preset) << ": " << rules::summary_in_words(rs) << "\n";
  if (rs.overrides != rules::ruleset_options{}) out << "With this table's house rules:\n";
  out << '\n';
  for (const auto& sentence : rules::rules_in_words(rs)) out << "  " << sentence << '\n';
  out << "\nWhat can be played on a...\n";
  for (auto t : states) {
    out << "  " << std::left << std::setw(6) << top_state_name(t) << "=> ";
    const auto names = rank_names(rs.playable_on(t));
    for (std::size_t i = 0; i < names.size(); ++i) out << (i ? ", " : "") << names[i];
    out << '\n';
  }
  out << "\nWhat can it play on?\n";
  for (rank r = rules::rank_two; r <= rules::rank_ace; ++r) {
    out << "  " << std::left << std::setw(6) << rules::rank_name(r) << "=> ";
    bool first = true;
    for (auto t : states) {
      if (t.top == 0 || !rules::has_rank(rs.playable_on(t), r)) continue;
      out << (first ? "" : ", ") << top_state_name(t);
      first = false;
    }
    out << '\n';
  }
  out << "\nUnder the pile (what the table shows)\n";
  for (const auto& [state, sentence] : rules::pile_words(rs))
    out << "  " << std::left << std::setw(6) << top_state_name(state) << sentence << '\n';
}

}  // namespace

int run_rules_command(arguments args, std::ostream& out, std::ostream& err) {
  bool json = false;
  std::string_view preset_name = "shiphead";
  bool named = false;
  for (auto arg : args) {
    if (arg == "--json") {
      json = true;
    } else if (!named) {
      preset_name = arg;
      named = true;
    } else {
      err << "rules: unexpected argument '" << arg << "'\n";
      return 2;
    }
  }
  if (!preset_name.starts_with('{') && !rules::parse_preset(preset_name)) {
    err << "rules: unknown preset '" << preset_name
        << "' (known: shiphead, isf, limbo, palace, standard, or a ruleset object)\n";
    return 2;
  }
  rules::ruleset rs;
  if (auto problem = parse_ruleset_flag(preset_name, rs)) {
    err << "rules: " << *problem << '\n';
    return 2;
  }
  if (json) {
    print_json(rs, out);
  } else {
    print_table(rs, out);
  }
  return 0;
}

}  // namespace shithead::server
