#!/usr/bin/env bash
# Neighbour contention traffic of the Cormorant chapter (003 seed, Table 4.2) on the emulated
# testbed: 12 iperf3 flows between the traffic nodes n0, n4 and the workers; the level decides which
# are "large" (80% of link speed, 85% at High) and the rest are "small" (5%).
#   cluster/traffic.sh start LEVEL LINK_MBPS DURATION_S     LEVEL: none|low|medium|high
#   cluster/traffic.sh stop
# PIDs go to run/traffic/pids; stop kills exactly those.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
dir="$repo/run/traffic"
in_host="$repo/cluster/mininet/in-host.sh"
ip_of() { echo "10.0.0.$(( ${1#n} + 1 ))"; }

stop() {
  [ -f "$dir/pids" ] || return 0
  while read -r pid; do kill "$pid" 2>/dev/null || true; done < "$dir/pids"
  for f in "$dir"/*.pidfile; do [ -f "$f" ] && { kill "$(cat "$f" 2>/dev/null)" 2>/dev/null || true; rm -f "$f"; }; done
  rm -f "$dir/pids"
}

case "${1:-}" in
  stop) stop; exit 0 ;;
  start) ;;
  *) echo "usage: $0 start none|low|medium|high LINK_MBPS DURATION_S | stop" >&2; exit 2 ;;
esac
level="${2:?level}"; link_mbps="${3:?link speed in Mbit/s}"; duration="${4:?duration in seconds}"
case "$level" in
  none) large=() ; large_pct=80 ;;
  low) large=(n3:n0 n7:n4 n0:n2); large_pct=80 ;;
  medium) large=(n3:n0 n7:n4 n0:n2 n4:n6); large_pct=80 ;;
  high) large=(n3:n0 n7:n4 n0:n2 n4:n6); large_pct=85 ;;
  *) echo "traffic: unknown level '$level' (none, low, medium, high)" >&2; exit 2 ;;
esac
flows=(n0:n1 n0:n2 n0:n3 n1:n0 n2:n0 n3:n0 n4:n5 n4:n6 n4:n7 n5:n4 n6:n4 n7:n4)
mkdir -p "$dir"
stop
[ "$level" = none ] && { echo "traffic: none"; exit 0; }

port=5300
for flow in "${flows[@]}"; do
  src="${flow%%:*}"; dst="${flow##*:}"; port=$((port + 1))
  pct=5
  for l in "${large[@]}"; do [ "$l" = "$flow" ] && pct=$large_pct; done
  rate_kbps=$(( link_mbps * 1000 * pct / 100 ))
  "$in_host" "$dst" iperf3 -s -1 -D -p "$port" --pidfile "$dir/$dst-$port.pidfile" >/dev/null
  sleep 0.2
  "$in_host" "$src" iperf3 -c "$(ip_of "$dst")" -p "$port" -b "${rate_kbps}K" -t "$duration" \
    >"$dir/$src-$dst.log" 2>&1 &
  echo $! >> "$dir/pids"
  echo "traffic: $src -> $dst at ${pct}% (${rate_kbps} kbit/s)"
done
