# HAProxy 2.6 from Debian 12's own packages, for compose.ha.yaml: one address in front of
# the two servers, sending players to the one that holds the database's lease.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
ARG DEBIAN_FRONTEND=noninteractive
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/*
COPY docker/ha/haproxy.cfg /etc/haproxy/shithead.cfg
USER haproxy
CMD ["haproxy", "-db", "-f", "/etc/haproxy/shithead.cfg"]
