package org.cormorant.yarn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.MockAM;
import org.apache.hadoop.yarn.server.resourcemanager.MockNM;
import org.apache.hadoop.yarn.server.resourcemanager.MockRM;
import org.apache.hadoop.yarn.server.resourcemanager.MockRMAppSubmitter;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.nim.service.NimApi;
import org.cormorant.nim.service.NimHttpServer;
import org.cormorant.nim.service.NimService;

/**
 * Scheduling cost of the network-aware placement against the stock CapacityScheduler
 * (docs/performance.md): the ResourceManager's own scheduler code (MockRM) with one NodeManager
 * per host of a k=4 fat-tree, one application asking for MAPS map containers whose splits sit on
 * three random hosts each (as MapReduce asks), links loaded at random below half their speed; all
 * NodeManagers heartbeat in turn until every map is placed. Reported per mode, median of REPEATS
 * runs: allocations per second of wall time, and the mean cost of one processed heartbeat (the
 * scheduler's work per node update, which is what the plugin adds to).
 *
 * <pre>mvn -B -q -pl yarn-scheduler test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.cormorant.yarn.PlacementCostBenchmark</pre>
 */
public final class PlacementCostBenchmark {
    private static final int MAPS = 3000;
    private static final int REPEATS = 5;

    public static void main(String[] args) throws Exception {
        Fabric fabric = StandardFabrics.fatTree(4, 1e9);
        List<String> hosts = fabric.hosts().stream().map(FabricNode::name).toList();
        for (String host : hosts) {
            NetUtils.addStaticResolution(host, "127.0.0.1");
        }
        NetworkInformationManager nim = new NetworkInformationManager(fabric, NimSettings.defaults().withSmoothing(1.0),
                System::currentTimeMillis);
        Random random = new Random(1);
        long now = System.currentTimeMillis();
        List<PortCounterSample> samples = new ArrayList<>();
        for (Link link : fabric.links()) {
            String node = fabric.node(link.from()).name();
            samples.add(new PortCounterSample(node, link.fromPort(), 0, 0, now - 1000));
            samples.add(new PortCounterSample(node, link.fromPort(), 0, (long) (random.nextDouble() * 0.5e9 / 8), now));
        }
        nim.recordCounters(samples);
        try (NimService service = new NimService(nim, List.of(), 1000,
                new NimHttpServer(new NimApi(nim, null), "127.0.0.1", 0, 2)).start()) {
            List<String> modes = List.of("stock", "independent", "collaborative");
            Map<String, double[]> rates = new HashMap<>();
            Map<String, double[]> heartbeatMicros = new HashMap<>();
            for (String mode : modes) {
                rates.put(mode, new double[REPEATS]);
                heartbeatMicros.put(mode, new double[REPEATS]);
            }
            run("stock", service.port(), hosts); // warm-up: class loading and JIT
            for (int r = 0; r < REPEATS; r++) {
                for (String mode : modes) {
                    double[] result = run(mode, service.port(), hosts);
                    rates.get(mode)[r] = result[0];
                    heartbeatMicros.get(mode)[r] = result[1];
                    System.out.printf(Locale.ROOT, "%-13s %8.1f allocations/s, %8.1f us per heartbeat%n", mode,
                            result[0], result[1]);
                }
            }
            double stockRate = median(rates.get("stock"));
            double stockBeat = median(heartbeatMicros.get("stock"));
            System.out.println("\n| mode | allocations/s | vs stock | us per processed heartbeat | vs stock |");
            System.out.println("|---|---|---|---|---|");
            for (String mode : modes) {
                double rate = median(rates.get(mode));
                double beat = median(heartbeatMicros.get(mode));
                System.out.printf(Locale.ROOT, "| %s | %.1f | %.2fx | %.1f | %.2fx |%n", mode, rate, rate / stockRate,
                        beat, beat / stockBeat);
            }
        }
        System.exit(0);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Allocations per second and mean microseconds per processed heartbeat. */
    private static double[] run(String mode, int nimPort, List<String> hosts) throws Exception {
        YarnConfiguration conf = new YarnConfiguration();
        conf.setClass(YarnConfiguration.RM_SCHEDULER, NetworkAwareCapacityScheduler.class, ResourceScheduler.class);
        conf.set(SchedulerSettings.MODE, mode);
        conf.set(SchedulerSettings.NIM_ADDRESS, "http://127.0.0.1:" + nimPort);
        conf.setLong(SchedulerSettings.NIM_MAX_AGE_MS, 3_600_000);
        MockRM rm = new MockRM(conf);
        // MockRM turns the root logger to DEBUG; logging would then be most of what is measured.
        org.apache.log4j.LogManager.getRootLogger().setLevel(org.apache.log4j.Level.WARN);
        rm.start();
        try {
            List<MockNM> nms = new ArrayList<>();
            for (String host : hosts) {
                nms.add(rm.registerNode(host + ":1234", 256 * 1024, 256));
            }
            RMApp app = MockRMAppSubmitter.submitWithMemory(1024, rm);
            MockAM am = MockRM.launchAndRegisterAM(app, rm, nms.get(0));
            am.allocate(mapAsks(hosts, new Random(7)), List.of());
            Thread.sleep(1500); // the NIM client's first refresh
            int allocated = 0;
            long heartbeats = 0;
            long heartbeatNanos = 0;
            long start = System.nanoTime();
            for (int round = 0; allocated < MAPS && round < 1000; round++) {
                long t0 = System.nanoTime();
                for (MockNM nm : nms) {
                    nm.nodeHeartbeat(true);
                }
                rm.drainEvents();
                heartbeatNanos += System.nanoTime() - t0;
                heartbeats += nms.size();
                allocated += am.allocate(List.of(), List.of()).getAllocatedContainers().size();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            if (allocated < MAPS) {
                throw new IllegalStateException(mode + ": only " + allocated + " of " + MAPS + " placed");
            }
            return new double[] {allocated / seconds, heartbeatNanos / 1e3 / heartbeats};
        } finally {
            rm.stop();
        }
    }

    /** MapReduce-shaped asks: each map's split on three distinct random hosts. */
    private static List<ResourceRequest> mapAsks(List<String> hosts, Random random) {
        Map<String, Integer> perHost = new HashMap<>();
        for (int m = 0; m < MAPS; m++) {
            List<String> shuffled = new ArrayList<>(hosts);
            java.util.Collections.shuffle(shuffled, random);
            for (String host : shuffled.subList(0, 3)) {
                perHost.merge(host, 1, Integer::sum);
            }
        }
        Priority maps = Priority.newInstance(20);
        Resource size = Resource.newInstance(1024, 1);
        List<ResourceRequest> asks = new ArrayList<>();
        perHost.forEach((host, count) -> asks.add(ResourceRequest.newInstance(maps, host, size, count)));
        asks.add(ResourceRequest.newInstance(maps, "/default-rack", size, MAPS));
        asks.add(ResourceRequest.newInstance(maps, ResourceRequest.ANY, size, MAPS));
        return asks;
    }
}
