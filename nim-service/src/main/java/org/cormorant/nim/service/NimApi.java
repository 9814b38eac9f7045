package org.cormorant.nim.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cormorant.nim.api.ApiTypes.BandwidthRequest;
import org.cormorant.nim.api.ApiTypes.BandwidthResponse;
import org.cormorant.nim.api.ApiTypes.CounterBatch;
import org.cormorant.nim.api.ApiTypes.CounterBatchResult;
import org.cormorant.nim.api.ApiTypes.ErrorView;
import org.cormorant.nim.api.ApiTypes.Health;
import org.cormorant.nim.api.ApiTypes.HostPair;
import org.cormorant.nim.api.ApiTypes.PairBandwidth;
import org.cormorant.nim.api.ApiTypes.PathView;
import org.cormorant.nim.api.ApiTypes.PathsResponse;
import org.cormorant.nim.api.ApiTypes.ReservationList;
import org.cormorant.nim.api.ApiTypes.ReservationRequest;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.api.ApiTypes.SnapshotView;
import org.cormorant.nim.api.ApiTypes.TopologyView;
import org.cormorant.nim.api.NimJson;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricJson;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.UnknownNodeException;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.nim.load.Reservation;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.query.LeastBottleneckedPath;
import org.cormorant.nim.query.PathAggregation;
import org.cormorant.nim.query.PathBandwidth;

/**
 * The NIM HTTP/JSON API, independent of the HTTP server carrying it (the standalone service uses
 * the JDK server; the OpenDaylight app can mount the same class). Every failure becomes a 4xx/5xx
 * with a JSON {@link ErrorView}; nothing a client sends can take the service down.
 */
public final class NimApi {
    /** Largest request body accepted; a counter batch of 1024 hosts is about 100 KB. */
    public static final int MAX_BODY_BYTES = 1 << 20;
    /** Most pairs in one bandwidth request. */
    public static final int MAX_PAIRS = 100_000;

    private final NetworkInformationManager nim;
    private final ObjectMapper json = NimJson.mapper();
    private final String writeToken;
    private volatile Runnable onReservationsChanged = () -> { };
    private volatile Fabric topologyIdFabric;
    private volatile String topologyId;

    /**
     * @param writeToken bearer token required for writes (reservations, counters); null or empty
     *                   leaves writes open, for a NIM reachable from loopback only
     */
    public NimApi(NetworkInformationManager nim, String writeToken) {
        this.nim = nim;
        this.writeToken = writeToken == null || writeToken.isBlank() ? null : writeToken.strip();
    }

    /** Called after a reservation is made or released, e.g. to pin or unpin its path at once. */
    public void onReservationsChanged(Runnable listener) {
        this.onReservationsChanged = listener;
    }

