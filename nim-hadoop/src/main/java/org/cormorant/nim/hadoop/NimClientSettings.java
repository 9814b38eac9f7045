package org.cormorant.nim.hadoop;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.cormorant.nim.client.NimClientConfig;

/**
 * The {@code cormorant.nim.*} keys every Cormorant Hadoop plugin shares (how to reach the NIM), read
 * from a Hadoop {@link Configuration} into a {@link NimClientConfig}. Written to be reused by any
 * plugin (NameNode, ResourceManager): it depends on nothing but hadoop-common and nim-client.
 *
 * <p>Every problem is an {@link IllegalArgumentException} whose message starts with the key, so a
 * daemon refuses to start with a message an operator can act on.
 */
public final class NimClientSettings {
    public static final String ADDRESS = "cormorant.nim.address";
    public static final String REFRESH_MS = "cormorant.nim.refresh-ms";
    public static final String TIMEOUT_MS = "cormorant.nim.timeout-ms";
    public static final String MAX_AGE_MS = "cormorant.nim.max-age-ms";
    public static final String TOKEN_FILE = "cormorant.nim.token-file";

    public static final long DEFAULT_REFRESH_MS = 1000;
    public static final long DEFAULT_TIMEOUT_MS = 2000;
    public static final long DEFAULT_MAX_AGE_MS = 15_000;

    private NimClientSettings() {
    }

    /** Whether {@link #ADDRESS} is set at all. */
    public static boolean addressGiven(Configuration conf) {
        String address = conf.getTrimmed(ADDRESS);
        return address != null && !address.isEmpty();
    }

    /**
     * The NIM client settings; {@link #ADDRESS} is required.
     *
     * @throws IllegalArgumentException naming the key: address missing or not an http(s) URL with a
     *                                  host, a number that is not a positive whole number, an
     *                                  unreadable or empty token file
     */
    public static NimClientConfig fromConfiguration(Configuration conf) {
        String address = conf.getTrimmed(ADDRESS);
        if (address == null || address.isEmpty()) {
            throw new IllegalArgumentException(ADDRESS + ": required (the NIM's URL, e.g. http://nim-host:7070)");
        }
        URI uri;
        try {
            uri = new URI(address);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(ADDRESS + ": '" + address + "' is not a URL: " + e.getMessage());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().replaceFirst("^restconf\\+", "");
        if (uri.getHost() == null || !(scheme.equals("http") || scheme.equals("https"))) {
            throw new IllegalArgumentException(ADDRESS + ": '" + address + "' is not an http(s) URL with a host "
                    + "(standalone NIM) or restconf+http(s)://HOST:8181/rests (the NIM in OpenDaylight)");
        }
        long refresh = positive(conf, REFRESH_MS, DEFAULT_REFRESH_MS);
        long timeout = positive(conf, TIMEOUT_MS, DEFAULT_TIMEOUT_MS);
        long maxAge = positive(conf, MAX_AGE_MS, DEFAULT_MAX_AGE_MS);
        NimClientConfig config = new NimClientConfig(uri, refresh, timeout, maxAge, token(conf));
        if (config.restconf() && config.token() == null) {
            throw new IllegalArgumentException(TOKEN_FILE + ": required with a restconf+ address (a file holding "
                    + "OpenDaylight's user:password; every RESTCONF request is authenticated)");
        }
        return config;
    }

    private static String token(Configuration conf) {
        String file = conf.getTrimmed(TOKEN_FILE);
        if (file == null || file.isEmpty()) {
            return null;
        }
        String token;
        try {
            token = Files.readString(Paths.get(file), StandardCharsets.UTF_8).strip();
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(TOKEN_FILE + ": cannot read '" + file + "': " + e);
        }
        if (token.isEmpty()) {
            throw new IllegalArgumentException(TOKEN_FILE + ": '" + file + "' is empty");
        }
        return token;
    }

    /** A whole number above zero; the default when the key is absent. */
    public static long positive(Configuration conf, String key, long defaultValue) {
        long value = whole(conf, key, defaultValue);
        if (value <= 0) {
            throw new IllegalArgumentException(key + ": must be a positive number, got " + value);
        }
        return value;
    }

    /** A whole number of zero or more; the default when the key is absent. */
    public static long nonNegative(Configuration conf, String key, long defaultValue) {
        long value = whole(conf, key, defaultValue);
        if (value < 0) {
            throw new IllegalArgumentException(key + ": must not be negative, got " + value);
        }
        return value;
    }

    /** A number in (0, 1]; the default when the key is absent. */
    public static double fraction(Configuration conf, String key, double defaultValue) {
        String raw = conf.getTrimmed(key);
        if (raw == null || raw.isEmpty()) {
            return defaultValue;
        }
        double value;
        try {
            value = Double.parseDouble(raw);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": '" + raw + "' is not a number");
        }
        if (!(value > 0 && value <= 1)) {
            throw new IllegalArgumentException(key + ": must be above 0 and at most 1, got " + raw);
        }
        return value;
    }

    private static long whole(Configuration conf, String key, long defaultValue) {
        String raw = conf.getTrimmed(key);
        if (raw == null || raw.isEmpty()) {
            return defaultValue;
        }
        try {
            return Long.parseLong(raw);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": '" + raw + "' is not a whole number");
        }
    }
}
