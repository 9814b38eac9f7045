package org.cormorant.bench.report;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of one scenario: the directory holding its {@code times.csv}, the query times by query (in file
 * order) and, when the run has a {@code jobs.csv}, its MapReduce jobs ({@code null} otherwise).
 *
 * @param label {@code run-N} for a repeat, empty for a scenario's single run
 */
public record ScenarioRun(String label, Path dir, Map<String, QueryTime> times, List<JobRecord> jobs) {

    public ScenarioRun {
        times = Collections.unmodifiableMap(new LinkedHashMap<>(times));
        jobs = jobs == null ? null : List.copyOf(jobs);
    }

    public boolean hasJobs() {
        return jobs != null;
    }
}
