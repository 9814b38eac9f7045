#!/usr/bin/env bash
# Removes exactly what cluster/mininet/fabric_up.py created, as recorded in its state file:
# stops the launcher (which tears the fabric down itself), then kills by PID any process still
# inside a host's network namespace, deletes the recorded bridges and veths, and checks that none
# is left. Never `mn -c`, pkill or killall: other people's namespaces and bridges are not touched.
#   cluster/cleanup.sh [STATE_DIR]      (default: run/mininet)
# Exit status 0 when nothing recorded is left, 1 otherwise (with the leftovers listed).
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
state_dir="${1:-$repo/run/mininet}"
state="$state_dir/state.json"
[ -f "$state" ] || { echo "cleanup: no fabric recorded in $state_dir"; exit 0; }

field() { /usr/bin/python3 -c "import json,sys; s=json.load(open('$state')); $1" ; }
launcher=$(field 'print(s.get("launcher_pid",""))')
bridges=$(field 'print(" ".join(s.get("bridges",[])))')
veths=$(field 'print(" ".join(s.get("veths",[])))')
host_pids=$(field 'print(" ".join(str(h["pid"]) for h in s.get("hosts",{}).values()))')

# Processes started inside a host (iperf3, Hadoop daemons) share its network namespace.
namespace_members() {
  local ns
  ns=$(readlink "/proc/$1/ns/net" 2>/dev/null) || return 0
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/ns/net" 2>/dev/null)" = "$ns" ] && echo "${p#/proc/}"
  done
}
members=""
for hp in $host_pids; do members="$members $(namespace_members "$hp")"; done

if [ -n "$launcher" ] && kill -0 "$launcher" 2>/dev/null; then
  kill -TERM "$launcher"
  for _ in $(seq 1 60); do kill -0 "$launcher" 2>/dev/null || break; sleep 0.5; done
fi
for p in $members; do kill -TERM "$p" 2>/dev/null; done
sleep 1
for p in $members; do kill -KILL "$p" 2>/dev/null; done
[ -n "$launcher" ] && kill -KILL "$launcher" 2>/dev/null
for b in $bridges; do ovs-vsctl --if-exists del-br "$b"; done
for v in $veths; do ip link show "$v" >/dev/null 2>&1 && ip link del "$v" 2>/dev/null; done

left=""
for b in $bridges; do ovs-vsctl br-exists "$b" 2>/dev/null && left="$left bridge:$b"; done
for v in $veths; do ip link show "$v" >/dev/null 2>&1 && left="$left veth:$v"; done
# A killed process needs a moment to exit and be reaped; a zombie holds nothing, so it counts as gone.
running() { kill -0 "$1" 2>/dev/null && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }
for _ in $(seq 1 20); do
  busy=""
  for p in $members; do running "$p" && busy=1; done
  [ -z "$busy" ] && break
  sleep 0.25
done
for p in $members; do running "$p" && left="$left pid:$p"; done
if [ -n "$left" ]; then
  echo "cleanup: still present:$left"
  exit 1
fi
rm -f "$state"
echo "cleanup: no bridges, veths, namespaces or processes of the fabric left"
