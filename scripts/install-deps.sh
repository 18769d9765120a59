#!/usr/bin/env bash
# Installs the Debian 12 packages the build and tests need, only those missing.
# Runs apt-get as root, or through sudo when run as another user.
#   --with-browser  also what CI's browser and Docker tests need (chromium, an emoji font, curl,
#                   docker-compose, and Node.js with npm when no node is installed), in the
#                   same apt-get run
#   --with-fuzz     also what scripts/fuzz.sh needs: clang with the libFuzzer and sanitizer
#                   runtimes, and llvm-symbolizer for readable stacks. A flag of its own, not
#                   part of --with-browser: it is a few hundred MB that only fuzzing needs, and
#                   CI passes both flags, so it still takes one apt-get run
#   --with-checks   also clang-format and clang-tidy, for scripts/check-format.sh and check-tidy.sh
#   --with-postgresql
#                   also Debian's PostgreSQL server, which the tests start as a private cluster
#                   of their own (tests/postgres), and HAProxy, which the failover test puts
#                   in front of two servers; the server itself needs only libpq to use one
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  libboost1.81-dev nlohmann-json3-dev libspdlog-dev libsqlite3-dev libpq-dev zlib1g-dev
  libgtest-dev libgmock-dev libbenchmark-dev
)
for flag in "$@"; do
  case "$flag" in
    --with-browser)
      # curl and docker-compose: the Docker smoke tests (compose.ha.yaml)
      packages+=(chromium fonts-noto-color-emoji curl docker-compose)
      command -v node >/dev/null || packages+=(nodejs npm)
      ;;
    --with-fuzz)
      # clang only recommends libclang-rt-14-dev (libFuzzer, ASan, UBSan), and we install
      # without recommends; llvm-14 holds llvm-symbolizer.
      packages+=(clang libclang-rt-14-dev llvm-14)
      ;;
    --with-checks)
      packages+=(clang-format clang-tidy)
      ;;
    --with-postgresql)
      packages+=(postgresql haproxy)
      ;;
    *)
      echo "unknown flag $flag (known: --with-browser, --with-fuzz, --with-checks, --with-postgresql)" >&2
      exit 2
      ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
echo "Installing: ${missing[*]}"
# A mirror that fails a download now and then is tried again (Acquire::Retries).
"${as_root[@]}" apt-get -o Acquire::Retries=3 update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get -o Acquire::Retries=3 install -y -qq --no-install-recommends "${missing[@]}"
