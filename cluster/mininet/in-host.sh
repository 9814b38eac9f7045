#!/usr/bin/env bash
# Runs a command inside a Mininet host's network namespace: cluster/mininet/in-host.sh n1 iperf3 -s
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
state="${CORMORANT_STATE:-$repo/run/mininet}/state.json"
host="$1"; shift
pid=$(/usr/bin/python3 -c "import json,sys; print(json.load(open('$state'))['hosts'][sys.argv[1]]['pid'])" "$host") \
  || { echo "in-host: no host '$host' in $state" >&2; exit 2; }
exec nsenter -t "$pid" -n -- "$@"
