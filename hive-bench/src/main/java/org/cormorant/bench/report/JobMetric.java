package org.cormorant.bench.report;

/**
 * The figures of one MapReduce job that {@code jobs.csv} may carry, by column name. Any of them may be
 * absent from a file or blank on a line; the report then shows that figure as unknown.
 */
public enum JobMetric {
    MAPS("maps"),
    REDUCES("reduces"),
    DATA_LOCAL_MAPS("data_local_maps"),
    RACK_LOCAL_MAPS("rack_local_maps"),
    OFF_SWITCH_MAPS("off_switch_maps"),
    MAP_SECONDS("map_s"),
    SHUFFLE_SECONDS("shuffle_s"),
    REDUCE_SECONDS("reduce_s"),
    HDFS_BYTES_READ("hdfs_bytes_read");

    private final String column;

    JobMetric(String column) {
        this.column = column;
    }

    public String column() {
        return column;
    }
}
