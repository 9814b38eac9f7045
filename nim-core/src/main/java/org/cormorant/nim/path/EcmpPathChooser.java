package org.cormorant.nim.path;

import java.util.List;

/**
 * Picks one of the equal-cost paths by a deterministic hash of the flow, as a switch running ECMP
 * would: the same flow always takes the same path, different flows spread over all of them. This
 * is the "stock data centre" baseline the schedulers are compared against (Table 4.3).
 */
public final class EcmpPathChooser {
    private EcmpPathChooser() {
    }

    /** Path for the flow identified by source and destination host and (optionally) transport ports. */
    public static Path choose(List<Path> candidates, String src, String dst, int srcPort, int dstPort) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no candidate path from " + src + " to " + dst);
        }
        int h = src.hashCode();
        h = 31 * h + dst.hashCode();
        h = 31 * h + srcPort;
        h = 31 * h + dstPort;
        return candidates.get(Math.floorMod(mix(h), candidates.size()));
    }

    /** Finaliser of MurmurHash3: spreads nearby hash codes (h1, h2, ...) over all buckets. */
    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }
}
