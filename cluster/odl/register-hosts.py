#!/usr/bin/python3
"""Tell the OpenDaylight NIM where the fabric's hosts are.

    register-hosts.py --state DIR [--restconf http://127.0.0.1:8181/rests] [--user admin:admin]
                      [--wait SECS]

openflowplugin in this OpenDaylight release has no host tracking, so the Cormorant app learns hosts
from its register-hosts RPC. This reads the Mininet launcher's DIR/state.json (each host's IP, MAC
and attachment: switch node id and port, taken from the fabric file), sends one register-hosts
request replacing any earlier registration, and, with --wait, repeats until every host is attached
(its switch and port are in the controller's topology) or SECS pass. Prints one line per host and
exits 0 only when all are attached.
"""
import argparse
import base64
import json
import os
import sys
import time
import urllib.error
import urllib.request


def hosts_from_state(path):
    try:
        with open(path) as f:
            state = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("register-hosts: cannot read %s: %s" % (path, e))
    body = []
    for name, host in sorted(state.get("hosts", {}).items()):
        attachments = host.get("attachments") or []
        if len(attachments) != 1 or not attachments[0].get("node"):
            sys.exit("register-hosts: host %s in %s needs exactly one attachment to a switch with an "
                     "OpenFlow node id (fabric file 'dpid': 'openflow:N'); found %s" % (name, path, attachments))
        where = attachments[0]
        entry = {"name": name, "switch": where["node"], "port": int(where["port"])}
        if host.get("ip"):
            entry["ip"] = host["ip"]
        if host.get("mac"):
            entry["mac"] = host["mac"]
        body.append(entry)
    if not body:
        sys.exit("register-hosts: %s lists no hosts" % path)
    return body


def register(restconf, user, hosts):
    request = urllib.request.Request(
        restconf.rstrip("/") + "/operations/cormorant-nim:register-hosts",
        data=json.dumps({"input": {"replace": True, "host": hosts}}).encode(),
        headers={"Content-Type": "application/json", "Accept": "application/json",
                 "Authorization": "Basic " + base64.b64encode(user.encode()).decode()},
        method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as e:
        raise RuntimeError("HTTP %d: %s" % (e.code, e.read().decode(errors="replace")[:500]))


def attached_hosts(restconf, user):
    request = urllib.request.Request(
        restconf.rstrip("/") + "/data/cormorant-nim:nim?content=nonconfig",
        headers={"Accept": "application/json",
                 "Authorization": "Basic " + base64.b64encode(user.encode()).decode()})
    with urllib.request.urlopen(request, timeout=30) as response:
        nim = json.loads(response.read()).get("cormorant-nim:nim", {})
    return {h["name"]: bool(h.get("attached")) for h in nim.get("host", [])}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--state", required=True, help="the launcher's state directory (state.json)")
    parser.add_argument("--restconf", default="http://127.0.0.1:8181/rests")
    parser.add_argument("--user", default="admin:admin")
    parser.add_argument("--wait", type=float, default=0, help="seconds to wait for every host to be attached")
    args = parser.parse_args()

    hosts = hosts_from_state(os.path.join(args.state, "state.json"))
    deadline = time.time() + args.wait
    while True:
        try:
            register(args.restconf, args.user, hosts)
            attached = attached_hosts(args.restconf, args.user)
        except (OSError, RuntimeError, ValueError) as e:
            attached, error = {}, e
        else:
            error = None
        missing = [h["name"] for h in hosts if not attached.get(h["name"])]
        if not missing or time.time() >= deadline:
            break
        time.sleep(2)
    for h in hosts:
        print("%s %s %s port %d %s" % (h["name"], h.get("ip", "-"), h["switch"], h["port"],
                                       "attached" if attached.get(h["name"]) else "NOT attached"))
    if error:
        print("register-hosts: %s" % error, file=sys.stderr)
    if missing:
        print("register-hosts: %d host(s) not attached (switch or port not in the controller's topology yet): %s"
              % (len(missing), " ".join(missing)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
