package org.cormorant.nim.client;

import java.net.URI;

/**
 * How a Hadoop plugin reaches the NIM.
 *
 * @param baseUri       e.g. {@code http://127.0.0.1:7070}
 * @param refreshMillis how often the local snapshot copy is refreshed
 * @param timeoutMillis per-request timeout; scheduling threads never wait longer than this
 * @param maxAgeMillis  a snapshot whose newest measurement is older than this is stale, and the
 *                      plugins fall back to stock Hadoop behaviour
 * @param token         bearer token for writes (reservations), or null
 */
public record NimClientConfig(URI baseUri, long refreshMillis, long timeoutMillis, long maxAgeMillis, String token) {
    public NimClientConfig {
        if (baseUri == null || baseUri.getScheme() == null || baseUri.getHost() == null
                || !(baseUri.getScheme().equals("http") || baseUri.getScheme().equals("https"))) {
            throw new IllegalArgumentException("NIM address must be an http(s) URL with a host, got " + baseUri);
        }
        if (refreshMillis <= 0 || timeoutMillis <= 0 || maxAgeMillis <= 0) {
            throw new IllegalArgumentException("refresh, timeout and max age must be positive");
        }
    }

    /** Refresh every second, time out after two, fall back when measurements are over 15 s old. */
    public static NimClientConfig of(URI baseUri) {
        return new NimClientConfig(baseUri, 1000, 2000, 15_000, null);
    }
}
