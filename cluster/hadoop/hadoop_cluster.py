#!/usr/bin/python3
"""Start and stop Hadoop daemons inside the hosts of a running Mininet fabric.

    hadoop_cluster.py start --fabric-state run/mininet --master n0 --workers n1,n2,n3,n5,n6,n7 \\
        --nim http://10.0.0.1:7070 [--nim-token-file F] [--scheduler-mode stock|independent|collaborative] \\
        [--replica-mode stock|independent|collaborative] [--replication 3] [--block-size 16m]
    hadoop_cluster.py stop
    hadoop_cluster.py status

The master runs the NameNode and ResourceManager, every worker a DataNode and a NodeManager, each a
plain `java` process (there is no Hadoop tarball: jars come from hadoop-dist/target/hadoop) started
in the host's network namespace with nsenter. Configuration is rendered per host from the templates
in cluster/conf/ into run/hadoop/<host>/conf; logs go to run/hadoop/<host>/<daemon>.log; PIDs to
run/hadoop/pids.json, which `stop` (and cluster/cleanup.sh, which kills every process left in the
fabric's namespaces) use. Mode `stock` uses Hadoop's own CapacityScheduler and DFSNetworkTopology.
Configuration values and command lines come from hadoop_daemons.py, which cluster/deploy/cormorant-deploy
(the same daemons on real hosts over ssh) shares.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts in the checkout
from hadoop_daemons import (  # noqa: E402
                            DEFAULT_DIST, DEFAULT_JAVA_HOME, REPO, config_values, daemon_env, format_args,
                            java_command, namenode_state_url, readiness, resourcemanager_metrics_url, write_configs)

DEFAULT_RUN = os.path.join(REPO, "run", "hadoop")
JAVA_HOME = os.environ.get("JAVA_HOME", DEFAULT_JAVA_HOME)


def fail(message):
    sys.exit("hadoop_cluster: " + message)


def render(host_dir, values):
    try:
        return write_configs(os.path.join(host_dir, "conf"), values)
    except ValueError as e:
        fail(str(e))


def in_host(pid, command, **kwargs):
    return ["nsenter", "-t", str(pid), "-n", "--"] + command


def java(daemon, conf, dist, args=()):
    return java_command(daemon, JAVA_HOME, conf, dist, args)


def launch(pid, daemon, conf, dist, log_path):
    env = dict(os.environ, **daemon_env(JAVA_HOME, conf))
    log = open(log_path, "ab")
    proc = subprocess.Popen(in_host(pid, java(daemon, conf, dist)), stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    return proc.pid


def curl_json(pid, url):
    out = subprocess.run(in_host(pid, ["curl", "-fs", "--max-time", "3", url]), capture_output=True, text=True)
    if out.returncode != 0:
        return None
    try:
        return json.loads(out.stdout)
    except ValueError:
        return None


def wait_ready(master_pid, master_ip, workers, timeout):
    deadline = time.time() + timeout
    live_dn = active_nm = 0
    while time.time() < deadline:
        nn = curl_json(master_pid, namenode_state_url(master_ip))
        rm = curl_json(master_pid, resourcemanager_metrics_url(master_ip))
        live_dn, active_nm, safe = readiness(nn, rm)
        if live_dn == workers and active_nm == workers and safe:
            return
        time.sleep(2)
    fail("not ready after %d s: %d/%d DataNodes, %d/%d NodeManagers (logs in run/hadoop/)"
         % (timeout, live_dn, workers, active_nm, workers))


def start(args):
    with open(os.path.join(args.fabric_state, "state.json")) as f:
        fabric = json.load(f)
    hosts = fabric["hosts"]
    workers = [w for w in args.workers.split(",") if w]
    for name in [args.master] + workers:
        if name not in hosts:
            fail("host %s is not in the running fabric (%s)" % (name, ", ".join(sorted(hosts))))
    if not os.path.isdir(os.path.join(args.dist, "lib")):
        fail("%s is missing: build it with mvn -B -q package -DskipTests" % args.dist)
    if os.path.exists(os.path.join(args.run_dir, "pids.json")):
        fail("a cluster is already recorded in %s; stop it first" % args.run_dir)
    shutil.rmtree(args.run_dir, ignore_errors=True)
    master_ip = hosts[args.master]["ip"]

    def values(host):
        return config_values(master_ip, hosts[host]["ip"], os.path.join(args.run_dir, host), args.dist, args.nim,
                             args.nim_token_file, args.replication, args.block_size, args.staging_dir,
                             args.nm_memory_mb, args.nm_vcores, args.scheduler_mode, args.replica_mode)

    pids = {}
    master_conf = render(os.path.join(args.run_dir, args.master), values(args.master))
    master_pid = hosts[args.master]["pid"]
    fmt = subprocess.run(in_host(master_pid, java("namenode", master_conf, args.dist,
                                                  format_args())),
                         capture_output=True, text=True, env=dict(os.environ, JAVA_HOME=JAVA_HOME))
    if fmt.returncode != 0:
        fail("NameNode format failed:\n" + fmt.stdout[-3000:] + fmt.stderr[-3000:])
    for daemon in ("namenode", "resourcemanager"):
        pids["%s/%s" % (args.master, daemon)] = launch(master_pid, daemon, master_conf, args.dist,
                                                       os.path.join(args.run_dir, args.master, daemon + ".log"))
    for worker in workers:
        conf = render(os.path.join(args.run_dir, worker), values(worker))
        for daemon in ("datanode", "nodemanager"):
            pids["%s/%s" % (worker, daemon)] = launch(hosts[worker]["pid"], daemon, conf, args.dist,
                                                      os.path.join(args.run_dir, worker, daemon + ".log"))
    with open(os.path.join(args.run_dir, "pids.json"), "w") as f:
        json.dump({"master": args.master, "master_ip": master_ip, "master_conf": master_conf, "pids": pids}, f,
                  indent=1)
    wait_ready(master_pid, master_ip, len(workers), args.timeout)
    print("READY hdfs://%s:9000 rm %s:8032 (%d workers; scheduler %s, replicas %s)"
          % (master_ip, master_ip, len(workers), args.scheduler_mode, args.replica_mode), flush=True)


def stop(args):
    record = os.path.join(args.run_dir, "pids.json")
    if not os.path.exists(record):
        print("hadoop_cluster: nothing recorded in %s" % args.run_dir)
        return
    with open(record) as f:
        pids = json.load(f)["pids"]
    for pid in pids.values():
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.time() + 20
    while time.time() < deadline and any(alive(p) for p in pids.values()):
        time.sleep(0.5)
    for pid in pids.values():
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
    os.remove(record)
    print("hadoop_cluster: stopped %d daemons" % len(pids))


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


def status(args):
    record = os.path.join(args.run_dir, "pids.json")
    if not os.path.exists(record):
        print("no cluster")
        return
    with open(record) as f:
        for name, pid in json.load(f)["pids"].items():
            print("%-24s %7d %s" % (name, pid, "running" if alive(pid) else "gone"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("start")
    p.add_argument("--fabric-state", default=os.path.join(REPO, "run", "mininet"))
    p.add_argument("--master", default="n0")
    p.add_argument("--workers", default="n1,n2,n3,n5,n6,n7")
    p.add_argument("--nim", required=True, help="NIM base URL reachable from the hosts (restconf+http://... for "
                                                 "the NIM in OpenDaylight)")
    p.add_argument("--nim-token-file", help="file with the NIM token (OpenDaylight: user:password)")
    p.add_argument("--staging-dir", default="/tmp/hadoop-yarn/staging", help="MapReduce staging dir (on HDFS: "
                   "MapReduce's job client puts it on the default file system whatever the scheme)")
    p.add_argument("--scheduler-mode", default="stock", choices=["stock", "independent", "collaborative"])
    p.add_argument("--replica-mode", default="stock", choices=["stock", "independent", "collaborative"])
    p.add_argument("--replication", type=int, default=3)
    p.add_argument("--block-size", default="16m")
    p.add_argument("--nm-memory-mb", type=int, default=1536)
    p.add_argument("--nm-vcores", type=int, default=3)
    p.add_argument("--timeout", type=int, default=240)
    for q in (p, sub.add_parser("stop"), sub.add_parser("status")):
        q.add_argument("--run-dir", default=DEFAULT_RUN)
        q.add_argument("--dist", default=DEFAULT_DIST)
    args = parser.parse_args()
    {"start": start, "stop": stop, "status": status}[args.command](args)


if __name__ == "__main__":
    main()
