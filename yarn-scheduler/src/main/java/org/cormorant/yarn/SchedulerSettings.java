package org.cormorant.yarn;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.cormorant.nim.client.NimClientConfig;
import org.cormorant.nim.schedule.SchedulingMode;
import org.cormorant.nim.schedule.TaskSelectionPolicy;

/**
 * The yarn-site.xml keys of the network-aware placement (docs/configuration.md). Parsing fails with
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
    public static final String NIM_ADDRESS = PREFIX + "nim.address";
    public static final String NIM_REFRESH_MS = PREFIX + "nim.refresh-ms";
    public static final String NIM_TIMEOUT_MS = PREFIX + "nim.timeout-ms";
    public static final String NIM_MAX_AGE_MS = PREFIX + "nim.max-age-ms";
    public static final String NIM_TOKEN_FILE = PREFIX + "nim.token-file";
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
        double threshold = fraction(conf, THRESHOLD_FRACTION, TaskSelectionPolicy.DEFAULT_THRESHOLD_FRACTION);
        if (threshold >= 1) {
            throw new IllegalArgumentException(THRESHOLD_FRACTION + ": must be below 1, got " + threshold);
        }
        boolean rateFit = conf.getBoolean(REQUIRE_RATE_FIT, false);
        long maxPostpone = nonNegative(conf, MAX_POSTPONE_MS, 10_000);
        double reservationFraction = fraction(conf, RESERVATION_FRACTION, 0.5);
        long reservationTtl = positive(conf, RESERVATION_TTL_MS, 60_000);
        NimClientConfig nim = null;
        if (mode != null) {
            nim = nimClientConfig(conf);
        }
        TaskSelectionPolicy policy = new TaskSelectionPolicy(mode == null ? SchedulingMode.INDEPENDENT : mode,
                threshold, rateFit);
        return new SchedulerSettings(mode, nim, policy, maxPostpone, reservationFraction, reservationTtl);
    }

    /** The {@code cormorant.nim.*} keys. */
    public static NimClientConfig nimClientConfig(Configuration conf) {
        String address = conf.getTrimmed(NIM_ADDRESS);
        if (address == null || address.isEmpty()) {
            throw new IllegalArgumentException(NIM_ADDRESS + ": required unless " + MODE + " is stock");
        }
        URI uri;
        try {
            uri = new URI(address);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(NIM_ADDRESS + ": '" + address + "' is not a URL: " + e.getMessage());
        }
        if (uri.getScheme() == null || uri.getHost() == null
                || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
            throw new IllegalArgumentException(NIM_ADDRESS + ": '" + address + "' is not an http(s) URL with a host");
        }
        String token = null;
        String tokenFile = conf.getTrimmed(NIM_TOKEN_FILE);
        if (tokenFile != null && !tokenFile.isEmpty()) {
            try {
                token = Files.readString(Path.of(tokenFile), StandardCharsets.UTF_8).strip();
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException(NIM_TOKEN_FILE + ": cannot read " + tokenFile + ": " + e.getMessage());
            }
        }
        return new NimClientConfig(uri, positive(conf, NIM_REFRESH_MS, 1000), positive(conf, NIM_TIMEOUT_MS, 2000),
                positive(conf, NIM_MAX_AGE_MS, 15_000), token);
    }

    private static long positive(Configuration conf, String key, long fallback) {
        long value = number(conf, key, fallback);
        if (value <= 0) {
            throw new IllegalArgumentException(key + ": must be positive, got " + value);
        }
        return value;
    }

    private static long nonNegative(Configuration conf, String key, long fallback) {
        long value = number(conf, key, fallback);
        if (value < 0) {
            throw new IllegalArgumentException(key + ": must not be negative, got " + value);
        }
        return value;
    }

    private static long number(Configuration conf, String key, long fallback) {
        try {
            return conf.getLong(key, fallback);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": '" + conf.get(key) + "' is not a whole number");
        }
    }

    private static double fraction(Configuration conf, String key, double fallback) {
        double value;
        try {
            value = conf.getDouble(key, fallback);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": '" + conf.get(key) + "' is not a number");
        }
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(key + ": must be between 0 and 1, got " + value);
        }
        return value;
    }
}
