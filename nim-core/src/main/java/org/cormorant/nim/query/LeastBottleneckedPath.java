package org.cormorant.nim.query;

import java.util.List;
import java.util.Optional;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;

/**
 * NetStore's Least Bottlenecked Path (002 seed, section 4.1, Algorithms 1-2), for short flows that
 * finish before a counter poll could see them: every flow on a link is assumed to get an equal
 * share, so a new flow would get {@code capacity / (flows + 1)} there, and the path whose worst
 * such share is largest wins.
 */
public final class LeastBottleneckedPath {
    private LeastBottleneckedPath() {
    }

    /** Algorithm 1 (ComputeBandwidth): the bandwidth a new flow would get on {@code path}. */
    public static double shareForNewFlow(NetworkSnapshot snapshot, Path path) {
        double min = Double.POSITIVE_INFINITY;
        for (int link : path.linksUnsafe()) {
            double share = snapshot.capacityBps(link) / (snapshot.flows(link) + 1);
            if (share < min) {
                min = share;
            }
        }
        return min == Double.POSITIVE_INFINITY ? 0 : min;
    }

    /** Algorithm 2 (LBP): the candidate with the largest new-flow share; the first when several tie. */
    public static Optional<Path> choose(NetworkSnapshot snapshot, List<Path> candidates) {
        Path best = null;
        double bestShare = -1;
        for (Path path : candidates) {
            double share = shareForNewFlow(snapshot, path);
            if (share > bestShare) {
                bestShare = share;
                best = path;
            }
        }
        return Optional.ofNullable(best);
    }
}
