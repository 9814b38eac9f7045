package org.cormorant.nim.schedule;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.forwarding.EcmpForwarding;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;

/**
 * One round of the Hedera flow scheduler (Cormorant 4.3.4, "flow scheduler only" of Table 4.3) for
 * traffic nobody announced: host pairs sending at least a threshold fraction of the source's NIC
 * rate are large flows (Hedera: 10%), their natural demands come from
 * {@link HederaDemandEstimator}, and {@link GlobalFirstFitPlacement} gives each the first path with
 * room for it. The result is the path to pin per large pair for this round; the caller replaces the
 * previous round's pins with it.
 *
 * <p>Pairs with a reservation are left out: the task/replica schedulers announced them and chose
 * their path, and that pin wins. A large flow that fits nowhere keeps the pin it had, if any (it is
 * left where it runs, as Hedera leaves it); a pair below the threshold loses its pin and returns to
 * ECMP.
 */
public final class LargeFlowPlacement {
    /** Hedera's large-flow threshold: 10% of the host's NIC rate. */
    public static final double DEFAULT_THRESHOLD = 0.1;
    /**
     * How far a link's measured room may fall short of a demand and still take it (of its line rate).
     * Rooms come from port counters, the flows' own rates from rule counters, which Open vSwitch
     * updates lazily (revalidator), so a flow alone on a path measures a few percent short of the
     * room it leaves. Never more than the threshold: a slack that large could hide a large flow.
     */
    public static final double DEFAULT_SLACK = 0.1;

    private final double threshold;
    private final double slack;

    public LargeFlowPlacement(double threshold, double slack) {
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("large-flow threshold must be a fraction of the NIC rate in (0, 1], got " + threshold);
        }
        if (!(slack >= 0 && slack < 1)) {
            throw new IllegalArgumentException("slack must be in [0, 1), got " + slack);
        }
        this.threshold = threshold;
        this.slack = slack;
    }

    public LargeFlowPlacement() {
        this(DEFAULT_THRESHOLD, DEFAULT_SLACK);
    }

    public double threshold() {
        return threshold;
    }

    /** The pairs whose measured rate reaches the threshold, in pair order; unknown hosts are an error. */
    public List<HostPair> largeFlows(Fabric fabric, Map<HostPair, Double> ratesBps) {
        List<HostPair> large = new ArrayList<>();
        for (Map.Entry<HostPair, Double> e : new TreeMap<>(ratesBps).entrySet()) {
            double nic = sendCapacityBps(fabric, e.getKey().src());
            fabric.host(e.getKey().dst());
            if (e.getValue() != null && e.getValue() >= threshold * nic) {
                large.add(e.getKey());
            }
        }
        return large;
    }

    /**
     * The paths to pin this round.
     *
     * @param snapshot     current measured network state
     * @param ratesBps     measured rate of each host pair
     * @param currentPins  last round's pins (where those pairs run now)
     * @param announced    pairs with a live reservation, which this round leaves alone
     */
    public Map<HostPair, Path> place(NetworkSnapshot snapshot, Map<HostPair, Double> ratesBps,
                                     Map<HostPair, Path> currentPins, Set<HostPair> announced) {
        Fabric fabric = snapshot.fabric();
        List<HostPair> large = new ArrayList<>();
        for (HostPair pair : largeFlows(fabric, ratesBps)) {
            if (!announced.contains(pair) && !candidates(snapshot, pair).isEmpty()) {
                large.add(pair);
            }
        }
        double[] demand = HederaDemandEstimator.estimate(large, h -> sendCapacityBps(fabric, h),
                h -> receiveCapacityBps(fabric, h));
        List<LargeFlow> flows = new ArrayList<>();
        for (int i = 0; i < large.size(); i++) {
            HostPair pair = large.get(i);
            Path current = currentPins.get(pair);
            if (current == null) {
                current = EcmpForwarding.pathFor(snapshot.paths(), fabric.host(pair.src()), fabric.host(pair.dst()));
            }
            flows.add(new LargeFlow(pair.toString(), pair.src(), pair.dst(), demand[i], current, ratesBps.get(pair)));
        }
        Map<String, Path> placed = GlobalFirstFitPlacement.place(snapshot, flows, slack);
        Map<HostPair, Path> pins = new LinkedHashMap<>();
        for (HostPair pair : large) {
            Path path = placed.get(pair.toString());
            if (path == null) {
                path = currentPins.get(pair);
            }
            if (path != null) {
                pins.put(pair, path);
            }
        }
        return pins;
    }

    private static List<Path> candidates(NetworkSnapshot snapshot, HostPair pair) {
        Fabric fabric = snapshot.fabric();
        return snapshot.paths().between(fabric.host(pair.src()).index(), fabric.host(pair.dst()).index());
    }

    /** What a host can send: the line rate of its links into the fabric. */
    static double sendCapacityBps(Fabric fabric, String host) {
        FabricNode node = fabric.host(host);
        double sum = 0;
        for (int l : fabric.outLinks(node.index())) {
            sum += fabric.link(l).capacityBps();
        }
        return sum;
    }

    /** What a host can receive: the line rate of the fabric's links into it. */
    static double receiveCapacityBps(Fabric fabric, String host) {
        FabricNode node = fabric.host(host);
        double sum = 0;
        for (int l : fabric.outLinks(node.index())) {
            sum += fabric.link(fabric.link(l).reverse()).capacityBps();
        }
        return sum;
    }
}
