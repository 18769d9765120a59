# PostgreSQL 15 from Debian 12's own packages, for compose.ha.yaml: the database two
# shithead servers share. Built from the same base as the server's image, so it needs no
# registry beyond Debian's mirrors. The data lives in the volume /var/lib/postgresql/data.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
ARG DEBIAN_FRONTEND=noninteractive
# A mirror that fails a download now and then is tried again (Acquire::Retries).
RUN apt-get -o Acquire::Retries=3 update -qq \
 && apt-get -o Acquire::Retries=3 install -y -qq --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && install -d -o postgres -g postgres -m 0700 /var/lib/postgresql/data
COPY docker/ha/postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint
ENV PGDATA=/var/lib/postgresql/data
VOLUME /var/lib/postgresql/data
USER postgres
STOPSIGNAL SIGINT
HEALTHCHECK --interval=2s --timeout=3s --retries=30 \
  CMD /usr/lib/postgresql/15/bin/pg_isready -q -h 127.0.0.1 -p "${POSTGRES_PORT:-5432}"
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint"]
