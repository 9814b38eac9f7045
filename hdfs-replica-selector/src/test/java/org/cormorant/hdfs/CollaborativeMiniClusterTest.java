package org.cormorant.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.load.Reservation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Collaborative mode in a real NameNode: the idle replica comes first and the path from it to the
 * reader is reserved in the NIM (once per pair and TTL, however many blocks are looked up), without
 * the read waiting for it.
 */
class CollaborativeMiniClusterTest {
    private static final Path FILE = new Path("/data/collaborative");

    private static NimFixture nim;
    private static MiniCluster cluster;
    private static DistributedFileSystem reader;
    private static byte[] data;

    @BeforeAll
    static void start() throws Exception {
        nim = new NimFixture(MiniCluster.fabric(3), 300).load("dn0", 9e8).load("dn2", 5e8).start();
        java.nio.file.Path token = Files.createTempFile("nim-token", "");
        Files.writeString(token, NimFixture.TOKEN);
        token.toFile().deleteOnExit();
        cluster = new MiniCluster(MiniCluster.pluginConf(nim.url(),
                "cormorant.replica.mode", "collaborative",
                "cormorant.nim.token-file", token.toString(),
                "cormorant.replica.reservation-fraction", "0.1",
                "cormorant.replica.reservation-ttl-ms", "60000"), "collaborative", 3);
        reader = cluster.clientAt(MiniCluster.READER);
        data = MiniCluster.write(reader, FILE, 2);
        CormorantNetworkTopologyTest.await("NIM snapshot usable",
                () -> cluster.topology().replicaSelectorMetrics().fallback() == 0);
    }

    @AfterAll
    static void stop() throws Exception {
        if (reader != null) {
            reader.close();
        }
        if (cluster != null) {
            cluster.close();
        }
        nim.close();
    }

    @Test
    void idleReplicaIsChosenAndItsPathReserved() throws Exception {
        List<String> idleFirst = List.of(MiniCluster.address(1), MiniCluster.address(2), MiniCluster.address(0));
        assertEquals(List.of(idleFirst, idleFirst), MiniCluster.order(reader, FILE));
        ReplicaSelectorMetrics metrics = cluster.topology().replicaSelectorMetrics();
        CormorantNetworkTopologyTest.await("reservation made", () -> metrics.reservationsMade() == 1);

        List<Reservation> reservations = new ArrayList<>(nim.nim.reservations());
        assertEquals(1, reservations.size(), reservations.toString());
        Reservation r = reservations.get(0);
        Fabric fabric = nim.nim.fabric();
        assertEquals("dn1", r.src());
        assertEquals("reader", r.dst());
        assertEquals(ReservationDispatcher.OWNER, r.owner());
        assertEquals(1e8, r.bandwidthBps(), 1);
        List<String> path = r.path().nodeNames(fabric);
        assertEquals("dn1", path.get(0));
        assertEquals("reader", path.get(path.size() - 1));
        // The NIM now subtracts the reservation on every link of that path.
        for (int link : r.path().links()) {
            Link l = fabric.link(link);
            assertEquals(1e8, nim.nim.snapshot().reservedBps(link), 1, fabric.node(l.from()).name() + "->"
                    + fabric.node(l.to()).name());
        }

        // Reading the file (more lookups, both blocks) neither waits for nor repeats the reservation.
        byte[] read = new byte[data.length];
        long before = cluster.bytesRead(1);
        try (HdfsDataInputStream in = (HdfsDataInputStream) reader.open(FILE)) {
            in.readFully(read);
            assertEquals(MiniCluster.address(1), in.getCurrentDatanode().getIpAddr());
        }
        assertArrayEquals(data, read);
        cluster.awaitBytesRead(1, before + data.length);
        for (int i = 0; i < 10; i++) {
            assertEquals(List.of(idleFirst, idleFirst), MiniCluster.order(reader, FILE));
        }
        assertEquals(1, nim.nim.reservations().size());
        assertEquals(1, metrics.reservationsRequested());
        assertEquals(0, metrics.reservationsDropped() + metrics.reservationsFailed());
    }
}
