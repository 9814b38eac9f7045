package org.cormorant.nim.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.cormorant.nim.api.ApiTypes.ErrorView;
import org.cormorant.nim.api.ApiTypes.ReservationRequest;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.api.ApiTypes.SnapshotView;
import org.cormorant.nim.api.ApiTypes.TopologyView;
import org.cormorant.nim.api.NimJson;

/** The standalone NIM's HTTP API (docs/nim-api.md): bearer token for writes. */
final class V1Transport implements NimTransport {
    private final NimClientConfig config;
    private final HttpClient http;
    private final ObjectMapper json = NimJson.mapper();

    V1Transport(NimClientConfig config) {
        this.config = config;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(config.timeoutMillis())).build();
    }

    @Override
    public SnapshotView snapshot() throws IOException, InterruptedException {
        return send("GET", "/v1/snapshot", null, SnapshotView.class, 200);
    }

    @Override
    public TopologyView topology() throws IOException, InterruptedException {
        return send("GET", "/v1/topology", null, TopologyView.class, 200);
    }

    @Override
    public ReservationView reserve(ReservationRequest request) throws IOException, InterruptedException {
        return send("POST", "/v1/reservations", json.writeValueAsBytes(request), ReservationView.class, 201);
    }

    @Override
    public void release(String reservationId) throws IOException, InterruptedException {
        send("DELETE", "/v1/reservations/" + reservationId, null, null, 204);
    }

    private <T> T send(String method, String path, byte[] body, Class<T> type, int expected)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(resolve(path))
                .timeout(Duration.ofMillis(config.timeoutMillis()))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (config.token() != null) {
            request.header("Authorization", "Bearer " + config.token());
        }
        HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != expected) {
            String message;
            try {
                message = json.readValue(response.body(), ErrorView.class).message();
            } catch (IOException e) {
                message = "HTTP " + response.statusCode();
            }
            throw new IOException(method + " " + path + ": " + response.statusCode() + " " + message);
        }
        return type == null ? null : json.readValue(response.body(), type);
    }

    private URI resolve(String path) {
        String base = config.baseUri().toString();
        return URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) + path : base + path);
    }
}
