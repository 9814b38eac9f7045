package org.cormorant.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NodeBase;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricBuilder;
import org.cormorant.nim.load.Reservation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin as the NameNode sees it: created by {@code DFSNetworkTopology.getInstance} from
 * configuration, DataNodes added, replica arrays sorted through the two Hadoop entry points, with
 * a real standalone NIM on loopback. No MiniDFSCluster (see {@link ReplicaSelectorMiniClusterTest}).
 */
class CormorantNetworkTopologyTest {
    private static final double GBPS = 1e9;
    /** A deterministic stand-in for Hadoop's secondary sort, so the stock order is predictable. */
    private static final Consumer<List<DatanodeDescriptor>> BY_ADDRESS =
            list -> list.sort(Comparator.comparing(DatanodeInfo::getIpAddr));

    @TempDir
    Path dir;

    private NimFixture nim;
    private final List<CormorantNetworkTopology> topologies = new ArrayList<>();
    private DatanodeDescriptor dn1;
    private DatanodeDescriptor dn2;
    private DatanodeDescriptor dn3;
    private final NodeBase client = new NodeBase("/default-rack/10.1.0.100");

    /** One switch; dn1 sends at 900 Mbit/s, dn3 at 500, dn2 idle. */
    static Fabric star() {
        return new FabricBuilder("star").addSwitch("s0", null)
                .addHost("dn1", "10.1.0.1", "dn1.example").addHost("dn2", "10.1.0.2", "dn2.example")
                .addHost("dn3", "10.1.0.3", "dn3.example").addHost("client", "10.1.0.100")
                .connect("dn1", "s0", GBPS).connect("dn2", "s0", GBPS).connect("dn3", "s0", GBPS)
                .connect("client", "s0", GBPS).build();
    }

    static DatanodeDescriptor datanode(String ip, String hostName) {
        return new DatanodeDescriptor(new DatanodeID(ip, hostName, UUID.randomUUID().toString(), 9866, 9864, 9865,
                9867), "/default-rack");
    }

    @BeforeEach
    void start() throws Exception {
        nim = new NimFixture(star(), 200).load("dn1", 9e8).load("dn3", 5e8).start();
        dn1 = datanode("10.1.0.1", "dn1.example");
        dn2 = datanode("10.1.0.2", "dn2.example");
        dn3 = datanode("10.1.0.3", "dn3.example");
    }

    @AfterEach
    void stop() {
        topologies.forEach(CormorantNetworkTopology::close);
        nim.close();
    }

