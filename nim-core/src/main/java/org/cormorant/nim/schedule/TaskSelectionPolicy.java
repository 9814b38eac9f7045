package org.cormorant.nim.schedule;

/**
 * Settings of {@link BandwidthTaskSelector}.
 *
 * @param mode              independent (average) or collaborative (maximum, path pinned)
 * @param thresholdFraction postpone when A(P) is not above this fraction of the chosen path's line
 *                          rate. The chapter uses 100 Mbit/s on 1 Gbit/s links (section 4.4.2); a
 *                          fraction keeps that meaning on a scaled-down emulated fabric
 * @param requireRateFit    Firebird's check (Algorithm 4, line 11): skip a task whose estimated data
 *                          processing rate exceeds A(P)
 */
public record TaskSelectionPolicy(SchedulingMode mode, double thresholdFraction, boolean requireRateFit) {
    public static final double DEFAULT_THRESHOLD_FRACTION = 0.1;

    public TaskSelectionPolicy {
        if (mode == null) {
            throw new IllegalArgumentException("mode must be given");
        }
        if (!(thresholdFraction >= 0 && thresholdFraction < 1)) {
            throw new IllegalArgumentException("thresholdFraction must be in [0, 1), got " + thresholdFraction);
        }
    }

    public static TaskSelectionPolicy of(SchedulingMode mode) {
        return new TaskSelectionPolicy(mode, DEFAULT_THRESHOLD_FRACTION, false);
    }
}
