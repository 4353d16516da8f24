#!/usr/bin/env bash
# Starts or installs what the test suite talks to for real: Redis and Debian's Chromium.
# Safe to run repeatedly; prints what it did.
set -u

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  if command -v redis-server >/dev/null 2>&1; then
    echo "ensure-services: starting redis-server on 127.0.0.1:6379"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
    for _ in $(seq 1 50); do redis-cli ping >/dev/null 2>&1 && break; sleep 0.1; done
  else
    echo "ensure-services: redis-server is not installed; Redis tests will fail (apt-get install -y redis-server)" >&2
  fi
fi

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-services: installing Debian's chromium for the scraping tests"
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >/dev/null 2>&1 \
      || { apt-get update >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >/dev/null 2>&1; } \
      || echo "ensure-services: could not install chromium; scraping tests will say so" >&2
  else
    echo "ensure-services: /usr/bin/chromium missing and cannot apt-get here; scraping tests will say so" >&2
  fi
fi
exit 0
