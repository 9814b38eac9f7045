package org.cormorant.nim.fabric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable description of the network: hosts, switches and directed links with capacities.
 * Built by {@link FabricBuilder}; every algorithm addresses nodes and links by their dense index.
 */
public final class Fabric {
    private final String name;
    private final List<FabricNode> nodes;
    private final List<Link> links;
    private final Map<String, FabricNode> byNameOrAddress;
    private final int[][] outLinks;
    private final Map<Long, Link> linkByPort;

    Fabric(String name, List<FabricNode> nodes, List<Link> links) {
        this.name = name;
        this.nodes = List.copyOf(nodes);
        this.links = List.copyOf(links);
        Map<String, FabricNode> lookup = new HashMap<>();
        for (FabricNode node : nodes) {
            lookup.put(node.name(), node);
        }
        for (FabricNode node : nodes) {
            for (String address : node.addresses()) {
                lookup.putIfAbsent(address, node);
            }
        }
        this.byNameOrAddress = Collections.unmodifiableMap(lookup);
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            out.add(new ArrayList<>());
        }
        Map<Long, Link> ports = new HashMap<>();
        for (Link link : links) {
            out.get(link.from()).add(link.index());
            ports.put(portKey(link.from(), link.fromPort()), link);
        }
        this.outLinks = new int[nodes.size()][];
        for (int i = 0; i < nodes.size(); i++) {
            outLinks[i] = out.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        this.linkByPort = Collections.unmodifiableMap(ports);
    }

    private static long portKey(int node, int port) {
        return ((long) node << 32) | (port & 0xffffffffL);
    }

    public String name() {
        return name;
    }

    public List<FabricNode> nodes() {
        return nodes;
    }

    public List<Link> links() {
        return links;
    }

    public int nodeCount() {
        return nodes.size();
    }

    public int linkCount() {
        return links.size();
    }

    public FabricNode node(int index) {
        return nodes.get(index);
    }

    public Link link(int index) {
        return links.get(index);
    }

    /** Finds a node by its name or by one of a host's addresses (IP, FQDN). */
    public Optional<FabricNode> find(String nameOrAddress) {
        return Optional.ofNullable(nameOrAddress == null ? null : byNameOrAddress.get(nameOrAddress));
    }

    /** Like {@link #find} but for a host; a switch or an unknown name is an error naming it. */
    public FabricNode host(String nameOrAddress) {
        FabricNode node = byNameOrAddress.get(nameOrAddress);
        if (node == null) {
            throw new UnknownNodeException(nameOrAddress);
        }
        if (!node.isHost()) {
            throw new UnknownNodeException(nameOrAddress + " is a switch, not a host");
        }
        return node;
    }

    public List<FabricNode> hosts() {
        return nodes.stream().filter(FabricNode::isHost).toList();
    }

    public List<FabricNode> switches() {
        return nodes.stream().filter(FabricNode::isSwitch).toList();
    }

    /** Indexes of the links leaving a node. */
    public int[] outLinks(int node) {
        return outLinks[node];
    }

    /** The link leaving {@code node} through {@code port}, if the fabric has one. */
    public Optional<Link> linkFromPort(int node, int port) {
        return Optional.ofNullable(linkByPort.get(portKey(node, port)));
    }

    @Override
    public String toString() {
        return "Fabric[" + name + ", " + nodes.size() + " nodes, " + links.size() + " directed links]";
    }
}
