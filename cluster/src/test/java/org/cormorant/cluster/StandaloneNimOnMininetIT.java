package org.cormorant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cormorant.nim.api.NimJson;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricJson;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.forwarding.EcmpForwarding;
import org.cormorant.nim.forwarding.ForwardingRule;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.path.EqualCostPaths;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.service.NimApi;
import org.cormorant.nim.service.NimHttpServer;
import org.cormorant.nim.service.NimService;
import org.cormorant.nim.service.OvsPortCounterSource;
import org.junit.jupiter.api.Test;

/**
 * The standalone NIM measuring a real emulated fabric: the Cormorant testbed (20 Mbit/s links) in
 * Mininet on Open vSwitch, forwarding by static ECMP rules, counters read with ovs-ofctl. It checks
 * that every host pair pings, that the load the NIM reports on the links of an iperf3 flow is within
 * 20% of the rate iperf3 measured, and that tear-down leaves nothing behind.
 */
class StandaloneNimOnMininetIT {
    @Test
    void nimMeasuresAnIperfFlowOnTheEmulatedTestbed() throws Exception {
        java.nio.file.Path run = MininetFabric.REPO.resolve("run/it-standalone");
        java.nio.file.Path fabricFile = MininetFabric.REPO.resolve("cluster/fabrics/testbed.json");
        Fabric fabric = FabricJson.read(fabricFile);
        EqualCostPaths paths = new EqualCostPaths(fabric);
        Files.createDirectories(run);
        java.nio.file.Path flows = run.resolve("ecmp.flows");
        List<String> lines = new ArrayList<>();
        for (ForwardingRule rule : EcmpForwarding.rules(paths)) {
            lines.add(rule.switchName() + "\t" + rule.toOvsFlow(100));
        }
        Files.write(flows, lines);

        NetworkInformationManager nim = new NetworkInformationManager(fabric,
                NimSettings.defaults().withSmoothing(1.0), System::currentTimeMillis);
        List<String> bridges = fabric.switches().stream().map(FabricNode::name).toList();
        MininetFabric mininet = MininetFabric.start(fabricFile, run, "--ecmp-flows", flows.toString());
        try (NimService service = new NimService(nim,
                List.of(new OvsPortCounterSource("ovs-ofctl", bridges, System::currentTimeMillis)), 2000,
                new NimHttpServer(new NimApi(nim, null), "127.0.0.1", 0, 2)).start()) {
            // Every ordered pair of hosts reaches the other.
            List<String> failed = new ArrayList<>();
            for (FabricNode src : fabric.hosts()) {
                for (FabricNode dst : fabric.hosts()) {
                    if (src != dst) {
                        String ip = EcmpForwarding.ipv4(dst).orElseThrow();
                        if (mininet.exec(src.name(), 10, "ping", "-c", "1", "-W", "2", ip).status() != 0) {
                            failed.add(src.name() + "->" + dst.name());
                        }
                    }
                }
            }
            assertTrue(failed.isEmpty(), "pairs that do not ping: " + failed);

            // One iperf3 flow n1 -> n5; read the NIM's view of its links in the middle of it.
            mininet.exec("n5", 10, "iperf3", "-s", "-D", "-1");
            Thread.sleep(1000);
            java.nio.file.Path iperfJson = run.resolve("iperf3.json");
            Process client = mininet.spawn("n1", iperfJson, "iperf3", "-c", "10.0.0.6", "-t", "16", "-J");
            Thread.sleep(11_000);
            NetworkSnapshot during = nim.snapshot();
            assertTrue(client.waitFor(30, TimeUnit.SECONDS), "iperf3 client finished");
            JsonNode result = NimJson.mapper().readTree(Files.readString(iperfJson));
            double iperfBps = result.path("end").path("sum_received").path("bits_per_second").asDouble();
            assertTrue(iperfBps > 5e6, "iperf3 moved data: " + iperfBps);

            Path ecmpPath = EcmpForwarding.pathFor(paths, fabric.host("n1"), fabric.host("n5"));
            StringBuilder report = new StringBuilder("iperf3 " + Math.round(iperfBps / 1e3) + " kbit/s; NIM:");
            for (int l : ecmpPath.links()) {
                Link link = fabric.link(l);
                double measured = during.measuredBps(l);
                report.append(' ').append(fabric.node(link.from()).name()).append("->")
                        .append(fabric.node(link.to()).name()).append('=').append(Math.round(measured / 1e3));
            }
            for (int l : ecmpPath.links()) {
                double measured = during.measuredBps(l);
                assertTrue(Math.abs(measured - iperfBps) <= 0.2 * iperfBps, report.toString());
            }
            // The other aggregation path carries nothing of it, and the NIM says so.
            Path other = paths.between(fabric.host("n1").index(), fabric.host("n5").index()).stream()
                    .filter(p -> !p.equals(ecmpPath)).findFirst().orElseThrow();
            assertTrue(during.measuredBps(other.link(1)) < 0.2 * iperfBps, report.toString());
            System.out.println(report);
        } finally {
            mininet.close();
        }
        assertEquals(0, mininet.cleanupStatus(), mininet.cleanupReport());
    }
}
