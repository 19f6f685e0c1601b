#!/usr/bin/env bash
# Production behind nginx, for real (README "Production", docs/decisions/0033): Debian's nginx with
# deploy/nginx/speed-friendship.conf (only its ports, paths and name rewritten), a self-signed
# certificate, a fresh PostgreSQL database with the migrations and the demo data, and two instances
# started as deploy/speed-friendship@.service starts them (its ExecStart, an env file made from
# deploy/speed-friendship.env.example) from a release folder made by deploy/upgrade.sh. Then
# deploy/test/journey.ts goes through nginx over HTTPS and WSS only; then, under steady traffic
# (deploy/test/traffic.ts), deploy/upgrade.sh builds and rolls out a second release and
# deploy/rollback.sh goes back to the first (docs/decisions/0090). Everything it starts is stopped,
# and the database dropped, however it ends.
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
db_created=
traffic_pid=
# deploy/test/instance.sh keeps each instance's pid in $tmp/pids/PORT.pid.
export SF_DEPLOY_TMP=$tmp
instance_pids() { cat "$tmp"/pids/*.pid 2>/dev/null || true; }

cleanup() {
  local rc=$?
  set +e
  if [ -n "$traffic_pid" ]; then kill "$traffic_pid" 2>/dev/null; fi
  if [ -f "$tmp/nginx.pid" ]; then kill "$(cat "$tmp/nginx.pid")" 2>/dev/null; fi
  local pids
  pids=$(instance_pids)
  for pid in $pids; do kill "$pid" 2>/dev/null; done
  for pid in $pids; do
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
mkdir -p "$tmp/logs" "$tmp/tls" "$tmp/nginx-temp" "$tmp/acme" "$tmp/pids"
# The unit's /srv/speed-friendship: release folders and the `current` link (deploy/releases.sh).
app_dir=$tmp/app
mkdir -p "$app_dir"
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
# deploy/upgrade.sh and deploy/rollback.sh as in production, but on this test's folders and ports,
# with instance.sh instead of systemctl. The releases are built with e2e/vite.release.config.ts, so
# each has its own hashed file names (a second build of the same code would reuse every name).
deploy_env=(APP_DIR="$app_dir" SOURCE_DIR="$root" ENV_FILE="$env_file" PORTS="$app_a $app_b"
  RESTART_CMD="bash $root/deploy/test/instance.sh restart %i" CLIENT_CONFIG=e2e/vite.release.config.ts
  VITE_CONFIG_NATIVE_IGNORE_WARNING=true)

say "migrations and demo data (ENV_FILE=... npm run seed)"
# As an operator runs it: the settings from the env file itself (ENV_FILE, src/server/cli/env-file.ts).
env -i PATH="$PATH" HOME="${HOME:-/root}" ENV_FILE="$env_file" npm run --silent seed >"$tmp/logs/seed.log" 2>&1 || fail "npm run seed: $(tail -n 5 "$tmp/logs/seed.log")"

# --- the first release: deploy/upgrade.sh --no-restart (build, migrations, current) -------------
say "the first release (deploy/upgrade.sh --no-restart)"
env "${deploy_env[@]}" RELEASE_MARK=R1 bash deploy/upgrade.sh --no-restart
first_release=$(basename "$(readlink "$app_dir/current")")
[ -f "$app_dir/current/dist/server/main.js" ] || fail "deploy/upgrade.sh --no-restart made no current release"

# --- the instances, as the systemd unit starts them --------------------------------------------
unit=deploy/speed-friendship@.service
if command -v systemd-analyze >/dev/null; then
  cp "$unit" "$tmp/speed-friendship@$app_a.service"
  verify=$(systemd-analyze verify --man=no "$tmp/speed-friendship@$app_a.service" 2>&1 || true)
  # Outside a booted systemd, only the user and paths of a real server may be missing.
  verify=$(grep -v -e "speedfriendship" -e "/srv/speed-friendship" -e "Failed to connect to bus" -e "not running" -e "current/dist/server/main.js" <<<"$verify" || true)
  [ -z "$verify" ] || fail "systemd-analyze verify $unit: $verify"
fi
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
workdir=$(sed -n 's/^WorkingDirectory=//p' "$unit")
[ -n "$exec_start" ] && [ "$workdir" = /srv/speed-friendship ] || fail "$unit: ExecStart or WorkingDirectory not as expected"
grep -qx 'KillSignal=SIGTERM' "$unit" || fail "$unit: KillSignal=SIGTERM missing"
[[ "$exec_start" == *" current/dist/server/main.js" ]] || fail "$unit: ExecStart does not start the current release"
# deploy/test/instance.sh runs this command, with this environment, in $app_dir (the unit's WorkingDirectory).
echo "$exec_start" >"$tmp/exec_start"
wait_healthy() {
  local port=$1 i pid
  for i in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && return 0
    pid=$(cat "$tmp/pids/$port.pid")
    kill -0 "$pid" 2>/dev/null || fail "the instance on $port exited at start"
    sleep 0.5
  done
  fail "instance on $port did not answer /api/health"
}
say "starting two instances: $exec_start"
bash deploy/test/instance.sh start "$app_a"
bash deploy/test/instance.sh start "$app_b"
for port in "$app_a" "$app_b"; do wait_healthy "$port"; done
pid_a=$(cat "$tmp/pids/$app_a.pid")
pid_b=$(cat "$tmp/pids/$app_b.pid")

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
  "s|root /srv/speed-friendship/current/dist/client;|root $app_dir/current/dist/client;|"
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
  SF_DATABASE_URL="$database_url" SF_CLIENT_DIR="$app_dir/current/dist/client" \
  SF_INSTANCES="a:$pid_a:$app_a:$tmp/logs/instance-$app_a.log,b:$pid_b:$app_b:$tmp/logs/instance-$app_b.log" \
  SF_NGINX_LOG="$tmp/logs/nginx-access.log" \
  npx tsx deploy/test/journey.ts

# --- an upgrade and a rollback under steady traffic ---------------------------------------------
# The journey stopped one instance: it starts again, as systemd's Restart= would.
for port in "$app_a" "$app_b"; do
  kill -0 "$(cat "$tmp/pids/$port.pid" 2>/dev/null || echo 0)" 2>/dev/null || bash deploy/test/instance.sh start "$port"
done
for port in "$app_a" "$app_b"; do
  for i in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/api/health/ready" >/dev/null && break
    [ "$i" = 120 ] && fail "instance on $port not ready"
    sleep 0.5
  done
done
sleep 1.5 # nginx's fail_timeout for the instance the journey stopped
say "steady traffic through nginx (deploy/test/traffic.ts), then deploy/upgrade.sh, then deploy/rollback.sh"
SF_BASE="$public_url" SF_CA="$tmp/tls/fullchain.pem" SF_DATABASE_URL="$database_url" SF_APP_DIR="$app_dir" \
  SF_READY_FILE="$tmp/traffic.ready" SF_STOP_FILE="$tmp/traffic.stop" SF_RESULT="$tmp/traffic.json" \
  node node_modules/tsx/dist/cli.mjs deploy/test/traffic.ts >"$tmp/logs/traffic.log" 2>&1 &
traffic_pid=$!
for i in $(seq 1 300); do
  [ -f "$tmp/traffic.ready" ] && break
  kill -0 "$traffic_pid" 2>/dev/null || fail "the traffic generator exited: $(cat "$tmp/logs/traffic.log")"
  [ "$i" = 300 ] && fail "the traffic generator did not start within 60 s: $(cat "$tmp/logs/traffic.log")"
  sleep 0.2
done
sleep 3
upgrade_began=$SECONDS
env "${deploy_env[@]}" RELEASE_MARK=R2 bash deploy/upgrade.sh
second_release=$(basename "$(readlink "$app_dir/current")")
[ "$second_release" != "$first_release" ] || fail "deploy/upgrade.sh did not make a new release current"
[ "$(basename "$(readlink "$app_dir/previous")")" = "$first_release" ] || fail "the previous release is not $first_release"
say "upgraded to $second_release in $((SECONDS - upgrade_began)) s under traffic"
sleep 3
rollback_began=$SECONDS
env "${deploy_env[@]}" bash deploy/rollback.sh
[ "$(basename "$(readlink "$app_dir/current")")" = "$first_release" ] || fail "deploy/rollback.sh did not go back to $first_release"
say "rolled back to $first_release in $((SECONDS - rollback_began)) s under traffic"
sleep 3
touch "$tmp/traffic.stop"
traffic_rc=0
wait "$traffic_pid" || traffic_rc=$?
traffic_pid=
cat "$tmp/logs/traffic.log"
[ "$traffic_rc" = 0 ] || fail "the upgrade and rollback under traffic (figures above)"
# Every instance now runs the first release again: its page, byte for byte.
for port in "$app_a" "$app_b"; do
  [ "$(curl -sf "http://127.0.0.1:$port/" | sha256sum)" = "$(sha256sum <"$app_dir/releases/$first_release/dist/client/index.html")" ] ||
    fail "the instance on $port does not serve $first_release after the rollback"
done

say "production behind nginx: passed"
