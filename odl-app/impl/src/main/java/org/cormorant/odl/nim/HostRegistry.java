package org.cormorant.odl.nim;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The hosts the cluster registered (RPC {@code register-hosts}). OpenDaylight learns switches and
 * inter-switch links by itself, not hosts (l2switch host tracking is not part of this release), so
 * the cluster says where each host is cabled. Thread-safe.
 */
public final class HostRegistry {
    private final Map<String, RegisteredHost> hosts = new TreeMap<>();

    /**
     * Merges {@code batch} into the registry by name, or replaces the registry with it. All or nothing:
     * a batch with a conflict changes nothing.
     *
     * @throws IllegalArgumentException naming the conflict: a host name that is a switch id, an empty
     *         switch, two hosts on the same switch port, or an address used by two hosts
     */
    public synchronized void register(Collection<RegisteredHost> batch, boolean replace) {
        Map<String, RegisteredHost> next = new TreeMap<>(replace ? Map.of() : hosts);
        for (RegisteredHost host : batch) {
            if (host.name().isBlank()) {
                throw new IllegalArgumentException("host name must not be empty");
            }
            if (host.name().startsWith("openflow:")) {
                throw new IllegalArgumentException("host name '" + host.name()
                        + "' looks like a switch id; switches are named openflow:N");
            }
            if (!host.switchNode().startsWith("openflow:")) {
                throw new IllegalArgumentException("host '" + host.name() + "': switch '" + host.switchNode()
                        + "' is not an OpenFlow node id (openflow:N)");
            }
            next.put(host.name(), host);
        }
        check(next.values());
        hosts.clear();
        hosts.putAll(next);
    }

    private static void check(Collection<RegisteredHost> all) {
        Map<String, String> byPort = new HashMap<>();
        Map<String, String> byAddress = new HashMap<>();
        for (RegisteredHost host : all) {
            String port = host.switchNode() + ":" + host.port();
            String other = byPort.putIfAbsent(port, host.name());
            if (other != null) {
                throw new IllegalArgumentException("hosts '" + other + "' and '" + host.name()
                        + "' are both registered on switch port " + port);
            }
            for (String address : host.addresses()) {
                String owner = byAddress.putIfAbsent(address, host.name());
                if (owner != null && !owner.equals(host.name())) {
                    throw new IllegalArgumentException("address " + address + " is registered for both '"
                            + owner + "' and '" + host.name() + "'");
                }
            }
        }
        for (RegisteredHost host : all) {
            String owner = byAddress.get(host.name());
            if (owner != null && !owner.equals(host.name())) {
                throw new IllegalArgumentException("host name '" + host.name() + "' is an address of '" + owner + "'");
            }
        }
    }

    /** Registered hosts, by name. */
    public synchronized List<RegisteredHost> all() {
        return new ArrayList<>(hosts.values());
    }

    public synchronized int size() {
        return hosts.size();
    }

    /** Registered hosts keyed by name, in name order. */
    public synchronized Map<String, RegisteredHost> byName() {
        return new LinkedHashMap<>(hosts);
    }
}
