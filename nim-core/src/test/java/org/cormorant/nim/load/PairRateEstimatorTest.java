package org.cormorant.nim.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.cormorant.nim.fabric.HostPair;
import org.junit.jupiter.api.Test;

class PairRateEstimatorTest {
    private static final HostPair N0_N2 = new HostPair("n0", "n2");
    private final PairRateEstimator estimator = new PairRateEstimator(1.0);

    private static RuleCounterSample rule(int priority, long bytes, double age, long at) {
        return new RuleCounterSample("e0", priority, N0_N2, bytes, age, at);
    }

    @Test
    void aRuleSeenOnceHasNoRateAndThenItsDeltaOverTheInterval() {
        assertTrue(estimator.record(List.of(rule(100, 5_000_000, 60, 10_000))).isEmpty());
        Map<HostPair, Double> r = estimator.record(List.of(rule(100, 7_500_000, 62, 12_000)));
        assertEquals(10e6, r.get(N0_N2), 1);
    }

    @Test
    void aPinInstalledBetweenReadingsAddsAllItsBytesToThePair() {
        estimator.record(List.of(rule(100, 0, 60, 10_000)));
        estimator.record(List.of(rule(100, 1_000_000, 61, 11_000)));
        // The pin took the traffic 0.5 s before the reading: 0.5 s on ECMP, 0.5 s on the pin.
        Map<HostPair, Double> r = estimator.record(List.of(rule(100, 1_500_000, 62, 12_000), rule(150, 500_000, 0.5, 12_000)));
        assertEquals(8e6, r.get(N0_N2), 1);
    }

    @Test
    void aReinstalledRuleStartsFromZero() {
        estimator.record(List.of(rule(150, 9_000_000, 30, 10_000)));
        estimator.record(List.of(rule(150, 10_000_000, 31, 11_000)));
        Map<HostPair, Double> r = estimator.record(List.of(rule(150, 250_000, 0.3, 12_000)));
        assertEquals(2e6, r.get(N0_N2), 1);
    }

    @Test
    void aPairWhoseRulesAreGoneHasNoRate() {
        estimator.record(List.of(rule(100, 0, 60, 10_000)));
        assertFalse(estimator.record(List.of(rule(100, 1_000, 61, 11_000))).isEmpty());
        assertTrue(estimator.record(List.of()).isEmpty());
    }

    @Test
    void theSameStatisticsReadAgainKeepTheRateInsteadOfDroppingIt() {
        // OpenDaylight refreshes flow statistics every few seconds and the app dates them by the
        // rule's age, so two polls can return the identical reading.
        estimator.record(List.of(rule(100, 0, 60, 10_000)));
        estimator.record(List.of(rule(100, 2_000_000, 62, 12_000)));
        Map<HostPair, Double> r = estimator.record(List.of(rule(100, 2_000_000, 62, 12_000)));
        assertEquals(8e6, r.get(N0_N2), 1, "a repeat says nothing new");
        r = estimator.record(List.of(rule(100, 4_000_000, 64, 14_000)));
        assertEquals(8e6, r.get(N0_N2), 1, "measured from the repeated reading on");
    }

    @Test
    void ratesAreSmoothedLikeLinkRates() {
        PairRateEstimator smoothed = new PairRateEstimator(0.5);
        smoothed.record(List.of(rule(100, 0, 60, 10_000)));
        smoothed.record(List.of(rule(100, 1_000_000, 61, 11_000)));
        Map<HostPair, Double> r = smoothed.record(List.of(rule(100, 1_000_000, 62, 12_000)));
        assertEquals(4e6, r.get(N0_N2), 1);
    }

    @Test
    void badSmoothingIsNamed() {
        assertThrows(IllegalArgumentException.class, () -> new PairRateEstimator(0));
    }
}
