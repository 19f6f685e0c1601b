#!/usr/bin/env bash
# Production behind nginx, for real (README "Production", docs/decisions/0033): Debian's nginx with
# deploy/nginx/speed-friendship.conf (only its ports, paths and name rewritten), a self-signed
# certificate, a fresh PostgreSQL database with the migrations and the demo data, and two instances
# started as deploy/speed-friendship@.service starts them (its ExecStart, an env file made from
# deploy/speed-friendship.env.example). Then deploy/test/journey.ts goes through nginx over HTTPS
# and WSS only. Everything it starts is stopped, and the database dropped, however it ends.
#
#   bash deploy/test/run.sh
#
# DEPLOY_HTTPS_PORT / DEPLOY_HTTP_PORT (default 18443 / 18080) and DEPLOY_APP_PORT (15001: the
# instances take the first two free ports from there) are where to start looking for free ports;
# DEPLOY_PG_URL (postgres://postgres@127.0.0.1:5432) is the server to create the database on.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
started=$(date +%s)
say() { printf '[deploy t+%ss] %s\n' "$(($(date +%s) - started))" "$*"; }
fail() { printf '[deploy] FAILED: %s\n' "$*" >&2; exit 1; }

pg_url=${DEPLOY_PG_URL:-postgres://postgres@127.0.0.1:5432}
tmp=$(mktemp -d /tmp/sf-deploy.XXXXXX)
db="sf_deploy_$(date +%s)_$$"
instance_pids=()
db_created=

cleanup() {
  local rc=$?
  set +e
  if [ -f "$tmp/nginx.pid" ]; then kill "$(cat "$tmp/nginx.pid")" 2>/dev/null; fi
  for pid in "${instance_pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${instance_pids[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null
  done
  if [ "$rc" != 0 ]; then
    for f in "$tmp"/logs/*.log; do
      [ -f "$f" ] || continue
      printf '\n--- last lines of %s\n' "$(basename "$f")" >&2
      tail -n 40 "$f" >&2
    done
  fi
  if [ -n "$db_created" ]; then psql "$pg_url/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1; fi
  rm -rf "$tmp"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A port nobody listens on, from $1 upwards (skipping the ones in $2...).
free_port() {
  local p=$1
  shift
  while (echo >"/dev/tcp/127.0.0.1/$p") 2>/dev/null || [[ " $* " == *" $p "* ]]; do p=$((p + 1)); done
  echo "$p"
}

# --- nginx, from Debian's packages -------------------------------------------------------------
brotli_module=/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so
if ! command -v nginx >/dev/null || [ ! -f "$brotli_module" ]; then
  say "installing nginx and its brotli module (apt-get)"
  install_nginx() { DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-filter >/dev/null; }
  install_nginx || { apt-get update >/dev/null && install_nginx; }
fi
nginx_bin=$(command -v nginx)

https_port=$(free_port "${DEPLOY_HTTPS_PORT:-18443}")
http_port=$(free_port "${DEPLOY_HTTP_PORT:-18080}" "$https_port")
app_a=$(free_port "${DEPLOY_APP_PORT:-15001}" "$https_port" "$http_port")
app_b=$(free_port "$((app_a + 1))" "$https_port" "$http_port" "$app_a")
public_url="https://localhost:$https_port"
say "HTTPS $https_port, HTTP $http_port, instances $app_a and $app_b, work directory $tmp"
mkdir -p "$tmp/logs" "$tmp/tls" "$tmp/nginx-temp" "$tmp/acme"
# Debian's module snippets load "modules/…" relative to nginx's prefix, here $tmp.
ln -s /usr/lib/nginx/modules "$tmp/modules"

# --- TLS: a self-signed certificate for localhost ----------------------------------------------
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -keyout "$tmp/tls/privkey.pem" -out "$tmp/tls/fullchain.pem" 2>/dev/null

# --- the database: created empty; the migrations and the demo data ----------------------------
psql "$pg_url/postgres" -v ON_ERROR_STOP=1 -qc "CREATE DATABASE $db"
db_created=1
database_url="$pg_url/$db"

# --- the env file, from the example: this machine's database and address ----------------------
# SMTP_URL is left out: mail then waits in the outbox table, where the journey reads login codes.
example=deploy/speed-friendship.env.example
env_file="$tmp/env"
sed -e "s|^DATABASE_URL=.*|DATABASE_URL=$database_url|" \
  -e "s|^PUBLIC_URL=.*|PUBLIC_URL=$public_url|" \
  -e "s|^DATA_DIR=.*|DATA_DIR=$tmp/data|" \
  -e "s|^BACKUP_DIR=.*|BACKUP_DIR=$tmp/backups|" \
  -e "s|^SMTP_URL=.*|# SMTP_URL: none in this test|" \
  "$example" >"$env_file"
for key in NODE_ENV=production HOST=127.0.0.1 TRUST_PROXY=true "DATABASE_URL=$database_url" "PUBLIC_URL=$public_url"; do
  grep -qxF "$key" "$env_file" || fail "the env file made from $example lacks $key"
done
grep -q '^PORT=' "$env_file" && fail "$example must not set PORT (the unit's instance name does)"
# The values as a shell reads the file (quotes removed), as systemd's EnvironmentFile= does.
env_vars=()
while IFS= read -r -d '' line; do env_vars+=("$line"); done < <(env -i /bin/sh -c 'set -a; . "$1"; set +a; unset PWD; exec env -0' sh "$env_file")

say "migrations and demo data (ENV_FILE=... npm run seed)"
# As an operator runs it: the settings from the env file itself (ENV_FILE, src/server/cli/env-file.ts).
env -i PATH="$PATH" HOME="${HOME:-/root}" ENV_FILE="$env_file" npm run --silent seed >"$tmp/logs/seed.log" 2>&1 || fail "npm run seed: $(tail -n 5 "$tmp/logs/seed.log")"

# --- the build (npm start's own builder: browser app, server module, migrations beside it) ------
if [ ! -f dist/client/index.html ] || [ ! -f dist/server/main.js ]; then say "building (dist/ missing)"; fi
node scripts/start.mjs --build-only

# --- the instances, as the systemd unit starts them --------------------------------------------
unit=deploy/speed-friendship@.service
if command -v systemd-analyze >/dev/null; then
  cp "$unit" "$tmp/speed-friendship@$app_a.service"
  verify=$(systemd-analyze verify --man=no "$tmp/speed-friendship@$app_a.service" 2>&1 || true)
  # Outside a booted systemd, only the user and paths of a real server may be missing.
  verify=$(grep -v -e "speedfriendship" -e "/srv/speed-friendship" -e "Failed to connect to bus" -e "not running" <<<"$verify" || true)
  [ -z "$verify" ] || fail "systemd-analyze verify $unit: $verify"
fi
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
workdir=$(sed -n 's/^WorkingDirectory=//p' "$unit")
[ -n "$exec_start" ] && [ "$workdir" = /srv/speed-friendship ] || fail "$unit: ExecStart or WorkingDirectory not as expected"
grep -qx 'KillSignal=SIGTERM' "$unit" || fail "$unit: KillSignal=SIGTERM missing"
start_instance() {
  local port=$1
  local -a cmd
  read -r -a cmd <<<"${exec_start//%i/$port}"
  # WorkingDirectory is this checkout; the command and the environment are the unit's. Not
  # through a function: $! must be the process that becomes node (env execs it), for kill.
  env -i PATH="$PATH" HOME="${HOME:-/root}" "${env_vars[@]}" "${cmd[@]}" >"$tmp/logs/instance-$port.log" 2>&1 &
  instance_pids+=("$!")
}
say "starting two instances: $exec_start"
start_instance "$app_a"
pid_a=${instance_pids[0]}
start_instance "$app_b"
pid_b=${instance_pids[1]}
for port in "$app_a" "$app_b"; do
  for i in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break
    [ "$i" = 120 ] && fail "instance on $port did not answer /api/health"
    for pid in "${instance_pids[@]}"; do kill -0 "$pid" 2>/dev/null || fail "an instance exited at start"; done
    sleep 0.5
  done
done

# --- nginx: the production site, its ports, paths and name rewritten ---------------------------
site=deploy/nginx/speed-friendship.conf
rewrite=(
  "s|listen 80;|listen $http_port;|"
  "s|listen \[::\]:80;|listen [::]:$http_port;|"
  "s|listen 443 ssl http2;|listen $https_port ssl http2;|"
  "s|listen \[::\]:443 ssl http2;|listen [::]:$https_port ssl http2;|"
  "s|set \$sf_https_port \"\";|set \$sf_https_port \":$https_port\";|"
  "s|server_name friends.example.com;|server_name localhost;|"
  "s|/etc/ssl/speed-friendship/|$tmp/tls/|"
  "s|server 127.0.0.1:5001 |server 127.0.0.1:$app_a |"
  "s|server 127.0.0.1:5002 |server 127.0.0.1:$app_b |"
  "s|root /srv/speed-friendship/dist/client;|root $root/dist/client;|"
  "s|root /var/www/letsencrypt;|root $tmp/acme;|"
  "s|/var/log/nginx/speed-friendship.access.log|$tmp/logs/nginx-access.log|"
)
cp "$site" "$tmp/site.conf"
# A machine without IPv6 cannot bind [::]: those two lines go (and only those).
if [ ! -s /proc/net/if_inet6 ]; then
  rewrite[1]='/listen \[::\]:80;/d'
  rewrite[3]='/listen \[::\]:443 ssl http2;/d'
fi
for r in "${rewrite[@]}"; do
  before=$(cat "$tmp/site.conf")
  sed -i -e "$r" "$tmp/site.conf"
  [ "$before" != "$(cat "$tmp/site.conf")" ] || fail "$site no longer has what this test rewrites: $r"
done
# Debian's /etc/nginx/nginx.conf in short: the modules (brotli), mime types, our site; here with
# its own pid, logs and temporary files so that it touches nothing of a system nginx.
cat >"$tmp/nginx.conf" <<EOF
# The workers read dist/client from this clone, which may sit in a private (0700) directory: run them as whoever runs the test.
user $(id -un);
worker_processes 2;
pid $tmp/nginx.pid;
error_log $tmp/logs/nginx-error.log warn;
include /etc/nginx/modules-enabled/*.conf;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    log_format upstreams '\$remote_addr "\$request" \$status upstream=\$upstream_addr';
    access_log $tmp/logs/nginx-access.log upstreams;
    client_body_temp_path $tmp/nginx-temp/body;
    proxy_temp_path $tmp/nginx-temp/proxy;
    fastcgi_temp_path $tmp/nginx-temp/fastcgi;
    uwsgi_temp_path $tmp/nginx-temp/uwsgi;
    scgi_temp_path $tmp/nginx-temp/scgi;
    include $tmp/site.conf;
}
EOF
"$nginx_bin" -t -q -p "$tmp" -c "$tmp/nginx.conf"
"$nginx_bin" -p "$tmp" -c "$tmp/nginx.conf"
for _ in $(seq 1 50); do [ -s "$tmp/nginx.pid" ] && break; sleep 0.1; done
say "nginx $(nginx -v 2>&1 | sed 's|.*/||') on $https_port and $http_port"

# --- the journey, through nginx only -----------------------------------------------------------
SF_BASE="$public_url" SF_HTTP_BASE="http://localhost:$http_port" SF_CA="$tmp/tls/fullchain.pem" \
  SF_DATABASE_URL="$database_url" SF_CLIENT_DIR="$root/dist/client" \
  SF_INSTANCES="a:$pid_a:$app_a:$tmp/logs/instance-$app_a.log,b:$pid_b:$app_b:$tmp/logs/instance-$app_b.log" \
  SF_NGINX_LOG="$tmp/logs/nginx-access.log" \
  npx tsx deploy/test/journey.ts

say "production behind nginx: passed"
