package org.cormorant.yarn.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.nim.schedule.BandwidthTaskSelector;
import org.cormorant.nim.schedule.SchedulingMode;
import org.cormorant.nim.schedule.TaskSelectionPolicy;
import org.cormorant.yarn.mapreduce.MapSteering.Level;
import org.cormorant.yarn.mapreduce.MapSteering.MapContainer;
import org.cormorant.yarn.mapreduce.MapSteering.PendingMap;
import org.cormorant.yarn.mapreduce.MapSteering.Steer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The AM-side plan on the Cormorant testbed (1 Gbit/s): n1 behind e0 asks; n2's uplink to e1
 * carries 950 Mbit/s, n4 (behind e2) is idle. Stock MapReduce would give a non-local container on
 * n1 the first pending map, m0, whose only replica is on n2.
 */
class MapSteeringTest {
    private static final String RACK = "/default-rack";
    private final BandwidthTaskSelector selector =
            new BandwidthTaskSelector(TaskSelectionPolicy.of(SchedulingMode.INDEPENDENT));
    private NetworkSnapshot snapshot;

    @BeforeEach
    void loadN2Uplink() {
        Fabric fabric = StandardFabrics.cormorantTestbed(1e9);
        NetworkInformationManager nim = new NetworkInformationManager(fabric,
                new NimSettings(1.0, 64, 10_000, 60_000, 3_600_000), () -> 2_000);
        int n2 = fabric.find("n2").orElseThrow().index();
        int e1 = fabric.find("e1").orElseThrow().index();
        Link uplink = java.util.Arrays.stream(fabric.outLinks(n2)).mapToObj(fabric::link).filter(l -> l.to() == e1).findFirst()
                .orElseThrow();
        long bytes = Math.round(950e6 / 8);
        nim.recordCounters(List.of(new PortCounterSample("n2", uplink.fromPort(), 0, 0, 1_000),
                new PortCounterSample("n2", uplink.fromPort(), 0, bytes, 2_000)));
        snapshot = nim.rebuildSnapshot();
    }

    private static PendingMap map(String id, String... hosts) {
        return new PendingMap(id, List.of(hosts), List.of(RACK), true);
    }

    private static MapContainer container(String id, String host) {
        return new MapContainer(id, host, RACK);
    }

    @Test
    void aNonLocalContainerRunsTheMapWhoseReplicaIsBehindTheIdleLink() {
        List<Steer> plan = MapSteering.plan(snapshot, selector, List.of(container("c1", "n1")),
                List.of(map("m0", "n2"), map("m1", "n4")));
        assertEquals(1, plan.size());
        Steer s = plan.get(0);
        assertEquals("m1", s.mapId(), "not the stock AM's first pending map");
        assertEquals(Level.RACK_LOCAL, s.level());
        assertTrue(s.byNetwork());
        assertEquals("n4", s.selection().replicaHost());
    }

    @Test
    void dataLocalContainersAreLeftToTheStockMatchAndTakeTheirMapOutOfThePlan() {
        // c0 on n4 runs m1 locally; c1 on n1 then gets what is left.
        List<Steer> plan = MapSteering.plan(snapshot, selector,
                List.of(container("c0", "n4"), container("c1", "n1")), List.of(map("m0", "n2"), map("m1", "n4")));
        assertEquals(1, plan.size());
        assertEquals("c1", plan.get(0).container().id());
        assertEquals("m0", plan.get(0).mapId());
    }

    @Test
    void containersOfOneHeartbeatGetDistinctMapsBestFirst() {
        List<Steer> plan = MapSteering.plan(snapshot, selector,
                List.of(container("c1", "n1"), container("c2", "n1"), container("c3", "n1")),
                List.of(map("m0", "n2"), map("m1", "n4"), map("m2", "n2", "n5")));
        assertEquals(List.of("m1", "m2", "m0"), plan.stream().map(Steer::mapId).toList());
    }

    @Test
    void moreContainersThanMapsPlansOnlyAsManyAsThereAreMaps() {
        List<Steer> plan = MapSteering.plan(snapshot, selector,
                List.of(container("c1", "n1"), container("c2", "n1")), List.of(map("m0", "n2")));
        assertEquals(1, plan.size());
    }

    @Test
    void withoutRackLocalCandidatesTheContainerIsMatchedOffSwitchAmongAllMaps() {
        PendingMap elsewhere0 = new PendingMap("m0", List.of("n2"), List.of("/r1"), true);
        PendingMap elsewhere1 = new PendingMap("m1", List.of("n4"), List.of("/r1"), true);
        List<Steer> plan = MapSteering.plan(snapshot, selector, List.of(new MapContainer("c1", "n1", "/r2")),
                List.of(elsewhere0, elsewhere1));
        assertEquals(Level.OFF_SWITCH, plan.get(0).level());
        assertEquals("m1", plan.get(0).mapId());
    }

    @Test
    void aRerunOfAFailedMapIsOnlyAnOffSwitchCandidate() {
        PendingMap rerun = new PendingMap("m1", List.of("n4"), List.of(RACK), false);
        List<Steer> plan = MapSteering.plan(snapshot, selector, List.of(container("c1", "n1")),
                List.of(map("m0", "n2"), rerun));
        assertEquals("m0", plan.get(0).mapId(), "the rack list holds only m0");
        assertEquals(Level.RACK_LOCAL, plan.get(0).level());
    }

    @Test
    void aNodeTheFabricDoesNotKnowKeepsTheStockChoice() {
        List<Steer> plan = MapSteering.plan(snapshot, selector, List.of(container("c1", "unknown-host")),
                List.of(map("m0", "n2"), map("m1", "n4")));
        assertEquals("m0", plan.get(0).mapId());
        assertFalse(plan.get(0).byNetwork());
    }
}
