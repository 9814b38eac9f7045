package org.cormorant.bench.hive;

import java.util.List;

/**
 * The wall time of a MapReduce job's three phases, computed from its task attempts' times (milliseconds
 * since the epoch, as the job history records them). A phase that cannot be computed is -1.
 * <ul>
 *   <li>map: from the first map attempt's start (any attempt, also one that later failed or was killed)
 *       to the last successful map attempt's finish;</li>
 *   <li>shuffle: from the first reduce attempt's start to the last successful reduce attempt's shuffle
 *       finish; -1 for a map-only job. Reducers start while maps still run (slow start), so shuffle
 *       overlaps map: the phases are spans, not a partition of the job's time;</li>
 *   <li>reduce: from that last shuffle finish to the last successful reduce attempt's finish (the merge
 *       and the reduce function); -1 for a map-only job. shuffle + reduce is thus the reduce side's span.</li>
 * </ul>
 * Attempts that never started (start time &lt;= 0, e.g. killed before launch) are ignored.
 */
public record JobPhases(long mapMillis, long shuffleMillis, long reduceMillis) {

    /** Nothing known (local-mode job, history missing or unreadable). */
    public static final JobPhases NONE = new JobPhases(-1, -1, -1);

    /** What the history says about one task attempt; shuffleFinish is only meaningful for reduces. */
    public record Attempt(boolean map, boolean succeeded, long start, long finish, long shuffleFinish) {
    }

    public static JobPhases of(List<Attempt> attempts) {
        long firstMapStart = Long.MAX_VALUE;
        long lastMapFinish = -1;
        long firstReduceStart = Long.MAX_VALUE;
        long lastShuffleFinish = -1;
        long lastReduceFinish = -1;
        for (Attempt a : attempts) {
            if (a.start() <= 0) {
                continue;
            }
            if (a.map()) {
                firstMapStart = Math.min(firstMapStart, a.start());
                if (a.succeeded() && a.finish() > 0) {
                    lastMapFinish = Math.max(lastMapFinish, a.finish());
                }
            } else {
                firstReduceStart = Math.min(firstReduceStart, a.start());
                if (a.succeeded() && a.finish() > 0) {
                    lastReduceFinish = Math.max(lastReduceFinish, a.finish());
                    // A reduce attempt that succeeded has a shuffle finish; if the history lacks it, the
                    // shuffle is taken to end where the attempt ended (all its time counts as shuffle).
                    lastShuffleFinish = Math.max(lastShuffleFinish, a.shuffleFinish() > 0 ? a.shuffleFinish() : a.finish());
                }
            }
        }
        long map = span(firstMapStart, lastMapFinish);
        long shuffle = span(firstReduceStart, lastShuffleFinish);
        long reduce = lastShuffleFinish < 0 ? -1 : span(lastShuffleFinish, lastReduceFinish);
        return new JobPhases(map, shuffle, reduce);
    }

    private static long span(long from, long to) {
        // Unknown ends, or clocks that disagree (an end before its start), give no figure rather than a wrong one.
        return from == Long.MAX_VALUE || to < 0 || to < from ? -1 : to - from;
    }
}
