#!/usr/bin/env bash
# Fails when a C++ file is not as clang-format (.clang-format) would write it, and says
# which; `scripts/check-format.sh --fix` rewrites them instead.
set -euo pipefail
cd "$(dirname "$0")/.."

# Tracked and new (not ignored) files that exist: a deletion not yet committed is skipped.
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.cpp' '*.hpp' | sort -u |
  while read -r f; do [[ -f "$f" ]] && echo "$f"; done)
if [[ "${1:-}" == "--fix" ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run --Werror "${files[@]}" 2>/tmp/check-format.$$; then
  grep -o '^[^:]*\.[ch]pp' /tmp/check-format.$$ | sort -u | sed 's/^/not formatted: /'
  rm -f /tmp/check-format.$$
  echo "run scripts/check-format.sh --fix, and commit the result" >&2
  exit 1
fi
rm -f /tmp/check-format.$$
echo "format: ${#files[@]} files as .clang-format writes them"
