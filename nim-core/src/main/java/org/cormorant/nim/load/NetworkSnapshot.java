package org.cormorant.nim.load;

import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.path.EqualCostPaths;

/**
 * An immutable, versioned picture of the fabric's state: per directed link the measured rate, the
 * bandwidth reserved, the number of known flows and the available bandwidth
 * {@code max(0, capacity - measured - reserved)}. Every scheduling decision reads one snapshot so
 * that it sees a consistent network.
 */
public final class NetworkSnapshot {
    private final EqualCostPaths paths;
    private final long version;
    private final long dataTimeMillis;
    private final double[] measuredBps;
    private final double[] reservedBps;
    private final int[] flows;
    private final double[] availableBps;

    /**
     * @param dataTimeMillis time of the newest counter reading it reflects; its age is what tells a
     *                       scheduler whether the NIM is still being fed
     * @param measuredBps    per-link measured rate, NaN for a link never measured (counted as idle)
     */
    public NetworkSnapshot(EqualCostPaths paths, long version, long dataTimeMillis,
                           double[] measuredBps, double[] reservedBps, int[] flows) {
        Fabric fabric = paths.fabric();
        int n = fabric.linkCount();
        if (measuredBps.length != n || reservedBps.length != n || flows.length != n) {
            throw new IllegalArgumentException("per-link arrays must have " + n + " entries");
        }
        this.paths = paths;
        this.version = version;
        this.dataTimeMillis = dataTimeMillis;
        this.measuredBps = measuredBps.clone();
        this.reservedBps = reservedBps.clone();
        this.flows = flows.clone();
        this.availableBps = new double[n];
        for (int i = 0; i < n; i++) {
            double measured = Double.isNaN(measuredBps[i]) ? 0 : measuredBps[i];
            availableBps[i] = Math.max(0, fabric.link(i).capacityBps() - measured - reservedBps[i]);
        }
    }

    /** An idle network: nothing measured, nothing reserved. */
    public static NetworkSnapshot idle(EqualCostPaths paths, long version, long dataTimeMillis) {
        int n = paths.fabric().linkCount();
        double[] unmeasured = new double[n];
        java.util.Arrays.fill(unmeasured, Double.NaN);
        return new NetworkSnapshot(paths, version, dataTimeMillis, unmeasured, new double[n], new int[n]);
    }

    public Fabric fabric() {
        return paths.fabric();
    }

    public EqualCostPaths paths() {
        return paths;
    }

    public long version() {
        return version;
    }

    public long dataTimeMillis() {
        return dataTimeMillis;
    }

    /** How old the newest measurement in this snapshot is; huge when nothing was ever measured. */
    public long ageMillis(long nowMillis) {
        return dataTimeMillis == Long.MIN_VALUE ? Long.MAX_VALUE : Math.max(0, nowMillis - dataTimeMillis);
    }

    public double availableBps(int link) {
        return availableBps[link];
    }

    public double measuredBps(int link) {
        return measuredBps[link];
    }

    public double reservedBps(int link) {
        return reservedBps[link];
    }

    public int flows(int link) {
        return flows[link];
    }

    public double capacityBps(int link) {
        return paths.fabric().link(link).capacityBps();
    }

    /** A copy of the measured rates, NaN where unmeasured. */
    public double[] measuredRates() {
        return measuredBps.clone();
    }
}
