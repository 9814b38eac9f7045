package org.cormorant.nim.client;

import java.net.URI;

/**
 * How a Hadoop plugin reaches the NIM.
 *
 * @param baseUri       the standalone NIM, e.g. {@code http://127.0.0.1:7070}, or the NIM inside
 *                      OpenDaylight as its RESTCONF root with a {@code restconf+} scheme prefix,
 *                      e.g. {@code restconf+http://192.168.123.1:8181/rests}
 * @param refreshMillis how often the local snapshot copy is refreshed
 * @param timeoutMillis per-request timeout; scheduling threads never wait longer than this
 * @param maxAgeMillis  a snapshot whose newest measurement is older than this is stale, and the
 *                      plugins fall back to stock Hadoop behaviour
 * @param token         the standalone NIM's bearer token for writes, or OpenDaylight's
 *                      {@code user:password} (every RESTCONF request needs it); null for none
 */
public record NimClientConfig(URI baseUri, long refreshMillis, long timeoutMillis, long maxAgeMillis, String token) {
    private static final String RESTCONF_PREFIX = "restconf+";

    public NimClientConfig {
        String scheme = baseUri == null ? null : baseUri.getScheme();
        if (scheme != null && scheme.startsWith(RESTCONF_PREFIX)) {
            scheme = scheme.substring(RESTCONF_PREFIX.length());
        }
        if (baseUri == null || scheme == null || baseUri.getHost() == null
                || !(scheme.equals("http") || scheme.equals("https"))) {
            throw new IllegalArgumentException("NIM address must be an http(s) URL with a host (the standalone NIM) or "
                    + "restconf+http(s)://HOST:PORT/rests (the NIM in OpenDaylight), got " + baseUri);
        }
        if (refreshMillis <= 0 || timeoutMillis <= 0 || maxAgeMillis <= 0) {
            throw new IllegalArgumentException("refresh, timeout and max age must be positive");
        }
    }

    /** Refresh every second, time out after two, fall back when measurements are over 15 s old. */
    public static NimClientConfig of(URI baseUri) {
        return new NimClientConfig(baseUri, 1000, 2000, 15_000, null);
    }

    /** Whether this is the NIM inside OpenDaylight, spoken to through RESTCONF. */
    public boolean restconf() {
        return baseUri.getScheme().startsWith(RESTCONF_PREFIX);
    }

    /** The address to send HTTP requests to (without the {@code restconf+} prefix). */
    public URI httpUri() {
        return restconf() ? URI.create(baseUri.toString().substring(RESTCONF_PREFIX.length())) : baseUri;
    }
}
