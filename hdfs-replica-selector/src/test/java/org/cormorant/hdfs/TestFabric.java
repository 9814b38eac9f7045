package org.cormorant.hdfs;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricBuilder;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.EqualCostPaths;

/**
 * A small leaf-spine fabric for ordering tests: spines s1, s2; leaves l0, l1, l2, each wired to both
 * spines; reader r and replica host c on l0, a on l1, b on l2. 1 Gbit/s everywhere.
 */
final class TestFabric {
    static final double GBPS = 1e9;
    static final String R = "10.0.0.100,r.example";
    static final String A = "10.0.0.1,a.example";
    static final String B = "10.0.0.2,b.example";
    static final String C = "10.0.0.3,c.example";

    final Fabric fabric;
    final EqualCostPaths paths;
    private final Map<String, Double> load = new HashMap<>();

    TestFabric() {
        fabric = new FabricBuilder("leaf-spine")
                .addSwitch("s1", null).addSwitch("s2", null)
                .addSwitch("l0", null).addSwitch("l1", null).addSwitch("l2", null)
                .addHost("r", "10.0.0.100", "r.example")
                .addHost("a", "10.0.0.1", "a.example")
                .addHost("b", "10.0.0.2", "b.example")
                .addHost("c", "10.0.0.3", "c.example")
                .connect("l0", "s1", GBPS).connect("l0", "s2", GBPS)
                .connect("l1", "s1", GBPS).connect("l1", "s2", GBPS)
                .connect("l2", "s1", GBPS).connect("l2", "s2", GBPS)
                .connect("r", "l0", GBPS).connect("c", "l0", GBPS)
                .connect("a", "l1", GBPS).connect("b", "l2", GBPS)
                .build();
        paths = new EqualCostPaths(fabric);
    }

    /** Sets the measured rate of the directed link {@code from -> to}. */
    TestFabric load(String from, String to, double bps) {
        load.put(from + ">" + to, bps);
        return this;
    }

    NetworkSnapshot snapshot() {
        int n = fabric.linkCount();
        double[] measured = new double[n];
        Arrays.fill(measured, Double.NaN);
        for (Link link : fabric.links()) {
            Double bps = load.get(fabric.node(link.from()).name() + ">" + fabric.node(link.to()).name());
            if (bps != null) {
                measured[link.index()] = bps;
            }
        }
        return new NetworkSnapshot(paths, 1, System.currentTimeMillis(), measured, new double[n], new int[n]);
    }
}
