#!/usr/bin/env bash
# Installs what Cormorant needs on a fresh Debian machine: the JDK and Maven to build, and for the
# emulated fabric Open vSwitch, Mininet, iperf3, ethtool, ping and telnet (Mininet's readiness
# checks use it). Does nothing for what is already there.
set -euo pipefail
need=()
command -v javac >/dev/null 2>&1 || need+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null 2>&1 || need+=(maven)
command -v ovs-vsctl >/dev/null 2>&1 || need+=(openvswitch-switch)
[ -f /usr/lib/python3/dist-packages/mininet/net.py ] || need+=(mininet)
command -v iperf3 >/dev/null 2>&1 || need+=(iperf3)
command -v ethtool >/dev/null 2>&1 || need+=(ethtool)
command -v ping >/dev/null 2>&1 || need+=(iputils-ping)
command -v telnet >/dev/null 2>&1 || need+=(telnet)
command -v curl >/dev/null 2>&1 || need+=(curl)
if [ ${#need[@]} -gt 0 ]; then
  echo "install-deps: installing ${need[*]}"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}"
fi
