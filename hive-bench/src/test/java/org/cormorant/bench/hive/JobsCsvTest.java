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
        assertEquals("6,job_1_0001,10,1,7,2,1,,,,75000000,60.0,123.4,", JobsCsv.row(6, job));
    }
}
