#!/usr/bin/env bash
# Stops the controller started by cluster/odl/start-controller.sh, by the PID it recorded only
# (never pkill/killall): SIGTERM, up to 60 s for Karaf to shut down, then SIGKILL of that PID.
#
#   cluster/odl/stop-controller.sh [--run-dir DIR]      (default run/odl)
#
# Exit 0 when no controller of that run directory is left running.
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
run_dir="${CORMORANT_ODL_RUN:-$repo/run/odl}"
grace=60
while [ $# -gt 0 ]; do
  case "$1" in
    --run-dir) run_dir="$2"; shift ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "stop-controller: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

[ -d "$run_dir" ] && run_dir="$(readlink -f "$run_dir")"
pid_file="$run_dir/karaf.pid"
pid=$(cat "$pid_file" 2>/dev/null || true)
if [ -z "$pid" ]; then
  echo "stop-controller: no controller recorded in $pid_file"
  exit 0
fi

ours() {  # the recorded PID is still our Karaf (the JVM, or bin/karaf before it execs the JVM),
          # not a recycled PID: it runs in a directory under the run directory and names karaf
  [ -r "/proc/$pid/cmdline" ] || return 1
  case "$(readlink "/proc/$pid/cwd" 2>/dev/null)/" in "$run_dir"/*) ;; *) return 1 ;; esac
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q "karaf"
}

if ! ours; then
  echo "stop-controller: pid $pid is not running (or is not this run's Karaf); nothing to stop"
  rm -f "$pid_file"
  exit 0
fi

kill -TERM "$pid"
for _ in $(seq 1 "$grace"); do
  ours || break
  sleep 1
done
if ours; then
  echo "stop-controller: pid $pid still running after ${grace}s; SIGKILL" >&2
  kill -KILL "$pid"
  sleep 1
fi
if ours; then
  echo "stop-controller: pid $pid survived SIGKILL" >&2
  exit 1
fi
rm -f "$pid_file"
echo "stop-controller: stopped pid $pid"
