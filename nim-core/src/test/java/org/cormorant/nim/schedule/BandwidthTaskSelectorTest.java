package org.cormorant.nim.schedule;

import static org.cormorant.nim.TestNetworks.GBPS;
import static org.cormorant.nim.TestNetworks.MBPS;
import static org.cormorant.nim.TestNetworks.SECOND_SAMPLE_MILLIS;
import static org.cormorant.nim.TestNetworks.load;
import static org.cormorant.nim.TestNetworks.testbed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.TestNetworks;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.query.PathBandwidth;
import org.cormorant.nim.schedule.TaskSelection.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cormorant Algorithm 1 on the testbed (1 Gbit/s links). The requesting node N_c is n1 (behind
 * e0); replicas N_d sit behind e1 (n2, n3) and e2 (n4, n5); A(P) is for the path N_d -> N_c.
 */
class BandwidthTaskSelectorTest {
    private static final BandwidthTaskSelector INDEPENDENT =
            new BandwidthTaskSelector(TaskSelectionPolicy.of(SchedulingMode.INDEPENDENT));
    private static final BandwidthTaskSelector COLLABORATIVE =
            new BandwidthTaskSelector(TaskSelectionPolicy.of(SchedulingMode.COLLABORATIVE));

    private final AtomicLong clock = new AtomicLong(SECOND_SAMPLE_MILLIS);
    private final Fabric fabric = testbed();
    private final NetworkInformationManager nim = TestNetworks.nim(fabric, clock);

    private static CandidateTask task(String id, String... replicas) {
        return new CandidateTask(id, List.of(replicas));
    }

