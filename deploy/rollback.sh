#!/usr/bin/env bash
# Back to the previous release in one command (README "Production", docs/decisions/0090-upgrades-without-a-blink.md):
#
#   sudo deploy/rollback.sh             the release that was current before this one
#   sudo deploy/rollback.sh RELEASE     a named release folder in $APP_DIR/releases
#   sudo deploy/rollback.sh --force     even across migrations the target release does not know
#
# The link moves back, then the instances restart one at a time as deploy/upgrade.sh restarts them.
# Migrations are forward-only: a release runs on the schema it knows. If the current release
# applied migrations the target does not know, this refuses (unless --force): the old code would
# meet tables or columns it was not written for. Rolling back twice returns to the newer release.
# Settings: as deploy/upgrade.sh (deploy/releases.sh).
set -euo pipefail
source "$(dirname "$0")/releases.sh"

force=
target=
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    -*) die "unknown option $arg (--force)" ;;
    *) target=$arg ;;
  esac
done

take_lock
started=$SECONDS
current=$(release_of current)
[ -n "$current" ] || die "$APP_DIR/current is not a release link: nothing to roll back from"
target=${target:-$(release_of previous)}
[ -n "$target" ] || die "no previous release ($APP_DIR/previous): nothing to roll back to"
[ -f "$releases_dir/$target/dist/server/main.js" ] || die "release $target is not in $releases_dir"
[ "$target" != "$current" ] || die "release $target is already current"

newer=$(migrations_newer "$current" "$target" | paste -sd ' ' -)
if [ -n "$newer" ] && [ -z "$force" ]; then
  die "refusing to roll back from $current to $target: $current applied migrations $target does not know ($newer).
Migrations are forward-only; $target's code was not written for that schema. Either restore the backup
taken before the upgrade (README \"Backups\"), or, if those migrations only add tables or columns that
$target ignores (README \"Upgrade notes\"), run deploy/rollback.sh --force."
fi
[ -z "$newer" ] || say "--force: rolling back across migrations $newer (the schema stays as it is)"

say "rolling back from $current to $target"
switch_to "$target"
restart_all "$target"
say "release $target is live again (was $current) after $((SECONDS - started)) s"
