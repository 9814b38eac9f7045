package org.cormorant.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The plugin in a real NameNode (MiniDFSCluster, three DataNodes on 127.0.0.2-4, a reader on
 * 127.0.0.10) against the standalone NIM: dn0 sends at 900 Mbit/s on its uplink, dn2 at 500, dn1 is
 * idle. Every block has a replica on each DataNode, so the NameNode's order is the plugin's choice.
 * The last test stops the NIM.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicaSelectorMiniClusterTest {
    private static final Path FILE = new Path("/data/two-blocks");
    private static final List<String> IDLE_FIRST = List.of(MiniCluster.address(1), MiniCluster.address(2),
            MiniCluster.address(0));

    private static NimFixture nim;
    private static MiniCluster cluster;
    private static DistributedFileSystem reader;
    private static DistributedFileSystem onDn0;
    private static byte[] data;

    @BeforeAll
    static void start() throws Exception {
        nim = new NimFixture(MiniCluster.fabric(3), 300).load("dn0", 9e8).load("dn2", 5e8).start();
        cluster = new MiniCluster(MiniCluster.pluginConf(nim.url()), "independent", 3);
        reader = cluster.clientAt(MiniCluster.READER);
        onDn0 = cluster.clientAt(MiniCluster.address(0));
        data = MiniCluster.write(reader, FILE, 2);
        CormorantNetworkTopologyTest.await("NIM snapshot usable",
                () -> cluster.topology().replicaSelectorMetrics().fallback() == 0);
    }

    @AfterAll
    static void stop() throws Exception {
        if (reader != null) {
            reader.close();
            onDn0.close();
        }
        if (cluster != null) {
            cluster.close();
        }
        nim.close();
    }

    @Test
    @Order(1)
    void readerOffTheDataNodesIsGivenTheIdleReplicaFirst() throws Exception {
        for (int i = 0; i < 20; i++) {
            assertEquals(List.of(IDLE_FIRST, IDLE_FIRST), MiniCluster.order(reader, FILE), "round " + i);
            BlockLocation[] locations = reader.getFileBlockLocations(FILE, 0, data.length);
            for (BlockLocation location : locations) {
                assertTrue(location.getNames()[0].startsWith(MiniCluster.address(1) + ":"),
                        List.of(location.getNames()).toString());
            }
        }
        assertTrue(cluster.topology().replicaSelectorMetrics().nimOrderedSorts() >= 80);
    }

    @Test
    @Order(2)
    void theIdleDataNodeServesTheRead() throws Exception {
        long[] before = {cluster.bytesRead(0), cluster.bytesRead(1), cluster.bytesRead(2)};
        byte[] read = new byte[data.length];
        try (HdfsDataInputStream in = (HdfsDataInputStream) reader.open(FILE)) {
            in.readFully(0, read, 0, MiniCluster.BLOCK);
            in.seek(0);
            in.readFully(read);
            assertEquals(MiniCluster.address(1), in.getCurrentDatanode().getIpAddr());
        }
        assertArrayEquals(data, read);
        // A DataNode counts the bytes once the block is sent, a moment after the client has them.
        cluster.awaitBytesRead(1, before[1] + data.length);
        assertEquals(before[0], cluster.bytesRead(0), "the loaded dn0 served nothing");
        assertEquals(before[2], cluster.bytesRead(2), "the half-loaded dn2 served nothing");
    }

    @Test
    @Order(3)
    void readerOnADataNodeHostReadsItsLocalReplica() throws Exception {
        List<String> localFirst = List.of(MiniCluster.address(0), MiniCluster.address(1), MiniCluster.address(2));
        for (int i = 0; i < 10; i++) {
            assertEquals(List.of(localFirst, localFirst), MiniCluster.order(onDn0, FILE));
        }
        long before = cluster.bytesRead(0);
        byte[] read = new byte[data.length];
        try (HdfsDataInputStream in = (HdfsDataInputStream) onDn0.open(FILE)) {
            in.readFully(read);
            assertEquals(MiniCluster.address(0), in.getCurrentDatanode().getIpAddr());
        }
        assertArrayEquals(data, read);
        cluster.awaitBytesRead(0, before + data.length);
    }

    @Test
    @Order(4)
    void metricsAreOnJmx() throws Exception {
        MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
        // service=NameNode in a NameNode process; here the DataNodes in the same JVM renamed the metrics system.
        Set<ObjectName> names = jmx.queryNames(new ObjectName("Hadoop:service=*,name="
                + ReplicaSelectorMetrics.NAME + "*"), null);
        assertEquals(1, names.size(), names.toString());
        ObjectName name = names.iterator().next();
        // JMX serves values cached for one metrics period (10 s), so only their presence is checked here.
        assertEquals(0, ((Number) jmx.getAttribute(name, "Fallback")).intValue());
        for (String attribute : List.of("NimOrderedSorts", "StockOrderedSorts", "UnknownHostSorts", "Errors",
                "ReservationsRequested", "ReservationsMade", "ReservationsFailed", "ReservationsDropped")) {
            assertTrue(((Number) jmx.getAttribute(name, attribute)).longValue() >= 0, attribute);
        }
    }

    @Test
    @Order(5)
    void stoppedNimMeansStockOrderAndTheFallbackGauge() throws Exception {
        ReplicaSelectorMetrics metrics = cluster.topology().replicaSelectorMetrics();
        nim.close();
        long t0 = System.currentTimeMillis();
        CormorantNetworkTopologyTest.await("fallback gauge set", () -> metrics.fallback() == 1);
        long flippedAfter = System.currentTimeMillis() - t0;
        long nimOrdered = metrics.nimOrderedSorts();
        long stockOrdered = metrics.stockOrderedSorts();
        Set<String> firsts = new HashSet<>();
        for (int i = 0; i < 60; i++) {
            for (List<String> block : MiniCluster.order(reader, FILE)) {
                firsts.add(block.get(0));
                assertEquals(Set.of(MiniCluster.address(0), MiniCluster.address(1), MiniCluster.address(2)),
                        new HashSet<>(block), "every replica is still returned");
            }
        }
        // Stock order shuffles equally distant replicas: the loaded dn0 comes first again sometimes.
        assertTrue(firsts.size() > 1, "stock order should vary, saw only " + firsts);
        assertEquals(nimOrdered, metrics.nimOrderedSorts());
        // 60 lookups of 2 blocks; the NameNode sorts the last block a second time on its own.
        assertEquals(stockOrdered + 180, metrics.stockOrderedSorts());
        byte[] read = new byte[data.length];
        try (HdfsDataInputStream in = (HdfsDataInputStream) reader.open(FILE)) {
            in.readFully(read);
        }
        assertArrayEquals(data, read, "reads still work without the NIM");
        System.out.println("fallback gauge flipped " + flippedAfter + " ms after the NIM stopped (max age 3000 ms)");
    }
}