    @Test
    void choosesTheTaskWhoseReplicaIsBehindAnIdleLink() {
        load(nim, "n2", "e1", 950 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        CandidateTask t1 = task("t1", "n2");
        CandidateTask t2 = task("t2", "n4");
        for (BandwidthTaskSelector selector : List.of(INDEPENDENT, COLLABORATIVE)) {
            TaskSelection sel = selector.select(s, "n1", List.of(t1, t2));
            assertEquals(Outcome.CHOSEN, sel.outcome());
            assertTrue(sel.chosen());
            assertSame(t2, sel.task());
            assertEquals("n4", sel.replicaHost());
            assertEquals(GBPS, sel.availableBps(), 1e-3);
            assertEquals(100 * MBPS, sel.thresholdBps(), 1e-3, "10% of 1 Gbit/s");
        }
    }

    @Test
    void choosesTheBestReplicaOfATask() {
        load(nim, "n2", "e1", 950 * MBPS);
        load(nim, "n4", "e2", 400 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        TaskSelection sel = INDEPENDENT.select(s, "n1", List.of(task("t1", "n2", "n4", "n7")));
        assertEquals(Outcome.CHOSEN, sel.outcome());
        assertEquals("n7", sel.replicaHost());
        // And with n7 gone, n4 (600 left) beats n2 (50 left).
        sel = INDEPENDENT.select(s, "n1", List.of(task("t1", "n2", "n4")));
        assertEquals("n4", sel.replicaHost());
        assertEquals(600 * MBPS, sel.availableBps(), 1e-3);
    }

    @Test
    void everyCandidateBelowTheThresholdPostponesButReportsTheBestTask() {
        load(nim, "n2", "e1", 960 * MBPS);
        load(nim, "n4", "e2", 930 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        CandidateTask t1 = task("t1", "n2");
        CandidateTask t2 = task("t2", "n4");
        TaskSelection sel = INDEPENDENT.select(s, "n1", List.of(t1, t2));
        assertEquals(Outcome.POSTPONED, sel.outcome());
        assertFalse(sel.chosen());
        assertSame(t2, sel.task());
        assertEquals("n4", sel.replicaHost());
        assertEquals(70 * MBPS, sel.availableBps(), 1e-3);
        assertEquals(100 * MBPS, sel.thresholdBps(), 1e-3);
        assertNull(sel.path());
        assertTrue(sel.reason().contains("threshold"), sel.reason());
    }

    @Test
    void aBusyLinkIntoTheRequesterPostponesEveryTask() {
        load(nim, "e0", "n1", 990 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        TaskSelection sel = COLLABORATIVE.select(s, "n1", List.of(task("t1", "n2"), task("t2", "n0"), task("t3", "n6")));
        assertEquals(Outcome.POSTPONED, sel.outcome());
        assertEquals(10 * MBPS, sel.availableBps(), 1e-3);
        assertNull(sel.path(), "nothing to pin when postponing");
    }

    @Test
    void availableBandwidthExactlyAtTheThresholdIsNotEnough() {
        load(nim, "e0", "n1", 900 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        TaskSelection sel = INDEPENDENT.select(s, "n1", List.of(task("t1", "n2")));
        assertEquals(Outcome.POSTPONED, sel.outcome(), "Algorithm 1 needs Max > Threshold");
        assertEquals(100 * MBPS, sel.availableBps(), 1e-3);
    }

    @Test
    void zeroThresholdChoosesAnyPositiveBandwidth() {
        load(nim, "e0", "n1", 990 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        BandwidthTaskSelector selector =
                new BandwidthTaskSelector(new TaskSelectionPolicy(SchedulingMode.INDEPENDENT, 0, false));
        assertEquals(Outcome.CHOSEN, selector.select(s, "n1", List.of(task("t1", "n2"))).outcome());
    }

    @Test
    void nodeLocalReplicaWinsOutright() {
        load(nim, "e0", "n1", 990 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        CandidateTask remote = task("remote", "n4");
        CandidateTask local = task("local", "n3", "n1");
        for (BandwidthTaskSelector selector : List.of(INDEPENDENT, COLLABORATIVE)) {
            TaskSelection sel = selector.select(s, "n1", List.of(remote, local));
            assertEquals(Outcome.CHOSEN, sel.outcome(), "even on a saturated network");
            assertSame(local, sel.task());
            assertEquals("n1", sel.replicaHost());
            assertEquals(Double.POSITIVE_INFINITY, sel.availableBps());
            assertNull(sel.path());
        }
    }

    @Test
    void requesterAndReplicasMayBeNamedByAddress() {
        NetworkSnapshot s = nim.snapshot();
        TaskSelection sel = INDEPENDENT.select(s, "10.0.0.2", List.of(task("t1", "10.0.0.5")));
        assertEquals(Outcome.CHOSEN, sel.outcome());
        assertEquals("n4", sel.replicaHost(), "reported by fabric name");
        sel = INDEPENDENT.select(s, "10.0.0.2", List.of(task("t1", "n1")));
        assertEquals("n1", sel.replicaHost(), "local, though named differently");
    }

    @Test
    void unknownRequestingHostGivesNoDecision() {
        NetworkSnapshot s = nim.snapshot();
        TaskSelection sel = INDEPENDENT.select(s, "n99", List.of(task("t1", "n2")));
        assertEquals(Outcome.NO_DECISION, sel.outcome());
        assertNull(sel.task());
        assertTrue(sel.reason().contains("n99"), sel.reason());
        assertEquals(Outcome.NO_DECISION, INDEPENDENT.select(s, "e0", List.of(task("t1", "n2"))).outcome(),
                "a switch does not run tasks");
    }

    @Test
    void allReplicaHostsUnknownGivesNoDecision() {
        NetworkSnapshot s = nim.snapshot();
        TaskSelection sel = COLLABORATIVE.select(s, "n1", List.of(task("t1", "dn-x", "dn-y"), task("t2", "a0")));
        assertEquals(Outcome.NO_DECISION, sel.outcome());
        assertNull(sel.task());
        assertEquals(Outcome.NO_DECISION, COLLABORATIVE.select(s, "n1", List.of()).outcome(), "no tasks at all");
    }

    @Test
    void unknownReplicaHostsAreSkipped() {
        NetworkSnapshot s = nim.snapshot();
        TaskSelection sel = INDEPENDENT.select(s, "n1", List.of(task("t1", "dn-x"), task("t2", "dn-y", "n6")));
        assertEquals(Outcome.CHOSEN, sel.outcome());
        assertEquals("t2", sel.task().id());
        assertEquals("n6", sel.replicaHost());
    }

    @Test
    void independentUsesAverageWhereCollaborativeUsesMax() {
        // Task A's replica n2: via a0 the link e1 -> a0 carries 900 (100 left), via a1 idle:
        //   average 550, maximum 1000.
        // Task B's replica n4: both e2 -> a0 and e2 -> a1 carry 300: average 700, maximum 700.
        load(nim, "e1", "a0", 900 * MBPS);
        load(nim, "e2", "a0", 300 * MBPS);
        load(nim, "e2", "a1", 300 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        CandidateTask a = task("A", "n2");
        CandidateTask b = task("B", "n4");

        TaskSelection independent = INDEPENDENT.select(s, "n1", List.of(a, b));
        assertEquals(Outcome.CHOSEN, independent.outcome());
        assertSame(b, independent.task());
        assertEquals(700 * MBPS, independent.availableBps(), 1e-3);
        assertNull(independent.path(), "ECMP picks the path in independent mode");

        TaskSelection collaborative = COLLABORATIVE.select(s, "n1", List.of(a, b));
        assertEquals(Outcome.CHOSEN, collaborative.outcome());
        assertSame(a, collaborative.task());
        assertEquals(1000 * MBPS, collaborative.availableBps(), 1e-3);
        assertEquals(List.of("n2", "e1", "a1", "e0", "n1"), collaborative.path().nodeNames(fabric),
                "the idle path is returned to be pinned");
        assertEquals(1000 * MBPS, PathBandwidth.of(s, collaborative.path()), 1e-3);

        // The order of the tasks does not matter.
        assertSame(b, INDEPENDENT.select(s, "n1", List.of(b, a)).task());
        assertSame(a, COLLABORATIVE.select(s, "n1", List.of(b, a)).task());
    }

    @Test
    void requireRateFitSkipsATaskWhoseDataProcessingRateExceedsTheAvailableBandwidth() {
        load(nim, "n4", "e2", 600 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        CandidateTask hungry = new CandidateTask("hungry", List.of("n2"), 1_500 * MBPS);
        CandidateTask modest = new CandidateTask("modest", List.of("n4"), 300 * MBPS);
        BandwidthTaskSelector firebird =
                new BandwidthTaskSelector(new TaskSelectionPolicy(SchedulingMode.INDEPENDENT, 0.1, true));

        TaskSelection sel = firebird.select(s, "n1", List.of(hungry, modest));
        assertEquals(Outcome.CHOSEN, sel.outcome());
        assertSame(modest, sel.task(), "1500 Mbit/s does not fit in 1000; 300 fits in 400");
        assertEquals(400 * MBPS, sel.availableBps(), 1e-3);

        assertSame(hungry, INDEPENDENT.select(s, "n1", List.of(hungry, modest)).task(),
                "without the check the rate is not looked at");
    }

    @Test
    void requireRateFitIgnoresAnUnknownRate() {
        NetworkSnapshot s = nim.snapshot();
        BandwidthTaskSelector firebird =
                new BandwidthTaskSelector(new TaskSelectionPolicy(SchedulingMode.COLLABORATIVE, 0.1, true));
        TaskSelection sel = firebird.select(s, "n1", List.of(task("unknown-rate", "n2")));
        assertEquals(Outcome.CHOSEN, sel.outcome());
    }

    @Test
    void requireRateFitWithNoTaskFittingPostponesWithoutATask() {
        load(nim, "e0", "n1", 500 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        BandwidthTaskSelector firebird =
                new BandwidthTaskSelector(new TaskSelectionPolicy(SchedulingMode.COLLABORATIVE, 0.1, true));
        TaskSelection sel = firebird.select(s, "n1", List.of(
                new CandidateTask("t1", List.of("n2"), 600 * MBPS),
                new CandidateTask("t2", List.of("n6"), 501 * MBPS)));
        assertEquals(Outcome.POSTPONED, sel.outcome());
        assertNull(sel.task());
        assertNull(sel.replicaHost());
    }

    @ParameterizedTest
    @ValueSource(doubles = {-0.01, 1.0, 1.5, Double.NaN})
    void thresholdFractionOutOfRangeIsRejected(double fraction) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TaskSelectionPolicy(SchedulingMode.INDEPENDENT, fraction, false));
        assertTrue(e.getMessage().contains("thresholdFraction"), e.getMessage());
    }

    @Test
    void policyNeedsAMode() {
        assertThrows(IllegalArgumentException.class, () -> new TaskSelectionPolicy(null, 0.1, false));
    }

    @Test
    void defaultPolicyUsesTenPercentAndNoRateCheck() {
        TaskSelectionPolicy p = TaskSelectionPolicy.of(SchedulingMode.COLLABORATIVE);
        assertEquals(0.1, p.thresholdFraction());
        assertFalse(p.requireRateFit());
        assertSame(p, new BandwidthTaskSelector(p).policy());
    }
}
