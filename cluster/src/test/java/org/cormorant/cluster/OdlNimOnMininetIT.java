package org.cormorant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricJson;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.client.NimClient;
import org.cormorant.nim.client.NimClientConfig;
import org.cormorant.nim.api.NimJson;
import org.cormorant.nim.client.NimStatus;
import org.cormorant.nim.load.NetworkSnapshot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The NIM inside OpenDaylight driving real Open vSwitch switches: the project's Karaf distribution
 * (openflowplugin + RESTCONF + odl-cormorant) controls the Cormorant testbed in Mininet. Nothing but
 * the app installs forwarding (no l2switch), so every ping here went over the app's ECMP flows.
 * Shows what issue 3 asks: the NIM's topology is the fabric's, all host pairs ping, the NIM's load
 * of a link carrying an iperf3 flow is within 20% of iperf3's rate, a reserved path is the one the
 * traffic takes and release removes it, unauthenticated or malformed writes are refused while the
 * controller keeps serving, and (configuration {@code hedera}) large flows ECMP collided are pinned
 * apart and unpinned after; and the k=4 fat-tree runs under the same controller with no static ARP
 * entries (the app answers ARP for registered hosts). Prints the figures
 * docs/odl-app.md quotes.
 */
class OdlNimOnMininetIT {
    private static final String RESTCONF = "http://127.0.0.1:8181/rests";
    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString("admin:admin".getBytes(StandardCharsets.UTF_8));
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static final java.nio.file.Path RUN = MininetFabric.REPO.resolve("run/it-odl");

    /** One controller for both fabrics: its start (and its occasional AAA restart) is the slow part. */
    @BeforeAll
    static void startController() throws Exception {
        Files.createDirectories(RUN);
        long t0 = System.nanoTime();
        Command.Result started = Command.run(RUN.resolve("start-controller.log"), 420,
                MininetFabric.REPO.resolve("cluster/odl/start-controller.sh").toString(),
                "--capacity-mbps", "20", "--hedera", "--hedera-period-ms", "3000", "--run-dir",
                RUN.resolve("odl").toString());
        assertEquals(0, started.status(), "controller did not start:\n" + started.output());
        System.out.println("controller: " + started.output().lines().filter(l -> l.startsWith("READY")).findFirst().orElse("?")
                + " (" + seconds(t0) + " s including unpack)");
    }

    @AfterAll
    static void stopController() throws Exception {
        Command.run(RUN.resolve("stop-controller.log"), 120,
                MininetFabric.REPO.resolve("cluster/odl/stop-controller.sh").toString(), "--run-dir",
                RUN.resolve("odl").toString());
    }

    /**
     * The k=4 fat-tree (20 switches, 16 hosts, 4 equal-cost core paths between pods) under the same
     * controller: after the testbed's hosts are replaced by its own, the NIM's topology is the fabric
     * file's and every host pair pings over the app's ECMP flows.
     */
    @Test
    void fatTreeK4RunsUnderTheController() throws Exception {
        java.nio.file.Path run = RUN.resolve("fat-tree");
        java.nio.file.Path fabricFile = MininetFabric.REPO.resolve("cluster/fabrics/fat-tree-k4.json");
        Fabric fabric = FabricJson.read(fabricFile);
        MininetFabric mininet = null;
        try {
            long up = System.nanoTime();
            // No static ARP entries: every host's first packet to another asks the app's ARP responder.
            mininet = MininetFabric.start(fabricFile, run, "--controller", "127.0.0.1:6653", "--no-static-arp");
            current = mininet;
            Set<String> seen = registerHostsAndWaitForTopology(run, fabric);
            System.out.println("fat-tree: " + seen.size() + " directed links as in the fabric file, "
                    + seconds(up) + " s after the fabric came up");
            List<FabricNode> hosts = fabric.hosts();
            String first = hosts.get(0).name();
            String last = hosts.get(hosts.size() - 1).addresses().get(0);
            waitUntil(60, () -> current.exec(first, 5, "ping", "-c", "1", "-W", "1", last).status() == 0,
                    first + " cannot ping " + last + ": no forwarding flows");
            long pingStart = System.nanoTime();
            assertEquals(List.of(), unreachablePairs(hosts), "host pairs that do not ping");
            System.out.println("fat-tree ping: all " + hosts.size() * (hosts.size() - 1) + " ordered pairs, "
                    + seconds(pingStart) + " s");
            // The neighbours were learned from the responder's replies, with the registered MACs.
            FabricNode peer = hosts.get(1);
            String neighbours = current.exec(first, 5, "ip", "neigh", "show", peer.addresses().get(0)).output();
            String peerMac = NimJson.mapper().readTree(Files.readString(run.resolve("mininet/state.json")))
                    .path("hosts").path(peer.name()).path("mac").asText();
            assertTrue(!peerMac.isEmpty() && neighbours.contains("lladdr " + peerMac), neighbours + " / " + peerMac);
            System.out.println("fat-tree ARP: " + first + " learned " + neighbours.strip());
        } finally {
            if (mininet != null) {
                mininet.close();
            }
        }
        assertEquals(0, mininet.cleanupStatus(), mininet.cleanupReport());
        assertFalse(mininet.cleanupReport().contains("still present"));
    }

