# The shithead server as a container image: one binary, the web client, and a /data volume
# for the SQLite file.
#
#   docker build -t shithead .
#   docker run -d --name shithead -p 8080:8080 -v shithead-data:/data shithead
#
# Settings come from SHITHEAD_* environment variables (docker/.env.example lists them).
# Plain Dockerfile syntax only (no BuildKit extensions, no `# syntax=` line), so that the
# classic builder and a machine without a registry can build it too.

ARG BASE_IMAGE=debian:bookworm-slim

# ---- build: the release preset, target `shithead` only -------------------------------
FROM ${BASE_IMAGE} AS build
ARG DEBIAN_FRONTEND=noninteractive
# Parallel compile jobs; each job of the -O3 build needs around 1 GB of memory.
ARG JOBS=2

WORKDIR /opt/shithead
# The project's own list of Debian packages (it also brings the test libraries, unused
# here), so that a dependency added to the build is added to the image too.
COPY scripts/install-deps.sh scripts/install-deps.sh
RUN bash scripts/install-deps.sh && rm -rf /var/lib/apt/lists/*

# Only what the release build of the binary reads: a change to the web client, the tests
# or the docs does not recompile. A new top-level folder in CMakeLists.txt belongs here.
COPY CMakeLists.txt CMakePresets.json ./
COPY cmake/ cmake/
COPY rules/ rules/
COPY protocol/ protocol/
COPY server/ server/
# Built in /opt/shithead, the binary's default static folder is /opt/shithead/web-client,
# where the runtime stage puts the client (SHITHEAD_STATIC says so as well).
RUN cmake --preset release -DBUILD_TESTING=OFF -DSHITHEAD_BUILD_BENCH=OFF \
 && cmake --build --preset release --target shithead --parallel "${JOBS}" \
 && install -D -m 0755 -s build/release/server/shithead /out/shithead

# The Debian packages that hold the shared libraries the binary loads (ldd, then dpkg -S),
# for the runtime stage to install: e.g. libsqlite3-0, libspdlog1.10 and libfmt9 when they
# are linked dynamically. The base image's libc6, libgcc-s1 and libstdc++6 are listed too;
# apt-get leaves them as they are.
RUN set -eu; \
    ldd /out/shithead | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' > /out/libraries.txt; \
    : > /out/packages.txt; \
    while read -r lib; do \
      package=$(dpkg -S "*/$(basename "$lib")" | head -n 1 | cut -d: -f1); \
      [ -n "$package" ] || { echo "no Debian package holds $lib" >&2; exit 1; }; \
      echo "$package" >> /out/packages.txt; \
    done < /out/libraries.txt; \
    sort -u -o /out/packages.txt /out/packages.txt; \
    echo "runtime packages:"; cat /out/packages.txt

# ---- runtime: the binary, the web client and the runtime libraries -------------------
FROM ${BASE_IMAGE}
ARG DEBIAN_FRONTEND=noninteractive

LABEL org.opencontainers.image.title="shithead" \
      org.opencontainers.image.description="Self-hosted server for the card game Shithead: HTTP, WebSocket play, leaderboard in SQLite"

# sqlite3 is the command-line shell (about 2 MB with readline): it takes consistent
# backups of the live database (docker/README.md). The server itself needs only the
# libraries in packages.txt.
COPY --from=build /out/packages.txt /tmp/packages.txt
RUN apt-get -o Acquire::Retries=3 update \
 && xargs -a /tmp/packages.txt apt-get -o Acquire::Retries=3 install -y --no-install-recommends sqlite3 \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/log/apt /var/log/dpkg.log /tmp/packages.txt \
 && groupadd --gid 10001 shithead \
 && useradd --uid 10001 --gid 10001 --home-dir /data --no-create-home --no-log-init \
      --shell /usr/sbin/nologin shithead \
 && mkdir -p /data \
 && chown 10001:10001 /data

COPY web-client/ /opt/shithead/web-client/
COPY --from=build /out/shithead /usr/local/bin/shithead
# Fail the build here, not at the first start, if a library is missing.
RUN if ldd /usr/local/bin/shithead | grep 'not found'; then exit 1; fi \
 && shithead rules shiphead > /dev/null

# Defaults of the image; docker run -e / compose env_file override them. See
# docker/.env.example for every setting (SHITHEAD_TURN_TIMER, SHITHEAD_ALLOWED_ORIGINS, ...).
ENV SHITHEAD_PORT=8080 \
    SHITHEAD_BIND=0.0.0.0 \
    SHITHEAD_DATA=/data/shithead.db \
    SHITHEAD_STATIC=/opt/shithead/web-client \
    SHITHEAD_LOG_LEVEL=info

# A named volume starts as a copy of this folder, so it belongs to the shithead user. A
# bind-mounted host folder must be writable by uid 10001.
VOLUME ["/data"]
WORKDIR /data
USER 10001:10001
EXPOSE 8080

# The server stops on SIGTERM: stops accepting, tells the clients, flushes the store and
# exits 0 within its 7-second deadline, before Docker's default 10 seconds run out.
STOPSIGNAL SIGTERM

# The shell form expands SHITHEAD_PORT, so a changed port is still the one checked.
# (127.0.0.1 serves unless SHITHEAD_BIND names one other address.)
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD shithead healthcheck --url "http://127.0.0.1:${SHITHEAD_PORT:-8080}/healthz" || exit 1

# Exec form: shithead is PID 1 and receives SIGTERM itself (no shell in between).
# Other subcommands: docker run --rm shithead rules shiphead
ENTRYPOINT ["shithead"]
CMD ["serve"]
