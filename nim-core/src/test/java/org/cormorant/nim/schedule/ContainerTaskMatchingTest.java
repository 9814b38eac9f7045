package org.cormorant.nim.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.TestNetworks;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.schedule.ContainerTaskMatching.Level;
import org.cormorant.nim.schedule.ContainerTaskMatching.OfferedContainer;
import org.cormorant.nim.schedule.ContainerTaskMatching.PendingTask;
import org.cormorant.nim.schedule.ContainerTaskMatching.Match;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The AM-side plan on the Cormorant testbed (1 Gbit/s): n1 behind e0 asks; n2's uplink to e1
 * carries 950 Mbit/s, n4 (behind e2) is idle. Stock MapReduce would give a non-local container on
 * n1 the first pending map, m0, whose only replica is on n2.
 */
class ContainerTaskMatchingTest {
    private static final String RACK = "/default-rack";
    private final BandwidthTaskSelector selector =
            new BandwidthTaskSelector(TaskSelectionPolicy.of(SchedulingMode.INDEPENDENT));
    private NetworkSnapshot snapshot;

    @BeforeEach
    void loadN2Uplink() {
        NetworkInformationManager nim = TestNetworks.nim(TestNetworks.testbed(),
                new AtomicLong(TestNetworks.SECOND_SAMPLE_MILLIS));
        TestNetworks.load(nim, "n2", "e1", 950 * TestNetworks.MBPS);
        snapshot = nim.rebuildSnapshot();
    }

    private static PendingTask map(String id, String... hosts) {
        return new PendingTask(id, List.of(hosts), List.of(RACK), true);
    }

    private static OfferedContainer container(String id, String host) {
        return new OfferedContainer(id, host, RACK);
    }

    @Test
    void aNonLocalContainerRunsTheMapWhoseReplicaIsBehindTheIdleLink() {
        List<Match> plan = ContainerTaskMatching.plan(snapshot, selector, List.of(container("c1", "n1")),
                List.of(map("m0", "n2"), map("m1", "n4")));
        assertEquals(1, plan.size());
        Match s = plan.get(0);
        assertEquals("m1", s.mapId(), "not the stock AM's first pending map");
        assertEquals(Level.RACK_LOCAL, s.level());
        assertTrue(s.byNetwork());
        assertEquals("n4", s.selection().replicaHost());
    }

    @Test
    void dataLocalContainersAreLeftToTheStockMatchAndTakeTheirMapOutOfThePlan() {
        // c0 on n4 runs m1 locally; c1 on n1 then gets what is left.
        List<Match> plan = ContainerTaskMatching.plan(snapshot, selector,
                List.of(container("c0", "n4"), container("c1", "n1")), List.of(map("m0", "n2"), map("m1", "n4")));
        assertEquals(1, plan.size());
        assertEquals("c1", plan.get(0).container().id());
        assertEquals("m0", plan.get(0).mapId());
    }

    @Test
    void containersOfOneHeartbeatGetDistinctMapsBestFirst() {
        List<Match> plan = ContainerTaskMatching.plan(snapshot, selector,
                List.of(container("c1", "n1"), container("c2", "n1"), container("c3", "n1")),
                List.of(map("m0", "n2"), map("m1", "n4"), map("m2", "n2", "n5")));
        assertEquals(List.of("m1", "m2", "m0"), plan.stream().map(Match::mapId).toList());
    }

    @Test
    void moreContainersThanMapsPlansOnlyAsManyAsThereAreMaps() {
        List<Match> plan = ContainerTaskMatching.plan(snapshot, selector,
                List.of(container("c1", "n1"), container("c2", "n1")), List.of(map("m0", "n2")));
        assertEquals(1, plan.size());
    }

    @Test
    void withoutRackLocalCandidatesTheContainerIsMatchedOffSwitchAmongAllMaps() {
        PendingTask elsewhere0 = new PendingTask("m0", List.of("n2"), List.of("/r1"), true);
        PendingTask elsewhere1 = new PendingTask("m1", List.of("n4"), List.of("/r1"), true);
        List<Match> plan = ContainerTaskMatching.plan(snapshot, selector, List.of(new OfferedContainer("c1", "n1", "/r2")),
                List.of(elsewhere0, elsewhere1));
        assertEquals(Level.OFF_SWITCH, plan.get(0).level());
        assertEquals("m1", plan.get(0).mapId());
    }

    @Test
    void aRerunOfAFailedMapIsOnlyAnOffSwitchCandidate() {
        PendingTask rerun = new PendingTask("m1", List.of("n4"), List.of(RACK), false);
        List<Match> plan = ContainerTaskMatching.plan(snapshot, selector, List.of(container("c1", "n1")),
                List.of(map("m0", "n2"), rerun));
        assertEquals("m0", plan.get(0).mapId(), "the rack list holds only m0");
        assertEquals(Level.RACK_LOCAL, plan.get(0).level());
    }

    @Test
    void aNodeTheFabricDoesNotKnowKeepsTheStockChoice() {
        List<Match> plan = ContainerTaskMatching.plan(snapshot, selector, List.of(container("c1", "unknown-host")),
                List.of(map("m0", "n2"), map("m1", "n4")));
        assertEquals("m0", plan.get(0).mapId());
        assertFalse(plan.get(0).byNetwork());
    }
}
