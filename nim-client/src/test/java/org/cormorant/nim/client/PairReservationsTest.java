package org.cormorant.nim.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The reservation hand-off against an HTTP server that answers {@code POST /v1/reservations} as the
 * NIM does (the real NIM is behind the plugins' own tests): one reservation per host pair while it
 * lives, a full queue drops, and a caller never waits for a NIM that does not answer.
 */
class PairReservationsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private HttpServer server;
    private final List<JsonNode> posted = new CopyOnWriteArrayList<>();
    /** Released to let the server answer; until then requests hang (a NIM that does not answer). */
    private volatile CountDownLatch answer = new CountDownLatch(0);
    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final Counting events = new Counting();
    private NimClient client;

    static final class Counting implements PairReservations.Events {
        final AtomicInteger queued = new AtomicInteger();
        final AtomicInteger covered = new AtomicInteger();
        final AtomicInteger dropped = new AtomicInteger();
        final AtomicInteger made = new AtomicInteger();
        final AtomicInteger failed = new AtomicInteger();

        @Override
        public void queued() {
            queued.incrementAndGet();
        }

        @Override
        public void covered() {
            covered.incrementAndGet();
        }

        @Override
        public void dropped() {
            dropped.incrementAndGet();
        }

        @Override
        public void made(ReservationView reservation) {
            made.incrementAndGet();
        }

        @Override
        public void failed() {
            failed.incrementAndGet();
        }
    }

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/v1/reservations", exchange -> {
            try {
                answer.await(30, TimeUnit.SECONDS);
                JsonNode body = JSON.readTree(exchange.getRequestBody());
                posted.add(body);
                ReservationView view = new ReservationView("r" + posted.size(), body.path("owner").asText(),
                        body.path("src").asText(), body.path("dst").asText(), List.of(), body.path("bandwidthBps").asDouble(),
                        0, body.path("ttlMillis").asLong(), 1);
                byte[] out = JSON.writeValueAsBytes(view);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(201, out.length);
                exchange.getResponseBody().write(out);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
        server.start();
        client = new NimClient(new NimClientConfig(URI.create("http://127.0.0.1:" + server.getAddress().getPort()),
                60_000, 300, 15_000, null));
    }

    @AfterEach
    void stop() {
        answer.countDown();
        client.close();
        server.stop(0);
    }

    @Test
    void aPairIsReservedOnceWhileItsReservationLives() throws Exception {
        try (PairReservations reservations = new PairReservations(client, "test-reservations", 16, 60_000,
                clock::get, events)) {
            assertTrue(reservations.request("yarn", "n3", "n5", null, 1e6));
            await(() -> events.made.get() == 1);
            assertTrue(reservations.covered("n3", "n5"));
            assertFalse(reservations.covered("n5", "n3"), "a pair is directed");
            assertFalse(reservations.request("yarn", "n3", "n5", null, 1e6));
            assertEquals(1, events.covered.get());
            assertTrue(reservations.request("yarn", "n5", "n3", null, 1e6));
            await(() -> events.made.get() == 2);

            clock.addAndGet(60_000); // the first reservation's TTL has run out
            assertFalse(reservations.covered("n3", "n5"));
            assertTrue(reservations.request("yarn", "n3", "n5", null, 2e6));
            await(() -> events.made.get() == 3);
            assertEquals(3, posted.size());
            JsonNode last = posted.get(2);
            assertEquals("yarn", last.path("owner").asText());
            assertEquals("n3", last.path("src").asText());
            assertEquals(2e6, last.path("bandwidthBps").asDouble());
            assertEquals(60_000, last.path("ttlMillis").asLong());
            assertEquals(0, events.failed.get() + events.dropped.get());
        }
    }

    @Test
    void aFullQueueDropsAndAHungNimNeverHoldsTheCaller() throws Exception {
        answer = new CountDownLatch(1); // the NIM accepts and does not answer
        try (PairReservations reservations = new PairReservations(client, "test-reservations", 8, 60_000,
                clock::get, events)) {
            long t0 = System.nanoTime();
            for (int i = 0; i < 100; i++) {
                reservations.request("hdfs", "dn", "reader" + i, null, 1e6);
            }
            long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
            // A blocking caller would wait 300 ms per request (30 s in all).
            assertTrue(elapsedMs < 3000, "100 requests took " + elapsedMs + " ms against a hung NIM");
            assertEquals(100, events.queued.get() + events.dropped.get());
            assertTrue(events.queued.get() <= 8 + 1, "queued " + events.queued.get()); // 8 waiting + 1 sending
            // A dropped pair is not covered: it may be asked again.
            assertFalse(reservations.covered("dn", "reader99"));
            // The one in flight times out (300 ms): counted as failed, and its pair is free again.
            await(() -> events.failed.get() >= 1);
            assertFalse(reservations.covered("dn", "reader0"));
            assertEquals(0, events.made.get());
        }
    }

    @Test
    void closingStopsTheSender() throws Exception {
        PairReservations reservations = new PairReservations(client, "test-reservations", 8, 60_000, clock::get, events);
        reservations.close();
        assertFalse(reservations.request("yarn", "n3", "n5", null, 1e6));
        assertEquals(0, events.queued.get());
        await(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().equals("test-reservations") && t.isAlive()));
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (!condition.getAsBoolean()) {
            assertTrue(System.currentTimeMillis() < deadline, "condition not met in 10 s");
            Thread.sleep(10);
        }
    }
}
