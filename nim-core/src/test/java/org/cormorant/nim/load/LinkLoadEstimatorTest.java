package org.cormorant.nim.load;

import static org.cormorant.nim.TestNetworks.EXACT;
import static org.cormorant.nim.TestNetworks.MBPS;
import static org.cormorant.nim.TestNetworks.link;
import static org.cormorant.nim.TestNetworks.testbed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.Link;
import org.junit.jupiter.api.Test;

class LinkLoadEstimatorTest {
    private static final long MB_12_5 = 12_500_000L;
    private final Fabric fabric = testbed();

    private static PortCounterSample sample(String node, int port, long rx, long tx, long t) {
        return new PortCounterSample(node, port, rx, tx, t);
    }

    private double rate(LinkLoadEstimator estimator, String from, String to) {
        return estimator.linkRatesBps()[link(fabric, from, to).index()];
    }

    @Test
    void nothingIsMeasuredBeforeTwoReadings() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT);
        for (double r : est.linkRatesBps()) {
            assertTrue(Double.isNaN(r));
        }
        assertEquals(Long.MIN_VALUE, est.newestSampleMillis());
        Link e0a0 = link(fabric, "e0", "a0");
        assertTrue(est.record(sample("e0", e0a0.fromPort(), 0, 0, 1_000)));
        assertTrue(Double.isNaN(rate(est, "e0", "a0")), "one reading gives no rate");
        assertEquals(1_000, est.newestSampleMillis());
    }

    @Test
    void twelveAndAHalfMegabytesTransmittedInOneSecondIs100MbpsOnTheLinkLeavingThatPort() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT);
        int port = link(fabric, "e0", "a0").fromPort();
        est.record(sample("e0", port, 0, 0, 10_000));
        est.record(sample("e0", port, 0, MB_12_5, 11_000));
        assertEquals(100 * MBPS, rate(est, "e0", "a0"), 1e-6);
        assertTrue(Double.isNaN(rate(est, "e0", "a1")), "other ports of the switch are not measured");
        assertEquals(11_000, est.newestSampleMillis());
    }

    @Test
    void reverseDirectionIsMeasuredFromTheSamePortsRxCounter() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT);
        int port = link(fabric, "e0", "a0").fromPort();
        est.record(sample("e0", port, 1_000, 0, 0));
        est.record(sample("e0", port, 1_000 + 2 * MB_12_5, MB_12_5, 1_000));
        assertEquals(100 * MBPS, rate(est, "e0", "a0"), 1e-6);
        assertEquals(200 * MBPS, rate(est, "a0", "e0"), 1e-6, "a0 -> e0 is what e0 receives on that port");
    }

    @Test
    void linkMeasuredOnlyAtTheReceivingHostGetsItsRateFromRx() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT);
        // n0's eth0 receives what e0 sends it: link e0 -> n0.
        est.record(sample("n0", 0, 0, 0, 0));
        est.record(sample("n0", 0, 3 * MB_12_5, MB_12_5, 1_000));
        assertEquals(300 * MBPS, rate(est, "e0", "n0"), 1e-6);
        assertEquals(100 * MBPS, rate(est, "n0", "e0"), 1e-6);
    }

    @Test
    void samplesMayNameAHostByAddress() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT);
        est.record(sample("10.0.0.1", 0, 0, 0, 0));
        est.record(sample("10.0.0.1", 0, 0, MB_12_5, 1_000));
        assertEquals(100 * MBPS, rate(est, "n0", "e0"), 1e-6);
    }

    @Test
    void senderTxIsPreferredToReceiverRx() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT);
        int e0Port = link(fabric, "e0", "n0").fromPort();
        est.record(sample("e0", e0Port, 0, 0, 0));
        est.record(sample("e0", e0Port, 0, MB_12_5, 1_000));
        est.record(sample("n0", 0, 0, 0, 0));
        est.record(sample("n0", 0, 2 * MB_12_5, 0, 1_000));
        assertEquals(100 * MBPS, rate(est, "e0", "n0"), 1e-6);
    }

    @Test
    void counterResetDoesNotProduceASpikeAndTheRateStaysAtItsPreviousValue() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT);
        int port = link(fabric, "e1", "a1").fromPort();
        est.record(sample("e1", port, 0, 50 * MB_12_5, 0));
        est.record(sample("e1", port, 0, 51 * MB_12_5, 1_000));
        assertEquals(100 * MBPS, rate(est, "e1", "a1"), 1e-6);
        // Switch reboot: the counter starts over near zero.
        est.record(sample("e1", port, 0, 1_000, 2_000));
        assertEquals(100 * MBPS, rate(est, "e1", "a1"), 1e-6);
        // Counting resumes from the new base.
        est.record(sample("e1", port, 0, 1_000 + 2 * MB_12_5, 3_000));
        assertEquals(200 * MBPS, rate(est, "e1", "a1"), 1e-6);
    }

    @Test
    void thirtyTwoBitCounterWrapIsUnwrapped() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, new NimSettings(1.0, 32, 10_000, 60_000, 3_600_000));
        int port = link(fabric, "e2", "a0").fromPort();
        long nearTop = (1L << 32) - MB_12_5 / 2;
        est.record(sample("e2", port, 0, nearTop, 0));
        est.record(sample("e2", port, 0, MB_12_5 / 2, 1_000));
        assertEquals(100 * MBPS, rate(est, "e2", "a0"), 1e-6);
    }

    @Test
    void smoothingWithWeightHalfAveragesOldAndNew() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT.withSmoothing(0.5));
        int port = link(fabric, "a1", "e3").fromPort();
        est.record(sample("a1", port, 0, 0, 0));
        est.record(sample("a1", port, 0, MB_12_5, 1_000));
        assertEquals(100 * MBPS, rate(est, "a1", "e3"), 1e-6, "the first rate is taken as is");
        est.record(sample("a1", port, 0, MB_12_5 + 3 * MB_12_5, 2_000));
        assertEquals(200 * MBPS, rate(est, "a1", "e3"), 1e-6, "(100 + 300) / 2");
    }

    @Test
    void defaultSmoothingWeighsTheNewestSampleAtSeventyPercent() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, NimSettings.defaults());
        int port = link(fabric, "a1", "e3").fromPort();
        est.record(sample("a1", port, 0, 0, 0));
        est.record(sample("a1", port, 0, MB_12_5, 1_000));
        est.record(sample("a1", port, 0, MB_12_5 + 3 * MB_12_5, 2_000));
        assertEquals(240 * MBPS, rate(est, "a1", "e3"), 1e-3, "0.7 * 300 + 0.3 * 100");
    }

    @Test
    void ratesAreBytesOverTheActualInterval() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT);
        int port = link(fabric, "e3", "n7").fromPort();
        est.record(sample("e3", port, 0, 0, 0));
        est.record(sample("e3", port, 0, MB_12_5, 5_000));
        assertEquals(20 * MBPS, rate(est, "e3", "n7"), 1e-6);
    }

    @Test
    void samplesForUnknownNodesOrPortsAreIgnoredAndCounted() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT);
        assertFalse(est.record(sample("s99", 1, 0, 0, 0)));
        assertFalse(est.record(sample("e0", 9, 0, 0, 0)), "e0 has ports 1..4");
        assertFalse(est.record(sample("n0", 1, 0, 0, 0)), "n0 has only eth0");
        assertEquals(3, est.ignoredSamples());
        assertEquals(Long.MIN_VALUE, est.newestSampleMillis(), "ignored samples do not date the data");
        for (double r : est.linkRatesBps()) {
            assertTrue(Double.isNaN(r));
        }
    }

    @Test
    void repeatedTimestampIsIgnoredAndCounted() {
        LinkLoadEstimator est = new LinkLoadEstimator(fabric, EXACT);
        int port = link(fabric, "e0", "a0").fromPort();
        assertTrue(est.record(sample("e0", port, 0, 0, 1_000)));
        assertTrue(est.record(sample("e0", port, 0, MB_12_5, 2_000)));
        assertFalse(est.record(sample("e0", port, 0, 99 * MB_12_5, 2_000)));
        assertFalse(est.record(sample("e0", port, 0, 99 * MB_12_5, 1_500)), "a clock step backwards");
        assertEquals(2, est.ignoredSamples());
        assertEquals(100 * MBPS, rate(est, "e0", "a0"), 1e-6);
        // The ignored readings did not move the base: the next interval is measured from t=2000.
        assertTrue(est.record(sample("e0", port, 0, 2 * MB_12_5, 3_000)));
        assertEquals(100 * MBPS, rate(est, "e0", "a0"), 1e-6);
    }
}
