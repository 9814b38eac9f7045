package org.cormorant.nim.schedule;

import static org.cormorant.nim.TestNetworks.MBPS;
import static org.cormorant.nim.TestNetworks.SECOND_SAMPLE_MILLIS;
import static org.cormorant.nim.TestNetworks.load;
import static org.cormorant.nim.TestNetworks.pathVia;
import static org.cormorant.nim.TestNetworks.testbed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.TestNetworks;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.fabric.UnknownNodeException;
import org.cormorant.nim.forwarding.EcmpForwarding;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.path.Path;
import org.junit.jupiter.api.Test;

class LargeFlowPlacementTest {
    private final AtomicLong clock = new AtomicLong(SECOND_SAMPLE_MILLIS);
    private final Fabric fabric = testbed();
    private final NetworkInformationManager nim = TestNetworks.nim(fabric, clock);
    private final LargeFlowPlacement hedera = new LargeFlowPlacement();

    private String aggregationOf(Path p) {
        return p.nodeNames(fabric).get(2);
    }

    private Path ecmp(HostPair pair) {
        return EcmpForwarding.pathFor(nim.snapshot().paths(), fabric.host(pair.src()), fabric.host(pair.dst()));
    }

    /** Two pairs from e0's hosts to e1's hosts, no host shared, that ECMP sends through the same aggregation switch. */
    private List<HostPair> collidingPairs() {
        List<List<HostPair>> options = List.of(
                List.of(new HostPair("n0", "n2"), new HostPair("n1", "n3")),
                List.of(new HostPair("n0", "n3"), new HostPair("n1", "n2")));
        for (List<HostPair> o : options) {
            if (aggregationOf(ecmp(o.get(0))).equals(aggregationOf(ecmp(o.get(1))))) {
                return o;
            }
        }
        throw new AssertionError("ECMP spreads every option; the test needs a collision");
    }

    @Test
    void largeMeansAtLeastTheThresholdOfTheSendersNic() {
        Map<HostPair, Double> rates = Map.of(
                new HostPair("n0", "n2"), 150 * MBPS,
                new HostPair("n1", "n3"), 100 * MBPS,
                new HostPair("n4", "n6"), 99 * MBPS);
        assertEquals(List.of(new HostPair("n0", "n2"), new HostPair("n1", "n3")), hedera.largeFlows(fabric, rates));
    }

    @Test
    void twoLargeFlowsThatEcmpCollidesAreSpreadOverBothAggregationSwitches() {
        List<HostPair> pairs = collidingPairs();
        String agg = aggregationOf(ecmp(pairs.get(0)));
        // Both squeezed to half a link on the shared aggregation uplink.
        load(nim, "e0", agg, 1000 * MBPS);
        load(nim, agg, "e1", 1000 * MBPS);
        for (HostPair p : pairs) {
            load(nim, p.src(), "e0", 500 * MBPS);
            load(nim, "e1", p.dst(), 500 * MBPS);
        }
        nim.rebuildSnapshot();
        Map<HostPair, Path> pins = hedera.place(nim.snapshot(),
                Map.of(pairs.get(0), 500 * MBPS, pairs.get(1), 500 * MBPS), Map.of(), Set.of());
        assertEquals(Set.copyOf(pairs), pins.keySet());
        assertNotEquals(aggregationOf(pins.get(pairs.get(0))), aggregationOf(pins.get(pairs.get(1))));

        // Next round, measured where they now run: the same placement, no churn.
        NetworkInformationManager after = TestNetworks.nim(fabric, clock);
        for (HostPair p : pairs) {
            String via = aggregationOf(pins.get(p));
            load(after, p.src(), "e0", 1000 * MBPS);
            load(after, "e0", via, 1000 * MBPS);
            load(after, via, "e1", 1000 * MBPS);
            load(after, "e1", p.dst(), 1000 * MBPS);
        }
        after.rebuildSnapshot();
        // Slightly under-measured (counters read at different instants): the slack still lets them stay.
        assertEquals(pins, hedera.place(after.snapshot(),
                Map.of(pairs.get(0), 970 * MBPS, pairs.get(1), 970 * MBPS), pins, Set.of()));
    }

    @Test
    void aPairWithAReservationIsLeftToItsReservation() {
        HostPair pair = new HostPair("n0", "n2");
        assertTrue(hedera.place(nim.snapshot(), Map.of(pair, 500 * MBPS), Map.of(), Set.of(pair)).isEmpty());
        assertEquals(Set.of(pair), hedera.place(nim.snapshot(), Map.of(pair, 500 * MBPS), Map.of(), Set.of()).keySet());
    }

    @Test
    void aPairBelowTheThresholdLosesItsPin() {
        HostPair pair = new HostPair("n0", "n2");
        Path viaA1 = pathVia(fabric, nim.candidatePaths("n0", "n2"), "a1");
        assertTrue(hedera.place(nim.snapshot(), Map.of(pair, 20 * MBPS), Map.of(pair, viaA1), Set.of()).isEmpty());
    }

    @Test
    void aLargeFlowThatFitsNowhereStaysWhereItIsPinned() {
        HostPair pair = new HostPair("n0", "n2");
        Path viaA1 = pathVia(fabric, nim.candidatePaths("n0", "n2"), "a1");
        // Other traffic fills both aggregation uplinks of e0; the pinned flow gets 100 Mbit/s of its 1 Gbit/s demand.
        load(nim, "e0", "a0", 1000 * MBPS);
        load(nim, "e0", "a1", 1000 * MBPS);
        load(nim, "n0", "e0", 100 * MBPS);
        nim.rebuildSnapshot();
        assertEquals(Map.of(pair, viaA1), hedera.place(nim.snapshot(), Map.of(pair, 100 * MBPS), Map.of(pair, viaA1), Set.of()));
        assertTrue(hedera.place(nim.snapshot(), Map.of(pair, 100 * MBPS), Map.of(), Set.of()).isEmpty(),
                "unpinned, it stays on its ECMP path");
    }

    @Test
    void badInputIsNamed() {
        assertThrows(UnknownNodeException.class,
                () -> hedera.largeFlows(fabric, Map.of(new HostPair("n0", "n42"), 500 * MBPS)));
        assertThrows(IllegalArgumentException.class, () -> new LargeFlowPlacement(0, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new LargeFlowPlacement(0.1, 1));
    }
}
