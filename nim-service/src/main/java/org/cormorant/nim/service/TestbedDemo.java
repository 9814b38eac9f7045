package org.cormorant.nim.service;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.cormorant.nim.api.ApiTypes.CounterBatch;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.api.NimJson;
import org.cormorant.nim.client.NimClient;
import org.cormorant.nim.client.NimClientConfig;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.nim.path.EcmpPathChooser;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.query.PathAggregation;
import org.cormorant.nim.query.PathBandwidth;
import org.cormorant.nim.schedule.BandwidthTaskSelector;
import org.cormorant.nim.schedule.CandidateTask;
import org.cormorant.nim.schedule.SchedulingMode;
import org.cormorant.nim.schedule.TaskSelection;
import org.cormorant.nim.schedule.TaskSelectionPolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Drives a running NIM serving the Cormorant testbed fabric the way the Hadoop plugins will: through
 * {@link NimClient} it asks where bandwidth is, runs Algorithm 1 in both modes and makes and
 * releases a collaborative reservation. {@code bin/cormorant-fabric-demo} runs it against the emulated
 * testbed carrying real Table 4.2 traffic; with {@code --synthetic-traffic} it instead pushes
 * counters computed from the Medium flows (four 80% flows, eight 5%), on its ECMP path each.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Show the NIM's view and decisions on the testbed under Table 4.2 Medium contention.")
public final class TestbedDemo implements Callable<Integer> {
    @Option(names = "--nim", defaultValue = "http://127.0.0.1:7070", description = "NIM base URL")
    URI nim;
    @Option(names = "--token-file", description = "bearer token for writes")
    java.nio.file.Path tokenFile;
    @Option(names = "--synthetic-traffic", description = "push counters computed from the Table 4.2 Medium flows "
            + "instead of measuring real traffic (for a machine without Mininet)")
    boolean syntheticTraffic;
    @Option(names = "--show-pinned-flows", description = "print the OVS flow table entries that pin the reservation")
    boolean showPinnedFlows;

    /** Table 4.2 flows: N_i -> N_j, with the four large ones of the Medium level. */
    private static final String[][] FLOWS = {
        {"n0", "n1"}, {"n0", "n2"}, {"n0", "n3"}, {"n1", "n0"}, {"n2", "n0"}, {"n3", "n0"},
        {"n4", "n5"}, {"n4", "n6"}, {"n4", "n7"}, {"n5", "n4"}, {"n6", "n4"}, {"n7", "n4"}};
    private static final List<String> MEDIUM_LARGE = List.of("n3>n0", "n7>n4", "n0>n2", "n4>n6");

    @Override
    public Integer call() throws Exception {
        String token = NimCommand.readToken(tokenFile);
        try (NimClient client = new NimClient(new NimClientConfig(nim, 1000, 3000, 30_000, token))) {
            if (!client.refresh()) {
                System.err.println("NIM not reachable at " + nim + ": " + client.status().reason());
                return 1;
            }
            Fabric fabric = client.latestSnapshot().orElseThrow().fabric();
            if (fabric.find("n0").isEmpty() || fabric.find("n7").isEmpty()) {
                System.err.println("the NIM does not serve the Cormorant testbed (hosts n0..n7)");
                return 1;
            }
            System.out.println("NIM at " + nim + ": " + fabric);
            if (syntheticTraffic) {
                pushContention(fabric, client, token);
            }
            if (!client.refresh() || client.usableSnapshot().isEmpty()) {
                System.err.println("no usable snapshot after pushing counters: " + client.status().reason());
                return 1;
            }
            NetworkSnapshot s = client.usableSnapshot().get();
            System.out.printf(Locale.ROOT, "%nsnapshot v%d, newest measurement %d ms old%n", s.version(), client.status().ageMillis());
            System.out.println("\nAvailable bandwidth from each data host to slave n5 (Mbit/s):");
            System.out.println("  from   A(P) average (independent)   A(P) maximum (collaborative)   paths");
            for (String src : List.of("n1", "n2", "n3", "n6", "n7")) {
                List<Path> candidates = s.paths().between(fabric.host(src).index(), fabric.host("n5").index());
                System.out.printf(Locale.ROOT, "  %-5s  %26.1f   %28.1f   %d%n", src,
                        PathBandwidth.abstractPath(s, candidates, PathAggregation.AVERAGE) / 1e6,
                        PathBandwidth.abstractPath(s, candidates, PathAggregation.MAXIMUM) / 1e6, candidates.size());
            }
            List<CandidateTask> tasks = List.of(new CandidateTask("map_000", List.of("n1", "n3")),
                    new CandidateTask("map_001", List.of("n2", "n7")), new CandidateTask("map_002", List.of("n6")));
            System.out.println("\nAlgorithm 1 for slave n5 asking for a map task; pending: " + tasks.stream()
                    .map(t -> t.id() + " on " + t.replicaHosts()).toList());
            TaskSelection independent = new BandwidthTaskSelector(TaskSelectionPolicy.of(SchedulingMode.INDEPENDENT))
                    .select(s, "n5", tasks);
            TaskSelection collaborative = new BandwidthTaskSelector(TaskSelectionPolicy.of(SchedulingMode.COLLABORATIVE))
                    .select(s, "n5", tasks);
            print("independent  ", independent, fabric);
            print("collaborative", collaborative, fabric);
            if (collaborative.chosen() && collaborative.path() != null) {
                Path path = collaborative.path();
                double before = PathBandwidth.of(s, path);
                var made = client.reserve("demo-" + collaborative.task().id(), collaborative.replicaHost(), "n5", path,
                        0.5 * path.capacityBps(fabric), 30_000);
                if (made.isEmpty()) {
                    System.err.println("reservation refused: see the log above");
                    return 1;
                }
                ReservationView r = made.get();
                double after = PathBandwidth.of(client.usableSnapshot().orElseThrow(), path);
                System.out.printf(Locale.ROOT, "%nreserved %s: %.1f Mbit/s on %s for 30 s; path now has %.1f of %.1f Mbit/s left%n",
                        r.id(), r.bandwidthBps() / 1e6, String.join(" > ", r.path()), after / 1e6, before / 1e6);
                if (showPinnedFlows) {
                    Thread.sleep(500);
                    System.out.println("flow table of " + r.path().get(2) + " while reserved (priority 200 = pinned):");
                    for (String line : OvsPortCounterSource.run("ovs-ofctl", "-O", "OpenFlow13", "dump-flows",
                            r.path().get(2)).split("\n")) {
                        if (line.contains("priority=200")) {
                            System.out.println("  " + line.strip().replaceAll("cookie=\\S+ |duration=\\S+ |n_packets=\\S+ |n_bytes=\\S+ ", ""));
                        }
                    }
                }
                System.out.println("released " + r.id() + ": " + client.release(r.id()));
            }
            return 0;
        }
    }