    private Configuration conf(String mode) {
        Configuration conf = new Configuration(false);
        conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, CormorantNetworkTopology.class.getName());
        conf.set("cormorant.replica.mode", mode);
        conf.set("cormorant.nim.address", nim.url());
        conf.setLong("cormorant.nim.refresh-ms", 100);
        conf.setLong("cormorant.nim.timeout-ms", 1000);
        conf.setLong("cormorant.nim.max-age-ms", 1500);
        return conf;
    }

    private CormorantNetworkTopology topology(Configuration conf, DatanodeDescriptor... datanodes) {
        DFSNetworkTopology created = DFSNetworkTopology.getInstance(conf);
        CormorantNetworkTopology topology = (CormorantNetworkTopology) created;
        topologies.add(topology);
        for (DatanodeDescriptor dn : datanodes) {
            topology.add(dn);
        }
        return topology;
    }

    private CormorantNetworkTopology runningTopology(String mode) {
        CormorantNetworkTopology topology = topology(conf(mode), dn1, dn2, dn3);
        await("NIM snapshot usable", () -> topology.nimClient().status().usable());
        await("fallback gauge cleared", () -> topology.replicaSelectorMetrics().fallback() == 0);
        return topology;
    }

    static void await(String what, BooleanSupplier condition) {
        long deadline = System.currentTimeMillis() + 10_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private DatanodeDescriptor[] shuffled(Random random, DatanodeDescriptor... nodes) {
        List<DatanodeDescriptor> list = new ArrayList<>(Arrays.asList(nodes));
        Collections.shuffle(list, random);
        return list.toArray(new DatanodeDescriptor[0]);
    }

    @Test
    void clientOffTheDataNodesGetsTheIdleReplicaFirst() {
        CormorantNetworkTopology topology = runningTopology("independent");
        Random random = new Random(1);
        for (int i = 0; i < 50; i++) {
            DatanodeDescriptor[] nodes = shuffled(random, dn1, dn2, dn3);
            topology.sortByDistanceUsingNetworkLocation(client, nodes, 3, null);
            assertArrayEquals(new DatanodeDescriptor[] {dn2, dn3, dn1}, nodes, "round " + i);
        }
        assertEquals(50, topology.replicaSelectorMetrics().nimOrderedSorts());
        assertEquals(0, topology.replicaSelectorMetrics().stockOrderedSorts());
    }

    @Test
    void readerOnADataNodeKeepsItsLocalReplicaFirst() {
        CormorantNetworkTopology topology = runningTopology("independent");
        Random random = new Random(2);
        for (int i = 0; i < 20; i++) {
            // dn1's own uplink is loaded, but reading its local replica needs no network.
            DatanodeDescriptor[] nodes = shuffled(random, dn1, dn2, dn3);
            topology.sortByDistance(dn1, nodes, 3, null);
            assertArrayEquals(new DatanodeDescriptor[] {dn1, dn2, dn3}, nodes);
            nodes = shuffled(random, dn1, dn2, dn3);
            topology.sortByDistance(dn3, nodes, 3, null);
            assertArrayEquals(new DatanodeDescriptor[] {dn3, dn2, dn1}, nodes);
        }
    }

    @Test
    void inactiveReplicasStayAtTheEndInStockOrder() {
        CormorantNetworkTopology topology = runningTopology("independent");
        // dn2 (idle) is decommissioning: Hadoop put it past activeLen; it stays there.
        DatanodeDescriptor[] nodes = {dn1, dn3, dn2};
        topology.sortByDistanceUsingNetworkLocation(client, nodes, 2, BY_ADDRESS);
        assertArrayEquals(new DatanodeDescriptor[] {dn3, dn1, dn2}, nodes);
        DatanodeDescriptor[] oneActive = {dn1, dn3, dn2};
        topology.sortByDistanceUsingNetworkLocation(client, oneActive, 1, BY_ADDRESS);
        assertArrayEquals(new DatanodeDescriptor[] {dn1, dn3, dn2}, oneActive);
    }

    @Test
    void hostUnknownToTheFabricKeepsTheStockOrderAndIsLoggedOnce() {
        DatanodeDescriptor stranger = datanode("10.1.9.9", "stranger.example");
        CormorantNetworkTopology topology = topology(conf("independent"), dn1, dn2, dn3, stranger);
        await("NIM snapshot usable", () -> topology.nimClient().status().usable());
        try (LogCapture log = new LogCapture(ReplicaSelector.class)) {
            for (int i = 0; i < 20; i++) {
                DatanodeDescriptor[] nodes = {dn3, stranger, dn1, dn2};
                topology.sortByDistanceUsingNetworkLocation(client, nodes, 4, BY_ADDRESS);
                assertArrayEquals(new DatanodeDescriptor[] {dn1, dn2, dn3, stranger}, nodes, "stock order");
                DatanodeDescriptor[] unknownReader = {dn1, dn2};
                topology.sortByDistanceUsingNetworkLocation(new NodeBase("/default-rack/192.168.7.7"), unknownReader, 2,
                        BY_ADDRESS);
                assertArrayEquals(new DatanodeDescriptor[] {dn1, dn2}, unknownReader);
            }
            assertEquals(1, log.count("10.1.9.9"), log.text());
            assertEquals(1, log.count("192.168.7.7"), log.text());
        }
        ReplicaSelectorMetrics metrics = topology.replicaSelectorMetrics();
        assertEquals(40, metrics.unknownHostSorts());
        assertEquals(40, metrics.stockOrderedSorts());
        assertEquals(0, metrics.nimOrderedSorts());
        assertEquals(0, metrics.fallback(), "an unknown host is not a NIM failure");
    }

    @Test
    void staleSnapshotFallsBackToStockAndRecoversLoggingEachTransitionOnce() {
        CormorantNetworkTopology topology = runningTopology("independent");
        ReplicaSelectorMetrics metrics = topology.replicaSelectorMetrics();
        try (LogCapture log = new LogCapture(ReplicaSelector.class)) {
            nim.stopFeeding();
            await("fallback gauge set", () -> metrics.fallback() == 1);
            long nimOrdered = metrics.nimOrderedSorts();
            for (int i = 0; i < 30; i++) {
                DatanodeDescriptor[] nodes = {dn3, dn2, dn1};
                topology.sortByDistanceUsingNetworkLocation(client, nodes, 3, BY_ADDRESS);
                assertArrayEquals(new DatanodeDescriptor[] {dn1, dn2, dn3}, nodes, "stock order while stale");
            }
            assertEquals(nimOrdered, metrics.nimOrderedSorts());
            assertEquals(30, metrics.stockOrderedSorts());
            assertEquals(1, log.count("falling back"), log.text());
            assertTrue(log.text().contains("STALE"), log.text());

            nim.startFeeding();
            await("fallback gauge cleared", () -> metrics.fallback() == 0);
            DatanodeDescriptor[] nodes = {dn1, dn2, dn3};
            topology.sortByDistanceUsingNetworkLocation(client, nodes, 3, BY_ADDRESS);
            assertArrayEquals(new DatanodeDescriptor[] {dn2, dn3, dn1}, nodes);
            assertEquals(1, log.count("usable (version"), log.text());
        }
    }

    @Test
    void collaborativeModeReservesTheChosenPathOncePerPairAndTtl() throws Exception {
        Path token = Files.writeString(dir.resolve("token"), NimFixture.TOKEN);
        Configuration conf = conf("collaborative");
        conf.set("cormorant.nim.token-file", token.toString());
        conf.setLong("cormorant.replica.reservation-ttl-ms", 30_000);
        // 100 Mbit/s reserved leaves dn2 900, still ahead of dn3's 500: the order stays put.
        conf.set("cormorant.replica.reservation-fraction", "0.1");
        CormorantNetworkTopology topology = topology(conf, dn1, dn2, dn3);
        await("NIM snapshot usable", () -> topology.nimClient().status().usable());
        // That the handler never waits on the NIM is ReservationDispatcherTest's job (a NIM that never
        // answers); a wall-clock bound here only failed when the machine was busy.
        for (int i = 0; i < 200; i++) {
            DatanodeDescriptor[] nodes = {dn1, dn2, dn3};
            topology.sortByDistanceUsingNetworkLocation(client, nodes, 3, null);
            assertEquals(dn2, nodes[0]);
        }
        await("reservation made", () -> topology.replicaSelectorMetrics().reservationsMade() == 1);
        List<Reservation> reservations = new ArrayList<>(nim.nim.reservations());
        assertEquals(1, reservations.size(), "one reservation per pair and TTL, not one per read");
        Reservation r = reservations.get(0);
        assertEquals("dn2", r.src());
        assertEquals("client", r.dst());
        assertEquals(ReservationDispatcher.OWNER, r.owner());
        assertEquals(0.1 * GBPS, r.bandwidthBps(), 1);
        assertEquals(1, topology.replicaSelectorMetrics().reservationsRequested());
    }

    @Test
    void stockModeStartsNothingAndKeepsHadoopsOrder() {
        CormorantNetworkTopology topology = topology(conf("stock"), dn1, dn2, dn3);
        assertNull(topology.replicaSelectorMetrics());
        assertNull(topology.nimClient());
        DatanodeDescriptor[] nodes = {dn3, dn2, dn1};
        topology.sortByDistanceUsingNetworkLocation(client, nodes, 3, BY_ADDRESS);
        assertArrayEquals(new DatanodeDescriptor[] {dn1, dn2, dn3}, nodes);
        topology.sortByDistance(dn3, nodes, 3, BY_ADDRESS);
        assertArrayEquals(new DatanodeDescriptor[] {dn3, dn1, dn2}, nodes);
    }

    @Test
    void nullReaderAndEmptyListsAreHarmless() {
        CormorantNetworkTopology topology = runningTopology("independent");
        DatanodeDescriptor[] nodes = {dn1, dn2, dn3};
        topology.sortByDistanceUsingNetworkLocation(null, nodes, 3, BY_ADDRESS);
        assertEquals(3, nodes.length);
        topology.sortByDistance(client, new DatanodeDescriptor[0], 0, null);
        assertEquals(0, topology.replicaSelectorMetrics().errors());
    }
}
