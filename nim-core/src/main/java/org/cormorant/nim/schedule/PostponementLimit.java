package org.cormorant.nim.schedule;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Bounds how long Algorithm 1 may keep postponing one request: the chapter postpones a non-local
 * task while the network is congested, but a task postponed forever is a starved job. The first
 * postponement of a request starts its clock; once the clock passes the limit the request is let
 * through whatever the bandwidth, and a placement resets it.
 */
public final class PostponementLimit {
    private final long limitMillis;
    private final ConcurrentHashMap<String, Long> firstPostponedAt = new ConcurrentHashMap<>();

    public PostponementLimit(long limitMillis) {
        if (limitMillis < 0) {
            throw new IllegalArgumentException("postponement limit must be >= 0 ms, got " + limitMillis);
        }
        this.limitMillis = limitMillis;
    }

    /** True while {@code request} may still wait; records the start of its wait on first call. */
    public boolean mayPostpone(String request, long nowMillis) {
        long since = firstPostponedAt.computeIfAbsent(request, k -> nowMillis);
        return nowMillis - since < limitMillis;
    }

    /** The request was placed (or withdrawn): its next postponement starts a new wait. */
    public void placed(String request) {
        firstPostponedAt.remove(request);
    }

    public long limitMillis() {
        return limitMillis;
    }
}
