package org.cormorant.nim.service;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import org.cormorant.nim.api.ApiTypes.BandwidthRequest;
import org.cormorant.nim.api.ApiTypes.HostPair;
import org.cormorant.nim.api.NimJson;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.nim.query.PathAggregation;
import org.cormorant.nim.query.PathBandwidth;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The NIM's performance figures (docs/performance.md) on a k-ary fat-tree: in-process A(P) query
 * latency, snapshot rebuild time from every port's counters, and batch HTTP query throughput on
 * loopback. A plain main rather than JMH: each figure is a distribution over many timed calls after
 * a warm-up, which is what the targets are stated in.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Measure NIM query, rebuild and HTTP figures.")
public final class NimBenchmark implements Callable<Integer> {
    @Option(names = "--k", defaultValue = "16", description = "fat-tree arity (16 = 1024 hosts)")
    int k;
    @Option(names = "--queries", defaultValue = "200000", description = "timed in-process A(P) queries")
    int queries;
    @Option(names = "--rebuilds", defaultValue = "20", description = "timed snapshot rebuilds")
    int rebuilds;
    @Option(names = "--http-seconds", defaultValue = "10", description = "duration of the HTTP throughput run")
    int httpSeconds;
    @Option(names = "--batch", defaultValue = "1000", description = "pairs per HTTP bandwidth request")
    int batch;
    @Option(names = "--out", description = "also write the markdown table to this file")
    Path out;

