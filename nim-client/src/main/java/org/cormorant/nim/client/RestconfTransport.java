package org.cormorant.nim.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.cormorant.nim.api.ApiTypes.ReservationRequest;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.api.ApiTypes.SnapshotView;
import org.cormorant.nim.api.ApiTypes.TopologyView;
import org.cormorant.nim.api.NimJson;
import org.cormorant.nim.fabric.FabricJson.FabricFile;
import org.cormorant.nim.fabric.FabricJson.HostEntry;
import org.cormorant.nim.fabric.FabricJson.LinkEntry;
import org.cormorant.nim.fabric.FabricJson.SwitchEntry;

/**
 * The NIM inside OpenDaylight (odl-app, YANG model {@code cormorant-nim}) through RESTCONF, answered
 * in the standalone API's types. One read of the operational container {@code cormorant-nim:nim}
 * carries both the topology (links with ports and capacities, attached hosts) and the per-link
 * state; reservations are the {@code reserve-path} and {@code release-path} RPCs. The token is
 * {@code user:password} for HTTP basic authentication (OpenDaylight's AAA).
 *
 * <p>The container lists each cable's two directions as separate links; they are paired into the
 * cables of a {@link FabricFile} in a fixed order, so that link {@code 2i} / {@code 2i+1} of the
 * snapshot arrays is cable {@code i} a-to-b / b-to-a, as in {@code GET /v1/snapshot}.
 */
final class RestconfTransport implements NimTransport {
    private final NimClientConfig config;
    private final HttpClient http;
    private final ObjectMapper json = NimJson.mapper();
    private final LongSupplier clock;
    /** The document the last snapshot() was built from, so topology() describes the same links. */
    private volatile Parsed last;

    record Parsed(TopologyView topology, SnapshotView snapshot) {
    }

    RestconfTransport(NimClientConfig config) {
        this(config, System::currentTimeMillis);
    }

