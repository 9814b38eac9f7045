package org.cormorant.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.MockAM;
import org.apache.hadoop.yarn.server.resourcemanager.MockNM;
import org.apache.hadoop.yarn.server.resourcemanager.MockRM;
import org.apache.hadoop.yarn.server.resourcemanager.MockRMAppSubmitter;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.nim.load.Reservation;
import org.cormorant.nim.service.NimApi;
import org.cormorant.nim.service.NimHttpServer;
import org.cormorant.nim.service.NimService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The placement inside a real CapacityScheduler (MockRM: the ResourceManager's own code with
 * simulated NodeManager heartbeats) against a real standalone NIM on loopback, on the Cormorant
 * testbed fabric. NodeManagers run on n2 (same edge switch as the data host n3) and n5 (behind
 * the aggregation layer); the map's input is on n3, where no NodeManager runs, so every placement
 * is non-local and stock delay scheduling would give it to whichever node heartbeats.
 */
class NetworkAwarePlacementOnResourceManagerTest {
    private static final double GBPS = 1e9;
    private NetworkInformationManager nim;
    private NimService service;
    private MockRM rm;

    @BeforeEach
    void startNim() throws Exception {
        // The simulated NodeManagers are named after fabric hosts; Hadoop resolves node names.
        for (int i = 0; i < 8; i++) {
            org.apache.hadoop.net.NetUtils.addStaticResolution("n" + i, "127.0.0.1");
        }
        nim = new NetworkInformationManager(StandardFabrics.cormorantTestbed(GBPS),
                NimSettings.defaults().withSmoothing(1.0), System::currentTimeMillis);
        service = new NimService(nim, List.of(), 60_000,
                new NimHttpServer(new NimApi(nim, null), "127.0.0.1", 0, 2)).start();
    }

    @AfterEach
    void stop() {
        if (rm != null) {
            rm.stop();
        }
        service.close();
    }

    private YarnConfiguration conf(String mode) {
        YarnConfiguration conf = new YarnConfiguration();
        conf.setClass(YarnConfiguration.RM_SCHEDULER, NetworkAwareCapacityScheduler.class, ResourceScheduler.class);
        conf.set(SchedulerSettings.MODE, mode);
        conf.set(SchedulerSettings.NIM_ADDRESS, "http://127.0.0.1:" + service.port());
        conf.setLong(SchedulerSettings.NIM_REFRESH_MS, 100);
        conf.setLong(SchedulerSettings.NIM_MAX_AGE_MS, 30_000);
        conf.setLong(SchedulerSettings.MAX_POSTPONE_MS, 60_000);
        return conf;
    }

    /** Loads both uplinks of e1 (ports 3 and 4, to a0 and a1) to {@code fraction} of capacity, as measured now. */
    private void loadUplinksOfE1(double fraction) {
        long now = System.currentTimeMillis();
        long bytes = (long) (fraction * GBPS / 8);
        List<PortCounterSample> samples = new ArrayList<>();
        for (int port : new int[] {3, 4}) {
            samples.add(new PortCounterSample("e1", port, 0, 0, now - 1000));
            samples.add(new PortCounterSample("e1", port, 0, bytes, now));
        }
        nim.recordCounters(samples);
        service.pollOnce();
    }

    private record Cluster(MockNM n2, MockNM n5, MockAM am) {
    }

    private Cluster startCluster(YarnConfiguration conf) throws Exception {
        rm = new MockRM(conf);
        // MockRM turns the root logger to DEBUG, which slows every heartbeat down.
        org.apache.log4j.LogManager.getRootLogger().setLevel(org.apache.log4j.Level.WARN);
        rm.start();
        MockNM n2 = rm.registerNode("n2:1234", 8192);
        MockNM n5 = rm.registerNode("n5:1234", 8192);
        RMApp app = MockRMAppSubmitter.submitWithMemory(1024, rm);
        MockAM am = MockRM.launchAndRegisterAM(app, rm, n2);
        // One map container, its split on n3 (priority 20, as MapReduce asks for maps).
        am.addRequests(new String[] {"n3"}, 1024, 20, 1);
        am.schedule();
        return new Cluster(n2, n5, am);
    }

    /** Heartbeats {@code nm} up to {@code times} times; the containers the AM got. */
    private static List<Container> heartbeat(MockRM rm, MockNM nm, MockAM am, int times) throws Exception {
        List<Container> got = new ArrayList<>();
        for (int i = 0; i < times && got.isEmpty(); i++) {
            nm.nodeHeartbeat(true);
            rm.drainEvents();
            got.addAll(am.schedule().getAllocatedContainers());
        }
        return got;
    }

