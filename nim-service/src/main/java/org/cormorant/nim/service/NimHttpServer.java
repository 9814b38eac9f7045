package org.cormorant.nim.service;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Carries {@link NimApi} over the JDK's built-in HTTP server: no servlet container, nothing to
 * configure, a few threads. Bodies above {@link NimApi#MAX_BODY_BYTES} are refused with 413.
 */
public final class NimHttpServer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(NimHttpServer.class.getName());

    private final HttpServer server;
    private final ExecutorService workers;
    private final NimApi api;

    public NimHttpServer(NimApi api, String bindAddress, int port, int threads) throws IOException {
        // The JDK server writes headers and body separately; with Nagle on, a small JSON body waits
        // for the client's delayed ACK (40 ms on Linux) and every request takes 40 ms.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        this.api = api;
        this.server = HttpServer.create(new InetSocketAddress(bindAddress, port), 256);
        AtomicInteger count = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "nim-http-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(workers);
        server.createContext("/", this::exchange);
    }

    public NimHttpServer start() {
        server.start();
        return this;
    }

    /** The port actually bound (useful when 0 asked for any free port). */
    public int port() {
        return server.getAddress().getPort();
    }

    private void exchange(HttpExchange exchange) throws IOException {
        try (exchange) {
            ApiResponse response;
            byte[] body = readBody(exchange.getRequestBody());
            if (body == null) {
                response = api.errorResponse(413, "payload-too-large",
                        "request body exceeds " + NimApi.MAX_BODY_BYTES + " bytes");
            } else {
                response = api.handle(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                        query(exchange.getRequestURI().getRawQuery()), body,
                        exchange.getRequestHeaders().getFirst("Authorization"));
            }
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            if (response.status() == 204) {
                exchange.sendResponseHeaders(204, -1);
            } else {
                exchange.sendResponseHeaders(response.status(), response.body().length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(response.body());
                }
            }
        } catch (IOException | RuntimeException e) {
            // A client that hangs up mid-request must not disturb anyone else.
            LOG.log(Level.FINE, "request failed: " + e, e);
        }
    }

    /** The body, or null when it is larger than the limit. */
    private static byte[] readBody(InputStream in) throws IOException {
        byte[] body = in.readNBytes(NimApi.MAX_BODY_BYTES + 1);
        if (body.length > NimApi.MAX_BODY_BYTES) {
            in.transferTo(OutputStream.nullOutputStream());
            return null;
        }
        return body;
    }

    static Map<String, String> query(String raw) {
        Map<String, String> params = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return params;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            try {
                String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                params.putIfAbsent(key, value);
            } catch (IllegalArgumentException e) {
                // A malformed %-escape: leave the parameter out; the handler reports it missing.
            }
        }
        return params;
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
        try {
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
