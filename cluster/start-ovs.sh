#!/usr/bin/env bash
# Starts Open vSwitch (ovsdb-server and the userspace-capable ovs-vswitchd) unless it is running.
set -euo pipefail
if ovs-vsctl --timeout=5 show >/dev/null 2>&1; then
  exit 0
fi
/usr/share/openvswitch/scripts/ovs-ctl start --system-id=random >/dev/null 2>&1 || true
ovs-vsctl --timeout=10 show >/dev/null
echo "start-ovs: Open vSwitch $(ovs-vsctl --version | head -1 | awk '{print $NF}') running"
