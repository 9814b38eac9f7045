package org.cormorant.nim.schedule;

import static org.cormorant.nim.TestNetworks.MBPS;
import static org.cormorant.nim.TestNetworks.SECOND_SAMPLE_MILLIS;
import static org.cormorant.nim.TestNetworks.load;
import static org.cormorant.nim.TestNetworks.pathVia;
import static org.cormorant.nim.TestNetworks.testbed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.TestNetworks;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.UnknownNodeException;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;
import org.junit.jupiter.api.Test;

class GlobalFirstFitPlacementTest {
    private final AtomicLong clock = new AtomicLong(SECOND_SAMPLE_MILLIS);
    private final Fabric fabric = testbed();
    private final NetworkInformationManager nim = TestNetworks.nim(fabric, clock);

    private static LargeFlow newFlow(String id, String src, String dst, double demandBps) {
        return new LargeFlow(id, src, dst, demandBps, null, 0);
    }

    private String aggregationOf(Path p) {
        return p.nodeNames(fabric).get(2);
    }

    @Test
    void twoLargeFlowsBetweenTheSameEdgeSwitchesArePlacedOnDifferentAggregationSwitches() {
        Map<String, Path> placement = GlobalFirstFitPlacement.place(nim.snapshot(), List.of(
                newFlow("f1", "n0", "n2", 700 * MBPS),
                newFlow("f2", "n1", "n3", 700 * MBPS)));
        assertEquals(List.of("f1", "f2"), List.copyOf(placement.keySet()));
        Path p1 = placement.get("f1");
        Path p2 = placement.get("f2");
        assertEquals(List.of("n0", "e0"), p1.nodeNames(fabric).subList(0, 2));
        assertEquals(List.of("e1", "n2"), p1.nodeNames(fabric).subList(3, 5));
        assertEquals(List.of("n1", "e0"), p2.nodeNames(fabric).subList(0, 2));
        assertNotEquals(aggregationOf(p1), aggregationOf(p2));
    }

    @Test
    void firstFlowTakesTheFirstCandidateThatFits() {
        List<Path> candidates = nim.candidatePaths("n0", "n2");
        Map<String, Path> placement = GlobalFirstFitPlacement.place(nim.snapshot(),
                List.of(newFlow("f1", "n0", "n2", 700 * MBPS)));
        assertEquals(candidates.get(0), placement.get("f1"));
    }