    RestconfTransport(NimClientConfig config, LongSupplier clock) {
        this.config = config;
        this.clock = clock;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(config.timeoutMillis())).build();
    }

    @Override
    public SnapshotView snapshot() throws IOException, InterruptedException {
        JsonNode nim = send("GET", "/data/cormorant-nim:nim?content=nonconfig", null).path("cormorant-nim:nim");
        Parsed parsed = parse(nim, clock.getAsLong());
        last = parsed;
        return parsed.snapshot();
    }

    @Override
    public TopologyView topology() throws IOException, InterruptedException {
        Parsed parsed = last;
        if (parsed == null) {
            snapshot();
            parsed = last;
        }
        return parsed.topology();
    }

    @Override
    public ReservationView reserve(ReservationRequest request) throws IOException, InterruptedException {
        ObjectNode input = json.createObjectNode();
        if (request.owner() != null) {
            input.put("owner", request.owner());
        }
        input.put("src", request.src()).put("dst", request.dst())
                .put("bandwidth-bps", Math.round(request.bandwidthBps()));
        if (request.path() != null) {
            ArrayNode path = input.putArray("path");
            request.path().forEach(path::add);
        }
        if (request.ttlMillis() != null) {
            input.put("ttl-ms", request.ttlMillis());
        }
        ObjectNode body = json.createObjectNode();
        body.set("input", input);
        JsonNode out = send("POST", "/operations/cormorant-nim:reserve-path", json.writeValueAsBytes(body))
                .path("cormorant-nim:output");
        List<String> path = new ArrayList<>();
        out.path("path").forEach(n -> path.add(n.asText()));
        return new ReservationView(out.path("id").asText(), request.owner(), out.path("src").asText(request.src()),
                out.path("dst").asText(request.dst()), path, out.path("bandwidth-bps").asDouble(request.bandwidthBps()),
                out.path("created-at").asLong(), out.path("expires-at").asLong(), out.path("snapshot-version").asLong());
    }

    @Override
    public void release(String reservationId) throws IOException, InterruptedException {
        ObjectNode body = json.createObjectNode();
        body.putObject("input").put("id", reservationId);
        JsonNode out = send("POST", "/operations/cormorant-nim:release-path", json.writeValueAsBytes(body));
        if (!out.path("cormorant-nim:output").path("released").asBoolean(false)) {
            throw new IOException("release-path " + reservationId + ": no such reservation");
        }
    }

    /** The container as the standalone API's topology and snapshot; package-private for tests. */
    static Parsed parse(JsonNode nim, long nowMillis) throws IOException {
        String status = nim.path("status").asText("");
        if (!status.equals("ok")) {
            throw new IOException("OpenDaylight NIM status is '" + (status.isEmpty() ? "missing" : status)
                    + "' (needs 'ok': switches connected, hosts registered, counters read)");
        }
        String topologyId = nim.path("topology-id").asText("");
        if (topologyId.isEmpty()) {
            throw new IOException("OpenDaylight NIM answer has no topology-id");
        }
        Map<String, JsonNode> byDirection = new LinkedHashMap<>();
        List<JsonNode> links = new ArrayList<>();
        nim.path("link").forEach(links::add);
        links.sort(Comparator.comparing((JsonNode l) -> l.path("source-node").asText())
                .thenComparingLong(l -> l.path("source-port").asLong())
                .thenComparing(l -> l.path("destination-node").asText()));
        for (JsonNode l : links) {
            byDirection.put(end(l, "source") + ">" + end(l, "destination"), l);
        }
        Set<String> hostNames = new LinkedHashSet<>();
        List<HostEntry> hosts = new ArrayList<>();
        for (JsonNode h : nim.path("host")) {
            if (h.path("attached").asBoolean(false)) {
                hostNames.add(h.path("name").asText());
                List<String> addresses = h.hasNonNull("ip") ? List.of(h.path("ip").asText()) : List.of();
                hosts.add(new HostEntry(h.path("name").asText(), addresses));
            }
        }
        Set<String> switchNames = new LinkedHashSet<>();
        List<LinkEntry> cables = new ArrayList<>();
        List<Double> measured = new ArrayList<>();
        List<double[]> rest = new ArrayList<>(); // reserved, flows, available per direction
        Set<String> paired = new java.util.HashSet<>();
        for (JsonNode l : links) {
            String forward = end(l, "source") + ">" + end(l, "destination");
            if (paired.contains(forward)) {
                continue;
            }
            String backwardKey = end(l, "destination") + ">" + end(l, "source");
            JsonNode back = byDirection.get(backwardKey);
            if (back == null) {
                throw new IOException("OpenDaylight NIM lists link " + forward + " without its reverse direction");
            }
            paired.add(forward);
            paired.add(backwardKey);
            for (String node : List.of(l.path("source-node").asText(), l.path("destination-node").asText())) {
                if (!hostNames.contains(node)) {
                    switchNames.add(node);
                }
            }
            cables.add(new LinkEntry(l.path("source-node").asText(), (int) l.path("source-port").asLong(),
                    l.path("destination-node").asText(), (int) l.path("destination-port").asLong(),
                    l.path("capacity-bps").asDouble() / 1e6, null));
            for (JsonNode direction : List.of(l, back)) {
                measured.add(direction.hasNonNull("measured-bps") ? direction.path("measured-bps").asDouble() : null);
                rest.add(new double[] {direction.path("reserved-bps").asDouble(), direction.path("flows").asDouble(),
                        direction.path("available-bps").asDouble()});
            }
        }
        List<SwitchEntry> switches = switchNames.stream().sorted().map(s -> new SwitchEntry(s, s)).toList();
        FabricFile fabric = new FabricFile("opendaylight-" + topologyId, null, switches, hosts, cables);
        int n = rest.size();
        double[] reserved = new double[n];
        int[] flows = new int[n];
        double[] available = new double[n];
        for (int i = 0; i < n; i++) {
            reserved[i] = rest.get(i)[0];
            flows[i] = (int) rest.get(i)[1];
            available[i] = rest.get(i)[2];
        }
        long version = nim.path("snapshot-version").asLong();
        long dataTime = nim.path("data-time").asLong(0);
        long age = nim.hasNonNull("age-ms")
                // age-ms is as of published-at; hosts and controller share a clock (NTP), as Hadoop assumes.
                ? nim.path("age-ms").asLong() + Math.max(0, nowMillis - nim.path("published-at").asLong(nowMillis))
                : Long.MAX_VALUE;
        return new Parsed(new TopologyView(topologyId, fabric),
                new SnapshotView(topologyId, version, dataTime, age, measured, reserved, flows, available));
    }

    private static String end(JsonNode link, String side) {
        return link.path(side + "-node").asText() + ":" + link.path(side + "-port").asLong();
    }

    private JsonNode send(String method, String path, byte[] body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(resolve(path))
                .timeout(Duration.ofMillis(config.timeoutMillis()))
                .header("Accept", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (config.token() != null) {
            request.header("Authorization", "Basic "
                    + Base64.getEncoder().encodeToString(config.token().getBytes(StandardCharsets.UTF_8)));
        }
        HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() == 401) {
            throw new IOException(method + " " + path + ": 401 unauthorized (the token must be 'user:password' "
                    + "of OpenDaylight's AAA)");
        }
        if (response.statusCode() / 100 != 2) {
            String message = "HTTP " + response.statusCode();
            try {
                JsonNode error = json.readTree(response.body()).path("errors").path("error").path(0);
                if (error.hasNonNull("error-message")) {
                    message = response.statusCode() + " " + error.path("error-message").asText();
                }
            } catch (IOException e) {
                // not a RESTCONF error body: the status says enough
            }
            throw new IOException(method + " " + path + ": " + message);
        }
        return response.body().length == 0 ? json.createObjectNode() : json.readTree(response.body());
    }

    private URI resolve(String path) {
        String base = config.httpUri().toString();
        return URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) + path : base + path);
    }
}
