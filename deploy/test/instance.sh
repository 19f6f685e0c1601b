#!/usr/bin/env bash
# One instance as deploy/speed-friendship@.service runs it, for deploy/test/run.sh and as the restart
# command of deploy/upgrade.sh and deploy/rollback.sh in that test (where there is no systemd):
#
#   deploy/test/instance.sh start|stop|restart PORT
#
# Like `systemctl restart`: stop sends SIGTERM (the unit's KillSignal) and waits for the exit; start
# returns once the process is started, not when it listens. The command and environment are the
# unit's ExecStart and env file as run.sh wrote them into SF_DEPLOY_TMP; the working directory is
# the test's APP_DIR (the unit's /srv/speed-friendship). Each instance appends to logs/instance-PORT.log.
set -euo pipefail
tmp=${SF_DEPLOY_TMP:?SF_DEPLOY_TMP is not set (deploy/test/run.sh sets it)}
action=${1:?start, stop or restart}
port=${2:?a port}
pidfile=$tmp/pids/$port.pid

stop() {
  [ -f "$pidfile" ] || return 0
  local pid
  pid=$(cat "$pidfile")
  if kill -TERM "$pid" 2>/dev/null; then
    # TimeoutStopSec=15 in the unit, then SIGKILL.
    for _ in $(seq 1 75); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$pidfile"
}

start() {
  local -a env_vars cmd
  local line exec_start
  env_vars=()
  # As a shell reads the env file (quotes removed), as systemd's EnvironmentFile= does (docs/decisions/0089).
  while IFS= read -r -d '' line; do env_vars+=("$line"); done < <(env -i /bin/sh -c 'set -a; . "$1"; set +a; unset PWD; exec env -0' sh "$tmp/env")
  exec_start=$(cat "$tmp/exec_start")
  read -r -a cmd <<<"${exec_start//%i/$port}"
  mkdir -p "$tmp/pids"
  cd "$tmp/app"
  # env execs node: $! is the instance itself.
  env -i PATH="$PATH" HOME="${HOME:-/root}" "${env_vars[@]}" "${cmd[@]}" >>"$tmp/logs/instance-$port.log" 2>&1 </dev/null &
  echo "$!" >"$pidfile"
}

case "$action" in
  start) start ;;
  stop) stop ;;
  restart)
    stop
    start
    ;;
  *)
    echo "usage: $0 start|stop|restart PORT" >&2
    exit 2
    ;;
esac
