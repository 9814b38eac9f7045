package org.cormorant.nim.load;

import static org.cormorant.nim.TestNetworks.EXACT;
import static org.cormorant.nim.TestNetworks.GBPS;
import static org.cormorant.nim.TestNetworks.MBPS;
import static org.cormorant.nim.TestNetworks.SECOND_SAMPLE_MILLIS;
import static org.cormorant.nim.TestNetworks.linkIndex;
import static org.cormorant.nim.TestNetworks.load;
import static org.cormorant.nim.TestNetworks.testbed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.TestNetworks;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricBuilder;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.fabric.UnknownNodeException;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.query.PathBandwidth;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class NetworkInformationManagerTest {
    private static final List<String> VIA_A0 = List.of("n0", "e0", "a0", "e1", "n2");
    private static final List<String> VIA_A1 = List.of("n0", "e0", "a1", "e1", "n2");

    private final AtomicLong clock = new AtomicLong(SECOND_SAMPLE_MILLIS);
    private final Fabric fabric = testbed();
    private final NetworkInformationManager nim = TestNetworks.nim(fabric, clock);

    private int link(String from, String to) {
        return linkIndex(fabric, from, to);
    }

    private static void assertRejectedNaming(Executable action, String... parts) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, action);
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "message '" + e.getMessage() + "' should name " + part);
        }
    }

    @Test
    void initialSnapshotIsIdleAndUnmeasured() {
        NetworkSnapshot s = nim.snapshot();
        assertEquals(1, s.version());
        for (int i = 0; i < fabric.linkCount(); i++) {
            assertTrue(Double.isNaN(s.measuredBps(i)));
            assertEquals(GBPS, s.availableBps(i));
            assertEquals(0, s.flows(i));
            assertEquals(0, s.reservedBps(i));
        }
    }

    @Test
    void snapshotVersionsIncreaseOnRebuild() {
        long v1 = nim.snapshot().version();
        long v2 = nim.rebuildSnapshot().version();
        long v3 = nim.rebuildSnapshot().version();
        assertTrue(v1 < v2 && v2 < v3);
        assertEquals(v3, nim.snapshot().version());
    }

    @Test
    void countersShowOnlyInTheNextSnapshot() {
        load(nim, "e0", "a0", 300 * MBPS);
        assertEquals(GBPS, nim.snapshot().availableBps(link("e0", "a0")), "not yet published");
        assertEquals(700 * MBPS, nim.rebuildSnapshot().availableBps(link("e0", "a0")), 1e-3);
    }

    @Test
    void availableIsCapacityMinusMeasuredMinusReserved() {
        load(nim, "e0", "a0", 300 * MBPS);
        nim.reserve("job1", "n0", "n2", VIA_A0, 200 * MBPS, 0);
        NetworkSnapshot s = nim.snapshot();
        int l = link("e0", "a0");
        assertEquals(300 * MBPS, s.measuredBps(l), 1e-3);
        assertEquals(200 * MBPS, s.reservedBps(l), 1e-3);
        assertEquals(500 * MBPS, s.availableBps(l), 1e-3);
        assertEquals(GBPS, s.capacityBps(l));
        assertEquals(800 * MBPS, s.availableBps(link("n0", "e0")), 1e-3, "reserved only");
    }

    @Test
    void availableIsNeverNegative() {
        load(nim, "a1", "e2", 1_200 * MBPS);
        load(nim, "e3", "a1", 900 * MBPS);
        nim.reserve(null, "n6", "n4", List.of("n6", "e3", "a1", "e2", "n4"), 500 * MBPS, 0);
        NetworkSnapshot s = nim.snapshot();
        assertEquals(0, s.availableBps(link("a1", "e2")), "measured above capacity");
        assertEquals(0, s.availableBps(link("e3", "a1")), "measured plus reserved above capacity");
        assertEquals(1_200 * MBPS, s.measuredBps(link("a1", "e2")), 1e-3, "the measurement itself is kept");
    }

    @Test
    void snapshotAgeIsNowMinusTheNewestSample() {
        assertEquals(Long.MAX_VALUE, nim.snapshot().ageMillis(clock.get()), "never fed");
        nim.rebuildSnapshot();
        assertEquals(Long.MAX_VALUE, nim.snapshot().ageMillis(clock.get()), "rebuilt, still never fed");
        load(nim, "e0", "a0", 100 * MBPS);
        clock.set(SECOND_SAMPLE_MILLIS + 3_500);
        NetworkSnapshot s = nim.rebuildSnapshot();
        assertEquals(SECOND_SAMPLE_MILLIS, s.dataTimeMillis());
        assertEquals(3_500, s.ageMillis(clock.get()));
        assertEquals(0, s.ageMillis(SECOND_SAMPLE_MILLIS - 10), "never negative");
    }

    @Test
    void reserveWithoutAPathPicksTheBestPath() {
        load(nim, "e0", "a0", 800 * MBPS);
        load(nim, "e1", "a1", 300 * MBPS);
        nim.rebuildSnapshot();
        Reservation r = nim.reserve("job1", "n0", "n2", null, 100 * MBPS, 0);
        assertEquals(VIA_A1, r.path().nodeNames(fabric));
        assertEquals("n0", r.src());
        assertEquals("n2", r.dst());
        assertEquals("job1", r.owner());
        // and the other way round
        Reservation r2 = nim.reserve("job1", "n3", "n1", List.of(), 100 * MBPS, 0);
        assertEquals(List.of("n3", "e1", "a0", "e0", "n1"), r2.path().nodeNames(fabric),
                "n3 -> n1 crosses a0 -> e0, which is idle: the 800 Mbit/s are on e0 -> a0");
    }

    @Test
    void reserveAcceptsHostAddressesAndRecordsHostNames() {
        Reservation r = nim.reserve("", "10.0.0.1", "10.0.0.3", null, 0, 0);
        assertEquals("n0", r.src());
        assertEquals("n2", r.dst());
    }

    @Test
    void reservationIsVisibleInTheNextSnapshotImmediately() {
        long before = nim.snapshot().version();
        Reservation r = nim.reserve("job1", "n0", "n2", VIA_A0, 250 * MBPS, 0);
        NetworkSnapshot s = nim.snapshot();
        assertTrue(s.version() > before, "a reservation publishes a snapshot");
        for (int l : r.path().links()) {
            assertEquals(750 * MBPS, s.availableBps(l), 1e-3);
            assertEquals(1, s.flows(l));
        }
        assertEquals(GBPS, s.availableBps(link("e0", "a1")));
        assertEquals(0, s.flows(link("e0", "a1")));
        assertEquals(GBPS, s.availableBps(link("a0", "e0")), "the reverse direction is untouched");
    }

    @Test
    void reservationsStopTwoTasksTakingTheSameBottleneck() {
        // n2 and n3 sit behind e1, the requester n0 behind e0: two transfers n2 -> n0 decided in the
        // same polling period, each 60% of a link. Without the first reservation the second would
        // also see two idle paths and take the first; with it, the second avoids a0.
        double bw = 0.6 * GBPS;
        Reservation first = nim.reserve("task1", "n2", "n0", null, bw, 0);
        Reservation second = nim.reserve("task2", "n2", "n0", null, bw, 0);
        String firstAgg = first.path().nodeNames(fabric).get(2);
        String secondAgg = second.path().nodeNames(fabric).get(2);
        assertTrue(List.of("a0", "a1").contains(firstAgg));
        assertNotEquals(firstAgg, secondAgg);
        int firstUp = link("e1", firstAgg);
        int secondUp = link("e1", secondAgg);
        assertEquals(0.4 * GBPS, nim.snapshot().availableBps(firstUp), 1e-3);
        assertEquals(0.4 * GBPS, nim.snapshot().availableBps(secondUp), 1e-3);
    }

    @Test
    void reservationsFromTwoReplicasOnOneEdgeToTwoRequestersOnAnotherUseBothAggregationSwitches() {
        double bw = 0.6 * GBPS;
        Reservation first = nim.reserve("task1", "n2", "n0", null, bw, 0);
        Reservation second = nim.reserve("task2", "n3", "n1", null, bw, 0);
        assertNotEquals(first.path().nodeNames(fabric).get(2), second.path().nodeNames(fabric).get(2));
        // Each aggregation path now carries one transfer at 600 of 1000 Mbit/s.
        List<Path> candidates = nim.candidatePaths("n3", "n0");
        for (Path p : candidates) {
            assertEquals(0.4 * GBPS, PathBandwidth.of(nim.snapshot(), p), 1e-3);
        }
    }

    @Test
    void releaseRestoresAvailability() {
        Reservation r = nim.reserve("job1", "n0", "n2", VIA_A0, 250 * MBPS, 0);
        assertTrue(nim.release(r.id()));
        NetworkSnapshot s = nim.snapshot();
        for (int l : r.path().links()) {
            assertEquals(GBPS, s.availableBps(l));
            assertEquals(0, s.flows(l));
        }
        assertTrue(nim.reservation(r.id()).isEmpty());
        assertFalse(nim.release(r.id()), "already released");
        assertFalse(nim.release("r999"));
    }

    @Test
    void reservationsAreListedAndFoundById() {
        Reservation a = nim.reserve("job1", "n0", "n2", VIA_A0, 1, 0);
        Reservation b = nim.reserve("job2", "n4", "n6", null, 2, 0);
        assertNotEquals(a.id(), b.id());
        assertEquals(List.of(a, b), List.copyOf(nim.reservations()));
        assertEquals(b, nim.reservation(b.id()).orElseThrow());
    }

    @Test
    void defaultTtlAppliesWhenNoneIsGiven() {
        Reservation r = nim.reserve("job1", "n0", "n2", null, 1, 0);
        assertEquals(clock.get(), r.createdAtMillis());
        assertEquals(clock.get() + EXACT.defaultTtlMillis(), r.expiresAtMillis());
        Reservation r2 = nim.reserve("job1", "n0", "n2", null, 1, 5_000);
        assertEquals(clock.get() + 5_000, r2.expiresAtMillis());
    }

    @Test
    void expiredReservationIsReturnedByExpireReservationsAfterTheClockPassesItsTtl() {
        Reservation shortLease = nim.reserve("job1", "n0", "n2", VIA_A0, 100 * MBPS, 5_000);
        Reservation longLease = nim.reserve("job2", "n0", "n2", VIA_A1, 100 * MBPS, 50_000);
        clock.addAndGet(4_999);
        assertTrue(nim.expireReservations().isEmpty(), "one millisecond to go");
        clock.addAndGet(1);
        assertEquals(List.of(shortLease), nim.expireReservations());
        assertTrue(nim.reservation(shortLease.id()).isEmpty());
        assertEquals(List.of(longLease), List.copyOf(nim.reservations()));
        assertEquals(0, nim.snapshot().flows(link("e0", "a0")), "expiry publishes a snapshot without it");
        assertEquals(1, nim.snapshot().flows(link("e0", "a1")));
        assertTrue(nim.expireReservations().isEmpty(), "returned once");
        assertFalse(nim.release(shortLease.id()));
    }

    @Test
    void expiredReservationNoLongerCountsInARebuiltSnapshot() {
        nim.reserve("job1", "n0", "n2", VIA_A0, 100 * MBPS, 5_000);
        clock.addAndGet(5_000);
        NetworkSnapshot s = nim.rebuildSnapshot();
        assertEquals(0, s.flows(link("e0", "a0")));
        assertEquals(GBPS, s.availableBps(link("e0", "a0")));
    }

    @Test
    void aRebuildDoesNotSwallowTheExpiryTheFlowSchedulerMustHearOf() {
        Reservation lapsing = nim.reserve("job1", "n0", "n2", VIA_A0, 100 * MBPS, 5_000);
        clock.addAndGet(5_000);
        nim.rebuildSnapshot();
        nim.reserve("job2", "n0", "n2", VIA_A1, 100 * MBPS, 60_000);
        assertEquals(1, nim.reservations().size(), "a lapsed reservation is no longer listed");
        assertEquals(List.of(lapsing), nim.expireReservations());
    }

    @Test
    void afterTheHoldTheBandwidthIsNoLongerSubtractedButTheFlowStillCounts() {
        Reservation r = nim.reserve("job1", "n0", "n2", VIA_A0, 300 * MBPS, 60_000);
        int l = link("a0", "e1");
        clock.addAndGet(EXACT.reservationHoldMillis() - 1);
        NetworkSnapshot during = nim.rebuildSnapshot();
        assertEquals(700 * MBPS, during.availableBps(l), 1e-3);
        assertEquals(300 * MBPS, during.reservedBps(l), 1e-3);
        clock.addAndGet(1);
        NetworkSnapshot after = nim.rebuildSnapshot();
        assertEquals(GBPS, after.availableBps(l), "the counters carry the transfer now");
        assertEquals(0, after.reservedBps(l));
        assertEquals(1, after.flows(l), "still a flow for LBP");
        assertTrue(nim.reservation(r.id()).isPresent());
    }

    @Test
    void reserveRejectsAnUnknownHostNamingIt() {
        assertThrows(UnknownNodeException.class, () -> nim.reserve("j", "n9", "n2", null, 1, 0));
        assertRejectedNaming(() -> nim.reserve("j", "n0", "nowhere", null, 1, 0), "nowhere");
        assertRejectedNaming(() -> nim.reserve("j", "n0", "a0", null, 1, 0), "a0", "switch");
    }

    @Test
    void reserveRejectsBandwidthOutOfRangeNamingIt() {
        assertRejectedNaming(() -> nim.reserve("j", "n0", "n2", null, -1, 0), "bandwidthBps", "-1");
        assertRejectedNaming(() -> nim.reserve("j", "n0", "n2", null, 1.5 * GBPS, 0), "bandwidthBps", "1.5E9");
        assertRejectedNaming(() -> nim.reserve("j", "n0", "n2", null, Double.NaN, 0), "bandwidthBps", "NaN");
        assertTrue(nim.reservations().isEmpty());
        nim.reserve("j", "n0", "n2", null, GBPS, 0);
    }

    @Test
    void reserveRejectsTtlAboveTheMaximumNamingIt() {
        assertRejectedNaming(() -> nim.reserve("j", "n0", "n2", null, 1, EXACT.maxTtlMillis() + 1), "ttl", "maximum");
        nim.reserve("j", "n0", "n2", null, 1, EXACT.maxTtlMillis());
    }

    @Test
    void reserveRejectsAPathThatIsNotACandidate() {
        List<String> detour = List.of("n0", "e0", "a0", "e2", "a1", "e1", "n2");
        assertRejectedNaming(() -> nim.reserve("j", "n0", "n2", detour, 1, 0), "not one of the shortest paths", "a0, e2");
        List<String> wrongEnds = List.of("n1", "e0", "a0", "e1", "n2");
        assertRejectedNaming(() -> nim.reserve("j", "n0", "n2", wrongEnds, 1, 0), "n1");
        assertTrue(nim.reservations().isEmpty());
    }

    @Test
    void reserveRejectsAPairWithoutPaths() {
        assertRejectedNaming(() -> nim.reserve("j", "n3", "n3", null, 1, 0), "no path", "n3");
    }

    @Test
    void candidatePathsAreTheEqualCostPaths() {
        List<Path> paths = nim.candidatePaths("n0", "10.0.0.3");
        assertEquals(2, paths.size());
        assertEquals(List.of(VIA_A0, VIA_A1), paths.stream().map(p -> p.nodeNames(fabric)).sorted(
                (x, y) -> x.toString().compareTo(y.toString())).toList());
    }

    @Test
    void countersNamingNoFabricPortAreIgnoredAndCounted() {
        int accepted = nim.recordCounters(List.of(
                new PortCounterSample("e0", 1, 0, 0, 1_000),
                new PortCounterSample("e0", 42, 0, 0, 1_000),
                new PortCounterSample("zz", 1, 0, 0, 1_000)));
        assertEquals(1, accepted);
        assertEquals(2, nim.ignoredSamples());
    }

    @Test
    void replaceFabricKeepsAReservationWhosePathStillExistsAndDropsOneWhoseLinkVanished() {
        Reservation viaA0 = nim.reserve("job1", "n0", "n2", VIA_A0, 100 * MBPS, 0);
        Reservation viaA1 = nim.reserve("job2", "n0", "n2", VIA_A1, 200 * MBPS, 0);
        load(nim, "e0", "a1", 500 * MBPS);

        // The same testbed with the e1 - a0 cable unplugged; every other port keeps its number.
        FabricBuilder builder = new FabricBuilder(fabric.name());
        for (FabricNode node : fabric.nodes()) {
            builder.addNode(node.name(), node.kind(), node.addresses(), node.datapathId());
        }
        for (Link l : fabric.links()) {
            String a = fabric.node(l.from()).name();
            String b = fabric.node(l.to()).name();
            if (l.index() < l.reverse() && !(a.equals("e1") && b.equals("a0"))) {
                builder.connect(a, l.fromPort(), b, l.toPort(), l.capacityBps());
            }
        }
        Fabric unplugged = builder.build();
        assertEquals(30, unplugged.linkCount());

        List<Reservation> dropped = nim.replaceFabric(unplugged);
        assertEquals(List.of(viaA0), dropped);
        assertEquals(unplugged, nim.fabric());
        Reservation kept = nim.reservation(viaA1.id()).orElseThrow();
        assertEquals(VIA_A1, kept.path().nodeNames(unplugged), "same hops, new link indexes");
        assertNotEquals(viaA1.path(), kept.path(), "a1 -> e1 moved down one cable in the new fabric");
        assertEquals(viaA1.bandwidthBps(), kept.bandwidthBps());
        assertEquals(viaA1.expiresAtMillis(), kept.expiresAtMillis());

        NetworkSnapshot s = nim.snapshot();
        assertEquals(30, s.fabric().linkCount());
        int a1e1 = linkIndex(unplugged, "a1", "e1");
        assertEquals(800 * MBPS, s.availableBps(a1e1), 1e-3);
        assertEquals(1, s.flows(a1e1));
        assertTrue(Double.isNaN(s.measuredBps(linkIndex(unplugged, "e0", "a1"))), "counters start over");
        assertEquals(1, nim.candidatePaths("n0", "n2").size());
    }

    @Test
    void replaceFabricKeepsReservationsWhenOnlyCapacitiesChangeAndDropsThoseOfVanishedHosts() {
        Reservation r = nim.reserve("job1", "n0", "n6", null, 100 * MBPS, 0);
        Fabric smaller = StandardFabrics.cormorantTestbed(GBPS / 10);
        assertTrue(nim.replaceFabric(smaller).isEmpty(), "same nodes and ports, other capacity: kept");
        assertEquals(r.path(), nim.reservation(r.id()).orElseThrow().path());
        Fabric other = StandardFabrics.twoRack(2, 2, GBPS);
        assertEquals(List.of(r.id()), nim.replaceFabric(other).stream().map(Reservation::id).toList());
        assertTrue(nim.reservations().isEmpty());
    }
}
