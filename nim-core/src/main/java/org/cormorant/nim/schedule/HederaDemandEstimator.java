package org.cormorant.nim.schedule;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.cormorant.nim.fabric.HostPair;

/**
 * Hedera's demand estimation (Al-Fares et al., NSDI 2010, section 4.2): the rate each large flow
 * would reach if only the hosts' NICs limited it, i.e. its max-min fair share. A measured rate is
 * no use for this: a flow squeezed by a congested link measures low, and placing it by that rate
 * would keep it squeezed.
 *
 * <p>Each round first lets every source split what its unconverged flows may send equally among
 * them (after the flows already fixed by a receiver), then lets every over-subscribed destination
 * cap its senders: flows asking less than an equal share keep their demand, the others are
 * receiver-limited at the equal share of what is left, and are converged. Rounds repeat until no
 * demand changes. Several flows may join the same pair (e.g. two TCP connections).
 */
public final class HederaDemandEstimator {
    /** Rounds after which the estimate is taken as is; the paper's iteration settles in a few. */
    private static final int MAX_ROUNDS = 1_000;
    private static final double RELATIVE_EPSILON = 1e-12;

    private HederaDemandEstimator() {
    }

    /** Demands as fractions of a NIC, every host's NIC being 1.0 (the paper's normalised form). */
    public static double[] estimate(List<HostPair> flows) {
        return estimate(flows, h -> 1.0, h -> 1.0);
    }

    /**
     * Natural demand of each flow, in the capacities' unit, in the order of {@code flows}.
     *
     * @param sendCapacity    what a host can send (its NIC towards the fabric)
     * @param receiveCapacity what a host can receive
     */
    public static double[] estimate(List<HostPair> flows, ToDoubleFunction<String> sendCapacity,
                                    ToDoubleFunction<String> receiveCapacity) {
        int n = flows.size();
        Map<String, List<Integer>> bySource = new LinkedHashMap<>();
        Map<String, List<Integer>> byDestination = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            HostPair f = flows.get(i);
            if (f == null) {
                throw new IllegalArgumentException("flow " + i + " is null");
            }
            bySource.computeIfAbsent(f.src(), k -> new ArrayList<>()).add(i);
            byDestination.computeIfAbsent(f.dst(), k -> new ArrayList<>()).add(i);
        }
        Map<String, Double> sendCap = capacities(bySource.keySet(), sendCapacity, "send");
        Map<String, Double> receiveCap = capacities(byDestination.keySet(), receiveCapacity, "receive");

        double[] demand = new double[n];
        boolean[] converged = new boolean[n];
        for (int round = 0; round < MAX_ROUNDS; round++) {
            double[] before = demand.clone();
            bySource.forEach((host, members) -> shareAtSource(sendCap.get(host), members, demand, converged));
            byDestination.forEach((host, members) -> capAtDestination(receiveCap.get(host), members, demand, converged));
            if (same(before, demand)) {
                break;
            }
        }
        return demand;
    }

    /** The paper's Est-Src: what the converged flows leave is split equally among the others. */
    private static void shareAtSource(double capacity, List<Integer> members, double[] demand, boolean[] converged) {
        double fixed = 0;
        int open = 0;
        for (int i : members) {
            if (converged[i]) {
                fixed += demand[i];
            } else {
                open++;
            }
        }
        if (open == 0) {
            return;
        }
        double share = Math.max(0, capacity - fixed) / open;
        for (int i : members) {
            if (!converged[i]) {
                demand[i] = share;
            }
        }
    }

    /** The paper's Est-Dst: an over-subscribed receiver caps the flows asking more than a fair share. */
    private static void capAtDestination(double capacity, List<Integer> members, double[] demand, boolean[] converged) {
        double total = 0;
        for (int i : members) {
            total += demand[i];
        }
        if (total <= capacity) {
            return;
        }
        boolean[] limited = new boolean[demand.length];
        for (int i : members) {
            limited[i] = true;
        }
        double senderLimited = 0;
        int receiverLimited = members.size();
        double share = capacity / receiverLimited;
        boolean changed = true;
        while (changed) {
            changed = false;
            receiverLimited = 0;
            for (int i : members) {
                if (!limited[i]) {
                    continue;
                }
                if (demand[i] < share) {
                    senderLimited += demand[i];
                    limited[i] = false;
                    changed = true;
                } else {
                    receiverLimited++;
                }
            }
            if (receiverLimited == 0) {
                // Every flow asked less than its share: then they did fit (rounding put total above).
                return;
            }
            share = Math.max(0, capacity - senderLimited) / receiverLimited;
        }
        for (int i : members) {
            if (limited[i]) {
                demand[i] = share;
                converged[i] = true;
            }
        }
    }

    private static Map<String, Double> capacities(Iterable<String> hosts, ToDoubleFunction<String> capacity, String what) {
        Map<String, Double> result = new LinkedHashMap<>();
        for (String host : hosts) {
            double c = capacity.applyAsDouble(host);
            if (!(c > 0) || Double.isInfinite(c)) {
                throw new IllegalArgumentException("host " + host + " has " + what + " capacity " + c
                        + "; it must be positive and finite");
            }
            result.put(host, c);
        }
        return result;
    }

    private static boolean same(double[] a, double[] b) {
        for (int i = 0; i < a.length; i++) {
            if (Math.abs(a[i] - b[i]) > RELATIVE_EPSILON * Math.max(1, Math.abs(a[i]))) {
                return false;
            }
        }
        return true;
    }
}
