package org.cormorant.nim.fabric;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Assembles a {@link Fabric} and checks it: unique names and addresses, sane capacities,
 * no port used twice, hosts attached only to switches.
 *
 * <p>Ports not given explicitly are numbered the way Mininet numbers them when links are
 * added in the same order: a switch's first port is 1, a host's first interface is 0
 * ({@code s1-eth1}, {@code h1-eth0}). The Mininet launcher therefore reproduces the port
 * map of a fabric file just by adding its links in file order.
 */
public final class FabricBuilder {
    /** Anything above 1 Tbit/s on one port is a typo (a unit mix-up), not a data centre. */
    public static final double MAX_CAPACITY_BPS = 1e12;

    private final String name;
    private final List<FabricNode> nodes = new ArrayList<>();
    private final Map<String, FabricNode> byName = new HashMap<>();
    private final Set<String> addresses = new HashSet<>();
    private final List<Link> links = new ArrayList<>();
    private final Map<Integer, Set<Integer>> usedPorts = new HashMap<>();
    private final Map<Integer, Integer> nextPort = new HashMap<>();

    public FabricBuilder(String name) {
        this.name = name == null || name.isBlank() ? "fabric" : name;
    }

    public FabricBuilder addHost(String hostName, String... hostAddresses) {
        return addNode(hostName, NodeKind.HOST, List.of(hostAddresses), null);
    }

    public FabricBuilder addSwitch(String switchName, String datapathId) {
        return addNode(switchName, NodeKind.SWITCH, List.of(), datapathId);
    }

    public FabricBuilder addNode(String nodeName, NodeKind kind, List<String> nodeAddresses, String datapathId) {
        if (nodeName == null || nodeName.isBlank()) {
            throw new FabricException("node name must not be empty");
        }
        if (byName.containsKey(nodeName) || addresses.contains(nodeName)) {
            throw new FabricException("duplicate node name '" + nodeName + "'");
        }
        for (String address : nodeAddresses) {
            if (address == null || address.isBlank()) {
                throw new FabricException("node '" + nodeName + "' has an empty address");
            }
            if (byName.containsKey(address) || !addresses.add(address)) {
                throw new FabricException("address '" + address + "' of node '" + nodeName + "' is already used");
            }
        }
        FabricNode node = new FabricNode(nodes.size(), nodeName, kind, nodeAddresses, datapathId);
        nodes.add(node);
        byName.put(nodeName, node);
        nextPort.put(node.index(), kind == NodeKind.SWITCH ? 1 : 0);
        return this;
    }

    /** Adds a full-duplex cable with automatically numbered ports. */
    public FabricBuilder connect(String a, String b, double capacityBps) {
        return connect(a, -1, b, -1, capacityBps);
    }

    /** Adds a full-duplex cable; a negative port asks for the next free Mininet-style number. */
    public FabricBuilder connect(String a, int aPort, String b, int bPort, double capacityBps) {
        FabricNode na = require(a);
        FabricNode nb = require(b);
        if (na.index() == nb.index()) {
            throw new FabricException("link " + a + " - " + b + " connects a node to itself");
        }
        if (na.isHost() && nb.isHost()) {
            throw new FabricException("link " + a + " - " + b + " joins two hosts; hosts attach to switches");
        }
        if (!(capacityBps > 0) || capacityBps > MAX_CAPACITY_BPS || Double.isNaN(capacityBps)) {
            throw new FabricException("link " + a + " - " + b + " has capacity " + capacityBps
                    + " bit/s; it must be above 0 and at most " + MAX_CAPACITY_BPS);
        }
        // Pick both ports before claiming either, so a refused link leaves the builder unchanged.
        int pa = freePort(na, aPort);
        int pb = freePort(nb, bPort);
        claim(na, pa);
        claim(nb, pb);
        int forward = links.size();
        links.add(new Link(forward, na.index(), pa, nb.index(), pb, capacityBps, forward + 1));
        links.add(new Link(forward + 1, nb.index(), pb, na.index(), pa, capacityBps, forward));
        return this;
    }

    private FabricNode require(String nodeName) {
        FabricNode node = byName.get(nodeName);
        if (node == null) {
            throw new FabricException("link refers to unknown node '" + nodeName + "'");
        }
        return node;
    }

    private int freePort(FabricNode node, int requested) {
        Set<Integer> used = usedPorts.getOrDefault(node.index(), Set.of());
        int port = requested;
        if (port < 0) {
            port = nextPort.get(node.index());
            while (used.contains(port)) {
                port++;
            }
        }
        if (used.contains(port)) {
            throw new FabricException("port " + port + " of node '" + node.name() + "' is used by two links");
        }
        return port;
    }

    private void claim(FabricNode node, int port) {
        usedPorts.computeIfAbsent(node.index(), k -> new HashSet<>()).add(port);
        nextPort.put(node.index(), Math.max(nextPort.get(node.index()), port + 1));
    }

    public Fabric build() {
        if (nodes.isEmpty()) {
            throw new FabricException("fabric '" + name + "' has no nodes");
        }
        for (FabricNode node : nodes) {
            if (node.isHost() && !usedPorts.containsKey(node.index())) {
                throw new FabricException("host '" + node.name() + "' is not attached to any switch");
            }
        }
        return new Fabric(name, nodes, links);
    }
}
