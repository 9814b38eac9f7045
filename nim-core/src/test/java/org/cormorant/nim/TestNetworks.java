package org.cormorant.nim;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.nim.path.Path;

/** Shared fixtures: the testbed at 1 Gbit/s, exact (unsmoothed) settings, and helpers to load links. */
public final class TestNetworks {
    public static final double GBPS = 1e9;
    public static final double MBPS = 1e6;

    /** No smoothing, 64-bit counters, 10 s hold, 60 s default lease, 1 h maximum lease. */
    public static final NimSettings EXACT = new NimSettings(1.0, 64, 10_000, 60_000, 3_600_000);

    /** Times of the two counter readings {@link #load} feeds. */
    public static final long FIRST_SAMPLE_MILLIS = 1_000;
    public static final long SECOND_SAMPLE_MILLIS = 2_000;

    private TestNetworks() {
    }

    public static Fabric testbed() {
        return StandardFabrics.cormorantTestbed(GBPS);
    }

    /** A NIM on {@code fabric} with exact settings and a clock the test moves by hand. */
    public static NetworkInformationManager nim(Fabric fabric, AtomicLong clock) {
        return new NetworkInformationManager(fabric, EXACT, clock::get);
    }

    public static FabricNode node(Fabric fabric, String name) {
        return fabric.find(name).orElseThrow(() -> new AssertionError("no node " + name));
    }

    /** The directed link from node {@code from} to its neighbour {@code to}. */
    public static Link link(Fabric fabric, String from, String to) {
        int a = node(fabric, from).index();
        int b = node(fabric, to).index();
        for (int l : fabric.outLinks(a)) {
            if (fabric.link(l).to() == b) {
                return fabric.link(l);
            }
        }
        throw new AssertionError("no link " + from + " -> " + to);
    }

    public static int linkIndex(Fabric fabric, String from, String to) {
        return link(fabric, from, to).index();
    }

    /**
     * Two readings of the sending port of {@code from -> to}, one second apart, whose tx counter
     * advanced by {@code bps} bits: the estimator then measures exactly {@code bps} (no smoothing)
     * on that link.
     */
    public static List<PortCounterSample> txSamples(Fabric fabric, String from, String to, double bps) {
        Link link = link(fabric, from, to);
        long bytes = Math.round(bps / 8);
        return List.of(
                new PortCounterSample(from, link.fromPort(), 0, 0, FIRST_SAMPLE_MILLIS),
                new PortCounterSample(from, link.fromPort(), 0, bytes, SECOND_SAMPLE_MILLIS));
    }

    /** Loads the directed link {@code from -> to} with {@code bps} of measured traffic (needs a rebuild to show). */
    public static void load(NetworkInformationManager nim, String from, String to, double bps) {
        List<PortCounterSample> samples = txSamples(nim.fabric(), from, to, bps);
        int accepted = nim.recordCounters(samples);
        if (accepted != samples.size()) {
            throw new AssertionError("samples for " + from + " -> " + to + " were not accepted");
        }
    }

    /** The candidate path whose node names contain {@code via} (e.g. an aggregation or core switch). */
    public static Path pathVia(Fabric fabric, List<Path> candidates, String via) {
        return candidates.stream().filter(p -> p.nodeNames(fabric).contains(via)).findFirst()
                .orElseThrow(() -> new AssertionError("no candidate via " + via));
    }
}
