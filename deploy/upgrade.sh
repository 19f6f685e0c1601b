#!/usr/bin/env bash
# An upgrade without a blink (README "Production", docs/decisions/0090-upgrades-without-a-blink.md):
#
#   cd /srv/speed-friendship && sudo git pull && sudo npm ci && sudo deploy/upgrade.sh
#
# 1. builds what is checked out in SOURCE_DIR into a new release folder, $APP_DIR/releases/<id>,
#    never touching the release the instances run;
# 2. applies the new migrations (PostgreSQL; the embedded database is migrated by its one instance
#    as it starts);
# 3. makes it current (the previous release's assets stay reachable for an hour);
# 4. restarts the instances one at a time, each time waiting until the restarted one is ready, runs
#    the new release, and nginx takes it again, before the next.
#
#   deploy/upgrade.sh --build-only   step 1 only: prints the new release's id
#   deploy/upgrade.sh --no-restart   steps 1-3: a first install, before the instances are enabled
#
# Settings: APP_DIR, SOURCE_DIR, ENV_FILE, PORTS, RESTART_CMD, ... (deploy/releases.sh lists them).
# deploy/rollback.sh goes back to the previous release.
set -euo pipefail
source "$(dirname "$0")/releases.sh"

mode=all
case "${1:-}" in
  '') ;;
  --build-only) mode=build ;;
  --no-restart) mode=install ;;
  *) die "unknown option $1 (--build-only, --no-restart)" ;;
esac

[ -f "$SOURCE_DIR/package.json" ] && [ -d "$SOURCE_DIR/node_modules" ] || die "$SOURCE_DIR is not a checkout with its dependencies installed (npm ci)"
take_lock
started=$SECONDS

# --- 1. build into a new release folder ----------------------------------------------------------
commit=$(git -C "$SOURCE_DIR" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
id="$(date -u +%Y%m%dT%H%M%SZ)-$commit"
while [ -e "$releases_dir/$id" ]; do id="$id-again"; done
work="$releases_dir/$id.building"
rm -rf "$work"
mkdir -p "$work/dist"
trap 'rm -rf "$work"' EXIT
say "building release $id from $SOURCE_DIR"
vite() { (cd "$SOURCE_DIR" && NODE_ENV=production node node_modules/vite/bin/vite.js build --logLevel warn --emptyOutDir "$@"); }
vite --config "$CLIENT_CONFIG" --outDir "$work/dist/client" || die "the browser app did not build"
vite --config vite.server.config.ts --outDir "$work/dist/server" || die "the server did not build"
# The server reads its migrations from beside its module (src/server/db/client.ts).
cp -r "$SOURCE_DIR/src/server/db/migrations" "$work/dist/server/migrations"
[ -f "$work/dist/client/index.html" ] && [ -f "$work/dist/server/main.js" ] || die "the build made no index.html or main.js"
ls -1 "$work/dist/client/assets" >"$work/OWN_ASSETS"
# The dependencies as they are now: hard links, so a later `npm ci` (which replaces node_modules)
# changes nothing under a running release, and a rollback finds the ones it was built with.
cp -al "$SOURCE_DIR/node_modules" "$work/node_modules" 2>/dev/null || {
  rm -rf "$work/node_modules"
  say "node_modules cannot be hard-linked (another file system?): the release uses $SOURCE_DIR/node_modules"
  ln -s "$(cd "$SOURCE_DIR" && pwd)/node_modules" "$work/node_modules"
}
mv -T "$work" "$releases_dir/$id"
trap - EXIT
migrations_of "$id" >"$releases_dir/$id/MIGRATIONS"
say "built release $id in $((SECONDS - started)) s"
if [ "$mode" = build ]; then
  echo "$id"
  exit 0
fi

# --- 2. migrations ---------------------------------------------------------------------------------
old=$(release_of current)
new_migrations=
if [ -n "$old" ]; then new_migrations=$(migrations_newer "$id" "$old" | paste -sd ' ' -); fi
read_env_file
if printf '%s\n' "${env_vars[@]}" | grep -q '^DATABASE_URL=.'; then
  say "applying migrations${new_migrations:+ (new: $new_migrations)}"
  env -i PATH="$PATH" HOME="${HOME:-/root}" "${env_vars[@]}" node "$releases_dir/$id/dist/server/main.js" --migrate 9>&- ||
    die "the migrations failed: nothing was switched, the instances still run ${old:-what they ran}"
else
  say "embedded database: the instance applies the migrations as it starts"
fi

# --- 3. switch ---------------------------------------------------------------------------------------
switch_to "$id"
if [ -n "$old" ]; then
  if [ -n "$new_migrations" ]; then
    say "upgrade note: migrations $new_migrations are new; deploy/rollback.sh to $old will refuse (it does not know them)"
  else
    say "upgrade note: no new migrations; deploy/rollback.sh goes back to $old"
  fi
fi

# --- 4. the instances, one at a time -----------------------------------------------------------------
if [ "$mode" = all ]; then restart_all "$id"; fi
prune_releases
say "release $id is live${old:+ (was $old)} after $((SECONDS - started)) s"
