package org.cormorant.nim.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricJson;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.EqualCostPaths;
import org.junit.jupiter.api.Test;

/**
 * The RESTCONF transport turns the OpenDaylight app's {@code cormorant-nim:nim} container (as
 * RESTCONF renders it: uint64 as strings, each cable as two links) into the standalone API's
 * topology and snapshot. The document below has the shape the live controller returned in
 * OdlNimOnMininetIT; that test runs the client against the real controller.
 */
class RestconfTransportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** n1 - openflow:1 = openflow:2 - n2, with n3 registered but not attached. */
    static final String NIM = """
            {"cormorant-nim:nim":{"status":"ok","topology-id":"abc123","snapshot-version":"42","age-ms":"1500",
             "data-time":"1000000","published-at":"1001500","switches":2,"hosts":2,
             "link":[
              {"source-node":"openflow:2","source-port":1,"destination-node":"openflow:1","destination-port":2,
               "capacity-bps":"20000000","measured-bps":"1000000","reserved-bps":"0","flows":0,"available-bps":"19000000"},
              {"source-node":"n1","source-port":0,"destination-node":"openflow:1","destination-port":1,
               "capacity-bps":"20000000","measured-bps":"19000000","reserved-bps":"0","flows":0,"available-bps":"1000000"},
              {"source-node":"openflow:1","source-port":1,"destination-node":"n1","destination-port":0,
               "capacity-bps":"20000000","reserved-bps":"0","flows":0,"available-bps":"20000000"},
              {"source-node":"openflow:1","source-port":2,"destination-node":"openflow:2","destination-port":1,
               "capacity-bps":"20000000","measured-bps":"18000000","reserved-bps":"5000000","flows":1,"available-bps":"0"},
              {"source-node":"openflow:2","source-port":2,"destination-node":"n2","destination-port":0,
               "capacity-bps":"20000000","measured-bps":"0","reserved-bps":"0","flows":0,"available-bps":"20000000"},
              {"source-node":"n2","source-port":0,"destination-node":"openflow:2","destination-port":2,
               "capacity-bps":"20000000","measured-bps":"0","reserved-bps":"0","flows":0,"available-bps":"20000000"}],
             "host":[{"name":"n1","ip":"10.0.0.1","switch":"openflow:1","port":1,"attached":true},
                     {"name":"n2","ip":"10.0.0.2","switch":"openflow:2","port":2,"attached":true},
                     {"name":"n3","ip":"10.0.0.3","switch":"openflow:9","port":1,"attached":false}]}}
            """;

    @Test
    void containerBecomesTopologyAndSnapshotWithPairedDirections() throws Exception {
        JsonNode nim = JSON.readTree(NIM).path("cormorant-nim:nim");
        RestconfTransport.Parsed parsed = RestconfTransport.parse(nim, 1_002_000);
        Fabric fabric = FabricJson.parse(JSON.writeValueAsString(parsed.topology().fabric()));
        assertEquals(2, fabric.switches().size());
        assertEquals(List.of("n1", "n2"), fabric.hosts().stream().map(h -> h.name()).toList());
        assertEquals(6, fabric.linkCount());
        assertEquals("abc123", parsed.snapshot().topologyId());
        assertEquals(42, parsed.snapshot().version());
        assertEquals(2000, parsed.snapshot().ageMillis(), "age-ms plus the time since published-at");

        EqualCostPaths paths = new EqualCostPaths(fabric);
        NetworkSnapshot snapshot = new NetworkSnapshot(paths, 42, 1_000_000,
                parsed.snapshot().measuredBps().stream().mapToDouble(d -> d == null ? Double.NaN : d).toArray(),
                parsed.snapshot().reservedBps(), parsed.snapshot().flows());
        // Every link of the fabric carries the numbers of the same direction in the document.
        for (int i = 0; i < fabric.linkCount(); i++) {
            var link = fabric.link(i);
            String from = fabric.node(link.from()).name();
            String to = fabric.node(link.to()).name();
            double measured = snapshot.measuredBps(i);
            switch (from + ">" + to) {
                case "n1>openflow:1" -> assertEquals(19e6, measured);
                case "openflow:1>n1" -> assertTrue(Double.isNaN(measured), "never measured stays unknown");
                case "openflow:1>openflow:2" -> {
                    assertEquals(18e6, measured);
                    assertEquals(5e6, snapshot.reservedBps(i));
                    assertEquals(1, snapshot.flows(i));
                }
                case "openflow:2>openflow:1" -> assertEquals(1e6, measured);
                case "openflow:2>n2", "n2>openflow:2" -> assertEquals(0, measured);
                default -> throw new AssertionError("unexpected link " + from + ">" + to);
            }
        }
        assertEquals(1, paths.between(fabric.host("n1").index(), fabric.host("n2").index()).size());
    }

    @Test
    void statusOtherThanOkAndOneWayLinksAreClearErrors() throws Exception {
        IOException noTopology = assertThrows(IOException.class, () -> RestconfTransport.parse(
                JSON.readTree("{\"status\":\"no-topology\",\"switches\":0}"), 0));
        assertTrue(noTopology.getMessage().contains("no-topology"), noTopology.getMessage());
        JsonNode oneWay = JSON.readTree("""
                {"status":"ok","topology-id":"x","link":[{"source-node":"openflow:1","source-port":1,
                 "destination-node":"openflow:2","destination-port":1,"capacity-bps":"1000"}]}""");
        IOException e = assertThrows(IOException.class, () -> RestconfTransport.parse(oneWay, 0));
        assertTrue(e.getMessage().contains("without its reverse direction"), e.getMessage());
    }

    @Test
    void clientOverRestconfSendsBasicAuthAndReservesThroughTheRpc() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicReference<String> auth = new AtomicReference<>();
        AtomicReference<String> reserveBody = new AtomicReference<>();
        server.createContext("/rests/data/cormorant-nim:nim", x -> {
            auth.set(x.getRequestHeaders().getFirst("Authorization"));
            String now = NIM.replace("\"published-at\":\"1001500\"", "\"published-at\":\"" + System.currentTimeMillis() + "\"");
            reply(x, 200, now);
        });
        server.createContext("/rests/operations/cormorant-nim:reserve-path", x -> {
            reserveBody.set(new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            reply(x, 200, "{\"cormorant-nim:output\":{\"id\":\"r7\",\"src\":\"n1\",\"dst\":\"n2\",\"path\":[\"n1\","
                    + "\"openflow:1\",\"openflow:2\",\"n2\"],\"bandwidth-bps\":\"3000000\",\"created-at\":\"5\","
                    + "\"expires-at\":\"60005\",\"snapshot-version\":\"43\"}}");
        });
        server.createContext("/rests/operations/cormorant-nim:release-path", x -> reply(x, 400,
                "{\"errors\":{\"error\":[{\"error-type\":\"application\",\"error-tag\":\"invalid-value\","
                        + "\"error-message\":\"no reservation r8\"}]}}"));
        server.start();
        try (NimClient client = new NimClient(new NimClientConfig(
                URI.create("restconf+http://127.0.0.1:" + server.getAddress().getPort() + "/rests"), 1000, 2000, 15_000,
                "admin:admin"))) {
            assertTrue(client.refresh());
            assertEquals("Basic YWRtaW46YWRtaW4=", auth.get());
            assertEquals(NimStatus.Health.FRESH, client.status().health());
            NetworkSnapshot snapshot = client.usableSnapshot().orElseThrow();
            var view = client.reserve("job-1", "n1", "n2", null, 3e6, 60_000).orElseThrow();
            assertEquals("r7", view.id());
            assertEquals(List.of("n1", "openflow:1", "openflow:2", "n2"), view.path());
            JsonNode sent = JSON.readTree(reserveBody.get()).path("input");
            assertEquals(3000000, sent.path("bandwidth-bps").asLong());
            assertEquals(60000, sent.path("ttl-ms").asLong());
            assertNull(sent.get("path"));
            Fabric fabric = snapshot.fabric();
            int up = fabric.linkFromPort(fabric.find("openflow:1").orElseThrow().index(), 2).orElseThrow().index();
            assertEquals(5e6 + 3e6, client.usableSnapshot().orElseThrow().reservedBps(up), "applied locally at once");
            assertEquals(false, client.release("r8"));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void addressNeedsHttpOrRestconfHttp() {
        assertTrue(new NimClientConfig(URI.create("restconf+https://odl:8181/rests"), 1, 1, 1, null).restconf());
        assertEquals(URI.create("https://odl:8181/rests"),
                new NimClientConfig(URI.create("restconf+https://odl:8181/rests"), 1, 1, 1, null).httpUri());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new NimClientConfig(URI.create("restconf+ftp://odl/rests"), 1, 1, 1, null));
        assertTrue(e.getMessage().contains("restconf+http"), e.getMessage());
    }

    private static void reply(com.sun.net.httpserver.HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length);
        x.getResponseBody().write(bytes);
        x.close();
    }
}