    @Test
    void controllerRunsTheFabricAndPinsReservedPaths() throws Exception {
        java.nio.file.Path run = RUN;
        java.nio.file.Path fabricFile = MininetFabric.REPO.resolve("cluster/fabrics/testbed.json");
        Fabric fabric = FabricJson.read(fabricFile);
        MininetFabric mininet = null;
        try {
            long up = System.nanoTime();
            mininet = MininetFabric.start(fabricFile, run, "--controller", "127.0.0.1:6653");
            current = mininet;
            Set<String> seen = registerHostsAndWaitForTopology(run, fabric);
            JsonNode nim = nim();
            for (JsonNode host : nim.path("host")) {
                assertTrue(host.path("attached").asBoolean(), "not attached: " + host);
            }
            System.out.println("topology: " + seen.size() + " directed links as in the fabric file, "
                    + seconds(up) + " s after the fabric came up");

            long pingStart = System.nanoTime();
            waitUntil(60, () -> current.exec("n1", 5, "ping", "-c", "1", "-W", "1", "10.0.0.8").status() == 0,
                    "n1 cannot ping n7: no forwarding flows");
            List<FabricNode> hosts = fabric.hosts();
            assertEquals(List.of(), unreachablePairs(hosts), "host pairs that do not ping");
            System.out.println("ping: all " + hosts.size() * (hosts.size() - 1) + " ordered pairs, "
                    + seconds(pingStart) + " s");

            // Load: iperf3 n1 -> n5 and the NIM's rate for the host's uplink n1 -> openflow:1.
            long loadStart = System.nanoTime();
            double[] firstSeen = {-1};
            Iperf plain = iperf(run, "plain", () -> {
                double bps = linkRate("n1", "openflow:1");
                if (firstSeen[0] < 0 && bps > 10e6) {
                    firstSeen[0] = seconds(loadStart);
                }
                return bps;
            });
            double nimBps = plain.sampled();
            String load = String.format("load: iperf3 %.2f Mbit/s, NIM %.2f Mbit/s on n1->openflow:1 (%.1f%%); NIM showed "
                    + "the flow %.1f s after it started", plain.iperfBps() / 1e6, nimBps / 1e6,
                    100 * Math.abs(nimBps - plain.iperfBps()) / plain.iperfBps(), firstSeen[0]);
            System.out.println(load);
            assertTrue(Math.abs(nimBps - plain.iperfBps()) <= 0.2 * plain.iperfBps(), load);

            // Reserve the pair's other equal-cost path; the traffic must move there.
            int ecmpPort = outputPort("e0", 100);
            String ecmpAgg = neighbour(fabric, "e0", ecmpPort);
            String otherAgg = ecmpAgg.equals("a0") ? "a1" : "a0";
            String otherNode = fabric.find(otherAgg).orElseThrow().datapathId();
            // Through the client the Hadoop plugins use, pointed at RESTCONF instead of the standalone NIM.
            NimClient client = new NimClient(new NimClientConfig(URI.create("restconf+" + RESTCONF), 1000, 5000, 30_000,
                    "admin:admin"));
            assertTrue(client.refresh(), client.status().reason());
            assertEquals(NimStatus.Health.FRESH, client.status().health(), client.status().reason());
            NetworkSnapshot view = client.usableSnapshot().orElseThrow();
            assertEquals(fabric.switches().size(), view.fabric().switches().size());
            assertEquals(fabric.hosts().size(), view.fabric().hosts().size());
            assertEquals(fabric.linkCount(), view.fabric().linkCount());
            Fabric seenFabric = view.fabric();
            org.cormorant.nim.path.Path viaOther = view.paths().between(seenFabric.host("n1").index(),
                    seenFabric.host("n5").index()).stream()
                    .filter(p -> p.nodeNames(seenFabric).contains(otherNode)).findFirst().orElseThrow();
            String id = client.reserve("it", "n1", "n5", viaOther, 5e6, 300_000).orElseThrow().id();
            System.out.println("client: RESTCONF snapshot v" + view.version() + " FRESH, " + view.fabric().linkCount()
                    + " links; reservation " + id + " via " + otherNode);
            long pinAt = System.nanoTime();
            waitUntil(30, () -> dumpFlows(otherAgg).contains("priority=200,ip,nw_src=10.0.0.2,nw_dst=10.0.0.6"),
                    "pinned flow not on " + otherAgg);
            System.out.println("pin: on " + otherAgg + " " + seconds(pinAt) + " s after reserve-path");
            Iperf pinned = iperf(run, "pinned", () -> linkRate("openflow:1", otherNode));
            double viaEcmp = linkRate("openflow:1", fabric.find(ecmpAgg).orElseThrow().datapathId());
            String moved = String.format("pinned: %.2f Mbit/s via %s (reserved), %.2f Mbit/s via %s (ECMP); %d packets "
                    + "hit the pinned rule on %s", pinned.sampled() / 1e6, otherAgg, viaEcmp / 1e6, ecmpAgg,
                    pinnedPackets(otherAgg), otherAgg);
            System.out.println(moved);
            assertTrue(pinned.sampled() > 0.5 * pinned.iperfBps() && viaEcmp < 0.25 * pinned.sampled(), moved);
            assertTrue(pinnedPackets(otherAgg) > 1000, moved);

            assertTrue(client.release(id));
            client.close();
            waitUntil(30, () -> fabric.switches().stream().noneMatch(s -> dumpFlows(s.name()).contains("priority=200")),
                    "pinned flows still present after release");
            assertEquals(0, current.exec("n1", 10, "ping", "-c", "1", "-W", "2", "10.0.0.6").status());
            System.out.println("release: pinned flows gone from every switch");

            // Writes without credentials are refused; malformed input gets a clear error; the controller keeps serving.
            HttpResponse<String> anonymous = post("reserve-path",
                    "{\"input\":{\"src\":\"n1\",\"dst\":\"n5\",\"bandwidth-bps\":1}}", false);
            assertEquals(401, anonymous.statusCode());
            HttpResponse<String> malformed = post("reserve-path", "{\"input\":{\"src\":\"n1\",", true);
            assertTrue(malformed.statusCode() >= 400 && malformed.statusCode() < 500, malformed.body());
            HttpResponse<String> unknown = post("reserve-path",
                    "{\"input\":{\"src\":\"n1\",\"dst\":\"nosuch\",\"bandwidth-bps\":1}}", true);
            assertTrue(unknown.statusCode() >= 400 && unknown.body().contains("nosuch"), unknown.body());
            assertEquals("ok", nim().path("status").asText());
            assertTrue(listReservations().isEmpty());

            largeFlowsAreSpreadAndUnpinned(run, fabric);
        } finally {
            if (mininet != null) {
                mininet.close();
            }
        }
        assertEquals(0, mininet.cleanupStatus(), mininet.cleanupReport());
        assertFalse(mininet.cleanupReport().contains("still present"));
    }

