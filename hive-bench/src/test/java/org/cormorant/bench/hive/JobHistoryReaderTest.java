package org.cormorant.bench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.cormorant.bench.TestDirs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link JobHistoryReader} on real HDFS (MiniDFSCluster) with .jhist files written by real MapReduce
 * ApplicationMasters on MiniMRYarnCluster (Hadoop 3.5.0), kept in {@code src/test/resources/jobhistory}
 * because running MiniMRYarnCluster here would make the module's tests slow and pull the YARN server
 * jars into hive-bench's test classpath:
 * <ul>
 *   <li>{@code job_1795383404168_0001.jhist}: word count, 2 maps and 1 reduce over two 2000-line local
 *       files, one NodeManager; produced with {@code GenJhist.java.txt} (in the same directory)
 *       run on hadoop-it's test classpath ({@code mvn -o dependency:build-classpath -pl hadoop-it
 *       -Dmdep.includeScope=test}); copied from the AM's
 *       {@code <staging>/history/done_intermediate/root/job_1795383404168_0001-1795383406741-root-jhist%2Dwordcount-1795383429072-2-1-SUCCEEDED-root.default-1795383414080.jhist};</li>
 *   <li>{@code job_1795337758558_0002.jhist}: a map-only job (2 maps) of hadoop-it's
 *       NetworkAwareMapReduceIT ("below-threshold"), from its {@code done_intermediate} directory.</li>
 * </ul>
 * Each is put where an AM leaves it on the default FS, so the lookup by job id is exercised too.
 */
class JobHistoryReaderTest {
    private static final String WORDCOUNT = "job_1795383404168_0001";
    private static final String MAP_ONLY = "job_1795337758558_0002";
    private static MiniDFSCluster cluster;
    private static Configuration conf;

    @BeforeAll
    static void startHdfs() throws Exception {
        Configuration c = new Configuration();
        c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, TestDirs.fresh("jobhistory-hdfs").toString());
        cluster = new MiniDFSCluster.Builder(c).numDataNodes(1).build();
        cluster.waitActive();
        conf = new Configuration(cluster.getConfiguration(0));
        conf.set("fs.defaultFS", cluster.getFileSystem().getUri().toString());
        FileSystem fs = cluster.getFileSystem();
        // The copy the AM makes at job end, at the default intermediate-done-dir.
        put(fs, WORDCOUNT, new Path("/tmp/hadoop-yarn/staging/history/done_intermediate/root/" + WORDCOUNT
                + "-1795383406741-root-jhist%2Dwordcount-1795383429072-2-1-SUCCEEDED-root.default-1795383414080.jhist"));
        // Only the AM's own file in the staging dir (the copy never showed up).
        put(fs, MAP_ONLY, new Path("/tmp/hadoop-yarn/staging/root/.staging/" + MAP_ONLY + "/" + MAP_ONLY + "_1.jhist"));
        // Garbage where a history should be.
        try (FSDataOutputStream out = fs.create(new Path("/tmp/hadoop-yarn/staging/history/done_intermediate/root/"
                + "job_1_0009-1-root-x-2-1-0-SUCCEEDED-root.default-1.jhist"))) {
            out.writeBytes("not a job history\n");
        }
    }

    private static void put(FileSystem fs, String job, Path to) throws Exception {
        try (FSDataOutputStream out = fs.create(to)) {
            out.write(Files.readAllBytes(java.nio.file.Path.of("src/test/resources/jobhistory", job + ".jhist")));
        }
    }

    @AfterAll
    static void stopHdfs() {
        if (cluster != null) {
            cluster.shutdown();
        }
    }

    @Test
    void aJobWithAReduceHasAllThreePhases() {
        JobPhases p = new JobHistoryReader(conf, 0).phases(WORDCOUNT);
        assertTrue(p.mapMillis() > 0 && p.shuffleMillis() >= 0 && p.reduceMillis() >= 0, p.toString());
        // The values JobHistoryParser's attempt times give for this file (maps 5.3 s; the reducer
        // shuffled for 4.2 s from its start, then merged and reduced for 0.45 s).
        assertEquals(new JobPhases(5_278, 4_242, 452), p);
        JobFigures job = new JobFigures("Stage-1", WORDCOUNT, true, 2, 1, 0, 1_795_383_406_741L, 1_795_383_429_072L,
                Map.of("org.apache.hadoop.mapreduce.JobCounter::DATA_LOCAL_MAPS", 2L));
        String[] cells = JobsCsv.row(1, job, p).split(",", -1);
        assertEquals(JobsCsv.HEADER.split(",").length, cells.length);
        assertEquals("map_s,shuffle_s,reduce_s", String.join(",", java.util.Arrays.copyOfRange(JobsCsv.HEADER.split(","), 7, 10)));
        assertEquals("5.3,4.2,0.5", String.join(",", java.util.Arrays.copyOfRange(cells, 7, 10)));
    }

    @Test
    void aMapOnlyJobFoundInTheStagingDirHasOnlyAMapPhase() {
        JobPhases p = new JobHistoryReader(conf, 0).phases(MAP_ONLY);
        assertEquals(new JobPhases(4_870, -1, -1), p);
        JobFigures job = new JobFigures("Stage-1", MAP_ONLY, true, 2, 0, 0, -1, -1, Map.of());
        assertEquals("2,job_1795337758558_0002,2,0,,,,4.9,,,,,,", JobsCsv.row(2, job, p));
    }

    @Test
    void missingUnreadableAndLocalJobsGiveNoPhasesAndNoError() {
        JobHistoryReader reader = new JobHistoryReader(conf, 300);
        long start = System.nanoTime();
        assertEquals(JobPhases.NONE, reader.phases("job_1_0404"));
        assertTrue(System.nanoTime() - start >= 300_000_000L, "polled for the copy");
        assertEquals(JobPhases.NONE, reader.phases("job_1_0009"));
        assertEquals(JobPhases.NONE, reader.phases("job_local1234_0001"));
        assertEquals(JobPhases.NONE, reader.phases(null));
        assertEquals("1,job_1_0404,1,0,,,,,,,,,,", JobsCsv.row(1,
                new JobFigures("Stage-1", "job_1_0404", true, 1, 0, 0, -1, -1, Map.of()), reader.phases("job_1_0404")));
    }
}
