package org.cormorant.nim.schedule;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.PairRateEstimator;
import org.cormorant.nim.load.Reservation;
import org.cormorant.nim.load.RuleCounterSample;
import org.cormorant.nim.path.Path;

/**
 * The Hedera flow scheduler's rounds, shared by the standalone NIM ({@code serve --hedera}) and the
 * OpenDaylight app (configuration {@code hedera}): every poll the adapter hands it the per-pair
 * rules' counters it read from the switches ({@link #measure}); every period it runs
 * {@link LargeFlowPlacement} (large flows, demand estimation, Global First Fit) on the NIM's current
 * snapshot, and the adapter installs the resulting pins ({@link #pins()}) at
 * {@link org.cormorant.nim.forwarding.FlowPlan#LARGE_FLOW_PRIORITY}, replacing the last round's.
 * Pairs with a reservation are left to it: the Hadoop plugins announced them.
 */
public final class LargeFlowScheduler {
    private final NetworkInformationManager nim;
    private final PairRateEstimator rates;
    private final LargeFlowPlacement placement;
    private final long periodMillis;
    private final int settleReadings;
    private long lastRoundMillis = Long.MIN_VALUE;
    private int readingsSinceChange;
    private Map<HostPair, Path> pins = Map.of();

    public LargeFlowScheduler(NetworkInformationManager nim, LargeFlowPlacement placement, long periodMillis) {
        this(nim, placement, periodMillis, 1);
    }

    /**
     * @param settleReadings readings ({@link #measure} calls) a round waits for after a round that
     *                       moved flows. Placement frees each flow's rate from the path it is pinned
     *                       on; until the counters show the flows there, the links look emptier or
     *                       fuller than they are and the next round would move flows back. Reading
     *                       switches directly (ovs-ofctl), one reading settles it; through a
     *                       controller that refreshes statistics on its own schedule it takes two.
     */
    public LargeFlowScheduler(NetworkInformationManager nim, LargeFlowPlacement placement, long periodMillis,
                              int settleReadings) {
        if (periodMillis <= 0) {
            throw new IllegalArgumentException("Hedera scheduling period must be positive, got " + periodMillis + " ms");
        }
        if (settleReadings < 0) {
            throw new IllegalArgumentException("settle readings must not be negative, got " + settleReadings);
        }
        this.nim = nim;
        this.rates = new PairRateEstimator(nim.settings().smoothing());
        this.placement = placement;
        this.periodMillis = periodMillis;
        this.settleReadings = settleReadings;
        this.readingsSinceChange = settleReadings;
    }

    /**
     * Whether a rule of {@code pair} on {@code switchName} is where the pair's traffic is counted:
     * the switch its source host is attached to, which every packet of the pair crosses exactly once
     * whatever path it then takes.
     */
    public static boolean countedAtSource(Fabric fabric, String switchName, HostPair pair) {
        Optional<FabricNode> src = fabric.find(pair.src()).filter(FabricNode::isHost);
        if (src.isEmpty()) {
            return false;
        }
        for (int l : fabric.outLinks(src.get().index())) {
            if (fabric.node(fabric.link(l).to()).name().equals(switchName)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Takes one complete reading of the per-pair rules' counters (every poll). Rules not counted at
     * their pair's source ({@link #countedAtSource}) are ignored, so a reading of every switch may be
     * passed as it is.
     */
    public void measure(Collection<RuleCounterSample> samples) {
        Fabric fabric = nim.fabric();
        List<RuleCounterSample> atSource = new ArrayList<>(samples.size());
        for (RuleCounterSample s : samples) {
            if (countedAtSource(fabric, s.switchName(), s.pair())) {
                atSource.add(s);
            }
        }
        rates.record(atSource);
        synchronized (this) {
            readingsSinceChange++;
        }
    }

    /**
     * Runs a scheduling round if the period has passed since the last one and the readings since the
     * last change have settled; returns whether the pins changed (the caller then reconciles the
     * switches).
     */
    public synchronized boolean scheduleIfDue(long nowMillis) {
        if (lastRoundMillis != Long.MIN_VALUE && nowMillis - lastRoundMillis < periodMillis) {
            return false;
        }
        if (readingsSinceChange < settleReadings) {
            return false;
        }
        lastRoundMillis = nowMillis;
        return schedule();
    }

    /** One scheduling round now; returns whether the pins changed. */
    public synchronized boolean schedule() {
        Set<HostPair> announced = new HashSet<>();
        for (Reservation r : nim.reservations()) {
            announced.add(new HostPair(r.src(), r.dst()));
        }
        Map<HostPair, Path> next = placement.place(nim.snapshot(), rates.rates(), pins, announced);
        if (next.equals(pins)) {
            return false;
        }
        pins = Map.copyOf(next);
        readingsSinceChange = 0;
        return true;
    }

    /** This round's pins: host pair to the path it is pinned on. */
    public synchronized Map<HostPair, Path> pins() {
        return pins;
    }

    /** Measured sending rate per host pair, bits per second. */
    public Map<HostPair, Double> rates() {
        return rates.rates();
    }

    /** The pins with their paths and rates, for the adapters' logs. */
    public synchronized String describePins() {
        Fabric fabric = nim.fabric();
        Map<HostPair, Double> measured = rates.rates();
        Map<String, String> text = new LinkedHashMap<>();
        pins.forEach((pair, path) -> text.put(pair.toString(), String.join("-", path.nodeNames(fabric)) + " @"
                + Math.round(measured.getOrDefault(pair, 0.0) / 1e3) + " kbit/s"));
        return pins.size() + " large flows pinned " + text;
    }
}