    /**
     * The app's Hedera scheduler (configuration {@code hedera}, flow statistics from openflowplugin):
     * two iperf3 flows from e0's hosts that ECMP sends up the same aggregation switch are measured as
     * large flows and pinned apart at priority 150, so both uplinks of e0 fill; the pins go once the
     * flows end.
     */
    private void largeFlowsAreSpreadAndUnpinned(java.nio.file.Path run, Fabric fabric) throws Exception {
        String[][] flows = collidingFlows(fabric);
        int sharedPort = ruleOutPort("e0", 100, flows[0][1], flows[0][3]);
        String sharedAgg = fabric.find(neighbour(fabric, "e0", sharedPort)).orElseThrow().datapathId();
        String otherAgg = fabric.find(sharedAgg.equals(fabric.find("a0").orElseThrow().datapathId()) ? "a1" : "a0")
                .orElseThrow().datapathId();
        String e0 = fabric.find("e0").orElseThrow().datapathId();
        List<Process> clients = new ArrayList<>();
        for (String[] f : flows) {
            current.exec(f[2], 10, "iperf3", "-s", "-D", "-1");
        }
        Thread.sleep(500);
        for (String[] f : flows) {
            clients.add(current.spawn(f[0], run.resolve("iperf3-hedera-" + f[0] + ".json"), "iperf3", "-c", f[3],
                    "-t", "45", "-J"));
        }
        long start = System.nanoTime();
        waitUntil(40, () -> effectivePort(flows[0]) != effectivePort(flows[1]),
                "the two large flows still share e0's uplink to " + sharedAgg + ":\n" + dumpFlows("e0"));
        double spreadAt = seconds(start);
        Thread.sleep(12_000); // the NIM's rates lag by a statistics interval and a poll
        double shared = linkRate(e0, sharedAgg);
        double other = linkRate(e0, otherAgg);
        String report = String.format("hedera: %s->%s and %s->%s collided on %s; pinned apart %.1f s after they started;"
                + " then %.2f Mbit/s via %s, %.2f Mbit/s via %s", flows[0][0], flows[0][2], flows[1][0], flows[1][2],
                sharedAgg, spreadAt, shared / 1e6, sharedAgg, other / 1e6, otherAgg);
        System.out.println(report);
        assertTrue(dumpFlows("e0").contains("priority=150,ip,nw_src="), report);
        assertTrue(shared > 14e6 && other > 14e6, report);
        for (Process client : clients) {
            assertTrue(client.waitFor(60, TimeUnit.SECONDS), "iperf3 did not finish");
        }
        long ended = System.nanoTime();
        waitUntil(60, () -> fabric.switches().stream().noneMatch(sw -> dumpFlows(sw.name()).contains("priority=150")),
                "large-flow pins still present after the flows ended");
        System.out.println("hedera: pins gone " + seconds(ended) + " s after the flows ended");
    }