    private static void print(String label, TaskSelection t, Fabric fabric) {
        System.out.printf(Locale.ROOT, "  %s: %-9s %s%s%n", label, t.outcome(),
                t.task() == null ? "" : t.task().id() + " reading from " + t.replicaHost() + "; ",
                t.reason() + (t.path() == null ? "" : "; pin " + String.join(" > ", t.path().nodeNames(fabric))));
    }

    /** Two counter readings 5 s apart whose difference is the Medium contention traffic. */
    private void pushContention(Fabric fabric, NimClient client, String token) throws Exception {
        double capacity = fabric.link(0).capacityBps();
        double[] rate = new double[fabric.linkCount()];
        NetworkSnapshot idle = client.latestSnapshot().orElseThrow();
        System.out.println("\nContention traffic, Table 4.2 Medium (large 80%, small 5% of "
                + (long) (capacity / 1e6) + " Mbit/s), each flow on its ECMP path:");
        for (String[] flow : FLOWS) {
            boolean large = MEDIUM_LARGE.contains(flow[0] + ">" + flow[1]);
            double bps = (large ? 0.8 : 0.05) * capacity;
            List<Path> candidates = idle.paths().between(fabric.host(flow[0]).index(), fabric.host(flow[1]).index());
            Path path = EcmpPathChooser.choose(candidates, flow[0], flow[1], 5001, 5001);
            for (int link : path.linksUnsafe()) {
                rate[link] += bps;
            }
            if (large) {
                System.out.printf(Locale.ROOT, "  %s -> %s %5.0f Mbit/s via %s%n", flow[0], flow[1], bps / 1e6,
                        String.join(" > ", path.nodeNames(fabric)));
            }
        }
        long now = System.currentTimeMillis();
        List<PortCounterSample> first = new ArrayList<>();
        List<PortCounterSample> second = new ArrayList<>();
        for (FabricNode node : fabric.switches()) {
            for (int l : fabric.outLinks(node.index())) {
                Link out = fabric.link(l);
                long tx = (long) (Math.min(rate[l], capacity) / 8 * 5);
                long rx = (long) (Math.min(rate[out.reverse()], capacity) / 8 * 5);
                first.add(new PortCounterSample(node.name(), out.fromPort(), 1_000_000, 1_000_000, now - 5000));
                second.add(new PortCounterSample(node.name(), out.fromPort(), 1_000_000 + rx, 1_000_000 + tx, now));
            }
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
        for (List<PortCounterSample> poll : List.of(first, second)) {
            HttpRequest.Builder request = HttpRequest.newBuilder(nim.resolve("/v1/counters"))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(NimJson.mapper().writeValueAsBytes(new CounterBatch(poll))))
                    .header("Content-Type", "application/json");
            if (token != null) {
                request.header("Authorization", "Bearer " + token);
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("NIM refused counters: " + response.statusCode() + " " + response.body());
            }
        }
        // The NIM folds pushed counters in at its next poll; wait for a snapshot that has them.
        long deadline = System.currentTimeMillis() + 15_000;
        while (System.currentTimeMillis() < deadline) {
            client.refresh();
            if (client.status().usable()) {
                return;
            }
            Thread.sleep(200);
        }
    }
}
