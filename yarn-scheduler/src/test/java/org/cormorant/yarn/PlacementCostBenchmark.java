package org.cormorant.yarn;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerState;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.event.EventHandler;
import org.apache.hadoop.yarn.server.resourcemanager.MockAM;
import org.apache.hadoop.yarn.server.resourcemanager.MockNM;
import org.apache.hadoop.yarn.server.resourcemanager.MockRM;
import org.apache.hadoop.yarn.server.resourcemanager.MockRMAppSubmitter;
import org.apache.hadoop.yarn.server.resourcemanager.NodesListManager;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.SchedulerEvent;
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
 * (docs/performance.md, "YARN placement cost").
 *
 * <p>The ResourceManager's own scheduler code (MockRM, so no RPC) runs one NodeManager per host of
 * a k-ary fat-tree, SLOTS containers each, and one MapReduce-shaped job of MAPS maps whose splits
 * sit on three distinct hosts out of every DATA_EVERY-th host (so most nodes hold no input and
 * their containers are rack-local: the path through Algorithm 1). An ApplicationMaster written
 * here behaves as MapReduce's: it takes a map with a split on the container's node if there is one,
 * else the next pending map, and sends its decremented host, rack and ANY asks; each map holds its
 * container for HOLD_ROUNDS heartbeat rounds, then the NodeManager reports it complete. The
 * standalone NIM serves the fabric on loopback in this JVM, links loaded at random below half their
 * speed.
 *
 * <p>What is measured is CPU, not wall time, because the machine is shared: the CPU time the
 * scheduler spends handling its events (node updates, where containers are allocated; in MockRM
 * these run on the RM dispatcher's thread, timed around each {@code scheduler.handle} call with
 * the thread's own CPU clock), divided by the containers allocated. The whole process's CPU and
 * wall-clock allocations per second are printed too. Runs are interleaved (stock, independent,
 * collaborative) for ROUNDS rounds after a warm-up round, and the ratio plugin/stock of
 * allocations per scheduler CPU second is taken within each round.
 *
 * <pre>mvn -B -q -pl yarn-scheduler test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.cormorant.yarn.PlacementCostBenchmark</pre>
 *
 * Sizes are system properties: bench.k, bench.slots, bench.maps, bench.data-every,
 * bench.hold-rounds, bench.rounds.
 */
public final class PlacementCostBenchmark {
    private static final int K = Integer.getInteger("bench.k", 8);
    private static final int SLOTS = Integer.getInteger("bench.slots", 8);
    private static final int MAPS = Integer.getInteger("bench.maps", 20_000);
    private static final int DATA_EVERY = Integer.getInteger("bench.data-every", 4);
    private static final int HOLD_ROUNDS = Integer.getInteger("bench.hold-rounds", 8);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 7);
    /**
     * CapacityScheduler's node-locality delay (missed scheduling opportunities before a rack-local
     * container). Off by default here, so a node without input takes rack-local work at once and
     * most allocations go through Algorithm 1; 40 is the shipped default.
     */
    private static final int NODE_LOCALITY_DELAY = Integer.getInteger("bench.node-locality-delay", -1);
    private static final List<String> MODES = List.of("stock", "independent", "collaborative");
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final Priority MAP_PRIORITY = Priority.newInstance(20);
    private static final Resource MAP_SIZE = Resource.newInstance(1024, 1);
    private static final String RACK = "/default-rack";

    /** One run's figures. */
    private record Result(String mode, long allocations, long nodeLocal, long byNetwork, long nonLocalStock,
                          long postponed, long heartbeats, long schedulerCpuNanos, long processCpuNanos,
                          long nimCpuNanos, long wallNanos, long reservationsMade, long reservationsDropped,
                          long reservationsCovered,
                          Map<String, Long> threadCpu) {
        double schedulerMicrosPerAllocation() {
            return schedulerCpuNanos / 1e3 / allocations;
        }

        double rmMicrosPerAllocation() {
            return (processCpuNanos - nimCpuNanos) / 1e3 / allocations;
        }

        double wallRate() {
            return allocations / (wallNanos / 1e9);
        }

        double cpuRate() {
            return allocations / (schedulerCpuNanos / 1e9);
        }
    }

    public static void main(String[] args) throws Exception {
        if (!THREADS.isCurrentThreadCpuTimeSupported() || !THREADS.isThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure per-thread CPU time");
        }
        THREADS.setThreadCpuTimeEnabled(true);
        Fabric fabric = StandardFabrics.fatTree(K, 1e9);
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
        int[][] splits = splits(hosts.size(), new Random(7));
        System.out.printf(Locale.ROOT, "load: k=%d fat-tree, %d NodeManagers x %d containers, %d maps, splits on 3 of"
                        + " %d data hosts (every %d-th), maps hold their container %d heartbeat rounds, node-locality"
                        + " delay %d; %d cores, load average %.1f at start%n", K, hosts.size(), SLOTS, MAPS,
                (hosts.size() + DATA_EVERY - 1) / DATA_EVERY, DATA_EVERY, HOLD_ROUNDS, NODE_LOCALITY_DELAY,
                Runtime.getRuntime().availableProcessors(), OS.getSystemLoadAverage());
        try (NimService service = new NimService(nim, List.of(), 1000,
                new NimHttpServer(new NimApi(nim, null), "127.0.0.1", 0, 2)).start()) {
            for (String mode : MODES) { // warm-up: class loading and JIT for every mode's code
                report("warm-up", run(mode, service.port(), hosts, splits), false);
            }
            Map<String, List<Result>> results = new LinkedHashMap<>();
            for (int r = 0; r < ROUNDS; r++) {
                for (String mode : MODES) {
                    Result result = run(mode, service.port(), hosts, splits);
                    results.computeIfAbsent(mode, m -> new ArrayList<>()).add(result);
                    report("round " + (r + 1), result, r == 0);
                }
            }
            summary(results);
        }
        System.exit(0);
    }

    private static void report(String label, Result r, boolean threads) {
        System.out.printf(Locale.ROOT, "%-8s %-13s %6d allocations (data-local maps %d, non-local by Algorithm 1 %d, "
                        + "non-local stock %d), postponed %d, heartbeats %d | scheduler CPU %.1f us/allocation, process"
                        + " CPU w/o NIM %.1f us/allocation | %.0f allocations/s wall | reservations %d made, %d dropped, %d covered by a live one;"
                        + " load average %.1f%n", label, r.mode(), r.allocations(), r.nodeLocal(), r.byNetwork(),
                r.nonLocalStock(), r.postponed(), r.heartbeats(), r.schedulerMicrosPerAllocation(),
                r.rmMicrosPerAllocation(), r.wallRate(), r.reservationsMade(), r.reservationsDropped(),
                r.reservationsCovered(), OS.getSystemLoadAverage());
        if (threads) {
            System.out.println("         CPU by thread during the allocation loop (ms):");
            r.threadCpu().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(8)
                    .forEach(e -> System.out.printf(Locale.ROOT, "           %-50s %8.1f%n", e.getKey(), e.getValue() / 1e6));
        }
    }

    private static void summary(Map<String, List<Result>> results) {
        List<Result> stock = results.get("stock");
        System.out.println("\n| mode | scheduler CPU us/allocation | allocations per scheduler CPU s | vs stock, median"
                + " [min-max] of rounds | RM process CPU us/allocation | allocations/s wall | vs stock (wall), median"
                + " [min-max] |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (Map.Entry<String, List<Result>> e : results.entrySet()) {
            List<Result> runs = e.getValue();
            double[] cpuRatio = new double[runs.size()];
            double[] wallRatio = new double[runs.size()];
            for (int i = 0; i < runs.size(); i++) {
                cpuRatio[i] = runs.get(i).cpuRate() / stock.get(i).cpuRate();
                wallRatio[i] = runs.get(i).wallRate() / stock.get(i).wallRate();
            }
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.0f | %.2fx [%.2f-%.2f] | %.1f | %.0f | %.2fx [%.2f-%.2f] |%n",
                    e.getKey(), median(runs, Result::schedulerMicrosPerAllocation), median(runs, Result::cpuRate),
                    median(cpuRatio), min(cpuRatio), max(cpuRatio), median(runs, Result::rmMicrosPerAllocation),
                    median(runs, Result::wallRate), median(wallRatio), min(wallRatio), max(wallRatio));
        }
    }

    private static double median(List<Result> runs, java.util.function.ToDoubleFunction<Result> f) {
        return median(runs.stream().mapToDouble(f).toArray());
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }

    /** Each map's split on three distinct hosts among every DATA_EVERY-th host. */
    private static int[][] splits(int hostCount, Random random) {
        List<Integer> dataHosts = new ArrayList<>();
        for (int h = 0; h < hostCount; h += DATA_EVERY) {
            dataHosts.add(h);
        }
        if (dataHosts.size() < 3) {
            throw new IllegalArgumentException("bench.data-every=" + DATA_EVERY + " leaves fewer than 3 data hosts");
        }
        int[][] splits = new int[MAPS][];
        for (int m = 0; m < MAPS; m++) {
            Collections.shuffle(dataHosts, random);
            splits[m] = new int[] {dataHosts.get(0), dataHosts.get(1), dataHosts.get(2)};
        }
        return splits;
    }

    /** MockRM whose scheduler events are timed with the handling thread's CPU clock. */
    private static final class TimedRM extends MockRM {
        private volatile boolean measuring;
        private long schedulerCpuNanos;

        TimedRM(YarnConfiguration conf) {
            super(conf);
        }

        @Override
        protected EventHandler<SchedulerEvent> createSchedulerEventDispatcher() {
            // MockRM hands scheduler events to the scheduler on the RM dispatcher's one thread.
            return event -> {
                if (!measuring) {
                    scheduler.handle(event);
                    return;
                }
                long start = THREADS.getCurrentThreadCpuTime();
                try {
                    scheduler.handle(event);
                } finally {
                    schedulerCpuNanos += THREADS.getCurrentThreadCpuTime() - start;
                }
            };
        }
    }

    private static Result run(String mode, int nimPort, List<String> hosts, int[][] splits) throws Exception {
        YarnConfiguration conf = new YarnConfiguration();
        conf.setInt(CapacitySchedulerConfiguration.NODE_LOCALITY_DELAY, NODE_LOCALITY_DELAY);
        // The RM checks every heartbeat's host against its include/exclude lists by address; the
        // fabric's host names are in no DNS here, so they come from the RM's node address cache.
        conf.setInt(YarnConfiguration.RM_NODE_IP_CACHE_EXPIRY_INTERVAL_SECS, 3600);
        if (mode.equals("stock")) {
            // The stock scheduler with its stock placement allocator (LocalityAppPlacementAllocator).
            conf.setClass(YarnConfiguration.RM_SCHEDULER, CapacityScheduler.class, ResourceScheduler.class);
        } else {
            conf.setClass(YarnConfiguration.RM_SCHEDULER, NetworkAwareCapacityScheduler.class, ResourceScheduler.class);
            conf.set(SchedulerSettings.MODE, mode);
            conf.set(SchedulerSettings.NIM_ADDRESS, "http://127.0.0.1:" + nimPort);
            // The synthetic counters are recorded once; their age must not send the plugin to fallback.
            conf.setLong(SchedulerSettings.NIM_MAX_AGE_MS, 3_600_000);
            // Time is compressed here (thousands of placements a second): small, short reservations keep
            // the fabric from filling with them, so decisions stay comparable; the CPU a reservation
            // costs does not depend on its size.
            conf.setDouble(SchedulerSettings.RESERVATION_FRACTION, 0.001);
            conf.setLong(SchedulerSettings.RESERVATION_TTL_MS, 2000);
        }
        TimedRM rm = new TimedRM(conf);
        // MockRM turns the root logger to DEBUG; logging would then be most of what is measured.
        org.apache.log4j.LogManager.getRootLogger().setLevel(org.apache.log4j.Level.WARN);
        rm.start();
        try {
            List<MockNM> nms = new ArrayList<>();
            Map<String, Integer> hostIndex = new HashMap<>();
            for (String host : hosts) {
                hostIndex.put(host, nms.size());
                nms.add(rm.registerNode(host + ":1234", SLOTS * 1024, SLOTS));
            }
            RMApp app = MockRMAppSubmitter.submitWithMemory(1024, rm);
            MockAM am = MockRM.launchAndRegisterAM(app, rm, nms.get(0));
            rm.drainEvents();
            // Filled after registration: a node's state change empties its entry.
            NodesListManager.CachedResolver addresses =
                    (NodesListManager.CachedResolver) rm.getRMContext().getNodesListManager().getResolver();
            for (String host : hosts) {
                addresses.addToCache(host, "127.0.0.1");
            }
            MapReduceLikeAm job = new MapReduceLikeAm(splits, hosts);
            am.allocate(job.initialAsks(), List.of());
            Thread.sleep(1500); // the NIM client's first refresh
            PlacementMetrics metrics = NetworkPlacement.running().map(NetworkPlacement::metrics).orElse(null);
            long[] before = metricsOf(metrics);

            List<List<ContainerStatus>> toReport = new ArrayList<>();
            List<ArrayDeque<long[]>> running = new ArrayList<>(); // per node: {container sequence, finish round}
            Map<Long, ContainerId> ids = new HashMap<>();
            for (int i = 0; i < nms.size(); i++) {
                toReport.add(new ArrayList<>());
                running.add(new ArrayDeque<>());
            }
            long allocations = 0;
            long heartbeats = 0;
            Map<Long, long[]> threadsBefore = threadCpu();
            long processBefore = OS.getProcessCpuTime();
            long wallStart = System.nanoTime();
            rm.measuring = true;
            for (int round = 0; job.unassigned() > 0; round++) {
                if (round > 100_000) {
                    throw new IllegalStateException(mode + ": " + job.unassigned() + " maps never placed");
                }
                for (int i = 0; i < nms.size(); i++) {
                    List<ContainerStatus> statuses = toReport.get(i);
                    ArrayDeque<long[]> onNode = running.get(i);
                    while (!onNode.isEmpty() && onNode.peekFirst()[1] <= round) {
                        ContainerId id = ids.remove(onNode.pollFirst()[0]);
                        statuses.add(ContainerStatus.newInstance(id, ContainerState.COMPLETE, "", 0));
                    }
                    nms.get(i).nodeHeartbeat(statuses, true);
                    statuses.clear();
                    heartbeats++;
                }
                rm.drainEvents();
                // Collect the new containers, give each a map, then send the decremented asks before
                // the next heartbeats (so the RM's counts and the AM's agree, as MapReduce's do).
                AllocateResponse response = am.allocate(List.of(), List.of());
                List<ContainerId> releases = new ArrayList<>();
                for (Container container : response.getAllocatedContainers()) {
                    allocations++;
                    int node = hostIndex.get(container.getNodeId().getHost());
                    if (!job.assign(node)) {
                        releases.add(container.getId());
                        continue;
                    }
                    ContainerId id = container.getId();
                    ids.put(id.getContainerId(), id);
                    toReport.get(node).add(ContainerStatus.newInstance(id, ContainerState.RUNNING, "", 0));
                    running.get(node).addLast(new long[] {id.getContainerId(), round + HOLD_ROUNDS});
                }
                List<ResourceRequest> asks = job.changedAsks();
                if (!asks.isEmpty() || !releases.isEmpty()) {
                    am.allocate(asks, releases);
                }
            }
            rm.drainEvents();
            rm.measuring = false;
            long wall = System.nanoTime() - wallStart;
            long process = OS.getProcessCpuTime() - processBefore;
            Map<String, Long> byThread = threadCpuSince(threadsBefore);
            long nimCpu = byThread.entrySet().stream().filter(e -> isNimThread(e.getKey()))
                    .mapToLong(Map.Entry::getValue).sum();
            long[] after = metricsOf(metrics);
            long byNetwork = after[0] - before[0];
            long nonLocalStock = after[1] - before[1];
            if (!mode.equals("stock") && byNetwork == 0) {
                throw new IllegalStateException(mode + ": no allocation went through Algorithm 1; the load does not"
                        + " exercise the plugin");
            }
            return new Result(mode, allocations, job.nodeLocal(), byNetwork, nonLocalStock, after[2] - before[2],
                    heartbeats, rm.schedulerCpuNanos, process, nimCpu, wall, after[3] - before[3],
                    after[4] - before[4], after[5] - before[5], byThread);
        } finally {
            rm.stop();
        }
    }

    private static long[] metricsOf(PlacementMetrics m) {
        return m == null ? new long[6] : new long[] {m.nonLocalByNetwork(), m.nonLocalStock(), m.postponed(),
                m.reservationsMade(), m.reservationsFailed(), m.reservationsCovered()};
    }

    /** The standalone NIM runs in this JVM only for convenience; in a cluster it is another process. */
    private static boolean isNimThread(String name) {
        return name.startsWith("nim-http-") || name.startsWith("nim-poller") || name.startsWith("HTTP-Dispatcher");
    }

    private static Map<Long, long[]> threadCpu() {
        Map<Long, long[]> cpu = new HashMap<>();
        for (long id : THREADS.getAllThreadIds()) {
            cpu.put(id, new long[] {THREADS.getThreadCpuTime(id)});
        }
        return cpu;
    }

    /** CPU per thread name since {@code before} (threads that ended meanwhile are missing). */
    private static Map<String, Long> threadCpuSince(Map<Long, long[]> before) {
        Map<String, Long> byName = new HashMap<>();
        for (long id : THREADS.getAllThreadIds()) {
            long now = THREADS.getThreadCpuTime(id);
            ThreadInfo info = THREADS.getThreadInfo(id);
            if (now < 0 || info == null) {
                continue;
            }
            long[] start = before.get(id);
            long delta = now - (start == null || start[0] < 0 ? 0 : start[0]);
            // Pool threads differ only by a number; keep the pool's name.
            String name = info.getThreadName().replaceAll("-?\\d+$", "-N").replaceAll(" #\\d+", "");
            byName.merge(name, delta, Long::sum);
        }
        return byName;
    }

    /**
     * What MapReduce's ApplicationMaster does with its asks and containers, reduced to the part the
     * scheduler sees: one ask per split host, the rack and ANY; a container gets a map with a split on
     * its node if any is pending, else the next pending map; the assigned map's asks are decremented.
     */
    private static final class MapReduceLikeAm {
        private final int[][] splits;
        private final List<String> hosts;
        private final int[] hostAsks;
        private final BitSet dirtyHosts = new BitSet();
        private final boolean[] assigned;
        private final List<ArrayDeque<Integer>> pendingOnHost = new ArrayList<>();
        private int nextPending;
        private int unassigned;
        private int nodeLocal;

        MapReduceLikeAm(int[][] splits, List<String> hosts) {
            this.splits = splits;
            this.hosts = hosts;
            this.hostAsks = new int[hosts.size()];
            this.assigned = new boolean[splits.length];
            this.unassigned = splits.length;
            for (int h = 0; h < hosts.size(); h++) {
                pendingOnHost.add(new ArrayDeque<>());
            }
            for (int m = 0; m < splits.length; m++) {
                for (int h : splits[m]) {
                    hostAsks[h]++;
                    pendingOnHost.get(h).add(m);
                }
            }
        }

        List<ResourceRequest> initialAsks() {
            List<ResourceRequest> asks = new ArrayList<>();
            for (int h = 0; h < hosts.size(); h++) {
                if (hostAsks[h] > 0) {
                    asks.add(ResourceRequest.newInstance(MAP_PRIORITY, hosts.get(h), MAP_SIZE, hostAsks[h]));
                }
            }
            asks.add(ResourceRequest.newInstance(MAP_PRIORITY, RACK, MAP_SIZE, unassigned));
            asks.add(ResourceRequest.newInstance(MAP_PRIORITY, ResourceRequest.ANY, MAP_SIZE, unassigned));
            return asks;
        }

        /** Gives a container on {@code node} a map; false when no map is left (the container goes back). */
        boolean assign(int node) {
            Integer map = null;
            ArrayDeque<Integer> local = pendingOnHost.get(node);
            while (!local.isEmpty()) {
                Integer m = local.poll();
                if (!assigned[m]) {
                    map = m;
                    nodeLocal++;
                    break;
                }
            }
            if (map == null) {
                while (nextPending < splits.length && assigned[nextPending]) {
                    nextPending++;
                }
                if (nextPending == splits.length) {
                    return false;
                }
                map = nextPending;
            }
            assigned[map] = true;
            unassigned--;
            for (int h : splits[map]) {
                hostAsks[h]--;
                dirtyHosts.set(h);
            }
            return true;
        }

        /** The asks changed since the last call (absolute counts, as the AM-RM protocol wants). */
        List<ResourceRequest> changedAsks() {
            if (dirtyHosts.isEmpty()) {
                return List.of();
            }
            List<ResourceRequest> asks = new ArrayList<>();
            for (int h = dirtyHosts.nextSetBit(0); h >= 0; h = dirtyHosts.nextSetBit(h + 1)) {
                asks.add(ResourceRequest.newInstance(MAP_PRIORITY, hosts.get(h), MAP_SIZE, hostAsks[h]));
            }
            dirtyHosts.clear();
            asks.add(ResourceRequest.newInstance(MAP_PRIORITY, RACK, MAP_SIZE, unassigned));
            asks.add(ResourceRequest.newInstance(MAP_PRIORITY, ResourceRequest.ANY, MAP_SIZE, unassigned));
            return asks;
        }

        int unassigned() {
            return unassigned;
        }

        int nodeLocal() {
            return nodeLocal;
        }
    }
}
