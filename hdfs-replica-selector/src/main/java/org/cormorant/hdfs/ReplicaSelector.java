package org.cormorant.hdfs;

import org.cormorant.nim.schedule.ReplicaOrdering;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.cormorant.nim.client.NimClient;
import org.cormorant.nim.client.NimStatus;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.load.NetworkSnapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running replica selector of one NameNode: the NIM client's local snapshot copy, the ordering,
 * the fallback state, metrics and (collaborative) reservations. {@link #reorder} runs on the
 * NameNode's RPC handler threads: it never blocks on the network and never throws.
 */
final class ReplicaSelector implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicaSelector.class);
    private static final int MAX_REMEMBERED_UNKNOWN = 1024;

    private static final int STATE_UNKNOWN = -1;
    private static final int STATE_USABLE = 0;
    private static final int STATE_FALLBACK = 1;

    private final ReplicaSelectorSettings settings;
    private final NimClient client;
    private final ReplicaSelectorMetrics metrics;
    private final ReservationDispatcher reservations;
    private final ScheduledExecutorService monitor;
    private final AtomicInteger state = new AtomicInteger(STATE_UNKNOWN);
    /** Unknown host names already logged, per fabric: one line per name, not one per read. */
    private final Set<String> unknownLogged = ConcurrentHashMap.newKeySet();
    private volatile Fabric unknownFabric;
    private final AtomicInteger errorsLogged = new AtomicInteger();

    ReplicaSelector(ReplicaSelectorSettings settings, NimClient client, ReplicaSelectorMetrics metrics) {
        this.settings = settings;
        this.client = client;
        this.metrics = metrics;
        this.reservations = settings.mode() == ReplicaMode.COLLABORATIVE
                ? new ReservationDispatcher(client, metrics, settings.reservationTtlMillis(),
                settings.reservationFraction(), System::currentTimeMillis)
                : null;
        this.monitor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "cormorant-replica-nim-monitor");
            t.setDaemon(true);
            return t;
        });
        metrics.fallback.set(1);
    }

    /** Starts refreshing the snapshot and watching its health (so the gauge moves without reads). */
    ReplicaSelector start() {
        client.start();
        long period = settings.nim().refreshMillis();
        monitor.scheduleWithFixedDelay(this::checkHealth, period, period, TimeUnit.MILLISECONDS);
        LOG.info("Cormorant replica selector: mode {}, NIM {}, snapshot refreshed every {} ms, stale after {} ms",
                settings.mode().name().toLowerCase(Locale.ROOT), settings.nim().baseUri(), period, settings.nim().maxAgeMillis());
        return this;
    }

    private void checkHealth() {
        try {
            NimStatus status = client.status();
            observe(status.usable(), status);
        } catch (RuntimeException e) {
            LOG.debug("NIM health check failed", e);
        }
    }

    /** Records the NIM's usability; logs and moves the gauge only on a change. */
    private void observe(boolean usable, NimStatus status) {
        int next = usable ? STATE_USABLE : STATE_FALLBACK;
        int previous = state.getAndSet(next);
        if (previous == next) {
            return;
        }
        metrics.fallback.set(next);
        NimStatus s = status != null ? status : client.status();
        if (usable) {
            LOG.info("NIM snapshot usable (version {}): ordering replicas by available bandwidth", s.snapshotVersion());
        } else if (previous == STATE_UNKNOWN) {
            LOG.info("NIM snapshot not usable yet ({}): stock replica order until it is", s.reason());
        } else {
            LOG.warn("NIM snapshot not usable ({} : {}): falling back to the stock replica order",
                    s.health(), s.reason());
        }
    }

    /**
     * Orders {@code nodes[keepFirst, activeLen)} for the reader (see {@link ReplicaOrdering}); leaves
     * the stock order when the NIM cannot help. Returns whether the NIM ordered them.
     */
    <T> boolean reorder(List<String> readerNames, T[] nodes, int keepFirst, int activeLen,
                        Function<? super T, List<String>> namesOf) {
        try {
            Optional<NetworkSnapshot> usable = client.usableSnapshot();
            if (usable.isEmpty()) {
                observe(false, null);
                metrics.stockOrderedSorts.incr();
                return false;
            }
            observe(true, null);
            NetworkSnapshot snapshot = usable.get();
            ReplicaOrdering.Result result = ReplicaOrdering.order(snapshot, settings.mode().aggregation(),
                    readerNames, nodes, keepFirst, activeLen, namesOf);
            if (!result.ordered()) {
                metrics.stockOrderedSorts.incr();
                metrics.unknownHostSorts.incr();
                logUnknown(snapshot.fabric(), result);
                return false;
            }
            metrics.nimOrderedSorts.incr();
            if (reservations != null && result.first() != null) {
                reservations.request(snapshot, result.first(), result.reader());
            }
            return true;
        } catch (RuntimeException e) {
            metrics.errors.incr();
            metrics.stockOrderedSorts.incr();
            if (errorsLogged.getAndIncrement() < 10) {
                LOG.warn("replica ordering failed, stock order kept", e);
            }
            return false;
        }
    }

    private void logUnknown(Fabric fabric, ReplicaOrdering.Result result) {
        if (fabric != unknownFabric) {
            unknownFabric = fabric;
            unknownLogged.clear();
        }
        String name = result.unknownName();
        if (unknownLogged.size() < MAX_REMEMBERED_UNKNOWN && unknownLogged.add(name)) {
            LOG.warn("{} {} is not a host of the NIM's fabric '{}': replicas it {} keep the stock order",
                    result.status() == ReplicaOrdering.Status.UNKNOWN_READER ? "reader" : "replica host",
                    name, fabric.name(),
                    result.status() == ReplicaOrdering.Status.UNKNOWN_READER ? "reads" : "holds");
        }
    }

    ReplicaSelectorMetrics metrics() {
        return metrics;
    }

    NimClient client() {
        return client;
    }

    ReservationDispatcher reservations() {
        return reservations;
    }

    @Override
    public void close() {
        monitor.shutdownNow();
        if (reservations != null) {
            reservations.close();
        }
        client.close();
    }
}
