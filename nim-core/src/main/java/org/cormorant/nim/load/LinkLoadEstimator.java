package org.cormorant.nim.load;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;

/**
 * Turns cumulative port byte counters into a smoothed rate per directed link.
 *
 * <p>The load of link A:pa -> B:pb is what A transmits on pa, or equivalently what B receives on
 * pb; whichever end is measured serves (switches report their ports, hosts their NICs). Rates are
 * an exponentially weighted moving average of the per-interval rates; a counter that wrapped is
 * unwrapped and one that was reset starts over without producing a spike.
 */
public final class LinkLoadEstimator {
    private final Fabric fabric;
    private final NimSettings settings;
    private final Map<Long, PortState> ports = new HashMap<>();
    private long newestSampleMillis = Long.MIN_VALUE;
    private long ignoredSamples;

    private static final class PortState {
        long rxBytes;
        long txBytes;
        long timeMillis;
        double rxBps = Double.NaN;
        double txBps = Double.NaN;
    }

    public LinkLoadEstimator(Fabric fabric, NimSettings settings) {
        this.fabric = fabric;
        this.settings = settings;
    }

    /** Folds one reading in; returns false (and counts it) when it names no port of the fabric. */
    public boolean record(PortCounterSample sample) {
        Optional<FabricNode> node = fabric.find(sample.node());
        Optional<Link> link = node.flatMap(n -> fabric.linkFromPort(n.index(), sample.port()));
        if (link.isEmpty()) {
            ignoredSamples++;
            return false;
        }
        long key = ((long) node.get().index() << 32) | (sample.port() & 0xffffffffL);
        PortState state = ports.get(key);
        if (state == null) {
            state = new PortState();
            state.rxBytes = sample.rxBytes();
            state.txBytes = sample.txBytes();
            state.timeMillis = sample.timestampMillis();
            ports.put(key, state);
        } else {
            long dtMillis = sample.timestampMillis() - state.timeMillis;
            if (dtMillis <= 0) {
                // Same poll seen twice, or a clock step backwards: nothing to learn from it.
                ignoredSamples++;
                return false;
            }
            // A port cannot carry more than twice its line rate; more means the counter was reset.
            long maxBytes = (long) Math.min(Long.MAX_VALUE / 2.0, link.get().capacityBps() / 8 * dtMillis / 1000.0 * 2);
            long rx = CounterDelta.between(state.rxBytes, sample.rxBytes(), settings.counterBits(), maxBytes);
            long tx = CounterDelta.between(state.txBytes, sample.txBytes(), settings.counterBits(), maxBytes);
            double seconds = dtMillis / 1000.0;
            if (rx != CounterDelta.UNKNOWN) {
                state.rxBps = smooth(state.rxBps, rx * 8 / seconds);
            }
            if (tx != CounterDelta.UNKNOWN) {
                state.txBps = smooth(state.txBps, tx * 8 / seconds);
            }
            state.rxBytes = sample.rxBytes();
            state.txBytes = sample.txBytes();
            state.timeMillis = sample.timestampMillis();
        }
        newestSampleMillis = Math.max(newestSampleMillis, sample.timestampMillis());
        return true;
    }

    private double smooth(double previous, double sample) {
        return Double.isNaN(previous) ? sample : settings.smoothing() * sample + (1 - settings.smoothing()) * previous;
    }

    /** Measured rate of every directed link in bit/s, NaN where neither end has produced a rate yet. */
    public double[] linkRatesBps() {
        double[] rates = new double[fabric.linkCount()];
        for (Link link : fabric.links()) {
            PortState sender = ports.get(((long) link.from() << 32) | (link.fromPort() & 0xffffffffL));
            PortState receiver = ports.get(((long) link.to() << 32) | (link.toPort() & 0xffffffffL));
            double rate = sender == null ? Double.NaN : sender.txBps;
            if (Double.isNaN(rate) && receiver != null) {
                rate = receiver.rxBps;
            }
            rates[link.index()] = rate;
        }
        return rates;
    }

    /** Timestamp of the newest reading folded in, or {@code Long.MIN_VALUE} before the first. */
    public long newestSampleMillis() {
        return newestSampleMillis;
    }

    /** Readings dropped because they named no port of the fabric or repeated a timestamp. */
    public long ignoredSamples() {
        return ignoredSamples;
    }
}
