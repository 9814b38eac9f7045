package org.cormorant.yarn;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.cormorant.nim.client.NimClientConfig;
import org.cormorant.nim.hadoop.NimClientSettings;
import org.cormorant.nim.schedule.SchedulingMode;
import org.cormorant.nim.schedule.TaskSelectionPolicy;

/**
 * The yarn-site.xml keys of the network-aware placement (docs/configuration.md); the
 * {@code cormorant.nim.*} keys are shared with the HDFS plugin ({@link NimClientSettings}). Parsing fails with
 * an {@link IllegalArgumentException} that names the key, so a bad value stops the
 * ResourceManager at start instead of surfacing in a scheduler thread.
 *
 * @param mode                 null for stock behaviour, else independent or collaborative
 * @param nim                  how to reach the NIM (null in stock mode)
 * @param policy               Algorithm 1 settings
 * @param maxPostponeMillis    longest a request is postponed for lack of bandwidth
 * @param reservationFraction  share of the path's line rate reserved for a placed transfer (collaborative)
 * @param reservationTtlMillis lifetime of such a reservation
 */
public record SchedulerSettings(SchedulingMode mode, NimClientConfig nim, TaskSelectionPolicy policy,
                                long maxPostponeMillis, double reservationFraction, long reservationTtlMillis) {
    public static final String PREFIX = "cormorant.";
    public static final String NIM_ADDRESS = NimClientSettings.ADDRESS;
    public static final String NIM_REFRESH_MS = NimClientSettings.REFRESH_MS;
    public static final String NIM_TIMEOUT_MS = NimClientSettings.TIMEOUT_MS;
    public static final String NIM_MAX_AGE_MS = NimClientSettings.MAX_AGE_MS;
    public static final String MODE = PREFIX + "scheduler.mode";
    public static final String THRESHOLD_FRACTION = PREFIX + "scheduler.threshold-fraction";
    public static final String REQUIRE_RATE_FIT = PREFIX + "scheduler.require-rate-fit";
    public static final String MAX_POSTPONE_MS = PREFIX + "scheduler.max-postpone-ms";
    public static final String RESERVATION_FRACTION = PREFIX + "scheduler.reservation-fraction";
    public static final String RESERVATION_TTL_MS = PREFIX + "scheduler.reservation-ttl-ms";

    public boolean stock() {
        return mode == null;
    }

    public static SchedulerSettings from(Configuration conf) {
        String modeName = conf.getTrimmed(MODE, "independent").toLowerCase(Locale.ROOT);
        SchedulingMode mode = switch (modeName) {
            case "stock" -> null;
            case "independent" -> SchedulingMode.INDEPENDENT;
            case "collaborative" -> SchedulingMode.COLLABORATIVE;
            default -> throw new IllegalArgumentException(MODE + ": '" + modeName
                    + "' is not one of stock, independent, collaborative");
        };
        double threshold = thresholdFraction(conf);
        boolean rateFit = conf.getBoolean(REQUIRE_RATE_FIT, false);
        long maxPostpone = NimClientSettings.nonNegative(conf, MAX_POSTPONE_MS, 10_000);
        double reservationFraction = NimClientSettings.fraction(conf, RESERVATION_FRACTION, 0.5);
        long reservationTtl = NimClientSettings.positive(conf, RESERVATION_TTL_MS, 60_000);
        NimClientConfig nim = null;
        if (mode != null) {
            nim = NimClientSettings.fromConfiguration(conf);
        }
        TaskSelectionPolicy policy = new TaskSelectionPolicy(mode == null ? SchedulingMode.INDEPENDENT : mode,
                threshold, rateFit);
        return new SchedulerSettings(mode, nim, policy, maxPostpone, reservationFraction, reservationTtl);
    }

    /** A fraction in [0, 1): zero is a valid threshold (take any bandwidth at all). */
    private static double thresholdFraction(Configuration conf) {
        double value;
        try {
            value = conf.getDouble(THRESHOLD_FRACTION, TaskSelectionPolicy.DEFAULT_THRESHOLD_FRACTION);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(THRESHOLD_FRACTION + ": '" + conf.get(THRESHOLD_FRACTION) + "' is not a number");
        }
        if (!(value >= 0 && value < 1)) {
            throw new IllegalArgumentException(THRESHOLD_FRACTION + ": must be at least 0 and below 1, got " + value);
        }
        return value;
    }
}
