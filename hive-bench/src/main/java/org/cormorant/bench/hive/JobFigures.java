package org.cormorant.bench.hive;

import java.util.Map;

/**
 * What Hive reported about one MapReduce job of a query: its stage, Hadoop job id, task counts, CPU time,
 * wall-clock span (from Hive's query display; -1 when unknown) and the job's counters as
 * {@code group::counter -> value} (empty when the job client could not reach them).
 */
public record JobFigures(String stage, String jobId, boolean success, int maps, int reduces, long cpuMillis,
                         long beginMillis, long endMillis, Map<String, Long> counters) {

    public long elapsedMillis() {
        return beginMillis > 0 && endMillis >= beginMillis ? endMillis - beginMillis : -1;
    }

    public long counter(String group, String name) {
        Long v = counters.get(group + "::" + name);
        return v == null ? -1 : v;
    }
}