    /**
     * Two flows {src, srcIp, dst, dstIp} from e0's two hosts to two other hosts beyond e0's edge
     * whose ECMP rules on e0 leave by the same port, read from the rules the app installed.
     */
    private static String[][] collidingFlows(Fabric fabric) {
        List<FabricNode> local = new ArrayList<>();
        List<FabricNode> remote = new ArrayList<>();
        for (FabricNode h : fabric.hosts()) {
            String edge = fabric.node(fabric.link(fabric.outLinks(h.index())[0]).to()).name();
            (edge.equals("e0") ? local : remote).add(h);
        }
        for (FabricNode b : remote) {
            for (FabricNode d : remote) {
                if (b == d) {
                    continue;
                }
                String ipA = local.get(0).addresses().get(0);
                String ipB = b.addresses().get(0);
                String ipC = local.get(1).addresses().get(0);
                String ipD = d.addresses().get(0);
                if (ruleOutPort("e0", 100, ipA, ipB) == ruleOutPort("e0", 100, ipC, ipD)) {
                    return new String[][] {{local.get(0).name(), ipA, b.name(), ipB}, {local.get(1).name(), ipC, d.name(), ipD}};
                }
            }
        }
        throw new AssertionError("ECMP spreads every pair of flows leaving e0: nothing to test\n" + dumpFlows("e0"));
    }