    /** Handles one request; never throws. {@code query} holds decoded query parameters. */
    public ApiResponse handle(String method, String path, Map<String, String> query, byte[] body, String authorization) {
        try {
            return route(method.toUpperCase(Locale.ROOT), trimSlash(path), query, body == null ? new byte[0] : body,
                    authorization);
        } catch (ApiException e) {
            return error(e.status(), e.error(), e.getMessage());
        } catch (UnknownNodeException e) {
            return error(404, "unknown-host", e.getMessage());
        } catch (IllegalArgumentException e) {
            return error(400, "bad-request", e.getMessage());
        } catch (RuntimeException e) {
            return error(500, "internal-error", e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private ApiResponse route(String method, String path, Map<String, String> query, byte[] body, String auth) {
        switch (path) {
            case "/v1/health":
                requireMethod(method, "GET");
                return ok(health());
            case "/v1/topology":
                requireMethod(method, "GET");
                return ok(new TopologyView(topologyId(), FabricJson.toFile(nim.fabric())));
            case "/v1/snapshot":
                requireMethod(method, "GET");
                return ok(snapshotView(nim.snapshot()));
            case "/v1/bandwidth":
                requireMethod(method, "POST");
                return ok(bandwidth(parse(body, BandwidthRequest.class)));
            case "/v1/paths":
                requireMethod(method, "GET");
                return ok(paths(param(query, "src"), param(query, "dst")));
            case "/v1/counters":
                requireMethod(method, "POST");
                authorize(auth);
                return ok(counters(parse(body, CounterBatch.class)));
            case "/v1/reservations":
                if (method.equals("GET")) {
                    return ok(new ReservationList(nim.reservations().stream().map(this::view).toList()));
                }
                requireMethod(method, "POST");
                authorize(auth);
                ApiResponse made = new ApiResponse(201, write(reserve(parse(body, ReservationRequest.class))));
                onReservationsChanged.run();
                return made;
            default:
                if (path.startsWith("/v1/reservations/")) {
                    String id = path.substring("/v1/reservations/".length());
                    if (method.equals("GET")) {
                        return ok(view(nim.reservation(id)
                                .orElseThrow(() -> ApiException.notFound("no reservation " + id))));
                    }
                    requireMethod(method, "DELETE");
                    authorize(auth);
                    if (!nim.release(id)) {
                        throw ApiException.notFound("no reservation " + id + " (released or expired)");
                    }
                    onReservationsChanged.run();
                    return new ApiResponse(204, new byte[0]);
                }
                throw ApiException.notFound("no such resource " + path);
        }
    }

    private Health health() {
        NetworkSnapshot s = nim.snapshot();
        long age = s.ageMillis(nim.nowMillis());
        return new Health(age == Long.MAX_VALUE ? "no-measurements" : "ok", topologyId(), s.version(), age);
    }

    /** Changes whenever the fabric does, so clients know to fetch the topology again. */
    public String topologyId() {
        Fabric fabric = nim.fabric();
        if (fabric != topologyIdFabric) {
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256")
                        .digest(FabricJson.write(fabric).getBytes(StandardCharsets.UTF_8));
                topologyId = HexFormat.of().formatHex(digest, 0, 8);
                topologyIdFabric = fabric;
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
            }
        }
        return topologyId;
    }

    public SnapshotView snapshotView(NetworkSnapshot s) {
        int n = s.fabric().linkCount();
        List<Double> measured = new ArrayList<>(n);
        double[] reserved = new double[n];
        int[] flows = new int[n];
        double[] available = new double[n];
        for (int i = 0; i < n; i++) {
            double m = s.measuredBps(i);
            measured.add(Double.isNaN(m) ? null : m);
            reserved[i] = s.reservedBps(i);
            flows[i] = s.flows(i);
            available[i] = s.availableBps(i);
        }
        return new SnapshotView(topologyId(), s.version(), s.dataTimeMillis(), s.ageMillis(nim.nowMillis()),
                measured, reserved, flows, available);
    }

    private BandwidthResponse bandwidth(BandwidthRequest request) {
        if (request.pairs() == null) {
            throw ApiException.badRequest("pairs: missing");
        }
        if (request.pairs().size() > MAX_PAIRS) {
            throw ApiException.badRequest("pairs: " + request.pairs().size() + " exceeds the limit of " + MAX_PAIRS);
        }
        PathAggregation aggregation = aggregation(request.aggregation());
        NetworkSnapshot s = nim.snapshot();
        Fabric fabric = s.fabric();
        List<PairBandwidth> results = new ArrayList<>(request.pairs().size());
        for (int i = 0; i < request.pairs().size(); i++) {
            HostPair pair = request.pairs().get(i);
            if (pair == null) {
                throw ApiException.badRequest("pairs[" + i + "]: null");
            }
            FabricNode src = fabric.find(pair.src()).filter(FabricNode::isHost).orElse(null);
            FabricNode dst = fabric.find(pair.dst()).filter(FabricNode::isHost).orElse(null);
            if (src == null || dst == null) {
                String unknown = src == null ? pair.src() : pair.dst();
                results.add(new PairBandwidth(pair.src(), pair.dst(), 0, 0, null, 0, "unknown host: " + unknown));
                continue;
            }
            List<Path> candidates = s.paths().between(src.index(), dst.index());
            Path best = PathBandwidth.best(s, candidates).orElse(null);
            results.add(new PairBandwidth(pair.src(), pair.dst(),
                    PathBandwidth.abstractPath(s, candidates, aggregation),
                    best == null ? 0 : PathBandwidth.of(s, best),
                    best == null ? null : best.nodeNames(fabric), candidates.size(),
                    src == dst ? "source and destination are the same host" : null));
        }
        return new BandwidthResponse(s.version(), s.ageMillis(nim.nowMillis()), results);
    }

    private static PathAggregation aggregation(String value) {
        if (value == null || value.isBlank()) {
            return PathAggregation.MAXIMUM;
        }
        try {
            return PathAggregation.valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("aggregation: '" + value + "' is not one of " + Arrays.toString(PathAggregation.values()));
        }
    }

    private PathsResponse paths(String src, String dst) {
        NetworkSnapshot s = nim.snapshot();
        Fabric fabric = s.fabric();
        List<Path> candidates = s.paths().between(fabric.host(src).index(), fabric.host(dst).index());
        List<PathView> views = candidates.stream()
                .map(p -> new PathView(p.nodeNames(fabric), PathBandwidth.of(s, p),
                        LeastBottleneckedPath.shareForNewFlow(s, p)))
                .sorted(Comparator.comparingDouble(PathView::availableBps).reversed())
                .toList();
        return new PathsResponse(src, dst, s.version(), views);
    }

    private CounterBatchResult counters(CounterBatch batch) {
        if (batch.samples() == null) {
            throw ApiException.badRequest("samples: missing");
        }
        for (int i = 0; i < batch.samples().size(); i++) {
            PortCounterSample sample = batch.samples().get(i);
            if (sample == null || sample.node() == null) {
                throw ApiException.badRequest("samples[" + i + "]: node missing");
            }
            if (sample.rxBytes() < 0 || sample.txBytes() < 0 || sample.port() < 0 || sample.timestampMillis() <= 0) {
                throw ApiException.badRequest("samples[" + i + "]: counters, port and timestampMillis must be positive");
            }
        }
        int accepted = nim.recordCounters(batch.samples());
        return new CounterBatchResult(accepted, batch.samples().size() - accepted);
    }

    private ReservationView reserve(ReservationRequest r) {
        if (r.src() == null || r.dst() == null) {
            throw ApiException.badRequest("src and dst are required");
        }
        if (r.bandwidthBps() == null) {
            throw ApiException.badRequest("bandwidthBps: missing");
        }
        Reservation reservation = nim.reserve(r.owner(), r.src(), r.dst(), r.path(), r.bandwidthBps(),
                r.ttlMillis() == null ? 0 : r.ttlMillis());
        return view(reservation);
    }

    private ReservationView view(Reservation r) {
        return new ReservationView(r.id(), r.owner(), r.src(), r.dst(), r.path().nodeNames(nim.fabric()),
                r.bandwidthBps(), r.createdAtMillis(), r.expiresAtMillis(), nim.snapshot().version());
    }

    private void authorize(String authorization) {
        if (writeToken == null) {
            return;
        }
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            throw new ApiException(401, "unauthorized", "writes need an 'Authorization: Bearer <token>' header");
        }
        byte[] given = authorization.substring("Bearer ".length()).strip().getBytes(StandardCharsets.UTF_8);
        if (!MessageDigest.isEqual(given, writeToken.getBytes(StandardCharsets.UTF_8))) {
            throw new ApiException(403, "forbidden", "the bearer token is not accepted");
        }
    }

    private static void requireMethod(String method, String allowed) {
        if (!method.equals(allowed)) {
            throw new ApiException(405, "method-not-allowed", method + " is not allowed here; use " + allowed);
        }
    }

    private static String param(Map<String, String> query, String name) {
        String value = query.get(name);
        if (value == null || value.isBlank()) {
            throw ApiException.badRequest("query parameter '" + name + "' is required");
        }
        return value;
    }

    private static String trimSlash(String path) {
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    private <T> T parse(byte[] body, Class<T> type) {
        if (body.length == 0) {
            throw ApiException.badRequest("request body is empty; expected a JSON " + type.getSimpleName());
        }
        try {
            T value = json.readValue(body, type);
            if (value == null) {
                throw ApiException.badRequest("request body is null; expected a JSON " + type.getSimpleName());
            }
            return value;
        } catch (JsonMappingException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr();
            throw ApiException.badRequest("invalid " + type.getSimpleName() + where + ": " + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr();
            throw ApiException.badRequest("request body is not valid JSON" + where + ": " + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            throw ApiException.badRequest("cannot read request body: " + e.getMessage());
        }
    }

    private ApiResponse ok(Object value) {
        return new ApiResponse(200, write(value));
    }

    private byte[] write(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    private ApiResponse error(int status, String code, String message) {
        return new ApiResponse(status, write(new ErrorView(status, code, message == null ? code : message)));
    }

    /** For callers that produce a body lazily (the server's own errors, e.g. body too large). */
    public ApiResponse errorResponse(int status, String code, String message) {
        return error(status, code, message);
    }
}
