package org.cormorant.nim.query;

import java.util.List;
import java.util.Optional;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;

/**
 * The NIM's bandwidth queries (Cormorant 4.3.2, Firebird 5.4.2): the available bandwidth of a
 * physical path is its bottleneck hop; that of an abstract path is the average or the maximum over
 * the candidate paths; the best path is the candidate with the most available bandwidth.
 */
public final class PathBandwidth {
    private PathBandwidth() {
    }

    /** A(p): the smallest available bandwidth over the links of {@code path}. */
    public static double of(NetworkSnapshot snapshot, Path path) {
        double min = Double.POSITIVE_INFINITY;
        for (int link : path.linksUnsafe()) {
            double available = snapshot.availableBps(link);
            if (available < min) {
                min = available;
            }
        }
        return min == Double.POSITIVE_INFINITY ? 0 : min;
    }

    /** A(P) over {@code candidates}; 0 when there is no path. */
    public static double abstractPath(NetworkSnapshot snapshot, List<Path> candidates, PathAggregation aggregation) {
        if (candidates.isEmpty()) {
            return 0;
        }
        double sum = 0;
        double max = 0;
        for (Path path : candidates) {
            double a = of(snapshot, path);
            sum += a;
            max = Math.max(max, a);
        }
        return aggregation == PathAggregation.MAXIMUM ? max : sum / candidates.size();
    }

    /**
     * The candidate with the most available bandwidth. Candidates often tie on their bottleneck
     * (two paths sharing a loaded last hop); among those the one with more room on its other links
     * wins, so the next transfer elsewhere still finds a free path. The first candidate wins a full tie.
     */
    public static Optional<Path> best(NetworkSnapshot snapshot, List<Path> candidates) {
        Path best = null;
        double bestBps = -1;
        double bestRoom = -1;
        for (Path path : candidates) {
            double a = of(snapshot, path);
            if (a < bestBps) {
                continue;
            }
            double room = totalAvailable(snapshot, path);
            if (a > bestBps || room > bestRoom) {
                bestBps = a;
                bestRoom = room;
                best = path;
            }
        }
        return Optional.ofNullable(best);
    }

    private static double totalAvailable(NetworkSnapshot snapshot, Path path) {
        double sum = 0;
        for (int link : path.linksUnsafe()) {
            sum += snapshot.availableBps(link);
        }
        return sum;
    }
}