    /** The port e0 forwards a flow by: its large-flow pin if it has one, else its ECMP rule. */
    private static int effectivePort(String[] flow) {
        int pinned = ruleOutPort("e0", 150, flow[1], flow[3]);
        return pinned >= 0 ? pinned : ruleOutPort("e0", 100, flow[1], flow[3]);
    }

    /** Output port of the app's rule for SRC -> DST at PRIORITY on BRIDGE, or -1. */
    private static int ruleOutPort(String bridge, int priority, String src, String dst) {
        Matcher m = Pattern.compile("priority=" + priority + ",ip,nw_src=" + Pattern.quote(src) + ",nw_dst="
                + Pattern.quote(dst) + " actions=output:(\\d+)").matcher(dumpFlows(bridge));
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /**
     * Registers the running fabric's hosts (replacing any earlier ones) and waits until the NIM's
     * directed links are the fabric file's; checks its switch and host counts. Returns the links.
     */
    private Set<String> registerHostsAndWaitForTopology(java.nio.file.Path run, Fabric fabric) throws Exception {
        Command.Result registered = Command.run(run.resolve("register-hosts.log"), 200, "/usr/bin/python3",
                MininetFabric.REPO.resolve("cluster/odl/register-hosts.py").toString(),
                "--state", run.resolve("mininet").toString(), "--wait", "150");
        assertEquals(0, registered.status(), "hosts not attached:\n" + registered.output());
        Set<String> expected = expectedLinks(fabric);
        Set<String> seen = waitForNimLinks(expected, 120);
        assertEquals(expected, seen, "NIM links vs fabric file");
        assertEquals(fabric.switches().size(), nim().path("switches").asInt());
        assertEquals(fabric.hosts().size(), nim().path("hosts").asInt());
        return seen;
    }

    /** Ordered host pairs where one ping of the other's first address gets no answer. */
    private List<String> unreachablePairs(List<FabricNode> hosts) throws Exception {
        List<String> unreachable = new ArrayList<>();
        for (FabricNode a : hosts) {
            for (FabricNode b : hosts) {
                if (a != b && current.exec(a.name(), 10, "ping", "-c", "1", "-W", "2",
                        b.addresses().get(0)).status() != 0) {
                    unreachable.add(a.name() + "->" + b.name());
                }
            }
        }
        return unreachable;
    }

    /** The fabric of the running test, for the helpers below. */
    private MininetFabric current;

    /** Every directed link of the fabric as the NIM names it: switches by OpenFlow node id, host ports 0. */
    private static Set<String> expectedLinks(Fabric fabric) {
        Set<String> links = new TreeSet<>();
        for (Link l : fabric.links()) {
            FabricNode from = fabric.node(l.from());
            FabricNode to = fabric.node(l.to());
            links.add(name(from) + ":" + (from.isHost() ? 0 : l.fromPort()) + " -> " + name(to) + ":"
                    + (to.isHost() ? 0 : l.toPort()));
        }
        return links;
    }

    private static String name(FabricNode node) {
        return node.isHost() ? node.name() : node.datapathId();
    }

    private Set<String> waitForNimLinks(Set<String> expected, int seconds) throws Exception {
        Set<String> seen = Set.of();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            seen = new TreeSet<>();
            for (JsonNode l : nim().path("link")) {
                seen.add(l.path("source-node").asText() + ":" + l.path("source-port").asInt() + " -> "
                        + l.path("destination-node").asText() + ":" + l.path("destination-port").asInt());
            }
            if (seen.equals(expected)) {
                return seen;
            }
            Thread.sleep(1000);
        }
        return seen;
    }