    private static void waitFor(BooleanSupplier condition, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (!condition.getAsBoolean() && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
    }

    private static PlacementMetrics metrics() {
        return NetworkPlacement.running().orElseThrow().metrics();
    }

    @Test
    void stockSchedulerGivesTheNonLocalMapToACongestedNode() throws Exception {
        loadUplinksOfE1(0.95);
        Cluster c = startCluster(conf("stock"));
        List<Container> got = heartbeat(rm, c.n5(), c.am(), 20);
        assertEquals(1, got.size(), "stock delay scheduling gives up waiting for locality");
        assertEquals("n5", got.get(0).getNodeId().getHost());
    }

    @Test
    void congestedNodeIsPostponedAndTheWellConnectedNodeGetsTheMap() throws Exception {
        loadUplinksOfE1(0.95);
        Cluster c = startCluster(conf("independent"));
        Thread.sleep(300); // first NIM refresh
        assertTrue(heartbeat(rm, c.n5(), c.am(), 10).isEmpty(), "n5 only reaches n3 over e1's loaded uplinks");
        assertTrue(metrics().postponed() > 0);
        List<Container> got = heartbeat(rm, c.n2(), c.am(), 20);
        assertEquals(1, got.size());
        assertEquals("n2", got.get(0).getNodeId().getHost());
        assertTrue(metrics().chosen() > 0);
        assertEquals(0, metrics().fallback());
    }

    @Test
    void aPostponedRequestRunsOnceItWaitedTheMaximum() throws Exception {
        loadUplinksOfE1(0.95);
        YarnConfiguration conf = conf("independent");
        conf.setLong(SchedulerSettings.MAX_POSTPONE_MS, 1500);
        Cluster c = startCluster(conf);
        Thread.sleep(300);
        assertTrue(heartbeat(rm, c.n5(), c.am(), 5).isEmpty());
        Thread.sleep(1600);
        loadUplinksOfE1(0.95); // still congested, and still fresh
        List<Container> got = heartbeat(rm, c.n5(), c.am(), 20);
        assertEquals(1, got.size(), "postponement is bounded");
        assertTrue(metrics().postponeLimitReached() > 0);
    }

    @Test
    void collaborativeModeReservesThePathOfTheChosenReplica() throws Exception {
        loadUplinksOfE1(0.5);
        Cluster c = startCluster(conf("collaborative"));
        Thread.sleep(300);
        List<Container> got = heartbeat(rm, c.n5(), c.am(), 20);
        assertEquals(1, got.size(), "half-loaded uplinks are above the threshold");
        waitFor(() -> !nim.reservations().isEmpty() && metrics().reservationsMade() > 0, 5000);
        Reservation r = nim.reservations().iterator().next();
        assertEquals("n3", r.src());
        assertEquals("n5", r.dst());
        assertEquals(5, r.path().nodeNames(nim.fabric()).size());
        assertTrue(metrics().reservationsMade() > 0);
    }

    @Test
    void whenTheNimDiesPlacementFallsBackToStockAndSaysSo() throws Exception {
        loadUplinksOfE1(0.95);
        YarnConfiguration conf = conf("independent");
        conf.setLong(SchedulerSettings.NIM_MAX_AGE_MS, 2000);
        Cluster c = startCluster(conf);
        Thread.sleep(300);
        assertTrue(heartbeat(rm, c.n5(), c.am(), 3).isEmpty());
        service.close();
        Thread.sleep(2500); // the client's copy ages past cormorant.nim.max-age-ms
        List<Container> got = heartbeat(rm, c.n5(), c.am(), 20);
        assertEquals(1, got.size(), "stock placement once the NIM is gone");
        assertEquals(1, metrics().fallback());
        assertTrue(metrics().stockDecisions() > 0);
    }

    @Test
    void theFallbackGaugeFlipsWithNoRequestPending() throws Exception {
        loadUplinksOfE1(0.1);
        YarnConfiguration conf = conf("independent");
        conf.setLong(SchedulerSettings.NIM_MAX_AGE_MS, 2000);
        rm = new MockRM(conf);
        org.apache.log4j.LogManager.getRootLogger().setLevel(org.apache.log4j.Level.WARN);
        rm.start();
        Thread.sleep(300);
        assertEquals(0, metrics().fallback());
        service.close();
        // No NodeManager, no application: no placement decision is ever asked for.
        waitFor(() -> metrics().fallback() == 1, 5000);
        assertEquals(1, metrics().fallback(), "the gauge follows the NIM, not the decisions");
        assertEquals(0, metrics().stockDecisions());
    }

    @Test
    void badConfigurationStopsTheResourceManagerNamingTheKey() {
        for (String[] bad : new String[][] {
            {SchedulerSettings.MODE, "fastest"},
            {SchedulerSettings.THRESHOLD_FRACTION, "-0.5"},
            {SchedulerSettings.NIM_ADDRESS, "nim:7070"},
            {SchedulerSettings.MAX_POSTPONE_MS, "soon"}}) {
            YarnConfiguration conf = conf("independent");
            conf.set(bad[0], bad[1]);
            MockRM[] broken = new MockRM[1];
            Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> {
                broken[0] = new MockRM(conf);
                broken[0].start();
            });
            StringBuilder messages = new StringBuilder();
            for (Throwable t = e; t != null; t = t.getCause()) {
                messages.append(t.getMessage()).append(" | ");
            }
            assertTrue(messages.toString().contains(bad[0]), messages.toString());
            if (broken[0] != null) {
                broken[0].stop();
            }
        }
    }

    @Test
    void nimAddressIsOnlyNeededWhenPlacementIsOn() {
        YarnConfiguration conf = conf("stock");
        conf.unset(SchedulerSettings.NIM_ADDRESS);
        assertTrue(SchedulerSettings.from(conf).stock());
    }
}