    @Test
    void aFlowStaysOnItsCurrentPathWhileItFitsThere() {
        // n1 -> n3 runs via the second candidate and n0 -> n2 via the first, each alone on its uplink:
        // Hedera's fixed order would try to move n1 -> n3 onto the first candidate, whose room only
        // looks free because n0 -> n2's own rate is given back to it.
        List<Path> n1n3 = nim.candidatePaths("n1", "n3");
        List<Path> n0n2 = nim.candidatePaths("n0", "n2");
        Path n0n2Via = n0n2.stream().filter(p -> aggregationOf(p).equals(aggregationOf(n1n3.get(0)))).findFirst()
                .orElseThrow();
        load(nim, "e0", aggregationOf(n0n2Via), 700 * MBPS);
        load(nim, "e0", aggregationOf(n1n3.get(1)), 700 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        Map<String, Path> placement = GlobalFirstFitPlacement.place(s, List.of(
                new LargeFlow("b", "n1", "n3", 1_000 * MBPS, n1n3.get(1), 700 * MBPS),
                new LargeFlow("a", "n0", "n2", 1_000 * MBPS, n0n2Via, 700 * MBPS)), 0.1);
        assertEquals(n1n3.get(1), placement.get("b"), "stays where it runs");
        assertEquals(n0n2Via, placement.get("a"), "and so does the other");
    }

    @Test
    void measuredLoadDecidesWhereAFlowFits() {
        load(nim, "a0", "e1", 400 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        Map<String, Path> placement = GlobalFirstFitPlacement.place(s, List.of(newFlow("f1", "n0", "n2", 700 * MBPS)));
        assertEquals("a1", aggregationOf(placement.get("f1")));
    }

    @Test
    void aFlowDemandingMoreThanAnyPathsRoomIsAbsent() {
        load(nim, "e0", "a0", 500 * MBPS);
        load(nim, "e0", "a1", 500 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        Map<String, Path> placement = GlobalFirstFitPlacement.place(s, List.of(
                newFlow("big", "n0", "n2", 600 * MBPS),
                newFlow("huge", "n4", "n6", 1_200 * MBPS),
                newFlow("fits", "n1", "n3", 500 * MBPS)));
        assertFalse(placement.containsKey("big"), "500 left on either way");
        assertFalse(placement.containsKey("huge"), "more than the line rate");
        assertTrue(placement.containsKey("fits"), "exactly the room left fits");
        assertEquals(1, placement.size());
    }

    @Test
    void aFlowThatFitsNowhereLeavesTheRoomToLaterFlows() {
        Map<String, Path> placement = GlobalFirstFitPlacement.place(nim.snapshot(), List.of(
                newFlow("f1", "n0", "n2", 700 * MBPS),
                newFlow("f2", "n1", "n3", 700 * MBPS),
                newFlow("f3", "n0", "n3", 400 * MBPS),
                newFlow("f4", "n1", "n2", 300 * MBPS)));
        assertFalse(placement.containsKey("f3"), "n0 -> e0 has 300 left after f1");
        assertTrue(placement.containsKey("f4"));
    }

    @Test
    void aFlowsOwnCurrentRateIsGivenBackSoItMayStayOnItsCurrentPath() {
        // f1 runs n0 -> n2 via a0 at 700 Mbit/s; other traffic uses 500 on e0 -> a1.
        Path viaA0 = pathVia(fabric, nim.candidatePaths("n0", "n2"), "a0");
        load(nim, "n0", "e0", 700 * MBPS);
        load(nim, "e0", "a0", 700 * MBPS);
        load(nim, "a0", "e1", 700 * MBPS);
        load(nim, "e1", "n2", 700 * MBPS);
        load(nim, "e0", "a1", 500 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();

        Map<String, Path> placement = GlobalFirstFitPlacement.place(s,
                List.of(new LargeFlow("f1", "n0", "n2", 700 * MBPS, viaA0, 700 * MBPS)));
        assertEquals(viaA0, placement.get("f1"));

        // Counted twice (no current path given) it would fit nowhere.
        assertTrue(GlobalFirstFitPlacement.place(s, List.of(newFlow("f1", "n0", "n2", 700 * MBPS))).isEmpty());
    }

    @Test
    void givenBackRoomNeverExceedsTheLineRate() {
        Path viaA0 = pathVia(fabric, nim.candidatePaths("n0", "n2"), "a0");
        // An over-reported current rate does not create room beyond 1 Gbit/s.
        Map<String, Path> placement = GlobalFirstFitPlacement.place(nim.snapshot(), List.of(
                new LargeFlow("f1", "n0", "n2", 1_500 * MBPS, viaA0, 900 * MBPS)));
        assertTrue(placement.isEmpty());
    }

    @Test
    void unknownHostIsAnError() {
        assertThrows(UnknownNodeException.class, () -> GlobalFirstFitPlacement.place(nim.snapshot(),
                List.of(newFlow("f1", "n0", "n42", 1))));
    }

    @Test
    void noFlowsNoPlacement() {
        assertTrue(GlobalFirstFitPlacement.place(nim.snapshot(), List.of()).isEmpty());
    }

    @Test
    void slackLetsAFlowOntoALinkWhoseMeasuredRoomIsJustShort() {
        load(nim, "e0", "a0", 960 * MBPS);
        load(nim, "e0", "a1", 960 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        List<LargeFlow> flow = List.of(newFlow("f1", "n0", "n2", 60 * MBPS));
        assertTrue(GlobalFirstFitPlacement.place(s, flow).isEmpty(), "40 Mbit/s of room");
        assertEquals(1, GlobalFirstFitPlacement.place(s, flow, 0.02).size(), "20 Mbit/s short, 20 Mbit/s slack");
        assertTrue(GlobalFirstFitPlacement.place(s, flow, 0.01).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> GlobalFirstFitPlacement.place(s, flow, -0.1));
    }
}