    private JsonNode nim() throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(RESTCONF + "/data/cormorant-nim:nim?content=nonconfig"))
                .header("Authorization", AUTH).header("Accept", "application/json").timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            return JSON.createObjectNode();
        }
        return JSON.readTree(r.body()).path("cormorant-nim:nim");
    }

    private List<JsonNode> listReservations() throws IOException, InterruptedException {
        List<JsonNode> out = new ArrayList<>();
        nim().path("reservation").forEach(out::add);
        return out;
    }

    private double linkRate(String from, String to) throws IOException, InterruptedException {
        for (JsonNode l : nim().path("link")) {
            if (l.path("source-node").asText().equals(from) && l.path("destination-node").asText().equals(to)) {
                return l.path("measured-bps").asDouble();
            }
        }
        throw new AssertionError("NIM has no link " + from + " -> " + to);
    }

    private HttpResponse<String> post(String rpc, String body, boolean authenticated) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(RESTCONF + "/operations/cormorant-nim:" + rpc))
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body));
        if (authenticated) {
            b.header("Authorization", AUTH);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String dumpFlows(String bridge) {
        try {
            Process p = new ProcessBuilder("ovs-ofctl", "-O", "OpenFlow13", "dump-flows", bridge).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return out;
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** Output port of the app's rule for n1 -> n5 (10.0.0.2 -> 10.0.0.6) at PRIORITY on BRIDGE. */
    private static int outputPort(String bridge, int priority) {
        Matcher m = Pattern.compile("priority=" + priority + ",ip,nw_src=10\\.0\\.0\\.2,nw_dst=10\\.0\\.0\\.6 actions=output:(\\d+)")
                .matcher(dumpFlows(bridge));
        if (!m.find()) {
            throw new AssertionError("no priority-" + priority + " rule for 10.0.0.2 -> 10.0.0.6 on " + bridge + ":\n" + dumpFlows(bridge));
        }
        return Integer.parseInt(m.group(1));
    }

    private static long pinnedPackets(String bridge) {
        Matcher m = Pattern.compile("n_packets=(\\d+), n_bytes=\\d+, priority=200,ip,nw_src=10\\.0\\.0\\.2,nw_dst=10\\.0\\.0\\.6")
                .matcher(dumpFlows(bridge));
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    private static String neighbour(Fabric fabric, String switchName, int port) {
        FabricNode sw = fabric.find(switchName).orElseThrow();
        Link link = fabric.linkFromPort(sw.index(), port).orElseThrow(() -> new AssertionError(switchName + " has no port " + port));
        return fabric.node(link.to()).name();
    }

    private record Iperf(double iperfBps, double sampled) {
    }

    private interface Sampler {
        double sample() throws Exception;
    }

    /**
     * iperf3 n1 -> n5 for 16 s; samples the NIM every 500 ms and keeps the value 13 s in. The NIM
     * lags the traffic by openflowplugin's statistics interval (3-6 s) plus its own poll (5 s), and a
     * rate needs two readings, so an early sample would catch it still ramping up.
     */
    private Iperf iperf(java.nio.file.Path run, String label, Sampler sampler) throws Exception {
        current.exec("n5", 10, "iperf3", "-s", "-D", "-1");
        Thread.sleep(500);
        java.nio.file.Path out = run.resolve("iperf3-" + label + ".json");
        Process client = current.spawn("n1", out, "iperf3", "-c", "10.0.0.6", "-t", "16", "-J");
        long start = System.nanoTime();
        double sampled = 0;
        while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(13_000)) {
            sampled = sampler.sample();
            Thread.sleep(500);
        }
        assertTrue(client.waitFor(30, TimeUnit.SECONDS), "iperf3 did not finish");
        JsonNode result = JSON.readTree(Files.readString(out));
        double bps = result.path("end").path("sum_received").path("bits_per_second").asDouble();
        assertTrue(bps > 1e6, "iperf3 " + label + ": " + result.path("error").asText(Files.readString(out)));
        return new Iperf(bps, sampled);
    }

    private interface Condition {
        boolean holds() throws Exception;
    }

    private static void waitUntil(int seconds, Condition condition, String message) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (condition.holds()) {
                return;
            }
            Thread.sleep(500);
        }
        fail(message + " (waited " + seconds + " s)");
    }

    private static double seconds(long sinceNanos) {
        return Math.round((System.nanoTime() - sinceNanos) / 1e8) / 10.0;
    }
}
