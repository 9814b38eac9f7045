package org.cormorant.nim.schedule;

import org.cormorant.nim.query.PathAggregation;

/** How the task/replica scheduler relates to the flow scheduler (Cormorant Table 4.3). */
public enum SchedulingMode {
    /** Task/replica scheduler alone: ECMP picks the path, so A(P) is the average over candidates. */
    INDEPENDENT(PathAggregation.AVERAGE),
    /** Collaborative: the flow scheduler pins the best path, so A(P) is the maximum, and the path is reserved. */
    COLLABORATIVE(PathAggregation.MAXIMUM);

    private final PathAggregation aggregation;

    SchedulingMode(PathAggregation aggregation) {
        this.aggregation = aggregation;
    }

    public PathAggregation aggregation() {
        return aggregation;
    }
}
