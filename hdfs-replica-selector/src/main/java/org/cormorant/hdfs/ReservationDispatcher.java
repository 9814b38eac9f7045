package org.cormorant.hdfs;

import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.client.NimClient;
import org.cormorant.nim.client.PairReservations;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.query.PathBandwidth;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collaborative mode: reserves the path from the chosen replica to the reader in the NIM, so the
 * flow scheduler pins the transfer to it. The NameNode's RPC handler only picks the path (an
 * in-memory computation on the snapshot it already holds) and queues the request; nim-client's
 * {@link PairReservations} sends it from one background thread, drops it when its queue is full
 * (counted), and does not reserve a pair again while a reservation of this NameNode covers it, so
 * reading a file of many blocks does not flood the NIM.
 */
final class ReservationDispatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReservationDispatcher.class);
    static final String OWNER = "hdfs-replica-selector";
    static final int QUEUE = 64;

    private final ReplicaSelectorMetrics metrics;
    private final double fraction;
    private final PairReservations reservations;

    ReservationDispatcher(NimClient client, ReplicaSelectorMetrics metrics, long ttlMillis, double fraction,
                          LongSupplier clock) {
        this.metrics = metrics;
        this.fraction = fraction;
        this.reservations = new PairReservations(client, "cormorant-replica-reserve", QUEUE, ttlMillis, clock,
                new PairReservations.Events() {
                    @Override
                    public void queued() {
                        metrics.reservationsRequested.incr();
                    }

                    @Override
                    public void dropped() {
                        metrics.reservationsDropped.incr();
                    }

                    @Override
                    public void made(ReservationView reservation) {
                        metrics.reservationsMade.incr();
                        LOG.debug("reserved {} for a read {} -> {}: {}", reservation.id(), reservation.src(),
                                reservation.dst(), reservation.path());
                    }

                    @Override
                    public void failed() {
                        metrics.reservationsFailed.incr();
                    }
                });
    }

    /** Queues a reservation of the best path from {@code source} to {@code reader}; never blocks, never throws. */
    void request(NetworkSnapshot snapshot, FabricNode source, FabricNode reader) {
        try {
            if (reservations.covered(source.name(), reader.name())) {
                return;
            }
            List<Path> candidates = snapshot.paths().between(source.index(), reader.index());
            Optional<Path> best = PathBandwidth.best(snapshot, candidates);
            if (best.isEmpty()) {
                return;
            }
            reservations.request(OWNER, source.name(), reader.name(), best.get(),
                    fraction * best.get().capacityBps(snapshot.fabric()));
        } catch (RuntimeException e) {
            metrics.errors.incr();
            LOG.debug("reservation not queued", e);
        }
    }

    @Override
    public void close() {
        reservations.close();
    }
}
