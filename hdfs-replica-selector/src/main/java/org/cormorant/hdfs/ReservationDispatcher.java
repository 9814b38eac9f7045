package org.cormorant.hdfs;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.client.NimClient;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.query.PathBandwidth;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collaborative mode: reserves the path from the chosen replica to the reader in the NIM, so the
 * flow scheduler pins the transfer to it. The NameNode's RPC handler only picks the path (an
 * in-memory computation on the snapshot it already holds) and queues the request; one background
 * thread sends it. A full queue drops the request (counted), and a pair that already has a live
 * reservation from this NameNode is not reserved again until that one's TTL runs out, so reading
 * a file of many blocks does not flood the NIM.
 */
final class ReservationDispatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReservationDispatcher.class);
    static final String OWNER = "hdfs-replica-selector";
    static final int QUEUE = 64;
    private static final int MAX_REMEMBERED_PAIRS = 4096;

    private final NimClient client;
    private final ReplicaSelectorMetrics metrics;
    private final long ttlMillis;
    private final double fraction;
    private final LongSupplier clock;
    private final ThreadPoolExecutor executor;
    /** src>dst -> until when a reservation of ours covers the pair. */
    private final Map<String, Long> recent = new ConcurrentHashMap<>();

    ReservationDispatcher(NimClient client, ReplicaSelectorMetrics metrics, long ttlMillis, double fraction,
                          LongSupplier clock) {
        this.client = client;
        this.metrics = metrics;
        this.ttlMillis = ttlMillis;
        this.fraction = fraction;
        this.clock = clock;
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(QUEUE), r -> {
            Thread t = new Thread(r, "cormorant-replica-reserve");
            t.setDaemon(true);
            return t;
        }, new ThreadPoolExecutor.AbortPolicy());
    }

    /** Queues a reservation of the best path from {@code source} to {@code reader}; never blocks, never throws. */
    void request(NetworkSnapshot snapshot, FabricNode source, FabricNode reader) {
        try {
            String key = source.name() + ">" + reader.name();
            long now = clock.getAsLong();
            Long until = recent.get(key);
            if (until != null && until > now) {
                return;
            }
            List<Path> candidates = snapshot.paths().between(source.index(), reader.index());
            Optional<Path> best = PathBandwidth.best(snapshot, candidates);
            if (best.isEmpty()) {
                return;
            }
            double bandwidth = fraction * best.get().capacityBps(snapshot.fabric());
            // Only one racing handler wins the pair.
            Long previous = recent.put(key, now + ttlMillis);
            if (previous != null && previous > now) {
                return;
            }
            if (recent.size() > MAX_REMEMBERED_PAIRS) {
                recent.values().removeIf(t -> t <= now);
            }
            String src = source.name();
            String dst = reader.name();
            Path path = best.get();
            try {
                executor.execute(() -> send(key, src, dst, path, bandwidth));
                metrics.reservationsRequested.incr();
            } catch (RejectedExecutionException e) {
                recent.remove(key);
                metrics.reservationsDropped.incr();
            }
        } catch (RuntimeException e) {
            metrics.errors.incr();
            LOG.debug("reservation not queued", e);
        }
    }

    private void send(String key, String src, String dst, Path path, double bandwidth) {
        try {
            Optional<ReservationView> made = client.reserve(OWNER, src, dst, path, bandwidth, ttlMillis);
            if (made.isPresent()) {
                metrics.reservationsMade.incr();
                LOG.debug("reserved {} for a read {} -> {}: {}", made.get().id(), src, dst, made.get().path());
                return;
            }
        } catch (RuntimeException e) {
            LOG.debug("reservation {} -> {} failed", src, dst, e);
        }
        recent.remove(key);
        metrics.reservationsFailed.incr();
    }

    /** Requests queued or running, for tests. */
    int pending() {
        return executor.getQueue().size() + executor.getActiveCount();
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
