#!/usr/bin/env bash
# Starts the Cormorant OpenDaylight controller (odl-app/karaf) and waits until RESTCONF answers.
#
#   cluster/odl/start-controller.sh [--keep-data] [--dist TARBALL] [--run-dir DIR] [--timeout SECS]
#                                   [--capacity-mbps N] [--hedera] [--hedera-period-ms N] [--poll-ms N]
#
# * Unpacks the distribution (default odl-app/karaf/target/cormorant-karaf-*.tar.gz) into
#   RUN_DIR (default run/odl, gitignored), again only when the tarball changed.
# * Clean start: deletes the controller's journal and snapshots (segmented-journal/, snapshots/),
#   so flows and config of an earlier run are gone; --keep-data keeps them.
# * --capacity-mbps N: the NIM takes every link's capacity as N Mbit/s instead of the inventory's
#   current-speed (which a TCLink-shaped veth reports as 10 Gbit/s); written to
#   etc/org.cormorant.nim.cfg, which is removed again without the option.
# * --hedera: the app also places unannounced large flows Hedera-style (flow statistics read every
#   poll, a round every --hedera-period-ms, default 5000); the "flow scheduler only" scenario.
#   --poll-ms N: how often the NIM reads the datastore (default 5000). Both go to the same file.
# * Runs Karaf in the background with JAVA_MAX_MEM (default 1536m), records its PID in
#   RUN_DIR/karaf.pid; Karaf's console output goes to RUN_DIR/karaf.out and its log to
#   RUN_DIR/<distribution>/data/log/karaf.log (nothing under /tmp: Mininet's cleanup deletes
#   /tmp/*.log and /tmp/*.out).
# * Ready when GET /rests/data/network-topology:network-topology?content=nonconfig answers 200 with
#   admin/admin (up to --timeout, default 240 s). Known flake: now and then AAA never accepts
#   admin/admin after a fresh start (401 for ever); after 401s for FLAKE_SECS (default 90 s) the
#   controller is stopped and started once more.
# Prints "READY <seconds> pid=<pid> rss_mb=<MB>" and exits 0, or exits 1 with the reason and the
# tail of the log. A controller already running from RUN_DIR is reused (exit 0 once ready).
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
run_dir="${CORMORANT_ODL_RUN:-$repo/run/odl}"
dist=""
keep_data=false
capacity_mbps=""
hedera=false
hedera_period_ms=""
poll_ms=""
timeout=240
flake_secs="${FLAKE_SECS:-90}"
restconf="${RESTCONF_URL:-http://127.0.0.1:8181/rests}"
export JAVA_MAX_MEM="${JAVA_MAX_MEM:-1536m}"
if [ -z "${JAVA_HOME:-}" ] && command -v java >/dev/null; then
  JAVA_HOME="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
  export JAVA_HOME
fi

while [ $# -gt 0 ]; do
  case "$1" in
    --keep-data) keep_data=true ;;
    --dist) dist="$2"; shift ;;
    --run-dir) run_dir="$2"; shift ;;
    --timeout) timeout="$2"; shift ;;
    --capacity-mbps) capacity_mbps="$2"; shift ;;
    --hedera) hedera=true ;;
    --hedera-period-ms) hedera_period_ms="$2"; shift ;;
    --poll-ms) poll_ms="$2"; shift ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) echo "start-controller: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

log() { echo "start-controller: $*" >&2; }

