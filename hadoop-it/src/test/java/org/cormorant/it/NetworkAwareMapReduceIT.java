package org.cormorant.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.cormorant.hdfs.ReplicaSelectorMetrics;
import org.cormorant.yarn.NetworkPlacement;
import org.cormorant.yarn.PlacementMetrics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Real MapReduce jobs (ApplicationMaster and map tasks in their own JVMs, launched by the
 * NodeManagers) on MiniDFSCluster + MiniMRYarnCluster with both Cormorant plugins and the
 * standalone NIM ({@link HadoopCluster}: DataNodes dn0, dn1 at 127.0.0.2-3, NodeManagers nm0, nm1
 * at 127.0.0.4-5, each host behind its own 1 Gbit/s link). The input (4 blocks of 1 MiB) has a
 * replica on both DataNodes, and no NodeManager runs on a DataNode's host: every map is non-local,
 * and its node and replica are the plugins' choices. Threshold: 10% of 1 Gbit/s; postponement
 * limit {@value #MAX_POSTPONE_MS} ms; the NIM is stale 3 s after its last counters.
 *
 * <ol>
 *   <li>dn0 sends 950 Mbit/s (50 left on its uplink), nm0 receives 950 (50 left on its downlink):
 *       nm1 is the only node a data host reaches above the threshold (from dn1), and dn1 the
 *       replica every reader should be given. All maps run on nm1 and read from dn1.</li>
 *   <li>Same loads, two maps over one block each with a single replica, one on dn0 and one on dn1:
 *       the container the RM grants nm1 (because dn1 reaches it) runs the dn0 map with the stock
 *       ApplicationMaster, and the dn1 map with Cormorant's ({@code NetworkAwareMRAppMaster}).</li>
 *   <li>dn0 sends 950, dn1 920: no node is above the threshold; the maps wait the limit, then run,
 *       still reading from dn1 (80 Mbit/s left beats 50).</li>
 *   <li>Same loads, Cormorant's AM; while the maps are being postponed the NIM is killed: both
 *       plugins fall back, the maps are placed at once by the stock scheduler and read in the
 *       stock order, and the job completes.</li>
 * </ol>
 * The tests run in order on one cluster; the last kills the NIM.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NetworkAwareMapReduceIT {
    private static Path input;
    /** One block with its only replica on dn0, and one with its only replica on dn1. */
    private static Path dn0Block;
    private static Path dn1Block;
    private static final int BLOCKS = 4;
    private static final long MAX_POSTPONE_MS = 10_000;
    private static final double LOADED = 0.95 * HadoopCluster.GBPS;
    private static final String NM0 = HadoopCluster.NODEMANAGERS[0];
    private static final String NM1 = HadoopCluster.NODEMANAGERS[1];

    private static NimFeeder nim;
    private static HadoopCluster cluster;
    private static long inputBytes;
    private static long started;

    @BeforeAll
    static void start() throws Exception {
        started = System.currentTimeMillis();
        // Jetty's and the daemons' scratch files go to java.io.tmpdir, set to target/it-tmp by the pom.
        java.nio.file.Files.createDirectories(java.nio.file.Path.of(System.getProperty("java.io.tmpdir")));
        nim = new NimFeeder(HadoopCluster.fabric(), 300);
        loadDn0AndNm0();
        cluster = new HadoopCluster(nim.url(), MAX_POSTPONE_MS);
        input = cluster.onHdfs("/input/four-blocks.txt");
        cluster.writeInput(input, BLOCKS);
        inputBytes = cluster.fileSystem().getFileStatus(input).getLen();
        dn0Block = cluster.onHdfs("/input/a-on-dn0.txt");
        dn1Block = cluster.onHdfs("/input/b-on-dn1.txt");
        cluster.writeBlockOn(dn0Block, 0);
        cluster.writeBlockOn(dn1Block, 1);
        HadoopCluster.await("both plugins use the NIM", 10_000,
                () -> placement().fallback() == 0 && replicas().fallback() == 0);
        System.out.printf("cluster up in %d ms: %s%n", System.currentTimeMillis() - started, cluster);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
        if (nim != null) {
            nim.close();
        }
        System.out.printf("whole run %d ms%n", System.currentTimeMillis() - started);
    }

    private static void loadDn0AndNm0() {
        nim.idle().load("dn0", LOADED, 0).load("nm0", 0, LOADED);
    }

    /**
     * dn0 sends 950 Mbit/s and dn1 920, the NodeManagers are idle: no node is reached above the
     * threshold (best 80 Mbit/s, from dn1), and dn1 stays the better replica.
     */
    private static void belowThreshold() throws InterruptedException {
        nim.idle().load("dn0", LOADED, 0).load("dn1", 0.92 * HadoopCluster.GBPS, 0);
        Thread.sleep(600); // three refreshes of the RM's and NameNode's copies
    }

    private static PlacementMetrics placement() {
        return NetworkPlacement.running().orElseThrow().metrics();
    }

    private static ReplicaSelectorMetrics replicas() {
        return cluster.topology().replicaSelectorMetrics();
    }

    /** One map attempt as the job history recorded it. */
    record MapAttempt(String id, String host, String status, long start, long finish, String splitHosts) {
    }

    /** A finished job: its history's map attempts and counters. */
    record Run(Job job, List<MapAttempt> maps, long launchTime, long wallMillis) {
        long counter(JobCounter c) throws java.io.IOException {
            return job.getCounters().findCounter(c).getValue();
        }

        List<String> succeededHosts() {
            return maps.stream().filter(m -> m.status().equals("SUCCEEDED")).map(MapAttempt::host).toList();
        }
    }

    private static Job job(String name, Map<String, String> settings) throws Exception {
        return job(name, settings, input);
    }

    private static Job job(String name, Map<String, String> settings, Path... inputs) throws Exception {
        Configuration conf = cluster.jobConf();
        settings.forEach(conf::set);
        Job job = Job.getInstance(conf, name);
        job.setMapperClass(ReadingMapper.class);
        job.setInputFormatClass(TextInputFormat.class);
        job.setOutputFormatClass(NullOutputFormat.class);
        job.setNumReduceTasks(0);
        for (Path in : inputs) {
            FileInputFormat.addInputPath(job, in);
        }
        return job;
    }

    private static Run finish(Job job, long submitted) throws Exception {
        assertTrue(job.waitForCompletion(false), job.getJobName() + " failed: " + job.getStatus().getFailureInfo());
        long wall = System.currentTimeMillis() - submitted;
        String id = job.getJobID().toString();
        HadoopCluster.await("history of " + id, 30_000, () -> {
            try {
                return !cluster.historyFiles(id).isEmpty();
            } catch (java.io.IOException e) {
                return false;
            }
        });
        JobHistoryParser.JobInfo info = new JobHistoryParser(FileSystem.getLocal(new Configuration()),
                new Path(cluster.historyFiles(id).get(0).toUri())).parse();
        List<MapAttempt> maps = new ArrayList<>();
        for (JobHistoryParser.TaskInfo task : info.getAllTasks().values()) {
            if (task.getTaskType() != TaskType.MAP) {
                continue;
            }
            for (JobHistoryParser.TaskAttemptInfo a : task.getAllTaskAttempts().values()) {
                maps.add(new MapAttempt(a.getAttemptId().toString(), a.getHostname(), a.getTaskStatus(),
                        a.getStartTime(), a.getFinishTime(), task.getSplitLocations()));
            }
        }
        maps.sort((a, b) -> Long.compare(a.start(), b.start()));
        Run run = new Run(job, maps, info.getLaunchTime(), wall);
        System.out.printf("%s (%s): %d ms from submit to success; AM launched %d ms after submit; map attempts:%n",
                job.getJobName(), id, wall, info.getLaunchTime() - submitted);
        for (MapAttempt m : maps) {
            System.out.printf("  %s (data on %s) on %s %s, started %+d ms after AM launch, ran %d ms%n", m.id(),
                    m.splitHosts(), m.host(), m.status(), m.start() - info.getLaunchTime(), m.finish() - m.start());
        }
        return run;
    }

    private static Map<String, Long> snapshotOf(PlacementMetrics p, ReplicaSelectorMetrics r) {
        Map<String, Long> m = new TreeMap<>();
        m.put("yarn.chosen", p.chosen());
        m.put("yarn.postponed", p.postponed());
        m.put("yarn.postponeLimitReached", p.postponeLimitReached());
        m.put("yarn.stockDecisions", p.stockDecisions());
        m.put("yarn.fallback", (long) p.fallback());
        m.put("hdfs.nimOrderedSorts", r.nimOrderedSorts());
        m.put("hdfs.stockOrderedSorts", r.stockOrderedSorts());
        m.put("hdfs.fallback", (long) r.fallback());
        return m;
    }

    @Test
    @Order(1)
    void nonLocalMapsRunOnTheIdleNodeAndReadTheIdleReplica() throws Exception {
        Map<String, Long> before = snapshotOf(placement(), replicas());
        long[] readBefore = cluster.bytesRead();
        long submitted = System.currentTimeMillis();
        Run run = finish(job("idle-side", Map.of()), submitted);
        Map<String, Long> after = snapshotOf(placement(), replicas());
        long[] readAfter = cluster.bytesRead();
        System.out.printf("metrics before %s%n        after  %s%nDataNode bytesRead delta dn0 %d, dn1 %d (input %d)%n",
                before, after, readAfter[0] - readBefore[0], readAfter[1] - readBefore[1], inputBytes);

        assertEquals(List.of(NM1, NM1, NM1, NM1), run.succeededHosts(),
                "every map on nm1, the only node a data host reaches above the threshold");
        assertEquals(BLOCKS, run.maps().size(), "no failed or killed attempts");
        assertEquals(BLOCKS, run.counter(JobCounter.RACK_LOCAL_MAPS) + run.counter(JobCounter.OTHER_LOCAL_MAPS),
                "all maps non-local");
        assertEquals(0, run.counter(JobCounter.DATA_LOCAL_MAPS));
        assertTrue(after.get("yarn.postponed") > before.get("yarn.postponed"), "nm0 was refused the maps");
        assertTrue(after.get("yarn.chosen") >= before.get("yarn.chosen") + BLOCKS, "nm1 was chosen per map");
        assertEquals(0, after.get("yarn.fallback"));
        assertTrue(readAfter[1] - readBefore[1] >= inputBytes, "dn1 (idle uplink) served the whole input");
        assertEquals(0, readAfter[0] - readBefore[0], "dn0 (loaded uplink) served nothing");
        assertTrue(after.get("hdfs.nimOrderedSorts") > before.get("hdfs.nimOrderedSorts"));
    }

    /**
     * Two maps, each over one block with a single replica: m0's on dn0 (loaded uplink), m1's on dn1
     * (idle). Map containers are 1.5 GB, so each NodeManager runs one at a time, and the RM grants
     * nm1 (nm0's downlink is loaded) a container because dn1 reaches it: the container was made
     * for m1. Returns the job's map attempts in start order.
     */
    private static Run oneBlockPerDataNode(String name, boolean cormorantAm) throws Exception {
        loadDn0AndNm0();
        Thread.sleep(600); // three refreshes of the RM's, NameNode's and AMs' copies
        Map<String, String> settings = new java.util.HashMap<>();
        settings.put("mapreduce.map.memory.mb", "1536");
        if (cormorantAm) {
            settings.put("yarn.app.mapreduce.am.command-opts", cormorantAmOptions());
        }
        long submitted = System.currentTimeMillis();
        return finish(job(name, settings, dn0Block, dn1Block), submitted);
    }

    /** How a job selects the Cormorant ApplicationMaster: its class name ends the AM's JVM options. */
    private static String cormorantAmOptions() {
        return cluster.jobConf().get("yarn.app.mapreduce.am.command-opts") + " "
                + org.cormorant.yarn.mapreduce.NetworkAwareMRAppMaster.class.getName();
    }

    private static long amCounter(Run run, org.cormorant.yarn.mapreduce.MapAssignmentCounter c) throws Exception {
        return run.job().getCounters().findCounter(c).getValue();
    }

    @Test
    @Order(2)
    void theStockApplicationMasterGivesTheContainerMadeForTheIdleReplicaToAnotherMap() throws Exception {
        Run run = oneBlockPerDataNode("stock-am", false);
        assertEquals(2, run.succeededHosts().size());
        MapAttempt first = run.maps().get(0);
        assertEquals(NM1, first.host());
        assertEquals(HadoopCluster.DATANODES[0], first.splitHosts(),
                "the stock AM ran the first pending map (data on dn0, behind the loaded link) in nm1's container");
        assertEquals(0, amCounter(run, org.cormorant.yarn.mapreduce.MapAssignmentCounter.NETWORK_ASSIGNED_MAPS));
    }

    @Test
    @Order(3)
    void theCormorantApplicationMasterRunsTheMapTheContainerWasMadeFor() throws Exception {
        Map<String, Long> before = snapshotOf(placement(), replicas());
        Run run = oneBlockPerDataNode("cormorant-am", true);
        Map<String, Long> after = snapshotOf(placement(), replicas());
        assertEquals(2, run.succeededHosts().size());
        MapAttempt first = run.maps().get(0);
        assertEquals(NM1, first.host());
        assertEquals(HadoopCluster.DATANODES[1], first.splitHosts(),
                "nm1's first container ran the map whose data is on dn1, the host Algorithm 1 chose it for");
        assertTrue(amCounter(run, org.cormorant.yarn.mapreduce.MapAssignmentCounter.NETWORK_ASSIGNED_MAPS) >= 1);
        assertEquals(0, amCounter(run, org.cormorant.yarn.mapreduce.MapAssignmentCounter.PLAN_NOT_FOLLOWED));
        assertEquals(0, amCounter(run, org.cormorant.yarn.mapreduce.MapAssignmentCounter.NIM_FALLBACK_HEARTBEATS));
        assertTrue(after.get("yarn.chosen") > before.get("yarn.chosen"));
    }

    @Test
    @Order(4)
    void belowTheThresholdEveryMapWaitsThenRuns() throws Exception {
        belowThreshold();
        Map<String, Long> before = snapshotOf(placement(), replicas());
        long[] readBefore = cluster.bytesRead();
        long submitted = System.currentTimeMillis();
        // Two maps (two blocks a split): each container waits up to MAX_POSTPONE_MS on its own.
        Run run = finish(job("below-threshold", Map.of("mapreduce.input.fileinputformat.split.minsize",
                Long.toString(2L * HadoopCluster.BLOCK))), submitted);
        Map<String, Long> after = snapshotOf(placement(), replicas());
        long[] readAfter = cluster.bytesRead();
        System.out.printf("metrics before %s%n        after  %s%nDataNode bytesRead delta dn0 %d, dn1 %d%n",
                before, after, readAfter[0] - readBefore[0], readAfter[1] - readBefore[1]);
        assertEquals(2, run.succeededHosts().size());
        assertTrue(after.get("yarn.postponed") > before.get("yarn.postponed"), "the maps were postponed");
        assertTrue(after.get("yarn.postponeLimitReached") >= before.get("yarn.postponeLimitReached") + 2,
                "each map ran once it had waited the maximum");
        long firstStart = run.maps().get(0).start() - run.launchTime();
        assertTrue(firstStart >= MAX_POSTPONE_MS, "first map started " + firstStart + " ms after the AM");
        assertEquals(0, readAfter[0] - readBefore[0], "dn0 (loaded uplink) still served nothing");
        assertTrue(readAfter[1] - readBefore[1] >= inputBytes);
    }

    @Test
    @Order(5)
    void withTheNimKilledMidJobTheJobCompletesOnStockPlacement() throws Exception {
        belowThreshold();
        long submitted = System.currentTimeMillis();
        // With the Cormorant AM too: its NIM copy dies with the NIM, and the job must still complete.
        Job job = job("nim-killed", Map.of("yarn.app.mapreduce.am.command-opts", cormorantAmOptions()));
        long postponedBefore = placement().postponed();
        job.submit();
        // Mid-job: the ApplicationMaster runs and its maps are being postponed for bandwidth.
        HadoopCluster.await("the maps are postponed", 120_000, () -> placement().postponed() > postponedBefore);
        Map<String, Long> atKill = snapshotOf(placement(), replicas());
        long killed = System.currentTimeMillis();
        nim.close();
        HadoopCluster.await("YARN placement falls back", 10_000, () -> placement().fallback() == 1);
        long yarnFlip = System.currentTimeMillis() - killed;
        HadoopCluster.await("HDFS replica selector falls back", 10_000, () -> replicas().fallback() == 1);
        long hdfsFlip = System.currentTimeMillis() - killed;
        long flipped = killed + Math.min(yarnFlip, hdfsFlip);
        Map<String, Long> atFlip = snapshotOf(placement(), replicas());
        Run run = finish(job, submitted);
        Map<String, Long> after = snapshotOf(placement(), replicas());
        long firstStart = run.maps().get(0).start();
        System.out.printf("NIM killed %d ms after submit; fallback gauges flipped after %d ms (YARN), %d ms (HDFS);"
                + " first map started %d ms after the kill%nmetrics at kill %s%n        at flip %s%n        after   %s%n",
                killed - submitted, yarnFlip, hdfsFlip, firstStart - killed, atKill, atFlip, after);

        System.out.printf("Cormorant AM counters: network-assigned %d, NIM fallback heartbeats %d%n",
                amCounter(run, org.cormorant.yarn.mapreduce.MapAssignmentCounter.NETWORK_ASSIGNED_MAPS),
                amCounter(run, org.cormorant.yarn.mapreduce.MapAssignmentCounter.NIM_FALLBACK_HEARTBEATS));
        assertEquals(BLOCKS, run.succeededHosts().size(), "the job completed");
        assertEquals(1, placement().fallback(), "YARN PlacementMetrics Fallback");
        assertEquals(1, replicas().fallback(), "HDFS CormorantReplicaSelector Fallback");
        assertTrue(firstStart > flipped, "no map ran while the NIM postponed them");
        assertEquals(atKill.get("yarn.postponeLimitReached"), after.get("yarn.postponeLimitReached"),
                "let through by the fallback, not by the limit");
        assertTrue(after.get("yarn.stockDecisions") > atKill.get("yarn.stockDecisions"), "stock placement decided");
        assertEquals(atFlip.get("yarn.postponed"), after.get("yarn.postponed"), "nothing postponed without the NIM");
        assertEquals(atFlip.get("hdfs.nimOrderedSorts"), after.get("hdfs.nimOrderedSorts"));
        assertTrue(after.get("hdfs.stockOrderedSorts") > atFlip.get("hdfs.stockOrderedSorts"),
                "the maps' block locations came in stock order");
    }
}
