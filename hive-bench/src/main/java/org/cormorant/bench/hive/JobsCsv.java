package org.cormorant.bench.hive;

import java.util.Locale;

/**
 * One line per MapReduce job of a query for {@code jobs.csv} (read by {@code hive-bench report}): where
 * the maps ran relative to their data (the job counters DATA_LOCAL_MAPS, RACK_LOCAL_MAPS,
 * OTHER_LOCAL_MAPS), what they read from HDFS, and the time spent in map and reduce tasks summed over
 * tasks (MILLIS_MAPS, MILLIS_REDUCES), and the wall time of the job's phases from its job history
 * ({@link JobHistoryReader}, {@link JobPhases}):
 * <ul>
 *   <li>map_s: from the first map attempt's start to the last successful map attempt's finish;</li>
 *   <li>shuffle_s: from the first reduce attempt's start to the last successful reduce attempt's
 *       shuffle finish (overlaps map_s: reducers start while maps run); empty for a map-only job;</li>
 *   <li>reduce_s: from that last shuffle finish to the last successful reduce attempt's finish (merge and
 *       reduce); empty for a map-only job.</li>
 * </ul>
 * A phase is empty when the history is missing or unreadable (local-mode jobs have none). A counter the
 * job client could not read is empty too.
 */
public final class JobsCsv {
    public static final String HEADER = "query,job_id,maps,reduces,data_local_maps,rack_local_maps,off_switch_maps,"
            + "map_s,shuffle_s,reduce_s,hdfs_bytes_read,job_s,map_task_s,reduce_task_s";
    private static final String JOB = "org.apache.hadoop.mapreduce.JobCounter";
    private static final String FS = "org.apache.hadoop.mapreduce.FileSystemCounter";

    private JobsCsv() {
    }

    /** The row without phase times (no job history). */
    public static String row(int query, JobFigures job) {
        return row(query, job, JobPhases.NONE);
    }

    public static String row(int query, JobFigures job, JobPhases phases) {
        // MapReduce leaves out a counter that stayed at zero: with counters read, a missing one is 0;
        // with none read (job client failed), every counter column stays empty.
        boolean read = !job.counters().isEmpty();
        return String.format(Locale.ROOT, "%d,%s,%d,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s", query, job.jobId(), job.maps(),
                job.reduces(), count(read, job.counter(JOB, "DATA_LOCAL_MAPS")), count(read, job.counter(JOB, "RACK_LOCAL_MAPS")),
                count(read, job.counter(JOB, "OTHER_LOCAL_MAPS")), seconds(phases.mapMillis()),
                seconds(phases.shuffleMillis()), seconds(phases.reduceMillis()), count(read, job.counter(FS, "HDFS_BYTES_READ")),
                seconds(job.elapsedMillis()), seconds(read ? Math.max(0, job.counter(JOB, "MILLIS_MAPS")) : -1),
                seconds(read ? Math.max(0, job.counter(JOB, "MILLIS_REDUCES")) : -1));
    }

    private static String count(boolean read, long value) {
        return read ? Long.toString(Math.max(0, value)) : "";
    }

    private static String seconds(long millis) {
        return millis < 0 ? "" : String.format(Locale.ROOT, "%.1f", millis / 1000.0);
    }
}
