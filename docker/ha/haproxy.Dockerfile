# HAProxy 2.6 from Debian 12's own packages: one address in front of the servers, for
# compose.ha.yaml (players sent to the server that holds the database's lease) and
# compose.cluster.yaml (a table's players sent to one server by the table's code).
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
ARG DEBIAN_FRONTEND=noninteractive
# A mirror that fails a download now and then is tried again (Acquire::Retries).
RUN apt-get -o Acquire::Retries=3 update -qq \
 && apt-get -o Acquire::Retries=3 install -y -qq --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/*
# compose.cluster.yaml builds it with its own configuration.
ARG HAPROXY_CONFIG=docker/ha/haproxy.cfg
COPY ${HAPROXY_CONFIG} /etc/haproxy/shithead.cfg
USER haproxy
CMD ["haproxy", "-db", "-f", "/etc/haproxy/shithead.cfg"]