    @Override
    public Integer call() throws Exception {
        Fabric fabric = StandardFabrics.fatTree(k, 1e9);
        long[] clock = {1_000_000L};
        NetworkInformationManager nim = new NetworkInformationManager(fabric, NimSettings.defaults(), () -> clock[0]);
        Random random = new Random(42);
        List<String> rows = new ArrayList<>();
        rows.add("| figure | value |");
        rows.add("|---|---|");
        rows.add(row("fabric", "k=" + k + " fat-tree: " + fabric.hosts().size() + " hosts, " + fabric.switches().size()
                + " switches, " + fabric.linkCount() + " directed links"));

        // Snapshot rebuild: every port of every node reports (switch ports and host NICs), as one poll.
        List<List<PortCounterSample>> polls = new ArrayList<>();
        long[] bytes = new long[fabric.linkCount()];
        for (int round = 0; round <= rebuilds + 2; round++) {
            clock[0] += 5000;
            List<PortCounterSample> poll = new ArrayList<>(fabric.linkCount());
            for (Link link : fabric.links()) {
                bytes[link.index()] += (long) (random.nextDouble() * 5 * 1e9 / 8);
                poll.add(new PortCounterSample(fabric.node(link.from()).name(), link.fromPort(),
                        bytes[link.reverse()], bytes[link.index()], clock[0]));
            }
            polls.add(poll);
        }
        double[] rebuildMillis = new double[rebuilds];
        for (int round = 0; round < polls.size(); round++) {
            long t0 = System.nanoTime();
            nim.recordCounters(polls.get(round));
            nim.rebuildSnapshot();
            long t1 = System.nanoTime();
            if (round >= 3) {
                rebuildMillis[round - 3] = (t1 - t0) / 1e6;
            }
        }
        Arrays.sort(rebuildMillis);
        rows.add(row("snapshot rebuild from " + polls.get(0).size() + " port readings (median / max)",
                fmt(rebuildMillis[rebuildMillis.length / 2]) + " ms / " + fmt(rebuildMillis[rebuildMillis.length - 1]) + " ms"));

        // In-process A(P): random host pairs, most of them inter-pod (64 candidate paths on k=16).
        NetworkSnapshot snapshot = nim.snapshot();
        List<FabricNode> hosts = fabric.hosts();
        int[][] pairs = new int[4096][2];
        for (int[] pair : pairs) {
            do {
                pair[0] = hosts.get(random.nextInt(hosts.size())).index();
                pair[1] = hosts.get(random.nextInt(hosts.size())).index();
            } while (pair[0] == pair[1]);
        }
        long cold0 = System.nanoTime();
        for (int[] pair : pairs) {
            snapshot.paths().between(pair[0], pair[1]);
        }
        double coldMicros = (System.nanoTime() - cold0) / 1e3 / pairs.length;
        double sink = 0;
        for (int i = 0; i < 200_000; i++) {
            int[] pair = pairs[i % pairs.length];
            sink += PathBandwidth.abstractPath(snapshot, snapshot.paths().between(pair[0], pair[1]), PathAggregation.MAXIMUM);
        }
        long[] nanos = new long[queries];
        for (int i = 0; i < queries; i++) {
            int[] pair = pairs[random.nextInt(pairs.length)];
            long t0 = System.nanoTime();
            sink += PathBandwidth.abstractPath(snapshot, snapshot.paths().between(pair[0], pair[1]), PathAggregation.MAXIMUM);
            nanos[i] = System.nanoTime() - t0;
        }
        Arrays.sort(nanos);
        rows.add(row("in-process A(P) query, cached paths (p50 / p99 / p99.9)",
                fmt(nanos[queries / 2] / 1e3) + " / " + fmt(nanos[(int) (queries * 0.99)] / 1e3) + " / "
                        + fmt(nanos[(int) (queries * 0.999)] / 1e3) + " us"));
        rows.add(row("first query of a pair (paths computed, mean)", fmt(coldMicros) + " us"));

        // HTTP: batches of pairs over loopback from two client threads.
        NimApi api = new NimApi(nim, null);
        try (NimHttpServer server = new NimHttpServer(api, "127.0.0.1", 0, 2).start()) {
            List<HostPair> batchPairs = new ArrayList<>();
            for (int i = 0; i < batch; i++) {
                int[] pair = pairs[i % pairs.length];
                batchPairs.add(new HostPair(fabric.node(pair[0]).name(), fabric.node(pair[1]).name()));
            }
            byte[] body = NimJson.mapper().writeValueAsBytes(new BandwidthRequest(batchPairs, "MAXIMUM"));
            URI uri = URI.create("http://127.0.0.1:" + server.port() + "/v1/bandwidth");
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            long deadline = System.nanoTime() + httpSeconds * 1_000_000_000L;
            long[] counts = new long[2];
            List<Long> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
            Thread[] threads = new Thread[2];
            for (int t = 0; t < threads.length; t++) {
                int id = t;
                threads[t] = new Thread(() -> {
                    while (System.nanoTime() < deadline) {
                        long t0 = System.nanoTime();
                        try {
                            HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(uri)
                                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                                    HttpResponse.BodyHandlers.ofByteArray());
                            if (response.statusCode() != 200) {
                                throw new IllegalStateException("HTTP " + response.statusCode());
                            }
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        latencies.add(System.nanoTime() - t0);
                        counts[id]++;
                    }
                });
                threads[t].start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            long requests = counts[0] + counts[1];
            long[] lat = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
            rows.add(row("HTTP POST /v1/bandwidth, " + batch + " pairs a request, 2 client threads",
                    fmt(requests / (double) httpSeconds) + " requests/s = " + fmt(requests * batch / (double) httpSeconds)
                            + " pairs/s; p50 " + fmt(lat[lat.length / 2] / 1e6) + " ms, p99 "
                            + fmt(lat[(int) (lat.length * 0.99)] / 1e6) + " ms"));
        }
        rows.add(row("JVM", System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ", "
                + Runtime.getRuntime().availableProcessors() + " cores, max heap "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB"));
        String table = String.join("\n", rows) + "\n";
        System.out.print(table);
        if (sink == 42) {
            System.out.println(); // keeps the queries from being optimised away
        }
        if (out != null) {
            Files.writeString(out, table, StandardCharsets.UTF_8);
        }
        return 0;
    }

    private static String row(String figure, String value) {
        return "| " + figure + " | " + value + " |";
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.2f", value);
    }
}
