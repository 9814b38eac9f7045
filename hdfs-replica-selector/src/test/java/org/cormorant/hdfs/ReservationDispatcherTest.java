package org.cormorant.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.cormorant.nim.client.NimClient;
import org.cormorant.nim.client.NimClientConfig;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricBuilder;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.EqualCostPaths;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Reservations never hold up the caller, even when the NIM accepts connections and never answers. */
class ReservationDispatcherTest {
    private ServerSocket hungNim;
    private final List<Socket> held = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        hungNim = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!hungNim.isClosed()) {
                try {
                    held.add(hungNim.accept());
                } catch (Exception e) {
                    return;
                }
            }
        }, "hung-nim");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @AfterEach
    void stop() throws Exception {
        hungNim.close();
        for (Socket s : held) {
            s.close();
        }
    }

    @Test
    void fullQueueDropsInsteadOfBlockingAndPairsAreNotRepeated() {
        FabricBuilder builder = new FabricBuilder("wide").addSwitch("s0", null).addHost("dn", "10.2.0.1");
        for (int i = 0; i < 100; i++) {
            builder.addHost("reader" + i, "10.2.1." + i).connect("reader" + i, "s0", 1e9);
        }
        Fabric fabric = builder.connect("dn", "s0", 1e9).build();
        NetworkSnapshot snapshot = NetworkSnapshot.idle(new EqualCostPaths(fabric), 1, System.currentTimeMillis());
        ReplicaSelectorMetrics metrics = new ReplicaSelectorMetrics();
        NimClient client = new NimClient(new NimClientConfig(URI.create("http://127.0.0.1:" + hungNim.getLocalPort()),
                60_000, 200, 15_000, "t"));
        try (ReservationDispatcher dispatcher = new ReservationDispatcher(client, metrics, 30_000, 0.5,
                System::currentTimeMillis)) {
            FabricNode dn = fabric.host("dn");
            long t0 = System.nanoTime();
            for (int i = 0; i < 100; i++) {
                dispatcher.request(snapshot, dn, fabric.host("reader" + i));
            }
            long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
            // Blocking callers would wait 200 ms each (20 s in all); 5 s leaves room for a busy machine.
            assertTrue(elapsedMs < 5000, "100 requests took " + elapsedMs + " ms against a hung NIM");
            long requested = metrics.reservationsRequested();
            long dropped = metrics.reservationsDropped();
            assertEquals(100, requested + dropped);
            assertTrue(requested <= ReservationDispatcher.QUEUE + 1, "requested " + requested);
            assertTrue(dropped >= 100 - ReservationDispatcher.QUEUE - 1, "dropped " + dropped);
            // The pair reader0 is queued or in flight: asking again adds nothing.
            dispatcher.request(snapshot, dn, fabric.host("reader0"));
            assertEquals(requested, metrics.reservationsRequested());
            assertEquals(dropped, metrics.reservationsDropped());
            // The first request times out (200 ms) and is counted as failed; nothing was thrown.
            CormorantNetworkTopologyTest.await("first failure", () -> metrics.reservationsFailed() >= 1);
            assertEquals(0, metrics.reservationsMade());
            assertEquals(0, metrics.errors());
        } finally {
            client.close();
        }
    }
}
