#!/usr/bin/env bash
# Runs TPC-H queries through Hive on real Hadoop inside the emulated Cormorant testbed, for one
# scenario of the chapter's Table 4.3, and leaves the per-query times in RESULTS/times.csv.
#   cluster/run-scenario.sh SCENARIO TRAFFIC QUERIES SF RESULTS
#     SCENARIO  default | task-replica | flow-only | collaborative | no-traffic
#     TRAFFIC   none | low | medium | high  (Table 4.2; forced to none for no-traffic)
#     QUERIES   e.g. 6,3 or all
#     SF        TPC-H scale factor, e.g. 0.01
# Environment: REPLICATION (3), BLOCK_SIZE (8m), LINK_MBPS (20: the testbed's links; another value
#   runs the testbed with every link at that speed),
#   MTU (fabric interfaces' MTU, e.g. 9000; default the veths' 1500: see docs/hive-bench.md, "CPU"),
#   NM_MEMORY_MB (1536: each NodeManager's memory for containers; 512 MB each, so 3 per worker),
#   LOAD_HOST (n0: the host whose HDFS client writes the data; HDFS puts the first replica of every
#   block on the writer's own DataNode, so a worker here, e.g. n1, skews the data onto it and most
#   maps run non-local, reading across the fabric),
#   CONTROLLER: standalone (default: the standalone NIM on n0 installs flows with ovs-ofctl) or odl
#   (the OpenDaylight controller with odl-cormorant controls the switches and is the NIM; Hadoop
#   reaches its RESTCONF over a management LAN, fabric_up.py --mgmt-net).
# Everything it starts it stops; cluster/cleanup.sh checks the fabric is gone.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
scenario="$1"; traffic="$2"; queries="$3"; sf="$4"; results="$5"
replication="${REPLICATION:-3}"; block="${BLOCK_SIZE:-8m}"; link_mbps="${LINK_MBPS:-20}"
nm_memory_mb="${NM_MEMORY_MB:-1536}"
load_host="${LOAD_HOST:-n0}"
if ! [[ "$load_host" =~ ^n[0-7]$ ]]; then
  echo "run-scenario: LOAD_HOST must be a Hadoop host of the testbed (n0 master, n1-n3 and n5-n7 workers), got '$load_host'" >&2; exit 2
fi
if [ "$load_host" = n4 ]; then
  echo "run-scenario: LOAD_HOST n4 runs no DataNode; use n0 (master) or a worker n1-n3, n5-n7" >&2; exit 2
fi
fabric="$here/cluster/fabrics/testbed.json"
if ! [[ "$link_mbps" =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  echo "run-scenario: LINK_MBPS must be a number of Mbit/s, got '$link_mbps'" >&2; exit 2
fi
if ! [[ "$nm_memory_mb" =~ ^[0-9]+$ ]] || [ "$nm_memory_mb" -lt 1024 ]; then
  # The MR ApplicationMaster and a task take 512 MB each; below 1024 no job could run.
  echo "run-scenario: NM_MEMORY_MB must be a whole number of MB >= 1024, got '$nm_memory_mb'" >&2; exit 2
fi
work="$here/run/scenario"
data="$here/run/hive-bench/data/sf$sf"
hedera=""
case "$scenario" in
  default) sched=stock; replica=stock ;;
  task-replica) sched=independent; replica=independent ;;
  flow-only) sched=stock; replica=stock; hedera="--hedera" ;;
  collaborative) sched=collaborative; replica=collaborative ;;
  no-traffic) sched=stock; replica=stock; traffic=none ;;
  *) echo "run-scenario: unknown scenario '$scenario' (default, task-replica, flow-only, collaborative, no-traffic)" >&2; exit 2 ;;
esac
controller="${CONTROLLER:-standalone}"
case "$controller" in
  standalone|odl) ;;
  *) echo "run-scenario: CONTROLLER must be standalone or odl, got '$controller'" >&2; exit 2 ;;
esac
mkdir -p "$results" "$work"
[ -d "$data" ] || "$here/bin/hive-bench" generate --sf "$sf" --out "$data" >/dev/null

nim_pid=""
odl_started=""
finish() {
  "$here/cluster/traffic.sh" stop >/dev/null 2>&1 || true
  /usr/bin/python3 "$here/cluster/hadoop/hadoop_cluster.py" stop --run-dir "$work/hadoop" >/dev/null 2>&1 || true
  [ -n "$nim_pid" ] && { kill "$nim_pid" 2>/dev/null || true; wait "$nim_pid" 2>/dev/null || true; }
  # cleanup.sh stops the fabric launcher itself, then checks nothing is left.
  "$here/cluster/cleanup.sh" "$work/mininet" | sed 's/^/  /'
  [ -n "${fabric_pid:-}" ] && wait "$fabric_pid" 2>/dev/null || true
  [ -n "$odl_started" ] && "$here/cluster/odl/stop-controller.sh" --run-dir "$work/odl" | sed 's/^/  /'
  true
}
trap finish EXIT
log() { echo "[$(date +%H:%M:%S)] $scenario/$traffic: $*"; }

fabric_args=()
if [ "$link_mbps" != 20 ]; then
  # The testbed at another link speed: the same fabric with every cable's capacity replaced, used by
  # the launcher, the NIM and the traffic alike.
  mkdir -p "$work"
  /usr/bin/python3 -c 'import json, sys
