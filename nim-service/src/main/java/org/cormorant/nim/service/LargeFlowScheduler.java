package org.cormorant.nim.service;

import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.PairRateEstimator;
import org.cormorant.nim.load.Reservation;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.schedule.LargeFlowPlacement;

/**
 * The standalone NIM's Hedera flow scheduler ({@code serve --hedera}): every poll it measures each
 * host pair's rate from its rules' counters; every period it runs nim-core's
 * {@link LargeFlowPlacement} (large flows, demand estimation, Global First Fit) on the current
 * snapshot and hands the resulting pins to the {@link OvsFlowInstaller}, replacing the last round's.
 */
public final class LargeFlowScheduler {
    private static final Logger LOG = Logger.getLogger(LargeFlowScheduler.class.getName());

    private final NetworkInformationManager nim;
    private final OvsFlowCounterSource counters;
    private final PairRateEstimator rates;
    private final LargeFlowPlacement placement;
    private final long periodMillis;
    private long lastRoundMillis = Long.MIN_VALUE;
    private Map<HostPair, Path> pins = Map.of();

    public LargeFlowScheduler(NetworkInformationManager nim, OvsFlowCounterSource counters, LargeFlowPlacement placement,
                              long periodMillis) {
        if (periodMillis <= 0) {
            throw new IllegalArgumentException("Hedera scheduling period must be positive, got " + periodMillis + " ms");
        }
        this.nim = nim;
        this.counters = counters;
        this.rates = new PairRateEstimator(nim.settings().smoothing());
        this.placement = placement;
        this.periodMillis = periodMillis;
    }

    /** Reads the rule counters (every poll). */
    public void measure() throws IOException {
        rates.record(counters.poll());
    }

    /**
     * Runs a scheduling round if the period has passed since the last one; returns whether the pins
     * changed (the caller then reconciles the switches).
     */
    public synchronized boolean scheduleIfDue(long nowMillis) {
        if (lastRoundMillis != Long.MIN_VALUE && nowMillis - lastRoundMillis < periodMillis) {
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
        Map<HostPair, Double> measured = rates.rates();
        Map<HostPair, Path> next = placement.place(nim.snapshot(), measured, pins, announced);
        if (next.equals(pins)) {
            return false;
        }
        LOG.info("hedera: " + describe(nim.fabric(), next, measured) + " (was " + pins.size() + " pinned)");
        pins = Map.copyOf(next);
        return true;
    }

    /** This round's pins: host pair to the path it is pinned on. */
    public synchronized Map<HostPair, Path> pins() {
        return pins;
    }

    public Map<HostPair, Double> rates() {
        return rates.rates();
    }

    private static String describe(Fabric fabric, Map<HostPair, Path> pins, Map<HostPair, Double> rates) {
        Map<String, String> text = new LinkedHashMap<>();
        pins.forEach((pair, path) -> text.put(pair.toString(), String.join("-", path.nodeNames(fabric)) + " @"
                + Math.round(rates.getOrDefault(pair, 0.0) / 1e3) + " kbit/s"));
        return pins.size() + " large flows pinned " + text;
    }
}
