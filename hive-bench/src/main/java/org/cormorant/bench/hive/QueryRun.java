package org.cormorant.bench.hive;

import org.cormorant.bench.result.ResultTable;

import java.util.List;

/** One query run through Hive: its rows, wall-clock time (compile + execution + fetch) and its jobs. */
public record QueryRun(String name, ResultTable result, long elapsedMillis, List<JobFigures> jobs) {

    /** The sum of the jobs' wall-clock spans, or -1 if any is unknown. */
    public long jobMillis() {
        long sum = 0;
        for (JobFigures j : jobs) {
            if (j.elapsedMillis() < 0) {
                return -1;
            }
            sum += j.elapsedMillis();
        }
        return sum;
    }
}