f = json.load(open(sys.argv[1]))
for link in f["links"]:
    link["capacityMbps"] = float(sys.argv[2])
json.dump(f, open(sys.argv[3], "w"), indent=1)' "$fabric" "$link_mbps" "$work/fabric.json"
  fabric="$work/fabric.json"
fi
if [ "$controller" = odl ]; then
  log "OpenDaylight controller (odl-cormorant)"
  odl_started=1
  # flow-only: the app's own Hedera scheduler (configuration hedera) places the large flows.
  "$here/cluster/odl/start-controller.sh" --capacity-mbps "$link_mbps" $hedera --run-dir "$work/odl" | sed 's/^/  /'
  fabric_args=(--controller 127.0.0.1:6653 --mgmt-net 192.168.123.0/24)
fi
[ -n "${MTU:-}" ] && fabric_args+=(--mtu "$MTU")
log "fabric up${MTU:+ (MTU $MTU)}"
/usr/bin/python3 "$here/cluster/mininet/fabric_up.py" --fabric "$fabric" --state "$work/mininet" --ignore-stdin \
  "${fabric_args[@]}" > "$work/fabric_up.log" 2>&1 &
fabric_pid=$!
for _ in $(seq 1 120); do grep -q '^READY' "$work/fabric_up.log" 2>/dev/null && break; sleep 1; done
grep -q '^READY' "$work/fabric_up.log" || { echo "fabric did not come up"; cat "$work/fabric_up.log"; exit 1; }
export CORMORANT_STATE="$work/mininet"

if [ "$controller" = odl ]; then
  log "registering the hosts with the controller (no host tracking in this OpenDaylight release)"
  /usr/bin/python3 "$here/cluster/odl/register-hosts.py" --state "$work/mininet" --wait 180 > "$work/register-hosts.log" 2>&1 \
    || { cat "$work/register-hosts.log"; exit 1; }
  nim_address="restconf+http://192.168.123.1:8181/rests"
  echo "admin:admin" > "$work/odl-token"
  nim_token=(--nim-token-file "$work/odl-token")
else
  log "NIM on n0 (ECMP forwarding; pins reservations${hedera:+; Hedera places large flows})"
  "$here/cluster/mininet/in-host.sh" n0 "$here/bin/cormorant-nim" serve --fabric "$fabric" --ovs all --install-flows $hedera \
    --bind 10.0.0.1 --port 7070 --poll-ms 2000 > "$work/nim.log" 2>&1 &
  nim_pid=$!
  nim_address="http://10.0.0.1:7070"
  nim_token=()
fi
for _ in $(seq 1 60); do "$here/cluster/mininet/in-host.sh" n7 ping -c 1 -W 1 10.0.0.1 >/dev/null 2>&1 && break; sleep 1; done

log "Hadoop: scheduler $sched, replicas $replica, replication $replication, blocks $block, NM memory $nm_memory_mb MB"
/usr/bin/python3 "$here/cluster/hadoop/hadoop_cluster.py" start --fabric-state "$work/mininet" --run-dir "$work/hadoop" \
  --nim "$nim_address" "${nim_token[@]}" --scheduler-mode "$sched" --replica-mode "$replica" \
  --replication "$replication" --block-size "$block" --nm-memory-mb "$nm_memory_mb" --timeout 400 | sed 's/^/  /'

log "loading TPC-H SF $sf into HDFS from $load_host"
"$here/cluster/mininet/in-host.sh" "$load_host" "$here/bin/hive-bench" load --data "$data" --fs hdfs://10.0.0.1:9000 \
  --target "/tpch/sf$sf" --replication "$replication" --block-size "$block" --conf-dir "$work/hadoop/n0/conf" \
  > "$work/load.log" 2>&1 || { tail -20 "$work/load.log"; exit 1; }

log "contention traffic: $traffic"
"$here/cluster/traffic.sh" start "$traffic" "$link_mbps" 3600 >/dev/null
sleep 6

log "queries $queries"
status=0
HIVE_BENCH_PREINSTALLED_HIVE=1 "$here/cluster/mininet/in-host.sh" n0 "$here/bin/hive-bench" run --queries "$queries" --conf-dir "$work/hadoop/n0/conf" \
  --data-uri "hdfs://10.0.0.1:9000/tpch/sf$sf" --reference-data "$data" --run-dir "$work/hive" \
  > "$work/hive.log" 2>&1 || status=$?
cp "$work/hive/results/times.csv" "$results/times.csv" 2>/dev/null || true
cp "$work/hive/results/jobs.csv" "$results/jobs.csv" 2>/dev/null || true
cp "$work/hive.log" "$results/hive.log"
grep -h "yarn.NetworkPlacement\|falls back\|CormorantPlacement" "$work/hadoop/n0/resourcemanager.log" > "$results/placement.log" 2>/dev/null || true
# Which map each container ran, from the ApplicationMasters' logs (Cormorant's AM logs its plan).
grep -h "Cormorant\|Assigned container" "$work"/hadoop/*/nm-logs/application_*/container_*_000001/syslog \
  > "$results/am-assignments.log" 2>/dev/null || true
log "done (exit $status): $results/times.csv"
exit $status
