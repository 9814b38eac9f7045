package org.cormorant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricJson;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.forwarding.EcmpForwarding;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.path.EqualCostPaths;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.schedule.LargeFlowPlacement;
import org.cormorant.nim.schedule.LargeFlowScheduler;
import org.cormorant.nim.service.NimApi;
import org.cormorant.nim.service.NimHttpServer;
import org.cormorant.nim.service.NimService;
import org.cormorant.nim.service.OvsFlowCounterSource;
import org.cormorant.nim.service.OvsFlowInstaller;
import org.cormorant.nim.service.OvsPortCounterSource;
import org.junit.jupiter.api.Test;

/**
 * The "flow scheduler only" scenario's mechanism on the emulated testbed (serve --install-flows
 * --hedera): two iperf3 flows from one edge switch's hosts to another's, which ECMP hashes onto the
 * same aggregation switch, share its uplink until the Hedera round measures them as large flows,
 * estimates their natural demand (a whole NIC each) and Global First Fit gives them different
 * aggregation switches; the port counters then show both uplinks full, and the pins go when the
 * flows end. The test drives the NIM's polling itself, one round a second, so the phases are
 * deterministic.
 */
class HederaOnMininetIT {
    private static final long PERIOD_MILLIS = 3_500;

    @Test
    void largeFlowsThatEcmpCollidesAreSpreadAndUnpinnedWhenTheyEnd() throws Exception {
        java.nio.file.Path run = MininetFabric.REPO.resolve("run/it-hedera");
        java.nio.file.Path fabricFile = MininetFabric.REPO.resolve("cluster/fabrics/testbed.json");
        Fabric fabric = FabricJson.read(fabricFile);
        EqualCostPaths paths = new EqualCostPaths(fabric);
        List<HostPair> pairs = collidingPairs(fabric, paths);
        String sharedAgg = aggregationOf(fabric, EcmpForwarding.pathFor(paths, fabric.host(pairs.get(0).src()),
                fabric.host(pairs.get(0).dst())));
        String edge = fabric.node(fabric.link(fabric.outLinks(fabric.host(pairs.get(0).src()).index())[0]).to()).name();
        String otherAgg = sharedAgg.equals("a0") ? "a1" : "a0";
        int sharedUplink = linkIndex(fabric, edge, sharedAgg);
        int otherUplink = linkIndex(fabric, edge, otherAgg);

        NetworkInformationManager nim = new NetworkInformationManager(fabric,
                NimSettings.defaults().withSmoothing(1.0), System::currentTimeMillis);
        List<String> bridges = fabric.switches().stream().map(FabricNode::name).toList();
        OvsFlowInstaller installer = new OvsFlowInstaller(nim, "ovs-ofctl");
        LargeFlowScheduler hedera = new LargeFlowScheduler(nim, new LargeFlowPlacement(), PERIOD_MILLIS);
        MininetFabric mininet = MininetFabric.start(fabricFile, run);
        List<String> report = new ArrayList<>();
        try (NimService service = new NimService(nim,
                List.of(new OvsPortCounterSource("ovs-ofctl", bridges, System::currentTimeMillis)), 1000,
                new NimHttpServer(new NimApi(nim, null), "127.0.0.1", 0, 1))
                .withFlowInstaller(installer)
                .withLargeFlowScheduler(hedera, new OvsFlowCounterSource("ovs-ofctl", fabric, System::currentTimeMillis))) {
            service.pollOnce();  // installs ECMP; the first Hedera round (nothing measured yet)
            for (HostPair p : pairs) {
                assertEquals(0, mininet.exec(p.src(), 10, "ping", "-c", "1", "-W", "2", ip(fabric, p.dst())).status());
                mininet.exec(p.dst(), 10, "iperf3", "-s", "-D", "-1");
            }
            Thread.sleep(500);
            List<Process> clients = new ArrayList<>();
            for (HostPair p : pairs) {
                clients.add(mininet.spawn(p.src(), run.resolve("iperf3-" + p.src() + ".json"),
                        "iperf3", "-c", ip(fabric, p.dst()), "-t", "20", "-J"));
            }
            long start = System.currentTimeMillis();

            // Phase 1: ECMP alone; the next round is not due before PERIOD_MILLIS after the first.
            for (int i = 0; i < 3; i++) {
                Thread.sleep(1000);
                service.pollOnce();
            }
            NetworkSnapshot collided = nim.snapshot();
            report.add(String.format("ECMP (%.1f s): %s", (System.currentTimeMillis() - start) / 1e3,
                    uplinks(collided, edge, sharedAgg, sharedUplink, otherAgg, otherUplink)));
            assertTrue(hedera.pins().isEmpty(), "no round ran with the flows measured yet");

            // Phase 2: the next rounds pin them apart.
            for (int i = 0; i < 10 && !spread(fabric, paths, hedera.pins(), pairs); i++) {
                Thread.sleep(1000);
                service.pollOnce();
            }
            Map<HostPair, Path> pins = hedera.pins();
            report.add("pins: " + pins.entrySet().stream()
                    .map(e -> e.getKey() + " via " + aggregationOf(fabric, e.getValue())).toList());
            assertTrue(spread(fabric, paths, pins, pairs), String.join("\n", report));
            String flows = dumpFlows(otherAgg);
            assertTrue(flows.contains("priority=150,ip,nw_src="), flows);
            for (int i = 0; i < 4; i++) {
                Thread.sleep(1000);
                service.pollOnce();
            }
            NetworkSnapshot spreadOut = nim.snapshot();
            report.add(String.format("Hedera (%.1f s): %s", (System.currentTimeMillis() - start) / 1e3,
                    uplinks(spreadOut, edge, sharedAgg, sharedUplink, otherAgg, otherUplink)));
            assertEquals(pins, hedera.pins(), "no churn once spread");

            for (int i = 0; i < clients.size(); i++) {
                assertTrue(clients.get(i).waitFor(60, TimeUnit.SECONDS));
                JsonNode json = new ObjectMapper().readTree(run.resolve("iperf3-" + pairs.get(i).src() + ".json").toFile());
                report.add(String.format("iperf3 %s: %.2f Mbit/s over 20 s", pairs.get(i),
                        json.path("end").path("sum_received").path("bits_per_second").asDouble() / 1e6));
            }

            // Phase 3: the flows ended; the next round drops their pins.
            for (int i = 0; i < 10 && !hedera.pins().isEmpty(); i++) {
                Thread.sleep(1000);
                service.pollOnce();
            }
            report.add("after the flows: " + hedera.pins().size() + " pins");
            System.out.println(String.join("\n", report));
            assertTrue(hedera.pins().isEmpty(), String.join("\n", report));
            for (String bridge : bridges) {
                assertFalse(dumpFlows(bridge).contains("priority=150"), bridge + ":\n" + dumpFlows(bridge));
            }

            // Collided: the shared uplink carried both, the other next to nothing.
            assertTrue(rate(collided, sharedUplink) > 15e6 && rate(collided, otherUplink) < 2e6, String.join("\n", report));
            // Spread: each uplink carries one flow at nearly line rate.
            assertTrue(rate(spreadOut, sharedUplink) > 15e6 && rate(spreadOut, otherUplink) > 15e6, String.join("\n", report));
        } finally {
            mininet.close();
        }
        assertEquals(0, mininet.cleanupStatus(), mininet.cleanupReport());
        assertFalse(mininet.cleanupReport().contains("still present"));
    }

