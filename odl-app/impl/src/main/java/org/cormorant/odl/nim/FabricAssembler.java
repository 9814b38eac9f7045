package org.cormorant.odl.nim;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricBuilder;
import org.cormorant.nim.fabric.FabricException;
import org.cormorant.nim.fabric.Link;
import org.cormorant.odl.nim.NetworkReading.SwitchLink;
import org.cormorant.odl.nim.NetworkReading.SwitchPort;

/**
 * Translates an OpenDaylight reading plus the host registry into a nim-core {@link Fabric}.
 *
 * <p>Switches are the OpenFlow nodes of the topology, named by node id. LLDP reports each direction
 * of a cable as its own link; both directions become one full-duplex cable, as nim-core models it.
 * A registered host is cabled to its switch port when that switch is in the topology and the port
 * is not already an inter-switch port; its own interface is port 0 (eth0). A cable's capacity is the
 * smaller {@code current-speed} of its two switch ports when the inventory reports one (and
 * {@code useInventorySpeed} is on), else the configured default.
 *
 * <p>Deterministic: the same reading and registry give the same fabric, node and link order and
 * {@link Assembly#topologyId()}, so an unchanged network is recognised and the NIM keeps its state.
 */
public final class FabricAssembler {
    private final String fabricName;
    private final double defaultCapacityBps;
    private final boolean useInventorySpeed;

    public FabricAssembler(String fabricName, double defaultCapacityBps, boolean useInventorySpeed) {
        if (!(defaultCapacityBps > 0) || defaultCapacityBps > FabricBuilder.MAX_CAPACITY_BPS) {
            throw new IllegalArgumentException("default capacity " + defaultCapacityBps + " bit/s is out of range");
        }
        this.fabricName = fabricName;
        this.defaultCapacityBps = defaultCapacityBps;
        this.useInventorySpeed = useInventorySpeed;
    }

    /**
     * The outcome of one assembly.
     *
     * @param fabric        the fabric, or null when the topology has no switch
     * @param topologyId    digest of the fabric (names, ports, capacities, addresses); "" without fabric
     * @param attachedHosts registered hosts that are part of the fabric
     * @param problems      what was left out and why (a host on an unknown switch, a conflicting link)
     */
    public record Assembly(Fabric fabric, String topologyId, Set<String> attachedHosts, List<String> problems) {
        public Assembly {
            attachedHosts = Set.copyOf(attachedHosts);
            problems = List.copyOf(problems);
        }
    }

    public Assembly assemble(NetworkReading reading, Collection<RegisteredHost> hosts) {
        List<String> problems = new ArrayList<>();
        Set<String> switches = new TreeSet<>(reading.switches());
        if (switches.isEmpty()) {
            return new Assembly(null, "", Set.of(), problems);
        }
        Map<String, Long> speedKbps = new HashMap<>();
        for (SwitchPort port : reading.ports()) {
            if (port.speedKbps() > 0) {
                speedKbps.put(port.node() + ":" + port.port(), port.speedKbps());
            }
        }

        FabricBuilder builder = new FabricBuilder(fabricName);
        for (String sw : switches) {
            builder.addSwitch(sw, sw);
        }

        // One cable per pair of directed links; sorted so indexes do not depend on datastore order.
        List<SwitchLink> links = new ArrayList<>(reading.links());
        links.sort(Comparator.comparing(SwitchLink::srcNode).thenComparingInt(SwitchLink::srcPort)
                .thenComparing(SwitchLink::dstNode).thenComparingInt(SwitchLink::dstPort));
        Set<String> usedPorts = new HashSet<>();
        for (SwitchLink link : links) {
            if (!switches.contains(link.srcNode()) || !switches.contains(link.dstNode())) {
                problems.add("link " + describe(link) + " names a node outside the topology; left out");
                continue;
            }
            String srcEnd = link.srcNode() + ":" + link.srcPort();
            String dstEnd = link.dstNode() + ":" + link.dstPort();
            if (usedPorts.contains(srcEnd) && usedPorts.contains(dstEnd)) {
                continue; // the reverse direction of a cable already added
            }
            if (usedPorts.contains(srcEnd) || usedPorts.contains(dstEnd) || srcEnd.equals(dstEnd)) {
                problems.add("link " + describe(link) + " reuses a port of another link; left out");
                continue;
            }
            try {
                builder.connect(link.srcNode(), link.srcPort(), link.dstNode(), link.dstPort(),
                        capacity(speedKbps.get(srcEnd), speedKbps.get(dstEnd)));
                usedPorts.add(srcEnd);
                usedPorts.add(dstEnd);
            } catch (FabricException e) {
                problems.add("link " + describe(link) + ": " + e.getMessage());
            }
        }

        Set<String> attached = new TreeSet<>();
        List<RegisteredHost> sortedHosts = new ArrayList<>(hosts);
        sortedHosts.sort(Comparator.comparing(RegisteredHost::name));
        for (RegisteredHost host : sortedHosts) {
            String port = host.switchNode() + ":" + host.port();
            if (!switches.contains(host.switchNode())) {
                problems.add("host " + host.name() + ": switch " + host.switchNode() + " is not in the topology");
                continue;
            }
            if (usedPorts.contains(port)) {
                problems.add("host " + host.name() + ": " + port + " is an inter-switch port");
                continue;
            }
            try {
                builder.addHost(host.name(), host.addresses().toArray(String[]::new));
                builder.connect(host.name(), 0, host.switchNode(), host.port(), capacity(speedKbps.get(port), null));
                usedPorts.add(port);
                attached.add(host.name());
            } catch (FabricException e) {
                // A host whose node was added but not cabled would make build() fail: start over without it.
                problems.add("host " + host.name() + ": " + e.getMessage());
                List<RegisteredHost> without = new ArrayList<>(hosts);
                without.remove(host);
                Assembly retry = assemble(reading, without);
                List<String> all = new ArrayList<>(problems);
                all.addAll(retry.problems());
                return new Assembly(retry.fabric(), retry.topologyId(), retry.attachedHosts(), all);
            }
        }
        Fabric fabric = builder.build();
        return new Assembly(fabric, digest(fabric), attached, problems);
    }

    private double capacity(Long kbpsA, Long kbpsB) {
        if (useInventorySpeed) {
            Long known = kbpsA == null ? kbpsB : kbpsB == null ? kbpsA : Long.valueOf(Math.min(kbpsA, kbpsB));
            if (known != null) {
                return Math.min(known * 1000.0, FabricBuilder.MAX_CAPACITY_BPS);
            }
        }
        return defaultCapacityBps;
    }

    private static String describe(SwitchLink link) {
        return link.srcNode() + ":" + link.srcPort() + " -> " + link.dstNode() + ":" + link.dstPort();
    }

    /** A short digest of everything that makes the fabric what it is. */
    static String digest(Fabric fabric) {
        StringBuilder text = new StringBuilder();
        fabric.nodes().forEach(n -> text.append(n.kind()).append(' ').append(n.name()).append(' ')
                .append(n.addresses()).append('\n'));
        for (Link link : fabric.links()) {
            text.append(link.from()).append(':').append(link.fromPort()).append('>').append(link.to()).append(':')
                    .append(link.toPort()).append(' ').append(link.capacityBps()).append('\n');
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder();
            for (int i = 0; i < 8; i++) {
                hex.append(String.format("%02x", hash[i]));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
