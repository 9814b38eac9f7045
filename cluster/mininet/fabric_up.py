#!/usr/bin/python3
"""Bring a Cormorant fabric file up in Mininet and keep it up until told to stop.

    fabric_up.py --fabric FILE [--controller 127.0.0.1:6653 [--mgmt-net 192.168.123.0/24] | --ecmp-flows FILE] [--state DIR]

* Switches are Open vSwitch bridges on the userspace datapath (the kernel datapath is not
  available here), OpenFlow 1.3, fail-mode secure: nothing forwards until a controller or the
  static ECMP rules (from `cormorant-nim ecmp-flows`) say so.
* Links are TCLinks with the file's capacity and delay. Checksum offload is switched off on every
  veth, or TCP does not pass the userspace datapath.
* Hosts get static ARP entries: base connectivity needs no ARP flooding over a looped fabric
  (--no-static-arp leaves them out, for a controller that answers ARP itself).
* Ports are the fabric file's (normalised by `cormorant-nim fabric --from`), so OpenFlow port N of
  a switch is the port the NIM calls N.

When up it writes DIR/state.json (hosts with their namespace PIDs, bridges, veths) and prints
READY. It tears the network down on SIGTERM/SIGINT or when its standard input closes, so a
crashed parent does not leave a fabric behind; cluster/cleanup.sh removes anything left anyway.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import threading
import time

from mininet.link import TCLink
from mininet.log import setLogLevel
from mininet.net import Mininet
from mininet.node import OVSSwitch, RemoteController
from mininet.topo import Topo

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def normalised_fabric(path):
    """The fabric with every port explicit, checked by the same code the NIM uses."""
    cli = os.path.join(REPO, "bin", "cormorant-nim")
    out = subprocess.run([cli, "fabric", "--from", path], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("fabric_up: %s" % (out.stderr.strip() or out.stdout.strip()))
    normal = json.loads(out.stdout)
    with open(path) as f:
        original = json.load(f)
    # The writer keeps cable order; delays are the launcher's business, so take them from the file.
    for cable, source in zip(normal["links"], original.get("links", [])):
        if source.get("delayMs") is not None:
            cable["delayMs"] = source["delayMs"]
    return normal


def await_interfaces_gone(node_names, timeout_s=30, sys_net="/sys/class/net"):
    """Waits until no interface named like this fabric's (NODE-ethN) exists in this namespace.

    The kernel finishes tearing an earlier fabric down asynchronously: right after cleanup.sh a
    veth of the same name can still exist for a few seconds, and Mininet would then fail with
    'RTNETLINK answers: File exists'. Exits naming them when they do not go away."""
    deadline = time.time() + timeout_s
    while True:
        left = sorted(n for n in os.listdir(sys_net) if "-eth" in n and n.rsplit("-eth", 1)[0] in node_names)
        if not left:
            return
        if time.time() > deadline:
            sys.exit("fabric_up: interfaces named like this fabric's are still there after %d s: %s (another"
                     " fabric with the same node names running? tear it down with cluster/cleanup.sh STATE_DIR)"
                     % (timeout_s, " ".join(left)))
        time.sleep(1)


def dpid_of(switch):
    dpid = switch.get("dpid") or ""
    if dpid.startswith("openflow:"):
        return "%016x" % int(dpid.split(":", 1)[1])
    return None


def ipv4_of(host):
    for address in host.get("addresses", []):
        parts = address.split(".")
        if len(parts) == 4 and all(p.isdigit() and int(p) < 256 for p in parts):
            return address
    return None


def attachments_of(fabric, host):
    """Where HOST is cabled: switch name, its OpenFlow node id (when the file gives a dpid) and the
    switch port. A controller without host tracking learns attachment points from these."""
    dpids = {sw["name"]: sw.get("dpid") for sw in fabric["switches"]}
    found = []
    for cable in fabric["links"]:
        for me, other, port in ((cable["a"], cable["b"], cable["bPort"]), (cable["b"], cable["a"], cable["aPort"])):
            if me == host and other in dpids:
                found.append({"switch": other, "node": dpids[other], "port": port})
    return found


def prefix_length(fabric):
    """The hosts' subnet: at most a /24, and only as wide as their addresses need. Not Mininet's /8:
    this machine's DNS server (10.255.255.53 here) would fall inside it, every name lookup in a host
    would wait for an ARP answer that never comes (6 s each, and Hadoop makes many), instead of
    failing at once for want of a route."""
    addresses = [ipv4_of(h) for h in fabric["hosts"] if ipv4_of(h)]
    if not addresses:
        return 24
    numbers = [int.from_bytes(bytes(int(o) for o in a.split(".")), "big") for a in addresses]
    length = 32
    while length > 0 and len({n >> (32 - length) for n in numbers}) > 1:
        length -= 1
    return 24 if length >= 24 else length


class FabricTopo(Topo):
    def build(self, fabric, queue_packets=None):
        for sw in fabric["switches"]:
            opts = {"datapath": "user", "protocols": "OpenFlow13", "failMode": "secure"}
            dpid = dpid_of(sw)
            if dpid:
                opts["dpid"] = dpid
            self.addSwitch(sw["name"], **opts)
        for host in fabric["hosts"]:
            ip = ipv4_of(host)
            self.addHost(host["name"], ip=("%s/%d" % (ip, prefix_length(fabric))) if ip else None)
        for cable in fabric["links"]:
            opts = {"bw": cable["capacityMbps"], "port1": cable["aPort"], "port2": cable["bPort"]}
            if cable.get("delayMs"):
                opts["delay"] = "%gms" % cable["delayMs"]
            if queue_packets:
                opts["max_queue_size"] = queue_packets
            self.addLink(cable["a"], cable["b"], **opts)


MGMT_BRIDGE = "cormgmt0"


def add_management_network(net, cidr, state, state_file):
    """An out-of-band management LAN, as real clusters have: the controller (in the root namespace,
    where the switches reach it) at .1 on a Linux bridge, host i at .(i+2) on its own veth. Hadoop
    daemons reach the NIM in OpenDaylight over it; their data traffic stays on the fabric.
    Recorded in state.json before creation, so cleanup.sh deletes it whatever happens."""
    parts = cidr.split("/")
    octets = parts[0].split(".")
    if len(parts) != 2 or parts[1] != "24" or len(octets) != 4 or octets[3] != "0" \
            or not all(o.isdigit() and int(o) < 256 for o in octets):
        raise SystemExit("fabric_up: --mgmt-net must be a /24 such as 192.168.123.0/24, got %r" % cidr)
    prefix = ".".join(octets[:3])
    if len(net.hosts) > 250:
        raise SystemExit("fabric_up: --mgmt-net /24 has room for 250 hosts, the fabric has %d" % len(net.hosts))
    roots = ["cm%d" % i for i in range(len(net.hosts))]
    state["veths"] = sorted(set(state["veths"]) | set(roots) | {MGMT_BRIDGE})
    with open(state_file, "w") as f:
        json.dump(state, f, indent=1)
    check(["ip", "link", "add", MGMT_BRIDGE, "type", "bridge"])
    check(["ip", "addr", "add", prefix + ".1/24", "dev", MGMT_BRIDGE])
    check(["ip", "link", "set", MGMT_BRIDGE, "up"])
    addresses = {}
    for i, (host, root) in enumerate(zip(net.hosts, roots)):
        inside = "%s-mgmt" % host.name
        check(["ip", "link", "add", root, "type", "veth", "peer", "name", inside, "netns", str(host.pid)])
        check(["ip", "link", "set", root, "master", MGMT_BRIDGE, "up"])
        address = "%s.%d" % (prefix, i + 2)
        host.cmd("ip addr add %s/24 dev %s && ip link set %s up" % (address, inside, inside))
        addresses[host.name] = address
        state["hosts"][host.name]["mgmt_ip"] = address
    return {"bridge": MGMT_BRIDGE, "gateway": prefix + ".1", "hosts": addresses}


def check(cmd):
    out = run(cmd)
    if out.returncode != 0:
        raise RuntimeError("%s: %s" % (" ".join(cmd), out.stderr.strip()))


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fabric", required=True)
    parser.add_argument("--controller", help="IP:PORT of an OpenFlow controller")
    parser.add_argument("--ecmp-flows", help="file of 'BRIDGE<TAB>flow' lines to install (no controller)")
    parser.add_argument("--state", default=os.path.join(REPO, "run", "mininet"))
    parser.add_argument("--mgmt-net", metavar="A.B.C.0/24",
                        help="also give every host an out-of-band management interface on this /24, bridged to the "
                             "root namespace at .1 (where an OpenDaylight controller's RESTCONF listens)")
    parser.add_argument("--queue-packets", type=int, metavar="N",
                        help="bound every link's queue to N packets (netem limit under the rate limiter); without it "
                             "a veth queues up to its txqueuelen (1000 packets: 0.6 s at 20 Mbit/s)")
    parser.add_argument("--mtu", type=int, metavar="BYTES",
                        help="MTU of every fabric interface (e.g. 9000, jumbo frames as data centres use them): the "
                             "userspace datapath's CPU cost is per packet, so fewer, larger packets leave the CPU to "
                             "the cluster it emulates")
    parser.add_argument("--no-static-arp", action="store_true",
                        help="leave hosts without static ARP entries (the controller's ARP responder answers them)")
    parser.add_argument("--ignore-stdin", action="store_true",
                        help="run until signalled, even when standard input closes (for shell scripts)")
    args = parser.parse_args()

    if args.mtu is not None and not 576 <= args.mtu <= 9000:
        parser.error("--mtu must be between 576 and 9000, got %d" % args.mtu)
    if args.queue_packets is not None and args.queue_packets < 1:
        parser.error("--queue-packets must be at least 1, got %d" % args.queue_packets)
    fabric = normalised_fabric(args.fabric)
    os.makedirs(args.state, exist_ok=True)
    setLogLevel("warning")
    await_interfaces_gone({n["name"] for n in fabric["switches"] + fabric["hosts"]})
    net = Mininet(topo=FabricTopo(fabric=fabric, queue_packets=args.queue_packets), link=TCLink, switch=OVSSwitch, controller=None,
                  autoSetMacs=True, waitConnected=False)
    if args.controller:
        ip, port = args.controller.rsplit(":", 1)
        net.addController("c0", controller=RemoteController, ip=ip, port=int(port))

    state_file = os.path.join(args.state, "state.json")
    veths = sorted({intf.name for sw in net.switches for intf in sw.intfList() if intf.name != "lo"})
    state = {"launcher_pid": os.getpid(), "fabric": fabric["name"], "bridges": [s.name for s in net.switches],
             "veths": veths, "hosts": {}}
    # Record what is about to exist before starting it, so cleanup knows even after a crash mid-start.
    with open(state_file, "w") as f:
        json.dump(state, f, indent=1)

    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    signal.signal(signal.SIGINT, lambda *_: stopping.set())
    try:
        net.start()
        for host in net.hosts:
            for intf in host.intfList():
                if intf.name != "lo":
                    host.cmd("ethtool -K %s tx off rx off >/dev/null 2>&1" % intf.name)
                    if args.mtu:
                        host.cmd("ip link set dev %s mtu %d" % (intf.name, args.mtu))
            state["hosts"][host.name] = {"pid": host.pid, "ip": host.IP(), "mac": host.MAC(),
                                         "interfaces": [i.name for i in host.intfList() if i.name != "lo"],
                                         "attachments": attachments_of(fabric, host.name)}
        for name in veths:
            run(["ethtool", "-K", name, "tx", "off", "rx", "off"])
            if args.mtu:
                out = run(["ip", "link", "set", "dev", name, "mtu", str(args.mtu)])
                if out.returncode != 0:
                    raise RuntimeError("ip link set dev %s mtu %d: %s" % (name, args.mtu, out.stderr.strip()))
        if not args.no_static_arp:
            net.staticArp()
        if args.mgmt_net:
            state["mgmt"] = add_management_network(net, args.mgmt_net, state, state_file)
        if args.ecmp_flows:
            per_bridge = {}
            with open(args.ecmp_flows) as f:
                for line in f:
                    if line.strip():
                        bridge, flow = line.rstrip("\n").split("\t", 1)
                        per_bridge.setdefault(bridge, []).append(flow)
            for bridge, flows in per_bridge.items():
                out = subprocess.run(["ovs-ofctl", "-O", "OpenFlow13", "add-flows", bridge, "-"],
                                     input="\n".join(flows) + "\n", capture_output=True, text=True)
                if out.returncode != 0:
                    raise RuntimeError("ovs-ofctl add-flows %s: %s" % (bridge, out.stderr.strip()))
        with open(state_file, "w") as f:
            json.dump(state, f, indent=1)
        print("READY %s" % state_file, flush=True)

        # Stop on a signal, or when the parent closes our standard input.
        def watch_stdin():
            try:
                while sys.stdin.readline():
                    pass
            except (OSError, ValueError):
                pass
            stopping.set()
        if not args.ignore_stdin:
            threading.Thread(target=watch_stdin, daemon=True).start()
        while not stopping.wait(1):
            pass
    finally:
        net.stop()
        try:
            os.remove(state_file)
        except OSError:
            pass
        print("STOPPED", flush=True)


if __name__ == "__main__":
    main()
