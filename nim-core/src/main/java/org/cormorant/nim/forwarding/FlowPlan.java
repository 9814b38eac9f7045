package org.cormorant.nim.forwarding;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.load.Reservation;
import org.cormorant.nim.path.EqualCostPaths;
import org.cormorant.nim.path.Path;

/**
 * The flow scheduler's desired switch state (Cormorant 4.3.4-4.3.5): base ECMP forwarding for every
 * host pair, plus, for every live reservation, the reserved path pinned at a higher priority, so the
 * transfer the task and replica schedulers chose takes the path they chose. A controller installs
 * {@link #diff} against what it installed before; releasing or expiring a reservation drops its
 * rules and the pair falls back to its ECMP path.
 *
 * <p>Pins are per host pair (the granularity of a Hadoop transfer); when two live reservations name
 * the same pair, the newest one's path is pinned. Between the two sit the Hedera pins of unannounced
 * large flows ({@code schedule.LargeFlowPlacement}), replaced every scheduling round; a pair that
 * has a reservation gets no Hedera pin, so reservations always win.
 */
public final class FlowPlan {
    public static final int ECMP_PRIORITY = 100;
    public static final int PINNED_PRIORITY = 200;
    /** Large flows placed by the Hedera scheduler: above ECMP, below reservations. */
    public static final int LARGE_FLOW_PRIORITY = 150;
    /** Owner of the rules of {@link #LARGE_FLOW_PRIORITY}. */
    public static final String LARGE_FLOW_OWNER = "hedera";

    /**
     * One rule a controller installs.
     *
     * @param hop      switch, match and output port
     * @param priority {@link #ECMP_PRIORITY}, {@link #LARGE_FLOW_PRIORITY} or {@link #PINNED_PRIORITY}
     * @param owner    "ecmp", "hedera", or the reservation id that pinned it
     */
    public record FlowRule(ForwardingRule hop, int priority, String owner) {
        /** A stable identifier, usable as an OpenFlow flow id in the controller's datastore. */
        public String id() {
            String kind = priority == PINNED_PRIORITY ? "pin" : priority == LARGE_FLOW_PRIORITY ? "hedera" : "ecmp";
            return "cormorant-" + kind + "-" + hop.srcAddress() + "-" + hop.dstAddress();
        }
    }

    /** What to change on the switches. */
    public record Diff(List<FlowRule> add, List<FlowRule> remove) {
        public boolean empty() {
            return add.isEmpty() && remove.isEmpty();
        }
    }

    private FlowPlan() {
    }

    /** Every rule the fabric should carry now (no Hedera pins). */
    public static List<FlowRule> desired(EqualCostPaths paths, Collection<Reservation> reservations) {
        return desired(paths, reservations, Map.of());
    }

    /**
     * Every rule the fabric should carry now, with {@code largeFlowPins} (host pair to path) pinned at
     * {@link #LARGE_FLOW_PRIORITY} for the pairs no reservation covers.
     */
    public static List<FlowRule> desired(EqualCostPaths paths, Collection<Reservation> reservations,
                                         Map<HostPair, Path> largeFlowPins) {
        List<FlowRule> rules = new ArrayList<>();
        for (ForwardingRule hop : EcmpForwarding.rules(paths)) {
            rules.add(new FlowRule(hop, ECMP_PRIORITY, "ecmp"));
        }
        Fabric fabric = paths.fabric();
        Map<String, Reservation> newestPerPair = new LinkedHashMap<>();
        reservations.stream().sorted(Comparator.comparingLong(Reservation::createdAtMillis))
                .forEach(r -> newestPerPair.put(r.src() + "\u0000" + r.dst(), r));
        for (Reservation r : newestPerPair.values()) {
            Optional<String> srcIp = fabric.find(r.src()).flatMap(EcmpForwarding::ipv4);
            Optional<String> dstIp = fabric.find(r.dst()).flatMap(EcmpForwarding::ipv4);
            if (srcIp.isEmpty() || dstIp.isEmpty()) {
                continue;
            }
            for (ForwardingRule hop : EcmpForwarding.rulesAlong(fabric, r.path(), srcIp.get(), dstIp.get())) {
                rules.add(new FlowRule(hop, PINNED_PRIORITY, r.id()));
            }
        }
        for (Map.Entry<HostPair, Path> pin : largeFlowPins.entrySet()) {
            HostPair pair = pin.getKey();
            if (newestPerPair.containsKey(pair.src() + "\u0000" + pair.dst())) {
                continue;
            }
            Optional<String> srcIp = fabric.find(pair.src()).flatMap(EcmpForwarding::ipv4);
            Optional<String> dstIp = fabric.find(pair.dst()).flatMap(EcmpForwarding::ipv4);
            if (srcIp.isEmpty() || dstIp.isEmpty()) {
                continue;
            }
            for (ForwardingRule hop : EcmpForwarding.rulesAlong(fabric, pin.getValue(), srcIp.get(), dstIp.get())) {
                rules.add(new FlowRule(hop, LARGE_FLOW_PRIORITY, LARGE_FLOW_OWNER));
            }
        }
        return rules;
    }

    /** Rules to add (new or changed) and to remove (no longer desired), comparing by content. */
    public static Diff diff(Collection<FlowRule> installed, Collection<FlowRule> desired) {
        Set<FlowRule> have = new HashSet<>(installed);
        Set<FlowRule> want = new HashSet<>(desired);
        List<FlowRule> add = desired.stream().filter(r -> !have.contains(r)).toList();
        List<FlowRule> remove = installed.stream().filter(r -> !want.contains(r)).toList();
        return new Diff(add, remove);
    }

    /** The switches a rule set touches, for controllers that batch per switch. */
    public static Set<String> switches(Collection<FlowRule> rules) {
        Set<String> names = new HashSet<>();
        for (FlowRule r : rules) {
            names.add(r.hop().switchName());
        }
        return names;
    }

}
