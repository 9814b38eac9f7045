package org.cormorant.nim.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.cormorant.nim.api.NimJson;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NimSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The standalone NIM over real HTTP on loopback: the API, its errors, and that nothing sent can stop it. */
class NimServiceHttpTest {
    private static final String TOKEN = "s3cret";
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private NimService service;
    private long now = 1_700_000_000_000L;

    @BeforeEach
    void start() throws IOException {
        NetworkInformationManager nim = new NetworkInformationManager(StandardFabrics.cormorantTestbed(1e9),
                NimSettings.defaults().withSmoothing(1.0), () -> now);
        service = new NimService(nim, List.of(), 60_000,
                new NimHttpServer(new NimApi(nim, TOKEN), "127.0.0.1", 0, 2)).start();
    }

    @AfterEach
    void stop() {
        service.close();
    }

    private HttpResponse<String> call(String method, String path, String body, boolean withToken) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + service.port() + path))
                .timeout(Duration.ofSeconds(5))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (withToken) {
            b.header("Authorization", "Bearer " + TOKEN);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> response) throws IOException {
        return NimJson.mapper().readTree(response.body());
    }

    /** Two readings one second apart: n1's edge switch e0 sends 800 Mbit/s down its port to n1 (port 2). */
    private void loadLinkToN1() throws Exception {
        String first = "{\"samples\":[{\"node\":\"e0\",\"port\":2,\"rxBytes\":0,\"txBytes\":0,\"timestampMillis\":" + now + "}]}";
        assertEquals(200, call("POST", "/v1/counters", first, true).statusCode());
        now += 1000;
        String second = "{\"samples\":[{\"node\":\"e0\",\"port\":2,\"rxBytes\":0,\"txBytes\":100000000,\"timestampMillis\":"
                + now + "},{\"node\":\"nope\",\"port\":1,\"rxBytes\":0,\"txBytes\":0,\"timestampMillis\":" + now + "}]}";
        HttpResponse<String> r = call("POST", "/v1/counters", second, true);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(1, json(r).get("accepted").asInt());
        assertEquals(1, json(r).get("ignored").asInt());
        service.pollOnce();
    }

    @Test
    void pushedCountersShowInSnapshotAndBatchBandwidth() throws Exception {
        loadLinkToN1();
        JsonNode health = json(call("GET", "/v1/health", null, false));
        assertEquals("ok", health.get("status").asText());
        String body = "{\"pairs\":[{\"src\":\"n2\",\"dst\":\"n1\"},{\"src\":\"n2\",\"dst\":\"n4\"},"
                + "{\"src\":\"ghost\",\"dst\":\"n1\"}],\"aggregation\":\"average\"}";
        HttpResponse<String> r = call("POST", "/v1/bandwidth", body, false);
        assertEquals(200, r.statusCode(), r.body());
        JsonNode results = json(r).get("results");
        assertEquals(200e6, results.get(0).get("availableBps").asDouble(), 1);
        assertEquals(1e9, results.get(1).get("availableBps").asDouble(), 1);
        assertEquals(2, results.get(1).get("candidatePaths").asInt());
        assertTrue(results.get(2).get("error").asText().contains("ghost"));
        JsonNode topology = json(call("GET", "/v1/topology", null, false));
        assertEquals(16, topology.get("fabric").get("links").size());
        JsonNode snapshot = json(call("GET", "/v1/snapshot", null, false));
        assertEquals(32, snapshot.get("availableBps").size());
        assertEquals(topology.get("topologyId"), snapshot.get("topologyId"));
    }

    @Test
    void reservationsAreMadeListedAndReleased() throws Exception {
        HttpResponse<String> made = call("POST", "/v1/reservations",
                "{\"owner\":\"container_1\",\"src\":\"n2\",\"dst\":\"n0\",\"bandwidthBps\":6e8,\"ttlMillis\":30000}", true);
        assertEquals(201, made.statusCode(), made.body());
        JsonNode first = json(made);
        JsonNode second = json(call("POST", "/v1/reservations",
                "{\"owner\":\"container_2\",\"src\":\"n3\",\"dst\":\"n1\",\"bandwidthBps\":6e8}", true));
        // Both cross from e1 to e0: the second must avoid the aggregation switch the first took.
        assertNotEquals(first.get("path").get(2).asText(), second.get("path").get(2).asText());
        assertEquals(2, json(call("GET", "/v1/reservations", null, false)).get("reservations").size());
        String id = first.get("id").asText();
        assertEquals(204, call("DELETE", "/v1/reservations/" + id, null, true).statusCode());
        assertEquals(404, call("DELETE", "/v1/reservations/" + id, null, true).statusCode());
        assertEquals(1, json(call("GET", "/v1/reservations", null, false)).get("reservations").size());
    }

    @Test
    void pinnedPathMustBeACandidate() throws Exception {
        HttpResponse<String> ok = call("POST", "/v1/reservations",
                "{\"src\":\"n2\",\"dst\":\"n0\",\"path\":[\"n2\",\"e1\",\"a1\",\"e0\",\"n0\"],\"bandwidthBps\":1e8}", true);
        assertEquals(201, ok.statusCode(), ok.body());
        HttpResponse<String> bad = call("POST", "/v1/reservations",
                "{\"src\":\"n2\",\"dst\":\"n0\",\"path\":[\"n2\",\"e1\",\"a1\",\"e2\",\"n0\"],\"bandwidthBps\":1e8}", true);
        assertEquals(400, bad.statusCode());
        assertTrue(json(bad).get("message").asText().contains("not one of the shortest paths"), bad.body());
    }

    @Test
    void writesNeedTheToken() throws Exception {
        String body = "{\"src\":\"n2\",\"dst\":\"n0\",\"bandwidthBps\":1e8}";
        assertEquals(401, call("POST", "/v1/reservations", body, false).statusCode());
        HttpResponse<String> wrong = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + service.port() + "/v1/reservations"))
                .header("Authorization", "Bearer guess").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, wrong.statusCode());
        assertEquals(401, call("POST", "/v1/counters", "{\"samples\":[]}", false).statusCode());
        assertEquals(0, service.nim().reservations().size());
        // Reads stay open.
        assertEquals(200, call("POST", "/v1/bandwidth", "{\"pairs\":[]}", false).statusCode());
    }

    @Test
    void badRequestsGetClearErrors() throws Exception {
        HttpResponse<String> syntax = call("POST", "/v1/bandwidth", "{\"pairs\": [", false);
        assertEquals(400, syntax.statusCode());
        assertTrue(json(syntax).get("message").asText().contains("line 1, column 12"), syntax.body());
        HttpResponse<String> field = call("POST", "/v1/bandwidth", "{\"pears\": []}", false);
        assertEquals(400, field.statusCode());
        assertTrue(json(field).get("message").asText().contains("pears"), field.body());
        HttpResponse<String> aggregation = call("POST", "/v1/bandwidth", "{\"pairs\":[],\"aggregation\":\"median\"}", false);
        assertTrue(json(aggregation).get("message").asText().contains("median"), aggregation.body());
        HttpResponse<String> unknown = call("GET", "/v1/paths?src=n1&dst=zz", null, false);
        assertEquals(404, unknown.statusCode());
        assertTrue(json(unknown).get("message").asText().contains("zz"));
        assertEquals(400, call("GET", "/v1/paths?src=n1", null, false).statusCode());
        assertEquals(405, call("DELETE", "/v1/snapshot", null, true).statusCode());
        assertEquals(404, call("GET", "/v2/anything", null, false).statusCode());
        HttpResponse<String> negative = call("POST", "/v1/reservations",
                "{\"src\":\"n2\",\"dst\":\"n0\",\"bandwidthBps\":-5}", true);
        assertEquals(400, negative.statusCode());
        assertTrue(json(negative).get("message").asText().contains("bandwidthBps"), negative.body());
        HttpResponse<String> huge = call("POST", "/v1/counters", "x".repeat(NimApi.MAX_BODY_BYTES + 10), true);
        assertEquals(413, huge.statusCode());
        HttpResponse<String> paths = call("GET", "/v1/paths?src=n2&dst=10.0.0.1", null, false);
        assertEquals(200, paths.statusCode(), paths.body());
        assertEquals(2, json(paths).get("paths").size());
    }

    @Test
    void thousandMalformedRequestsDoNotStopTheServer() throws Exception {
        Random random = new Random(7);
        String[] paths = {"/v1/bandwidth", "/v1/reservations", "/v1/counters", "/v1/paths?src=%25zz", "/v1/reservations/%00"};
        String[] bodies = {"", "null", "[]", "{", "{\"pairs\":null}", "{\"pairs\":[null]}", "{\"samples\":[{}]}",
                "{\"samples\":[{\"node\":\"e0\",\"port\":-1,\"rxBytes\":0,\"txBytes\":0,\"timestampMillis\":1}]}",
                "{\"src\":1e999,\"dst\":{},\"bandwidthBps\":\"lots\"}", "\u0000\u0001garbage", "{\"pairs\":[{\"src\":null,\"dst\":null}]}"};
        for (int i = 0; i < 1000; i++) {
            String body = i % 10 == 9 ? randomBytes(random) : bodies[random.nextInt(bodies.length)];
            HttpResponse<String> r = call("POST", paths[random.nextInt(paths.length)], body, true);
            assertTrue(r.statusCode() >= 200 && r.statusCode() < 500, "request " + i + " got " + r.statusCode() + " " + r.body());
        }
        HttpResponse<String> still = call("POST", "/v1/bandwidth", "{\"pairs\":[{\"src\":\"n1\",\"dst\":\"n5\"}]}", false);
        assertEquals(200, still.statusCode());
        assertEquals(1e9, json(still).get("results").get(0).get("availableBps").asDouble(), 1);
    }

    private static String randomBytes(Random random) {
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(200);
        for (int i = 0; i < n; i++) {
            s.append((char) (32 + random.nextInt(95)));
        }
        return s.toString();
    }
}
