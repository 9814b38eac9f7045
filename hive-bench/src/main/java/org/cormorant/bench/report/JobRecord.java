package org.cormorant.bench.report;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** One line of {@code jobs.csv}: a MapReduce job of a query and the figures known for it. */
public record JobRecord(String query, String jobId, Map<JobMetric, Double> figures) {

    public JobRecord {
        figures = Collections.unmodifiableMap(figures.isEmpty() ? new EnumMap<>(JobMetric.class) : new EnumMap<>(figures));
    }

    /** The figure, or {@code null} when the file did not give it. */
    public Double get(JobMetric m) {
        return figures.get(m);
    }

    /**
     * Maps that read their split from another host: rack-local plus off-switch, the chapter's "non-local"
     * tasks (4.5.2). Unknown unless both counts are known.
     */
    public Double nonLocalMaps() {
        Double rack = get(JobMetric.RACK_LOCAL_MAPS);
        Double off = get(JobMetric.OFF_SWITCH_MAPS);
        return rack == null || off == null ? null : rack + off;
    }
}
