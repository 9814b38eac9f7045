package org.cormorant.nim.query;

import static org.cormorant.nim.TestNetworks.GBPS;
import static org.cormorant.nim.TestNetworks.linkIndex;
import static org.cormorant.nim.TestNetworks.pathVia;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.TestNetworks;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;
import org.junit.jupiter.api.Test;

/**
 * NetStore's Algorithms 1-2 on a k=4 fat-tree. The flow in question goes from h0_0_0 to h1_0_0; its
 * four candidates cross core switches c0..c3. Other transfers, announced as zero-bandwidth
 * reservations (a flow on each link, no bandwidth taken), share the candidates' aggregation-core
 * links but none of their edge links.
 */
class LeastBottleneckedPathTest {
    private static final String SRC = "h0_0_0";
    private static final String DST = "h1_0_0";

    private final Fabric fabric = StandardFabrics.fatTree(4, GBPS);
    private final NetworkInformationManager nim = TestNetworks.nim(fabric, new AtomicLong(0));

    /** A flow from pod 0, edge 1 to pod 1, edge 1 through {@code core}: it shares only core links with SRC -> DST. */
    private void flowThrough(String core, int host) {
        String src = "h0_1_" + host;
        String dst = "h1_1_" + host;
        Path p = pathVia(fabric, nim.candidatePaths(src, dst), core);
        nim.reserve("other", src, dst, p.nodeNames(fabric), 0, 0);
    }

    private Path candidateVia(String core) {
        return pathVia(fabric, nim.candidatePaths(SRC, DST), core);
    }

    @Test
    void shareOfAPathOnAnIdleNetworkIsTheLineRate() {
        for (Path p : nim.candidatePaths(SRC, DST)) {
            assertEquals(GBPS, LeastBottleneckedPath.shareForNewFlow(nim.snapshot(), p));
        }
    }

    @Test
    void workedExampleChoosesTheLeastBottleneckedPath() {
        // Path via c0: 3 flows on a0_0 -> c0. Via c1: 1 flow on a0_0 -> c1.
        // Via c2: 2 flows on a0_1 -> c2. Via c3: 1 flow on a0_1 -> c3 and 2 on c3 -> a1_1.
        flowThrough("c0", 0);
        flowThrough("c0", 1);
        flowThrough("c0", 0);
        flowThrough("c1", 0);
        flowThrough("c2", 0);
        flowThrough("c2", 1);
        flowThrough("c3", 0);
        // A flow from pod 2 through c3 into pod 1 adds to c3 -> a1_1 only.
        Path fromPod2 = pathVia(fabric, nim.candidatePaths("h2_0_0", "h1_1_1"), "c3");
        nim.reserve("other", "h2_0_0", "h1_1_1", fromPod2.nodeNames(fabric), 0, 0);

        NetworkSnapshot s = nim.snapshot();
        assertEquals(3, s.flows(linkIndex(fabric, "a0_0", "c0")));
        assertEquals(1, s.flows(linkIndex(fabric, "a0_0", "c1")));
        assertEquals(2, s.flows(linkIndex(fabric, "a0_1", "c2")));
        assertEquals(1, s.flows(linkIndex(fabric, "a0_1", "c3")));
        assertEquals(2, s.flows(linkIndex(fabric, "c3", "a1_1")));
        assertEquals(0, s.flows(linkIndex(fabric, "e0_0", "a0_0")), "the other flows leave from edge e0_1");

        // ComputeBandwidth: capacity / (flows + 1) of the worst link.
        assertEquals(GBPS / 4, LeastBottleneckedPath.shareForNewFlow(s, candidateVia("c0")), 1e-6);
        assertEquals(GBPS / 2, LeastBottleneckedPath.shareForNewFlow(s, candidateVia("c1")), 1e-6);
        assertEquals(GBPS / 3, LeastBottleneckedPath.shareForNewFlow(s, candidateVia("c2")), 1e-6);
        assertEquals(GBPS / 3, LeastBottleneckedPath.shareForNewFlow(s, candidateVia("c3")), 1e-6,
                "c3 -> a1_1 with 2 flows is worse than a0_1 -> c3 with 1");

        // LBP: the path via c1.
        assertEquals(candidateVia("c1"), LeastBottleneckedPath.choose(s, nim.candidatePaths(SRC, DST)).orElseThrow());
        // Zero-bandwidth reservations leave availability alone: A(p) cannot tell the paths apart.
        for (Path p : nim.candidatePaths(SRC, DST)) {
            assertEquals(GBPS, PathBandwidth.of(s, p));
        }
    }

    @Test
    void shareUsesTheLineRateNotTheMeasuredLoad() {
        // 900 Mbit/s reserved on the way via c0 and one flow: LBP sees 1 Gbit/s / 2, as NetStore does.
        Path p = pathVia(fabric, nim.candidatePaths("h0_1_0", "h1_1_0"), "c0");
        nim.reserve("other", "h0_1_0", "h1_1_0", p.nodeNames(fabric), 0.9 * GBPS, 0);
        assertEquals(GBPS / 2, LeastBottleneckedPath.shareForNewFlow(nim.snapshot(), candidateVia("c0")), 1e-6);
    }

    @Test
    void tiesReturnTheFirstCandidate() {
        flowThrough("c0", 0);
        flowThrough("c2", 0);
        NetworkSnapshot s = nim.snapshot();
        List<Path> candidates = nim.candidatePaths(SRC, DST);
        // c1 and c3 tie at the full line rate: whichever of them is listed first wins.
        Path c1 = candidateVia("c1");
        Path c3 = candidateVia("c3");
        assertEquals(c1, LeastBottleneckedPath.choose(s, List.of(candidateVia("c0"), c1, c3)).orElseThrow());
        assertEquals(c3, LeastBottleneckedPath.choose(s, List.of(c3, candidateVia("c2"), c1)).orElseThrow());
        Path expected = candidates.stream().filter(p -> p.equals(c1) || p.equals(c3)).findFirst().orElseThrow();
        assertEquals(expected, LeastBottleneckedPath.choose(s, candidates).orElseThrow());
    }

    @Test
    void idleNetworkChoosesTheFirstCandidate() {
        List<Path> candidates = nim.candidatePaths(SRC, DST);
        assertEquals(candidates.get(0), LeastBottleneckedPath.choose(nim.snapshot(), candidates).orElseThrow());
    }

    @Test
    void flowsOnTheSharedFirstHopLowerEveryCandidate() {
        nim.reserve("other", SRC, "h0_0_1", null, 0, 0);
        nim.reserve("other", SRC, "h0_0_1", null, 0, 0);
        for (Path p : nim.candidatePaths(SRC, DST)) {
            assertEquals(GBPS / 3, LeastBottleneckedPath.shareForNewFlow(nim.snapshot(), p), 1e-6);
        }
    }

    @Test
    void noCandidatesGiveNoChoiceAndAnEmptyPathNoShare() {
        assertTrue(LeastBottleneckedPath.choose(nim.snapshot(), List.of()).isEmpty());
        assertEquals(0, LeastBottleneckedPath.shareForNewFlow(nim.snapshot(), new Path(new int[0])));
    }
}
