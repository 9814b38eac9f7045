package org.cormorant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.client.NimClient;
import org.cormorant.nim.client.NimClientConfig;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricJson;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.forwarding.EcmpForwarding;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.path.EqualCostPaths;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.service.NimApi;
import org.cormorant.nim.service.NimHttpServer;
import org.cormorant.nim.service.NimService;
import org.cormorant.nim.service.OvsFlowInstaller;
import org.cormorant.nim.service.OvsPortCounterSource;
import org.junit.jupiter.api.Test;

/**
 * The flow scheduler on a real emulated fabric without an SDN controller: the standalone NIM installs
 * ECMP forwarding with ovs-ofctl, a reservation made over HTTP (as the Hadoop plugins make them)
 * pins the transfer to the reserved path, which the switches' flow tables and port counters show,
 * and releasing it removes the pin so the pair is back on its ECMP path.
 */
class FlowPinningOnMininetIT {
    @Test
    void reservedPathIsTheOneTrafficTakesAndReleaseUnpinsIt() throws Exception {
        java.nio.file.Path run = MininetFabric.REPO.resolve("run/it-pinning");
        java.nio.file.Path fabricFile = MininetFabric.REPO.resolve("cluster/fabrics/testbed.json");
        Fabric fabric = FabricJson.read(fabricFile);
        EqualCostPaths paths = new EqualCostPaths(fabric);
        NetworkInformationManager nim = new NetworkInformationManager(fabric,
                NimSettings.defaults().withSmoothing(1.0), System::currentTimeMillis);
        List<String> bridges = fabric.switches().stream().map(FabricNode::name).toList();
        MininetFabric mininet = MininetFabric.start(fabricFile, run);
        NimApi api = new NimApi(nim, "it-token");
        try (NimService service = new NimService(nim,
                List.of(new OvsPortCounterSource("ovs-ofctl", bridges, System::currentTimeMillis)), 1000,
                new NimHttpServer(api, "127.0.0.1", 0, 2))
                .withFlowInstaller(new OvsFlowInstaller(nim, "ovs-ofctl"))) {
            api.onReservationsChanged(service::reconcileFlowsSoon);
            service.start();
            service.reconcileFlows();
            // The installer's ECMP rules alone connect every pair (the launcher installed none).
            assertEquals(0, mininet.exec("n1", 10, "ping", "-c", "1", "-W", "2", "10.0.0.6").status());
            assertEquals(0, mininet.exec("n7", 10, "ping", "-c", "1", "-W", "2", "10.0.0.1").status());

            Path ecmp = EcmpForwarding.pathFor(paths, fabric.host("n1"), fabric.host("n5"));
            Path other = paths.between(fabric.host("n1").index(), fabric.host("n5").index()).stream()
                    .filter(p -> !p.equals(ecmp)).findFirst().orElseThrow();
            String otherAgg = other.nodeNames(fabric).get(2);
            String ecmpAgg = ecmp.nodeNames(fabric).get(2);

            NimClient nimClient = new NimClient(new NimClientConfig(
                    URI.create("http://127.0.0.1:" + service.port()), 500, 2000, 10_000, "it-token"));
            assertTrue(nimClient.refresh());
            ReservationView pin = nimClient.reserve("attempt_1_m_000001", "n1", "n5", other, 5e6, 120_000)
                    .orElseThrow();
            assertEquals(other.nodeNames(fabric), pin.path());
            waitForFlow(otherAgg, true);
            assertTrue(dumpFlows(otherAgg).contains("priority=200"), dumpFlows(otherAgg));

            double[] pinned = iperfAndMeasure(mininet, nim, run, "pinned");
            double onOther = pinned[other.link(1)];
            double onEcmp = pinned[ecmp.link(1)];
            String report = "pinned via " + otherAgg + ": " + Math.round(onOther / 1e3) + " kbit/s there, "
                    + Math.round(onEcmp / 1e3) + " kbit/s via " + ecmpAgg;
            System.out.println(report);
            assertTrue(onOther > 10e6 && onEcmp < 1e6, report);

            assertTrue(nimClient.release(pin.id()));
            waitForFlow(otherAgg, false);
            double[] released = iperfAndMeasure(mininet, nim, run, "released");
            String after = "released: " + Math.round(released[other.link(1)] / 1e3) + " kbit/s via " + otherAgg + ", "
                    + Math.round(released[ecmp.link(1)] / 1e3) + " kbit/s via " + ecmpAgg;
            System.out.println(after);
            assertTrue(released[ecmp.link(1)] > 10e6 && released[other.link(1)] < 1e6, after);
            nimClient.close();
        } finally {
            mininet.close();
        }
        assertEquals(0, mininet.cleanupStatus(), mininet.cleanupReport());
        assertFalse(mininet.cleanupReport().contains("still present"));
    }

    private static String dumpFlows(String bridge) throws Exception {
        Process p = new ProcessBuilder("ovs-ofctl", "-O", "OpenFlow13", "dump-flows", bridge).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }

    private static void waitForFlow(String bridge, boolean present) throws Exception {
        for (int i = 0; i < 50; i++) {
            boolean has = dumpFlows(bridge).contains("priority=200,ip,nw_src=10.0.0.2,nw_dst=10.0.0.6");
            if (has == present) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("pinned flow on " + bridge + " did not become " + (present ? "present" : "absent")
                + ":\n" + dumpFlows(bridge));
    }

    /** Runs iperf3 n1 -> n5 for 8 s and returns the NIM's per-link rates 6 s in. */
    private static double[] iperfAndMeasure(MininetFabric mininet, NetworkInformationManager nim,
                                            java.nio.file.Path run, String label) throws Exception {
        mininet.exec("n5", 10, "iperf3", "-s", "-D", "-1");
        Thread.sleep(500);
        java.nio.file.Path out = run.resolve("iperf3-" + label + ".json");
        Process client = mininet.spawn("n1", out, "iperf3", "-c", "10.0.0.6", "-t", "8", "-J");
        Thread.sleep(6_500);
        NetworkSnapshot during = nim.snapshot();
        assertTrue(client.waitFor(30, TimeUnit.SECONDS));
        assertNotEquals(0, Files.size(out));
        double[] result = new double[during.fabric().linkCount()];
        for (int i = 0; i < result.length; i++) {
            double m = during.measuredBps(i);
            result[i] = Double.isNaN(m) ? 0 : m;
        }
        return result;
    }
}
