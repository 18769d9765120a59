#!/usr/bin/env bash
# The searching bots' strength against `normal`, as published in rules/README.md
# ("Bots"): for each level and preset, one seat of the level against three `normal`
# bots (its shithead rate) and against one (its losing rate, so its win rate is one
# minus that), over GAMES games (default 2,000) from seed 17. Prints each command and
# the line of `shithead simulate` it gave: `shithead_rate_by_seat[0]` holds the rate
# and its 95% interval, `search_move_ms` the time a move of the searching seat took.
#
#   bench/bot_strength.sh build/release/server/shithead
#
# On one core of the reference machine a run takes from 2 minutes (hard, shiphead,
# 4 players) to 48 (hard, palace, 2 players), and expert takes 7 to 10 times as long as
# hard: several hours for palace head to head. Such a run can be split: games are seeded
# by their number, so `--first-game K --games G` pieces run on several cores (or days)
# and their `shithead_by_seat` counts add up to the whole run's.
# Environment: GAMES, LEVELS (default "hard expert"), PRESETS (default "shiphead isf palace").
set -euo pipefail

if [[ $# -ne 1 ]]; then
  echo "usage: $0 SHITHEAD_BINARY" >&2
  exit 2
fi
binary=$1
games=${GAMES:-2000}
for level in ${LEVELS:-hard expert}; do
  for preset in ${PRESETS:-shiphead isf palace}; do
    for players in 4 2; do
      bots="$level,normal"
      [[ $players == 4 ]] && bots="$level,normal,normal,normal"
      command=("$binary" simulate --preset "$preset" --players "$players" --games "$games" --seed 17 --bots "$bots")
      echo "${command[*]}"
      "${command[@]}"
    done
  done
done
