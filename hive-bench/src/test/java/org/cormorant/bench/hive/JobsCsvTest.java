package org.cormorant.bench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class JobsCsvTest {
    @Test
    void rowCarriesLocalityBytesAndTaskTimeInTheHeadersOrder() {
        JobFigures job = new JobFigures("Stage-1", "job_1_0001", true, 10, 1, 5000, 1_000, 61_000, Map.of(
                "org.apache.hadoop.mapreduce.JobCounter::DATA_LOCAL_MAPS", 7L,
                "org.apache.hadoop.mapreduce.JobCounter::RACK_LOCAL_MAPS", 2L,
                "org.apache.hadoop.mapreduce.JobCounter::OTHER_LOCAL_MAPS", 1L,
                "org.apache.hadoop.mapreduce.JobCounter::MILLIS_MAPS", 123_400L,
                "org.apache.hadoop.mapreduce.FileSystemCounter::HDFS_BYTES_READ", 75_000_000L));
        assertEquals(JobsCsv.HEADER.split(",").length, JobsCsv.row(6, job).split(",", -1).length);
        assertEquals("6,job_1_0001,10,1,7,2,1,,,,75000000,60.0,123.4,0.0", JobsCsv.row(6, job));
    }

    @Test
    void missingCountersAreZeroWhenTheJobsCountersWereReadAndEmptyWhenNot() {
        JobFigures read = new JobFigures("Stage-1", "job_1_0002", true, 2, 0, 0, -1, -1,
                Map.of("org.apache.hadoop.mapreduce.JobCounter::DATA_LOCAL_MAPS", 2L));
        assertEquals("3,job_1_0002,2,0,2,0,0,,,,0,,0.0,0.0", JobsCsv.row(3, read));
        JobFigures unread = new JobFigures("Stage-1", "job_1_0003", true, 2, 0, 0, -1, -1, Map.of());
        assertEquals("3,job_1_0003,2,0,,,,,,,,,,", JobsCsv.row(3, unread));
    }
}