    /** Two pairs, four different hosts, from one edge switch's hosts to another's, that ECMP routes via the same aggregation switch. */
    private static List<HostPair> collidingPairs(Fabric fabric, EqualCostPaths paths) {
        List<FabricNode> hosts = fabric.hosts();
        for (FabricNode a : hosts) {
            for (FabricNode b : hosts) {
                for (FabricNode c : hosts) {
                    for (FabricNode d : hosts) {
                        if (List.of(a, b, c, d).stream().distinct().count() < 4 || !edgeOf(fabric, a).equals(edgeOf(fabric, c))
                                || !edgeOf(fabric, b).equals(edgeOf(fabric, d)) || edgeOf(fabric, a).equals(edgeOf(fabric, b))) {
                            continue;
                        }
                        Path ab = EcmpForwarding.pathFor(paths, a, b);
                        Path cd = EcmpForwarding.pathFor(paths, c, d);
                        if (ab.hops() == 4 && aggregationOf(fabric, ab).equals(aggregationOf(fabric, cd))) {
                            return List.of(new HostPair(a.name(), b.name()), new HostPair(c.name(), d.name()));
                        }
                    }
                }
            }
        }
        throw new AssertionError("ECMP spreads every pair of flows between two edge switches: nothing to test");
    }

    /**
     * Whether the pairs run via different aggregation switches: each on its pin, or on its ECMP path
     * if it has none (Global First Fit leaves a flow that fits nowhere better where it is).
     */
    private static boolean spread(Fabric fabric, EqualCostPaths paths, Map<HostPair, Path> pins, List<HostPair> pairs) {
        List<String> aggs = new ArrayList<>();
        for (HostPair p : pairs) {
            Path path = pins.get(p);
            if (path == null) {
                path = EcmpForwarding.pathFor(paths, fabric.host(p.src()), fabric.host(p.dst()));
            }
            aggs.add(aggregationOf(fabric, path));
        }
        return !pins.isEmpty() && !aggs.get(0).equals(aggs.get(1));
    }

    private static String edgeOf(Fabric fabric, FabricNode host) {
        return fabric.node(fabric.link(fabric.outLinks(host.index())[0]).to()).name();
    }

    private static String aggregationOf(Fabric fabric, Path p) {
        return p.nodeNames(fabric).get(2);
    }

    private static String ip(Fabric fabric, String host) {
        return EcmpForwarding.ipv4(fabric.host(host)).orElseThrow();
    }

    private static int linkIndex(Fabric fabric, String from, String to) {
        int a = fabric.find(from).orElseThrow().index();
        for (int l : fabric.outLinks(a)) {
            if (fabric.node(fabric.link(l).to()).name().equals(to)) {
                return l;
            }
        }
        throw new AssertionError("no link " + from + " -> " + to);
    }

    private static double rate(NetworkSnapshot s, int link) {
        double m = s.measuredBps(link);
        return Double.isNaN(m) ? 0 : m;
    }

    private static String uplinks(NetworkSnapshot s, String edge, String agg1, int l1, String agg2, int l2) {
        return String.format("%s->%s %.2f Mbit/s, %s->%s %.2f Mbit/s", edge, agg1, rate(s, l1) / 1e6, edge, agg2, rate(s, l2) / 1e6);
    }

    private static String dumpFlows(String bridge) throws Exception {
        Process p = new ProcessBuilder("ovs-ofctl", "-O", "OpenFlow13", "dump-flows", bridge).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }
}