if [ -n "$capacity_mbps" ] && ! [[ "$capacity_mbps" =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  log "--capacity-mbps needs a number of Mbit/s, got '$capacity_mbps'"
  exit 2
fi
for pair in "--hedera-period-ms:$hedera_period_ms" "--poll-ms:$poll_ms"; do
  value="${pair#*:}"
  if [ -n "$value" ] && ! [[ "$value" =~ ^[0-9]+$ && "$value" -ge 500 ]]; then
    log "${pair%%:*} needs a whole number of milliseconds >= 500, got '$value'"
    exit 2
  fi
done

if [ -z "$dist" ]; then
  dist=$(ls -t "$repo"/odl-app/karaf/target/cormorant-karaf-*.tar.gz 2>/dev/null | head -1 || true)
fi
[ -n "$dist" ] && [ -f "$dist" ] || {
  log "no distribution found; build it first: (cd $repo && mvn -B install -DskipTests -pl odl-app/karaf -am)"
  exit 1
}
command -v curl >/dev/null || { log "curl is needed"; exit 1; }

mkdir -p "$run_dir"
run_dir="$(readlink -f "$run_dir")"   # Karaf reports its home by real path
pid_file="$run_dir/karaf.pid"
out_file="$run_dir/karaf.out"

alive() {  # our Karaf, by recorded PID: the JVM (or bin/karaf before it execs the JVM) running in
           # a directory under this run directory, not a recycled PID
  local pid="$1"
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  case "$(readlink "/proc/$pid/cwd" 2>/dev/null)/" in "$run_dir"/*) ;; *) return 1 ;; esac
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q "karaf"
}

http_code() {
  curl -s -o /dev/null -m 10 -w '%{http_code}' -u admin:admin \
    "$restconf/data/network-topology:network-topology?content=nonconfig" 2>/dev/null || true
}

rss_mb() { awk '/^VmRSS:/ {printf "%d", $2/1024}' "/proc/$1/status" 2>/dev/null || echo "?"; }

unpack() {
  local stamp="$run_dir/.unpacked-from" want
  want="$(readlink -f "$dist") $(stat -c '%s %Y' "$dist")"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$(cat "$run_dir/.home" 2>/dev/null)" ]; then
    return 0
  fi
  local top
  top=$(tar -tzf "$dist" 2>/dev/null | head -1 | cut -d/ -f1 || true)
  [ -n "$top" ] || { log "cannot read $dist"; exit 1; }
  log "unpacking $(basename "$dist") into $run_dir/$top"
  rm -rf "${run_dir:?}/$top"
  tar -xzf "$dist" -C "$run_dir"
  echo "$run_dir/$top" > "$run_dir/.home"
  echo "$want" > "$stamp"
}

start_karaf() {
  local home="$1"
  local cfg=""
  if [ -n "$capacity_mbps" ]; then
    cfg+=$(printf 'useInventorySpeed = false\ndefaultCapacityMbps = %s\n' "$capacity_mbps")$'\n'
  fi
  if $hedera; then
    cfg+="hedera = true"$'\n'
    [ -n "$hedera_period_ms" ] && cfg+="hederaPeriodMillis = $hedera_period_ms"$'\n'
  fi
  [ -n "$poll_ms" ] && cfg+="pollMillis = $poll_ms"$'\n'
  if [ -n "$cfg" ]; then
    printf '%s' "$cfg" > "$home/etc/org.cormorant.nim.cfg"
  else
    rm -f "$home/etc/org.cormorant.nim.cfg"
  fi
  if ! $keep_data; then
    rm -rf "$home/segmented-journal" "$home/snapshots"
  fi
  if curl -s -o /dev/null -m 3 "http://127.0.0.1:8181/" 2>/dev/null; then
    log "port 8181 is already taken by another process; stop that controller first"
    exit 1
  fi
  echo "--- start $(date -Is) JAVA_MAX_MEM=$JAVA_MAX_MEM" >> "$out_file"
  # 'daemon' makes bin/karaf exec the JVM, so $! is the Karaf JVM itself.
  ( cd "$home" && exec setsid nohup bin/karaf daemon >> "$out_file" 2>&1 < /dev/null ) &
  echo $! > "$pid_file"
}

stop_karaf() {
  "$repo/cluster/odl/stop-controller.sh" --run-dir "$run_dir" >&2 || true
}

# Waits for 200. Returns 0 ready, 1 timeout or death, 3 the AAA flake (401 for flake_secs).
wait_ready() {
  local pid="$1" t0="$2" first401="" code now
  while :; do
    now=$(date +%s)
    if ! alive "$pid"; then
      log "Karaf (pid $pid) exited; see $out_file"
      return 1
    fi
    code=$(http_code)
    case "$code" in
      200) return 0 ;;
      401)
        [ -n "$first401" ] || first401=$now
        if [ $((now - first401)) -ge "$flake_secs" ]; then return 3; fi ;;
      *) first401="" ;;
    esac
    if [ $((now - t0)) -ge "$timeout" ]; then
      log "RESTCONF not ready after ${timeout}s (last HTTP status $code)"
      return 1
    fi
    sleep 2
  done
}

unpack
home="$(cat "$run_dir/.home")"

old_pid=$(cat "$pid_file" 2>/dev/null || true)
t0=$(date +%s)
if alive "$old_pid"; then
  log "already running (pid $old_pid); waiting for RESTCONF"
  pid="$old_pid"
else
  rm -f "$pid_file"
  start_karaf "$home"
  pid=$(cat "$pid_file")
  log "Karaf pid $pid, log $home/data/log/karaf.log"
fi

attempt=1
while :; do
  set +e
  wait_ready "$pid" "$t0"
  rc=$?
  set -e
  if [ $rc -eq 0 ]; then
    echo "READY $(( $(date +%s) - t0 )) pid=$pid rss_mb=$(rss_mb "$pid") restconf=$restconf attempts=$attempt"
    exit 0
  fi
  if [ $rc -eq 3 ] && [ $attempt -eq 1 ]; then
    log "AAA has refused admin/admin for ${flake_secs}s (known flake after a fresh start); restarting once"
    stop_karaf
    attempt=2
    t0=$(date +%s)
    start_karaf "$home"
    pid=$(cat "$pid_file")
    log "Karaf pid $pid (second attempt)"
    continue
  fi
  [ $rc -eq 3 ] && log "AAA still refuses admin/admin after a restart"
  log "giving up; last lines of $home/data/log/karaf.log:"
  tail -n 30 "$home/data/log/karaf.log" >&2 2>/dev/null || true
  stop_karaf
  exit 1
done
