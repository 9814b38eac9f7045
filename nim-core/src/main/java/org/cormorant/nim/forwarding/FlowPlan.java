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
import org.cormorant.nim.load.Reservation;
import org.cormorant.nim.path.EqualCostPaths;

/**
 * The flow scheduler's desired switch state (Cormorant 4.3.4-4.3.5): base ECMP forwarding for every
 * host pair, plus, for every live reservation, the reserved path pinned at a higher priority, so the
 * transfer the task and replica schedulers chose takes the path they chose. A controller installs
 * {@link #diff} against what it installed before; releasing or expiring a reservation drops its
 * rules and the pair falls back to its ECMP path.
 *
 * <p>Pins are per host pair (the granularity of a Hadoop transfer); when two live reservations name
 * the same pair, the newest one's path is pinned.
 */
public final class FlowPlan {
    public static final int ECMP_PRIORITY = 100;
    public static final int PINNED_PRIORITY = 200;

    /**
     * One rule a controller installs.
     *
     * @param hop      switch, match and output port
     * @param priority {@link #ECMP_PRIORITY} or {@link #PINNED_PRIORITY}
     * @param owner    "ecmp", or the reservation id that pinned it
     */
    public record FlowRule(ForwardingRule hop, int priority, String owner) {
        /** A stable identifier, usable as an OpenFlow flow id in the controller's datastore. */
        public String id() {
            return "cormorant-" + (priority == PINNED_PRIORITY ? "pin" : "ecmp") + "-" + hop.srcAddress() + "-"
                    + hop.dstAddress();
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

    /** Every rule the fabric should carry now. */
    public static List<FlowRule> desired(EqualCostPaths paths, Collection<Reservation> reservations) {
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
