# Release folders, shared by deploy/upgrade.sh and deploy/rollback.sh (sourced, not run).
# Why releases are laid out this way: docs/decisions/0090-upgrades-without-a-blink.md
#
#   $APP_DIR/releases/<id>/dist/client    the browser app of one build (its own assets, plus the
#                                         assets of releases that were live within the last hour)
#   $APP_DIR/releases/<id>/dist/server    the server module and the migrations it knows
#   $APP_DIR/releases/<id>/node_modules   the dependencies it was built with (hard links)
#   $APP_DIR/releases/<id>/OWN_ASSETS     the names of the assets its build made
#   $APP_DIR/releases/<id>/MIGRATIONS     the migrations it knows, one name a line
#   $APP_DIR/releases/<id>/RETIRED_AT     when it stopped being current (seconds since 1970)
#   $APP_DIR/current -> releases/<id>     what the instances start (the unit's ExecStart)
#   $APP_DIR/previous -> releases/<id>    what deploy/rollback.sh goes back to
#
# Settings (environment variables; the defaults are the production layout of README "Production"):
APP_DIR=${APP_DIR:-/srv/speed-friendship}
SOURCE_DIR=${SOURCE_DIR:-$APP_DIR}
ENV_FILE=${ENV_FILE:-/etc/speed-friendship/env}
PORTS=${PORTS-5001 5002}
# %i is the port, as in the unit's name. The deploy test replaces it with its own command.
RESTART_CMD=${RESTART_CMD:-systemctl restart speed-friendship@%i}
# The upstream's fail_timeout in deploy/nginx/speed-friendship.conf: after a refused connection nginx
# skips an instance that long, then tries it again.
NGINX_FAIL_TIMEOUT=${NGINX_FAIL_TIMEOUT:-1}
READY_TIMEOUT=${READY_TIMEOUT:-120}
ASSETS_KEEP_SECONDS=${ASSETS_KEEP_SECONDS:-3600}
KEEP_RELEASES=${KEEP_RELEASES:-5}
# The browser app's Vite configuration (the deploy test builds two distinguishable releases).
CLIENT_CONFIG=${CLIENT_CONFIG:-vite.config.ts}

releases_dir=$APP_DIR/releases
script_name=$(basename "$0" .sh)
say() { printf '[%s %s] %s\n' "$script_name" "$(date -u +%H:%M:%S)" "$*"; }
die() {
  printf '[%s] %s\n' "$script_name" "$*" >&2
  exit 1
}

# One upgrade or rollback at a time. fd 9 is closed for every command that may start an instance.
take_lock() {
  mkdir -p "$releases_dir"
  exec 9>"$APP_DIR/.deploy.lock"
  flock -n 9 || die "another upgrade or rollback is running (lock $APP_DIR/.deploy.lock)"
}

# The release a link (current or previous) points at, or nothing.
release_of() {
  local link=$APP_DIR/$1
  [ -L "$link" ] || return 0
  basename "$(readlink "$link")"
}

# Point a link at a release, atomically: a new link beside it, renamed over it (rename(2)).
point() {
  local tmp="$APP_DIR/.$1.$$"
  ln -sfn "releases/$2" "$tmp"
  mv -T "$tmp" "$APP_DIR/$1"
}

# The migrations a release knows, from the journal it was built with.
migrations_of() {
  local journal=$releases_dir/$1/dist/server/migrations/meta/_journal.json
  [ -f "$journal" ] || die "release $1 has no migration journal ($journal)"
  node -e 'for (const e of JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).entries) console.log(e.tag)' "$journal"
}

# Migrations release $1 knows that release $2 does not, one a line.
migrations_newer() {
  comm -23 <(migrations_of "$1" | sort) <(migrations_of "$2" | sort)
}

