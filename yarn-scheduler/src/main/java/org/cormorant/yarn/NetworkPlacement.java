package org.cormorant.yarn;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.client.NimClient;
import org.cormorant.nim.client.PairReservations;
import org.cormorant.nim.client.NimStatus;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.schedule.BandwidthTaskSelector;
import org.cormorant.nim.schedule.CandidateTask;
import org.cormorant.nim.schedule.PostponementLimit;
import org.cormorant.nim.schedule.SchedulingMode;
import org.cormorant.nim.schedule.TaskSelection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ResourceManager-wide half of the network-aware placement: the NIM client, Algorithm 1, the
 * postponement bound, metrics and reservations. One per RM; the per-request
 * {@link NetworkAwarePlacementAllocator}s share it. It translates between YARN and nim-core and
 * decides nothing itself: {@link BandwidthTaskSelector} decides.
 */
public final class NetworkPlacement implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NetworkPlacement.class);
    private static NetworkPlacement current;

    private final SchedulerSettings settings;
    private final NimClient client;
    private final BandwidthTaskSelector selector;
    private final PostponementLimit postponement;
    private final PlacementMetrics metrics;
    /** Requests that may wait for the sender; more are dropped (counted). */
    static final int RESERVATION_QUEUE = 256;
    private final PairReservations reservations;
    /** Watches the NIM between decisions, so the Fallback gauge moves when nothing is pending. */
    private final ScheduledExecutorService monitor;
    private final AtomicBoolean inFallback = new AtomicBoolean();

    /** What the allocator should do with a node for a request. */
    public record Decision(boolean allow, TaskSelection selection) {
        static final Decision STOCK = new Decision(true, null);
    }

    private NetworkPlacement(SchedulerSettings settings) {
        this.settings = settings;
        this.selector = new BandwidthTaskSelector(settings.policy());
        this.postponement = new PostponementLimit(settings.maxPostponeMillis());
        this.metrics = PlacementMetrics.register();
        this.client = settings.stock() ? null : new NimClient(settings.nim()).start();
        // Reservations are HTTP calls: never made on a scheduler thread. PairReservations hands them
        // to its sender without locks, drops them when the NIM lags and skips a pair that a live
        // reservation already covers (counted, not thrown: an exception's stack trace would cost
        // the scheduler thread more than the decision did).
        this.reservations = client == null || settings.mode() != SchedulingMode.COLLABORATIVE ? null
                : new PairReservations(client, "cormorant-reservations", RESERVATION_QUEUE,
                        settings.reservationTtlMillis(), System::currentTimeMillis, new PairReservations.Events() {
                            @Override
                            public void covered() {
                                metrics.reservationsCovered.incr();
                            }

                            @Override
                            public void dropped() {
                                metrics.reservationsFailed.incr();
                            }

                            @Override
                            public void made(ReservationView reservation) {
                                metrics.reservationsMade.incr();
                            }

                            @Override
                            public void failed() {
                                metrics.reservationsFailed.incr();
                            }
                        });
        if (client == null) {
            this.monitor = null;
        } else {
            this.monitor = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "cormorant-placement-nim-monitor");
                t.setDaemon(true);
                return t;
            });
            long period = settings.nim().refreshMillis();
            monitor.scheduleWithFixedDelay(this::checkHealth, period, period, TimeUnit.MILLISECONDS);
        }
        LOG.info("Cormorant placement: mode {}, NIM {}, threshold {} of line rate, max postpone {} ms",
                settings.stock() ? "stock" : settings.mode(), settings.stock() ? "-" : settings.nim().baseUri(),
                settings.policy().thresholdFraction(), settings.maxPostponeMillis());
    }

    /** Starts the RM's placement from configuration; a bad key throws, naming it (RM start fails). */
    public static synchronized NetworkPlacement start(Configuration conf) {
        SchedulerSettings settings = SchedulerSettings.from(conf);
        if (current != null) {
            current.close();
        }
        current = new NetworkPlacement(settings);
        return current;
    }

    /**
     * The RM's placement; started lazily when the allocator is configured without
     * {@link NetworkAwareCapacityScheduler}. Then a bad configuration cannot stop the RM any more:
     * it is logged and placement stays stock.
     */
    static synchronized NetworkPlacement forResourceManager(Configuration conf) {
        if (current == null) {
            try {
                current = new NetworkPlacement(SchedulerSettings.from(conf));
            } catch (IllegalArgumentException e) {
                LOG.error("Cormorant placement disabled, stock CapacityScheduler behaviour: {}", e.getMessage());
                Configuration stock = new Configuration(false);
                stock.set(SchedulerSettings.MODE, "stock");
                current = new NetworkPlacement(SchedulerSettings.from(stock));
            }
        }
        return current;
    }

    public static synchronized void stop() {
        if (current != null) {
            current.close();
            current = null;
        }
    }

    /** The running instance, for metrics and tests. */
    public static synchronized Optional<NetworkPlacement> running() {
        return Optional.ofNullable(current);
    }

    public PlacementMetrics metrics() {
        return metrics;
    }

    /**
     * Algorithm 1 for a node about to receive a non-local container of {@code request}, whose
     * outstanding asks name {@code dataHosts}.
     */
    public Decision decide(String request, String nodeHost, Collection<String> dataHosts) {
        if (client == null) {
            return Decision.STOCK;
        }
        Optional<NetworkSnapshot> snapshot = client.usableSnapshot();
        if (snapshot.isEmpty()) {
            enterFallback(client.status());
            metrics.stockDecisions.incr();
            return Decision.STOCK;
        }
        leaveFallback();
        metrics.nimSnapshotAgeMs.set(client.status().ageMillis());
        List<CandidateTask> candidates = new ArrayList<>(dataHosts.size());
        for (String host : dataHosts) {
            candidates.add(new CandidateTask(host, List.of(host)));
        }
        TaskSelection selection = selector.select(snapshot.get(), nodeHost, candidates);
        switch (selection.outcome()) {
            case CHOSEN:
                metrics.chosen.incr();
                return new Decision(true, selection);
            case POSTPONED:
                if (postponement.mayPostpone(request, System.currentTimeMillis())) {
                    metrics.postponed.incr();
                    LOG.debug("postponing {} on {}: {}", request, nodeHost, selection.reason());
                    return new Decision(false, selection);
                }
                metrics.postponeLimitReached.incr();
                LOG.info("{} waited {} ms for bandwidth; placing it on {} anyway: {}", request,
                        postponement.limitMillis(), nodeHost, selection.reason());
                return Decision.STOCK;
            default:
                metrics.stockDecisions.incr();
                LOG.debug("no network decision for {} on {}: {}", request, nodeHost, selection.reason());
                return Decision.STOCK;
        }
    }

    /** The request got a container: its postponement clock starts afresh. */
    public void placed(String request) {
        postponement.placed(request);
    }

    /** Collaborative mode: reserve the chosen replica's path so the flow scheduler pins it. */
    public void reserveAsync(String owner, TaskSelection selection, String nodeHost) {
        if (reservations == null || selection == null || selection.path() == null) {
            return;
        }
        if (reservations.covered(selection.replicaHost(), nodeHost)) {
            // Checked before the bandwidth is worked out: under load most pairs are covered.
            metrics.reservationsCovered.incr();
            return;
        }
        Optional<NetworkSnapshot> latest = client.latestSnapshot();
        if (latest.isEmpty()) {
            return;
        }
        double bps = settings.reservationFraction() * selection.path().capacityBps(latest.get().fabric());
        reservations.request(owner, selection.replicaHost(), nodeHost, selection.path(), bps);
    }

    private void checkHealth() {
        try {
            NimStatus status = client.status();
            if (status.usable()) {
                leaveFallback();
                metrics.nimSnapshotAgeMs.set(status.ageMillis());
            } else {
                enterFallback(status);
            }
        } catch (RuntimeException e) {
            LOG.debug("NIM health check failed", e);
        }
    }

    private void enterFallback(NimStatus status) {
        if (inFallback.compareAndSet(false, true)) {
            metrics.fallback.set(1);
            LOG.warn("Cormorant placement falls back to stock CapacityScheduler: NIM {}: {}", status.health(),
                    status.reason());
        }
    }

    private void leaveFallback() {
        if (inFallback.compareAndSet(true, false)) {
            metrics.fallback.set(0);
            LOG.info("Cormorant placement uses the NIM again");
        }
    }

    @Override
    public void close() {
        if (monitor != null) {
            monitor.shutdownNow();
        }
        if (reservations != null) {
            reservations.close();
        }
        if (client != null) {
            client.close();
        }
    }
}
