package org.cormorant.nim.query;

import static org.cormorant.nim.TestNetworks.GBPS;
import static org.cormorant.nim.TestNetworks.MBPS;
import static org.cormorant.nim.TestNetworks.SECOND_SAMPLE_MILLIS;
import static org.cormorant.nim.TestNetworks.load;
import static org.cormorant.nim.TestNetworks.pathVia;
import static org.cormorant.nim.TestNetworks.testbed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.TestNetworks;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;
import org.junit.jupiter.api.Test;

class PathBandwidthTest {
    private final AtomicLong clock = new AtomicLong(SECOND_SAMPLE_MILLIS);
    private final Fabric fabric = testbed();
    private final NetworkInformationManager nim = TestNetworks.nim(fabric, clock);

    @Test
    void availableBandwidthOfAPathIsItsBottleneck() {
        load(nim, "n0", "e0", 100 * MBPS);
        load(nim, "e0", "a0", 700 * MBPS);
        load(nim, "a0", "e1", 400 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        Path viaA0 = pathVia(fabric, nim.candidatePaths("n0", "n2"), "a0");
        assertEquals(300 * MBPS, PathBandwidth.of(s, viaA0), 1e-3, "min(900, 300, 600, 1000)");
        Path viaA1 = pathVia(fabric, nim.candidatePaths("n0", "n2"), "a1");
        assertEquals(900 * MBPS, PathBandwidth.of(s, viaA1), 1e-3, "shares only the loaded first hop");
    }

    @Test
    void idlePathHasItsFullCapacity() {
        NetworkSnapshot s = nim.snapshot();
        for (Path p : nim.candidatePaths("n5", "n7")) {
            assertEquals(GBPS, PathBandwidth.of(s, p));
        }
    }

    @Test
    void emptyPathHasNoBandwidth() {
        assertEquals(0, PathBandwidth.of(nim.snapshot(), new Path(new int[0])));
    }

    @Test
    void abstractPathAveragesOrMaximisesOverTheCandidates() {
        // 800 of 1000 Mbit/s used on e0 -> a0: the path via a0 has 200 left, the one via a1 all 1000.
        load(nim, "e0", "a0", 800 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        List<Path> candidates = nim.candidatePaths("n0", "n2");
        assertEquals(600 * MBPS, PathBandwidth.abstractPath(s, candidates, PathAggregation.AVERAGE), 1e-3);
        assertEquals(1000 * MBPS, PathBandwidth.abstractPath(s, candidates, PathAggregation.MAXIMUM), 1e-3);
    }

    @Test
    void abstractPathOfASinglePathIsThatPath() {
        load(nim, "e0", "n1", 250 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        List<Path> candidates = nim.candidatePaths("n0", "n1");
        assertEquals(1, candidates.size());
        assertEquals(750 * MBPS, PathBandwidth.abstractPath(s, candidates, PathAggregation.AVERAGE), 1e-3);
        assertEquals(750 * MBPS, PathBandwidth.abstractPath(s, candidates, PathAggregation.MAXIMUM), 1e-3);
    }

    @Test
    void abstractPathWithoutCandidatesIsZero() {
        assertEquals(0, PathBandwidth.abstractPath(nim.snapshot(), List.of(), PathAggregation.AVERAGE));
        assertEquals(0, PathBandwidth.abstractPath(nim.snapshot(), List.of(), PathAggregation.MAXIMUM));
    }

    @Test
    void bestReturnsTheIdlePath() {
        load(nim, "e0", "a0", 800 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        List<Path> candidates = nim.candidatePaths("n0", "n2");
        Path best = PathBandwidth.best(s, candidates).orElseThrow();
        assertEquals(List.of("n0", "e0", "a1", "e1", "n2"), best.nodeNames(fabric));
        // Whichever order the candidates come in.
        assertEquals(best, PathBandwidth.best(s, List.of(candidates.get(1), candidates.get(0))).orElseThrow());
    }

    @Test
    void bestOfAFullTieIsTheFirstCandidate() {
        List<Path> candidates = nim.candidatePaths("n0", "n2");
        assertEquals(candidates.get(0), PathBandwidth.best(nim.snapshot(), candidates).orElseThrow());
        List<Path> reversed = List.of(candidates.get(1), candidates.get(0));
        assertEquals(reversed.get(0), PathBandwidth.best(nim.snapshot(), reversed).orElseThrow());
    }

    @Test
    void bestOfPathsTiedOnTheBottleneckPrefersMoreRoomOnTheOtherLinks() {
        // The shared last hop e0 -> n0 is the bottleneck of both paths (300 left); the aggregation
        // hops differ, and the path that keeps a0 free wins.
        load(nim, "e0", "n0", 700 * MBPS);
        load(nim, "e1", "a0", 500 * MBPS);
        NetworkSnapshot s = nim.rebuildSnapshot();
        List<Path> candidates = nim.candidatePaths("n2", "n0");
        for (Path p : candidates) {
            assertEquals(300 * MBPS, PathBandwidth.of(s, p), 1e-3);
        }
        assertEquals(List.of("n2", "e1", "a1", "e0", "n0"),
                PathBandwidth.best(s, candidates).orElseThrow().nodeNames(fabric));
    }

    @Test
    void bestOfNoCandidatesIsEmpty() {
        assertTrue(PathBandwidth.best(nim.snapshot(), List.of()).isEmpty());
    }
}