# Hard-link into release $1's assets the assets of every release that is live or stopped being live
# less than ASSETS_KEEP_SECONDS ago: a page (or service worker) of that release, still open on a
# phone, finds its lazy chunks in the release that serves it now.
carry_assets() {
  local into=$releases_dir/$1/dist/client/assets current now r from retired f
  current=$(release_of current)
  now=$(date +%s)
  [ -d "$into" ] || die "release $1 has no assets folder ($into)"
  for r in "$releases_dir"/*/; do
    r=$(basename "$r")
    [ "$r" != "$1" ] && [ -f "$releases_dir/$r/OWN_ASSETS" ] || continue
    if [ "$r" != "$current" ]; then
      [ -f "$releases_dir/$r/RETIRED_AT" ] || continue
      retired=$(cat "$releases_dir/$r/RETIRED_AT")
      ((now - retired < ASSETS_KEEP_SECONDS)) || continue
    fi
    from=$releases_dir/$r/dist/client/assets
    while IFS= read -r f; do
      [ -n "$f" ] && [ -f "$from/$f" ] && [ ! -e "$into/$f" ] || continue
      ln "$from/$f" "$into/$f" 2>/dev/null || cp -p "$from/$f" "$into/$f"
    done <"$releases_dir/$r/OWN_ASSETS"
  done
}

# Make release $1 current: its assets folder gains the live ones, the current release becomes the
# previous one (retired now), then the link moves. Instances already running keep their release.
switch_to() {
  local old
  old=$(release_of current)
  carry_assets "$1"
  if [ -n "$old" ] && [ "$old" != "$1" ]; then
    date +%s >"$releases_dir/$old/RETIRED_AT"
    point previous "$old"
  fi
  rm -f "$releases_dir/$1/RETIRED_AT"
  point current "$1"
  say "current is now release $1${old:+ (previous: $old)}"
}

# The env file's settings as a shell reads them (quotes removed, as systemd's EnvironmentFile= does;
# docs/decisions/0089), for running the release's own server.
env_vars=()
read_env_file() {
  [ -r "$ENV_FILE" ] || die "cannot read the settings file $ENV_FILE (ENV_FILE)"
  local line
  env_vars=()
  while IFS= read -r -d '' line; do env_vars+=("$line"); done < <(env -i /bin/sh -c 'set -a; . "$1"; set +a; unset PWD; exec env -0' sh "$ENV_FILE")
}

# A request to one instance on its own port, not through nginx.
instance_get() { curl -fsS -m 5 "http://127.0.0.1:$1$2"; }

# Restart the instance on port $1 and wait until it is ready, runs release $2, and nginx takes it
# again. Instances restart one at a time, so nginx always has one to send everything to.
restart_one() {
  local port=$1 release=$2 cmd began deadline want got
  cmd=${RESTART_CMD//%i/$port}
  began=$(date +%s%N)
  say "restarting the instance on port $port: $cmd"
  bash -c "$cmd" 9>&- || die "'$cmd' failed"
  deadline=$((SECONDS + READY_TIMEOUT))
  # Ready: this instance answers and will serve (its own readiness, src/server/modules/health).
  until instance_get "$port" /api/health/ready >/dev/null 2>&1; do
    ((SECONDS < deadline)) || die "the instance on port $port is not ready after ${READY_TIMEOUT} s (journalctl -u speed-friendship@$port)"
    sleep 0.2
  done
  # And it runs the release we switched to: its page is that release's index.html.
  want=$(sha256sum <"$releases_dir/$release/dist/client/index.html")
  got=$(instance_get "$port" / | sha256sum)
  [ "$want" = "$got" ] || die "the instance on port $port is ready but does not serve release $release: does its unit start $APP_DIR/current/dist/server/main.js (deploy/speed-friendship@.service)?"
  say "the instance on port $port is ready with release $release after $((($(date +%s%N) - began) / 1000000)) ms"
  # nginx skipped it for fail_timeout after the refused connections of the restart; after that it
  # tries it again with the next request. Only then may the next instance go. nginx keeps the time of
  # a failure in whole seconds and skips the instance while now - that second <= fail_timeout, so a
  # refusal just before it was ready can keep it out for up to fail_timeout + 1 s (the deploy test
  # met 502s when the next instance went after fail_timeout + 0.5 s).
  sleep "$((NGINX_FAIL_TIMEOUT + 1))"
  sleep 0.5
}

restart_all() {
  local port
  for port in $PORTS; do restart_one "$port" "$1"; done
}

# Keep the current and previous releases and the newest KEEP_RELEASES; remove the others.
prune_releases() {
  local current previous r kept=0
  current=$(release_of current)
  previous=$(release_of previous)
  # Newest first: release names start with the UTC time of their build.
  for r in $(ls -1 "$releases_dir" | grep -v '\.building$' | sort -r); do
    [ -d "$releases_dir/$r" ] || continue
    kept=$((kept + 1))
    if [ "$r" = "$current" ] || [ "$r" = "$previous" ] || ((kept <= KEEP_RELEASES)); then continue; fi
    say "removing old release $r"
    rm -rf "${releases_dir:?}/$r"
  done
}
