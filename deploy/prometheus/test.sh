#!/usr/bin/env bash
# Checks the Prometheus files in this folder (docs/decisions/0088): the alert rules parse
# (`promtool check rules`), behave as their unit tests say (`promtool test rules alerts.test.yml`),
# and the scrape configuration example is valid (`promtool check config`). Fails on any failure.
# promtool comes with Debian's `prometheus` package: apt-get install -y prometheus.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v promtool >/dev/null 2>&1; then
  echo "promtool not found: apt-get install -y prometheus" >&2
  exit 1
fi
promtool --version 2>&1 | head -n 1

promtool check rules alerts.yml
promtool test rules alerts.test.yml
# The example reads its token from a file (credentials_file), which must exist for the check: a throwaway one.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp prometheus.yml alerts.yml "$tmp/"
printf 'a-metrics-token-for-the-check-only\n' > "$tmp/speed-friendship.metrics-token"
promtool check config "$tmp/prometheus.yml"
echo "deploy/prometheus: rules, their tests and the scrape configuration pass"
